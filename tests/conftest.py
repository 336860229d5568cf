"""No test reads or writes the developer's own progress file (card tables read the
learner's settings from it): each test gets an empty data folder of its own."""

from __future__ import annotations

import pytest

from cassino_learn import progress


@pytest.fixture(autouse=True)
def _own_progress_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv(progress.ENV_VAR, str(tmp_path_factory.mktemp("progress")))
