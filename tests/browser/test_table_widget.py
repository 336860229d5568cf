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
    assert page.locator('[data-build="1"] .cl-badge').inner_text() == "9s"

    take = select_capture(page)
    screenshot(page, "table_widget_selected")
    take.click()

    page.wait_for_function(
        "() => !document.querySelector('[data-zone=\"table\"] [data-card=\"5D\"]')")
    assert table.locator('[data-card="2C"]').count() == 0
    assert table.locator('[data-card="KH"]').count() == 1
    message = page.locator(".cl-message")
    assert "seven of spades" in message.inner_text()
    assert "Seat 2 to move" in page.locator(".cl-turn").inner_text()
    screenshot(page, "table_widget")


def test_keyboard_and_illegal_try(table_page) -> None:
    page = table_page
    page.set_viewport_size({"width": 390, "height": 900})  # phone width
    page.locator('[data-zone="hand"] [data-card="7S"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-zone="hand"] [data-card="7S"][aria-pressed="true"]')
    page.locator('[data-zone="table"] [data-card="2C"]').focus()
    page.keyboard.press("Space")
    page.locator('.cl-try[data-action="Try take"]').click()
    page.wait_for_selector('.cl-message[data-kind="error"]')
    assert page.locator(".cl-message").get_attribute("data-rule") == "S1"
    assert page.locator(".cl-message").get_attribute("aria-live") == "polite"
    assert page.locator('[data-zone="table"] [data-card="2C"]').count() == 1  # nothing changed
    width = page.evaluate("() => document.querySelector('.cl-widget').scrollWidth")
    assert width <= 390
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(".cl-widget").screenshot(path=str(ARTIFACTS / "table_widget_phone.png"))
