"""The background review's modes (ui/review_runner.py)."""

from __future__ import annotations

import threading

from cassino_learn import Game
from cassino_learn.game.review import learner_turns
from cassino_learn.ui.review_runner import SpreadReviewer

DEADLINE = 240.0  # seconds a review may take on a busy 2-core machine


def test_a_thread_asked_for_by_name_reviews_in_the_background() -> None:
    game = Game(seed=6)
    while game.turn != 2 or len(game.history) < 3:
        game.play(game.legal_moves()[0])
    turn = learner_turns(game, 2)[0]
    done = threading.Event()
    reviewer = SpreadReviewer(lambda number: done.set(), iterations=100, mode="thread")
    try:
        assert reviewer.mode == "thread"
        reviewer.add(turn)
        assert done.wait(DEADLINE), "the worker thread never reviewed the move"
        assert reviewer.result(turn.number) is not None
    finally:
        reviewer.close()
