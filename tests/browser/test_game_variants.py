"""The game against the computer in a real browser: ticking Royal Casino and pressing New game
starts a Royal game, named above the table (the widget-level checks are in
tests/ui/test_game_widget_variants.py)."""

from __future__ import annotations

from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


def test_choosing_royal_starts_a_royal_game(voila, page, wait_for_voila, error_outputs,
                                            screenshot) -> None:
    page.goto(voila(NOTEBOOKS).url("table_game.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector('[data-zone="hand"] [aria-selected]', timeout=90_000)
    assert page.locator(".cl-variant").inner_text() == "Standard Cassino"

    page.get_by_label("Royal Casino", exact=True).check()
    page.wait_for_function("() => document.body.innerText.includes('to play Royal Casino')")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => document.querySelector('.cl-variant').innerText"
                           " === 'Royal Casino'")
    assert "J 11, Q 12, K 13" in page.locator(".cl-variant").get_attribute("title")
    assert "to play Royal Casino" not in page.locator("body").inner_text()  # note cleared
    page.wait_for_selector('[data-zone="hand"] [aria-selected]')
    assert page.locator('[data-zone="hand"] [data-card]').count() == 4
    assert error_outputs(page) == []
    screenshot(page, "game_royal_chosen")
