"""The card table with the keyboard and a screen reader's view (the accessibility tree):
one Tab stop per row, arrows within a row, a move played with keys only, focus kept on the
table afterwards, Escape clearing the selection, and every state a sighted learner sees
(usable cards, selection, whose turn, the last move) exposed to assistive technology.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn.ui.game import GameWidget

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
GAME_SEED = 11  # tests/browser/notebooks/table_game.ipynb deals this match

IN_WIDGET = "() => !!document.activeElement.closest('.cl-widget')"
FOCUSED = """() => { const a = document.activeElement;
  return {card: a.dataset.card || null, zone: a.closest('[data-zone]')?.dataset.zone || null,
          action: a.dataset.action || null, board: a.classList.contains('cl-board')}; }"""


def open_notebook(voila, page, wait_for_voila, error_outputs, name: str):
    page.goto(voila(NOTEBOOKS).url(name), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector('[data-zone="hand"] [aria-selected]', timeout=90_000)
    assert error_outputs(page) == []
    return page


def tab_to_hand(page, limit: int = 8) -> int:
    """Press Tab from the top of the page until a hand card has the focus; the number of presses."""
    page.locator("body").focus()
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED)["zone"] == "hand":
            return presses
    raise AssertionError(f"no hand card after {limit} Tabs; focus is on {page.evaluate(FOCUSED)}")


def first_capture():
    """The learner's first position in the test notebook's game, and a capture of one loose
    card there (decided by the rules core, as the widget will)."""
    game = GameWidget(seed=GAME_SEED).game
    position = game.position
    for move in game.legal_moves():
        taken = list(move.table_cards)
        if move.kind == "capture" and len(taken) == 1 and taken[0] in position.loose:
            return position, move
    pytest.skip("the seeded deal has no single-card capture for the learner")


def test_a_move_with_keys_only_keeps_the_focus_on_the_hand(
        voila, page, wait_for_voila, error_outputs, screenshot) -> None:
    position, move = first_capture()
    page = open_notebook(voila, page, wait_for_voila, error_outputs, "table_game.ipynb")
    turn = page.locator(".cl-turn-news")
    assert turn.get_attribute("role") == "status" and turn.inner_text() == "Your move (seat 1)"
    # The computer's opening move is marked on the table, in sight and in words.
    opening = GameWidget(seed=GAME_SEED).table.last_moves
    if opening and opening[0]["kind"] in ("trail", "build"):
        marked = page.locator(".cl-board .cl-last")
        assert marked.count() == 1
        assert marked.locator(".cl-last-tag").inner_text() == "Seat 2"
        assert marked.get_attribute("aria-label").endswith("just played by Seat 2")

    # One Tab stop for the table's cards and one for the hand: the hand is a few Tabs away.
    presses = tab_to_hand(page)
    assert presses <= 4
    hand_stops = page.locator('[data-zone="hand"] [tabindex="0"]')
    assert hand_stops.count() == 1
    assert page.locator('[data-zone="table"] [tabindex="0"]').count() == 1

    # Arrows walk the hand to the capturing card; Enter chooses it.
    hand = [str(c) for c in position.hand]
    for _ in range(hand.index(str(move.card))):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED)["card"] == str(move.card)
    page.keyboard.press("Enter")
    chosen = page.get_by_role("option", name=move.card.name, selected=True, exact=True)
    chosen.wait_for()
    # The hand is a listbox of one choice, the table one of several.
    hand_box = page.locator('[data-zone="hand"] [role="listbox"]')
    assert hand_box.get_attribute("aria-multiselectable") in (None, "false")
    assert hand_box.locator('[role="option"][aria-selected="true"]').count() == 1
    table_box = page.locator('[data-zone="table"] [role="listbox"]')
    assert table_box.get_attribute("aria-multiselectable") == "true"

    # Shift+Tab reaches the table's row; the usable card says so to a screen reader.
    (target,) = move.table_cards
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED)["zone"] == "table"
    usable = page.get_by_role("option", name=f"{target.name}, can be used with your card")
    usable.wait_for()
    loose = [str(c) for c in position.loose]
    start = loose.index(page.evaluate(FOCUSED)["card"])
    for _ in range(loose.index(str(target)) - start):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED)["card"] == str(target)
    page.keyboard.press("Space")
    page.get_by_role("option", name=target.name, selected=True).wait_for()
    page.locator('.cl-action[data-action="Take"]').wait_for()  # the core's answer came back

    # Tab past the hand to the actions; Enter plays the capture.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)["action"] == "Take"
    page.keyboard.press("Enter")

    page.wait_for_selector('.cl-recent-move[data-seat="1"]')
    page.wait_for_function(
        "() => document.querySelector('.cl-turn-news').textContent === 'Your move (seat 1)'"
        " && document.querySelectorAll('.cl-recent-move').length >= 2")
    page.wait_for_function(IN_WIDGET)
    where = page.evaluate(FOCUSED)
    assert where["zone"] == "hand" and where["card"] is not None, where
    # The move and the computer's answer are told in words (live region and the list).
    said = page.locator(".cl-message")
    assert said.get_attribute("aria-live") == "polite"
    assert f"You played the {move.card.name}" in said.inner_text()
    assert "Seat 2 played" in said.inner_text() or "Seat 2 trailed" in said.inner_text()
    told = page.locator(".cl-recent .cl-visually-hidden").all_inner_texts()
    assert told[0].startswith(f"You played the {move.card.name}")
    screenshot(page, "table_keyboard_after_move")

    # The next Tab stays a single stop away: the hand's roving card is the only one.
    assert page.locator('[data-zone="hand"] [tabindex="0"]').count() == 1


def test_escape_clears_the_selection_and_the_turn_is_announced(
        voila, page, wait_for_voila, error_outputs) -> None:
    page = open_notebook(voila, page, wait_for_voila, error_outputs, "table_widget.ipynb")
    tab_to_hand(page)
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-zone="hand"] [aria-selected="true"]')
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Space")
    page.wait_for_selector('[data-zone="table"] [aria-selected="true"]')
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.cl-widget [aria-selected=\"true\"]')")
    assert page.evaluate(IN_WIDGET)

    # A capture by keys on a table with no opponent: seat 2 is to move, the learner's hand
    # stays face up as seat 1's, and the focus stays on the table.
    page.locator('[data-zone="hand"] [data-card="7S"]').focus()
    page.keyboard.press("Enter")
    for card in ("5D", "2C"):
        page.locator(f'[data-zone="table"] [data-card="{card}"]').focus()
        page.keyboard.press("Space")
    page.locator('.cl-action[data-action="Take"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.cl-turn-news').textContent === 'Seat 2 to move'")
    assert page.evaluate(IN_WIDGET)
    assert page.locator('[data-zone="hand"]').get_attribute("data-seat") == "1"
    assert page.locator('[data-zone="hand"] [data-card="9S"]').count() == 1  # still face up
    status = page.get_by_role("status").filter(has_text="Seat 2 to move")
    assert status.count() >= 1


@pytest.mark.slow
def test_a_round_end_says_who_took_the_last_cards_before_the_next_round(
        voila, page, wait_for_voila, error_outputs, screenshot) -> None:
    """Round 1 of the test notebook's game, played by typing the moves a greedy learner
    would choose (replayed here on the same seed)."""
    from cassino_learn.game.bots import make_player

    widget, learner = GameWidget(seed=GAME_SEED), make_player("greedy")
    page = open_notebook(voila, page, wait_for_voila, error_outputs, "table_game.ipynb")
    box = page.locator(".cl-move-input")
    while not widget.game.rounds:
        move = str(learner.choose(widget.game.observation()))
        played = len(widget.game.history)
        widget.table.play(move)
        box.fill(move)
        box.press("Enter")
        canonical = widget.game.history[played]
        page.wait_for_function(  # the learner's move is listed as theirs: Python has answered
            "(m) => [...document.querySelectorAll('.cl-recent-move[data-seat=\"1\"] .cl-notation')]"
            ".some((n) => n.textContent === m)", arg=canonical)
    said = page.locator(".cl-message").inner_text()
    assert said == widget.table.message
    took, over, dealt = (said.index(x) for x in ("(rule W2)", "Round 1 is over", "Round 2 is dealt"))
    assert took < over < dealt
    notes = page.locator(".cl-recent-note").all_inner_texts()
    assert any("W2" in note for note in notes)
    screenshot(page, "table_round_end")
