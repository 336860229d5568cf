"""Every legal move of a move card's position judged once, so that an answer is looked up
rather than searched for: `verdict_steps` runs the judge's own review (`review_queue.reviewing`,
which is `review.review_turn` exactly, at `judging.JUDGE_ITERATIONS` and the card's move number
as seed) on each legal move in small steps (a caller with one thread, the browser, does a step
between two clicks), and `judging.judge` then answers from the card's `Verdicts` at once.

The verdicts are kept with the card in the progress file (`cards.Verdicts`), so they survive a
reload; a card made before them, or whose verdicts are at another budget, is judged by the
search as before until they are worked out (`ui.deck_verdicts` does it while the review plays).
In this process they are also kept by position (`known`), for a card object read before they
were saved.
"""

from __future__ import annotations

from typing import Generator

from ...game.review import turn_of
from ...game.review_queue import reviewing
from .cards import MovePuzzle, Verdicts
from .judging import (JUDGE_ITERATIONS, forget_verdicts, keep_verdicts, known_verdicts,
                      observation_of)

__all__ = ["verdict_steps", "verdicts_of", "known", "forget"]

known = known_verdicts    # the card's verdicts, its own or worked out here; None if none yet
forget = forget_verdicts  # forget those worked out here (tests, benchmarks)


def verdict_steps(puzzle: MovePuzzle) -> Generator[None, None, Verdicts]:
    """Judge every legal move of the card's position as `judging.judge` would, yielding
    between two iterations of a search; returns the Verdicts (and keeps them, `known`)."""
    seen = observation_of(puzzle)
    moves = []
    for move in seen.legal_moves():
        reviewed = yield from reviewing(turn_of(seen, move, puzzle.number),
                                        iterations=JUDGE_ITERATIONS)
        # the loss to a thousandth of a point, as the card keeps its own: the file stays small
        moves.append((str(reviewed.turn.move), round(float(reviewed.loss), 3), reviewed.mark))
    verdicts = Verdicts(JUDGE_ITERATIONS, tuple(moves))
    keep_verdicts(puzzle, verdicts)
    return verdicts


def verdicts_of(puzzle: MovePuzzle) -> Verdicts:
    """`verdict_steps` run to the end (the caller waits)."""
    steps = verdict_steps(puzzle)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
