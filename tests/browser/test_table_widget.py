"""The card table widget in a real browser: Voila serves a notebook, Chromium plays a move.

Uses the shared fixtures of tests/browser/conftest.py (browser, page, voila, screenshot).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture
def table_page(voila, page, wait_for_voila, error_outputs):
    """The test notebook's card table, rendered by Voila and ready to click."""
    server = voila(NOTEBOOKS)
    page.goto(server.url("table_widget.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector("[data-card]", timeout=90_000)
    assert error_outputs(page) == []
    return page


def test_click_a_capture_on_the_table(table_page, screenshot, select_capture) -> None:
    page = table_page
    table = page.locator('[data-zone="table"]')
    assert table.locator('[data-card="5D"]').count() == 1
    assert page.locator('[data-build="0"] .cl-badge').inner_text() == "8"
    # a multiple build: its value, and how many sets beside it ("9s" read as a card)
    assert page.locator('[data-build="1"] .cl-badge').inner_text() == "9"
    assert page.locator('[data-build="1"] .cl-sets-tag').inner_text() == "2 sets"

    take = select_capture(page)
    screenshot(page, "table_widget_selected")
    take.click()

    # The captured cards visibly leave for the learner's side, then are gone.
    page.wait_for_selector('.cl-leaving[data-card="5D"]', state="attached")
    page.wait_for_selector(".cl-leaving", state="detached")
    page.wait_for_function(
        "() => !document.querySelector('[data-zone=\"table\"] [data-card=\"5D\"]')")
    assert table.locator('[data-card="2C"]').count() == 0
    last = page.locator('.cl-recent-move[data-seat="1"]')
    # said in words and cards; the notation is there only for "show notation"
    assert "You" in last.inner_text() and "7S take" not in last.inner_text()
    assert "7S take" in last.text_content()
    assert table.locator('[data-card="KH"]').count() == 1
    message = page.locator(".cl-message")
    assert "seven of spades" in message.inner_text()
    assert "Seat 2 to move" in page.locator(".cl-turn").inner_text()
    assert page.locator('[data-zone="hand"]').get_attribute("data-seat") == "1"
    screenshot(page, "table_widget")


def test_reduced_motion_has_no_flight(table_page) -> None:
    page = table_page
    page.emulate_media(reduced_motion="reduce")
    page.locator('[data-zone="hand"] [data-card="8C"]').click()
    page.wait_for_selector('[data-build="0"].cl-usable')
    page.locator('[data-build="0"]').click()
    page.locator('.cl-action[data-action="Take"]').click()
    page.wait_for_function(
        "() => document.querySelector('.cl-turn-news').textContent === 'Seat 2 to move'")
    assert page.locator(".cl-leaving").count() == 0  # no flight when motion is reduced
    assert page.locator('[data-zone="table"] [data-card="5H"]').count() == 0
