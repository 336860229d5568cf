"""A widget whose front end is slow to start (a busy computer) is still drawn: anywidget's own
2-second limit would leave it undrawn for good (the template's static/widget_patience.js)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).parent / "notebooks"


def test_a_widget_that_takes_longer_than_two_seconds_to_start_is_drawn(
        voila, page, wait_for_voila, console_errors) -> None:
    page.goto(voila(NOTEBOOKS).url("slow_widget.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.locator(".slow-start-drawn").wait_for(timeout=60_000)
    assert not [e for e in console_errors if "Failed to initialize model" in e]
    assert not page.locator(".cassino-failed").is_visible()
