"""Spade Casino and Draw Casino played in a real browser, as a learner plays them in lesson 11's
game: tick the variant, press New game, play by clicking cards (a pair when one lies on the
table, else a trail) while the computer answers, to the end of the first round.

The widget is seeded (tests/browser/notebooks/table_game.ipynb), and so is its New game: every
run plays the same round. Each wait is for a condition on the page, never a fixed time.
"""

from __future__ import annotations

import re
from pathlib import Path

from playing import HAND, MOVES_PER_ROUND, click_move, hand_cards, play_round

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


def _start(page, voila, wait_for_voila, variant: str, name: str) -> None:
    """Open the game, tick `variant` and press New game; wait until `name` is being played."""
    page.goto(voila(NOTEBOOKS).url("table_game.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector(HAND, timeout=90_000)
    page.get_by_label(variant, exact=True).check()
    page.wait_for_function(f"() => document.body.innerText.includes('to play {name}')")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function(f"() => document.querySelector('.cl-variant').innerText === '{name}'")
    page.wait_for_selector(HAND)


def _status(page) -> str:
    return page.locator(".cl-status").first.inner_text()


def _review_rows(page) -> dict[str, list[int]]:
    """The latest round's review: each item's points per side (leading numbers of the cells)."""
    rows = page.locator(".cl-review").first.locator("tr").evaluate_all(
        "rows => rows.map(r => [r.querySelector('th')?.innerText ?? '',"
        " [...r.querySelectorAll('td')].map(td => td.innerText)])")
    return {head.strip(): [int(re.match(r"\d+", cell).group()) for cell in cells]
            for head, cells in rows if cells}


def test_spade_casino_round_is_played_and_reviewed(voila, page, wait_for_voila, error_outputs,
                                                   screenshot) -> None:
    _start(page, voila, wait_for_voila, "Spade Casino", "Spade Casino")
    assert "(to 61)" in _status(page)
    assert play_round(page) == MOVES_PER_ROUND
    page.wait_for_selector(".cl-review caption")
    assert page.locator(".cl-review caption").first.inner_text() == "Round 1"
    rows = _review_rows(page)
    spades = rows["Spades (AS, JS, 2S 2 each, the rest 1)"]
    assert sum(spades) == 16  # all 13 spades: three worth 2, ten worth 1
    assert "Little Casino (2S)" not in rows  # V8 scores the two of spades as a spade only
    totals = rows["Round total"]
    items = [points for name, points in rows.items() if name != "Round total"]
    assert totals == [sum(column) for column in zip(*items)]
    tie = rows["Most cards"] == [0, 0]
    assert sum(totals) - sum(rows["Sweeps"]) == (23 if tie else 26)
    status = _status(page)
    assert "Spade Casino" in status and "(to 61)" in status and "Round 2" in status
    assert error_outputs(page) == []
    page.locator(".cl-game-review").scroll_into_view_if_needed()
    screenshot(page, "game_spade_round_reviewed")


def test_draw_casino_refills_the_hand_from_the_stock(voila, page, wait_for_voila, error_outputs,
                                                     screenshot) -> None:
    _start(page, voila, wait_for_voila, "Draw Casino", "Draw Casino")
    stock = re.compile(r"stock: (\d+) cards?")
    before = int(stock.search(_status(page)).group(1))
    # the first deal as D2, the rest is the stock; the computer may have played and drawn first
    assert before in (52 - 8 - 4, 52 - 8 - 4 - 1)
    assert len(hand_cards(page)) == 4
    played = click_move(page)
    hand = hand_cards(page)
    assert played not in hand and len(hand) == 4  # refilled from the stock
    drawn = re.search(r"You drew the (.+?) from the stock \((\d+) cards? left\)",
                      page.locator(".cl-message").inner_text())
    assert drawn, page.locator(".cl-message").inner_text()
    after = int(stock.search(_status(page)).group(1))
    assert after == before - 2  # the learner drew one, then the computer after its play
    screenshot(page, "game_draw_refilled")

    played_moves = 1 + play_round(page)
    assert played_moves == MOVES_PER_ROUND  # one pass through the pack, hands kept at four
    assert page.locator(".cl-review caption").first.inner_text() == "Round 1"
    rows = _review_rows(page)
    assert "Spades (AS, JS, 2S 2 each, the rest 1)" not in rows  # standard scoring (K1)
    tie = rows["Most cards"] == [0, 0]
    assert sum(rows["Round total"]) - sum(rows["Sweeps"]) == (8 if tie else 11)
    assert error_outputs(page) == []
    page.locator(".cl-game-review").scroll_into_view_if_needed()
    screenshot(page, "game_draw_round_reviewed")


def test_variant_boxes_are_legible_with_their_notes(voila, page, wait_for_voila,
                                                    screenshot) -> None:
    page.goto(voila(NOTEBOOKS).url("table_game.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector(HAND, timeout=90_000)
    notes = {"Royal Casino": "ace counts 1 or 14", "Spade Casino": "game to 61",
             "Draw Casino": "draw from the stock"}
    for width, height in ((1280, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        row = page.locator(".cl-variant-row")
        row.scroll_into_view_if_needed()
        game = page.locator(".cl-quiz").first.bounding_box()
        for label, note in notes.items():
            box = page.get_by_label(label, exact=True)
            choice = page.locator(".cl-variant-choice").filter(has=box)
            text = choice.locator(".widget-label-basic")
            assert float(text.evaluate("n => getComputedStyle(n).fontSize")[:-2]) >= 16
            assert box.bounding_box()["height"] >= 20 and text.bounding_box()["height"] >= 44
            assert note in choice.locator(".cl-variant-note").inner_text()
            edge = choice.bounding_box()
            assert edge["x"] + edge["width"] <= game["x"] + game["width"] + 1  # inside the game
        screenshot(page, f"game_variant_boxes_{width}x{height}")
