"""Every test here leaves the process as it found it: no class learner left in use."""

from __future__ import annotations

import pytest

from cassino_learn.teaching import class_events


@pytest.fixture(autouse=True)
def no_learner_left():
    yield
    class_events.leave()
