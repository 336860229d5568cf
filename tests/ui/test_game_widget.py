"""The game widget driven from Python: hints from the learner's view, the review of each round
and of the match, and a clear end with a new game."""

from __future__ import annotations

import pytest

from cassino_learn.game.hints import hints
from cassino_learn.ui.game import GameWidget


@pytest.fixture(scope="module")
def finished():
    """A whole match played by following the first hint every turn."""
    widget = GameWidget(players=2, seed=3)
    seen_round_review = None
    while not widget.game.over:
        widget.play(widget.show_hints()[0].move_text)
        if widget.game.rounds and seen_round_review is None:
            seen_round_review = (widget.review.value, widget.table.message, widget.game.over)
    return widget, seen_round_review


def test_hint_lists_the_moves_worth_considering_from_the_learners_view():
    widget = GameWidget(players=2, seed=11)
    assert widget.game.turn == 1 and not widget.hint_button.disabled
    view = widget.game.observation(1)
    assert view.position.hands[1] is None  # the other hand is hidden from the hints
    shown = widget.show_hints()
    assert [h.move_text for h in shown] == [h.move_text for h in hints(view)]
    assert shown and all(h.move in widget.game.legal_moves() for h in shown)
    for h in shown:
        assert h.text.split(":")[0] in widget.hint_box.value
    widget.play(shown[0].move_text)
    assert widget.hint_box.value == ""  # the hint was for the position just left
    assert widget.game.history[widget.seats.index(1)] == shown[0].move_text


def test_the_table_tells_what_the_computer_players_did():
    widget = GameWidget(players=3, seed=5)
    before = len(widget.game.history)
    widget.play(widget.game.legal_moves()[0].__str__())
    said = widget.table.message
    assert said.startswith("You ")
    assert "Seat 2 " in said and "Seat 3 " in said
    assert len(widget.game.history) == before + 3 and widget.game.turn == 1


def test_a_finished_round_is_reviewed_item_by_item(finished):
    widget, (review, message, over) = finished
    assert not over and "Round 1 is over" in message
    first = widget.game.rounds[0]
    table = widget.round_html(1)
    for side, items in first.items.items():
        for item, points in items.items():
            assert points >= 0
        assert f"{first.points[side]} point" in table
    assert "Most cards" in table and "Little Casino (2S)" in table and "Sweeps" in table
    assert f"({first.cards[1]} cards)" in table and f"({first.spades[2]} spade" in table
    assert "Round 1" in review and "After round 1" in review


def test_the_end_of_the_match_is_clear_and_reviewed(finished):
    widget, _ = finished
    game = widget.game
    assert game.over and widget.hint_button.disabled
    assert "The match is over" in widget.table.message and "New game" in widget.table.message
    assert "Match over" in widget.status.value
    review = widget.review.value
    assert "The match is over" in review
    for number in range(1, len(game.rounds) + 1):
        assert f"<caption>Round {number}</caption>" in review
    assert f"The moves played ({len(game.history)} moves)" in review
    assert review.count("<li>") == len(game.history)
    assert len(widget.seats) == len(game.history)
    assert not widget.table.can_act
    widget.play("trail 2C")  # nothing happens after the end
    assert len(game.history) == len(widget.seats)
    widget.show_hints()
    assert "press New game" in widget.hint_box.value


def test_new_game_starts_afresh():
    widget = GameWidget(players=2, seed=2)
    widget.play(str(widget.game.legal_moves()[0]))
    widget.new_game(seed=4)
    assert widget.game.seed == 4 and widget.review.value == "" and widget.hint_box.value == ""
    assert widget.table.can_act and widget.game.turn == 1
    assert len(widget.seats) == len(widget.game.history) <= 1


def test_partnership_game_names_the_learners_side():
    widget = GameWidget(players=4, partners=True, seed=1)
    assert "Side 1 (seats 1 and 3) — you" in widget.status.value
    assert widget.game.turn == 1
