"""The review of the learner's moves in a real browser: a learner plays a round by clicking
cards (a pair when one lies on the table, else a trail), sees the review panel list their
marked moves, clicks one and sees its position on a card table (never as notation), the move
played and the better one drawn as cards with the points each would likely leave them ahead at
the round's end, and why, in plain words.

The widget is seeded (tests/browser/notebooks/game_review.ipynb): every run plays the same
round. Each wait is for a condition on the page, never a fixed time.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playing import HAND, play_round

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
MARKED = ".cl-rv-move-button"


def test_a_learner_sees_the_review_of_a_round_and_a_marked_move(
        voila, page, wait_for_voila, error_outputs, screenshot) -> None:
    pytest.importorskip("cassino_learn.game.search")  # the expert, on branch expert until merged
    page.goto(voila(NOTEBOOKS).url("game_review.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector(HAND, timeout=90_000)
    play_round(page)
    title = page.locator(".cl-rv-title")
    title.wait_for()
    # the panel says "reviewing" until the search is done, then lists the marked moves
    page.wait_for_function(
        "() => !document.querySelector('.cl-rv-busy') && "
        "document.querySelector('.cl-rv-round')?.innerText.includes('reviewed')",
        timeout=240_000)
    summary = page.locator(".cl-rv-round").first.inner_text()
    assert summary.startswith("Round 1:") and "24 moves reviewed" in summary, summary
    marked = page.locator(MARKED)
    assert marked.count() >= 1, summary
    first = marked.first
    label = first.inner_text()
    assert label.split()[0] in ("?!", "?", "??") and "Move " in label
    first.click()
    detail = page.locator(".cl-rv-detail")
    detail.wait_for()
    text = detail.inner_text()
    assert "You played" in text and "Better" in text and "Points ahead:" in text
    assert re.search(r"about (\S+ points? (ahead|behind)|even)", text), text
    assert "Your move " in text and "this cost you about" in text
    assert "table:" not in text and "expected" not in text.lower() and "%" not in text
    assert detail.locator(".cl-rv-choice [data-card]").count() >= 2  # both moves as cards
    board = page.locator(".cl-rv-table")
    board.wait_for()
    assert "before your move" in board.inner_text()
    assert board.locator('[data-zone="hand"] [data-card]').count() >= 1  # the learner's hand
    assert board.locator('[data-zone="hand"] [aria-selected]').count() == 0  # read only
    assert error_outputs(page) == []
    for width, height in ((1280, 900), (1920, 1080), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".cl-rv").scroll_into_view_if_needed()
        edge = detail.bounding_box()
        game = page.locator(".cl-quiz").first.bounding_box()
        assert edge["x"] + edge["width"] <= game["x"] + game["width"] + 1  # inside the game
        for button in page.locator(".cl-rv-move-button").all():  # each marked move's words
            box = button.bounding_box()   # inside the game, and none cut off
            assert box["x"] + box["width"] <= game["x"] + game["width"] + 1, (width, box)
            assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), \
                (width, button.inner_text())
        shot = screenshot(page, f"game_review_{width}x{height}")
        # the whole panel (taller than the window, which clips it): in a window that holds it
        page.set_viewport_size({"width": width, "height": 2600})
        page.locator(".cl-rv").screenshot(
            path=str(shot.with_name(f"game_review_panel_{width}x{height}.png")))
