"""The coach's search: one valuation of a position for both the hints and the review.

`coach_values(observation)` is the expert's search (`expert.expert_values`: its candidate
moves on the same deals of the hidden cards, at its budget and seed), valued in round points
only: the points the seat is likely to be ahead at the round's end. The first hint is its best
move, and the review measures a move played against that same move, so the move the first hint
gives is never marked. Early in a match this is exactly the move the expert plays; late in one
the expert also weighs winning the match, which the coach leaves out so that its numbers stay
points of the round.

The values of the latest positions are kept: the review of a move reuses the search the hint
ran on the same position (and so agrees with it even where the budget is a clock's, in the
browser). `coach_values_steps` is the same search in steps, for the review spread over the
game (`review_queue`); it keeps and reuses the same values.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generator

from .expert import default_budget, expert_values_steps
from .observation import Observation
from .search import MoveValue, run

__all__ = ["coach_values", "coach_values_steps", "forget", "KEPT"]

KEPT = 64  # positions whose values are kept (a match has about 50 of the learner's)
_kept: "OrderedDict[tuple[Observation, int | None], list[MoveValue]]" = OrderedDict()
_lock = threading.Lock()


def coach_values(observation: Observation, iterations: int | None = None) -> list[MoveValue]:
    """The seat to move's candidate moves, best first, each with the points it is likely to be
    ahead at the round's end. `iterations`: a smaller budget than the expert's (tests and
    measurements); by default the expert's own budget and seed."""
    return run(coach_values_steps(observation, iterations))


def coach_values_steps(observation: Observation, iterations: int | None = None
                       ) -> Generator[None, None, list[MoveValue]]:
    """`coach_values` in steps: a generator that yields between two iterations of the search
    and returns the same values (the review spread over a game, `review_queue`). Values kept
    from an earlier call (a hint's) come back at once, without a step; values found here are
    kept for the next call, at once or in steps."""
    key = (observation, iterations)
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    if iterations is None:
        iterations, seconds = default_budget()
    else:
        seconds = None
    values = yield from expert_values_steps(observation, iterations=iterations,
                                            seconds=seconds, match=False)
    with _lock:  # values kept meanwhile (another thread's) win: hints and review see the same
        values = _kept.setdefault(key, values)
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return values


def forget() -> None:
    """Forget the values kept (the next call searches again)."""
    with _lock:
        _kept.clear()
