"""A game's marked moves join the learner's deck as the review marks them: the game widget
(lessons 11-13, the game page, practice games) hands each marked move to `learner.deck`."""

from __future__ import annotations

import time
from dataclasses import dataclass

from cassino_learn.core.move import Move
from cassino_learn.learner import progress
from cassino_learn.ui.game import GameWidget


@dataclass(frozen=True)
class _Value:
    move: Move
    value: float
    visits: int = 1


def _first_is_best(seen, **_):
    """A test's evaluator: the first legal move is best, every other loses 3 points."""
    return [_Value(m, 0.0 if i == 0 else -3.0) for i, m in enumerate(seen.legal_moves())]


def test_the_moves_a_round_marks_become_cards_of_the_deck(data):
    widget = GameWidget(players=2, seed=9, review_evaluate=_first_is_best)
    while not widget.game.rounds:
        widget.play(str(widget.game.legal_moves()[-1]))
    assert widget.wait_for_review(60)
    marked = [widget.reviewer.result(t.number) for t in widget.turns]
    marked = [r for r in marked if r is not None and r.mark is not None]
    assert marked and all(r.mark == "blunder" for r in marked)
    wanted = len({(r.position_text, str(r.move)) for r in marked})
    deadline = time.monotonic() + 30  # the last move's card is saved just after its review
    while len(progress.load().deck.cards) < wanted and time.monotonic() < deadline:
        time.sleep(0.02)
    cards = progress.load().deck.cards
    positions = {c.puzzle.position: c.puzzle for c in cards.values()}
    assert len(cards) == wanted
    for reviewed in marked:
        puzzle = positions[reviewed.position_text]
        assert puzzle.played == str(reviewed.move) and puzzle.number == reviewed.number
        assert "hand 2" not in puzzle.position and puzzle.hand_sizes[1] >= 0
    widget.close()


def test_a_game_without_marks_adds_nothing(data):
    widget = GameWidget(players=2, seed=9, review_evaluate=_first_is_best)
    while not widget.game.rounds:
        widget.play(str(widget.game.legal_moves()[0]))
    assert widget.wait_for_review(60)
    assert progress.load().deck.cards == {}
    widget.close()
