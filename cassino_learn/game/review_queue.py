"""The review of a player's moves done a little at a time, as the game goes on: a
`ReviewQueue` takes the moves as they are played and does `review.review_turn`'s work in steps
of about `budget` seconds, so a caller with one thread (the browser) can do a step between two
clicks. Spreading the work changes when a move is valued, never its value: the same searches
with the same seeds and budgets, paused only between iterations, and `review_turn`'s own
judgement (`review.judge_turn`) with a `confirm` that answers from the looks done so far (a
look not yet done stops it, `_Needed`, and is run in steps). The result is `review_turn`'s,
exactly.

    >>> queue = ReviewQueue()
    >>> queue.add(turn)                                  # doctest: +SKIP
    >>> while queue.step(0.03): ...                      # doctest: +SKIP
    >>> queue.result(turn.number)                        # doctest: +SKIP
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Generator, Iterable, Sequence

from ..core.move import Move
from .observation import Observation
from .review import (REVIEW_ITERATIONS, Confirm, Evaluate, MoveReview, Turn, judge_turn,
                     review_turn)

if TYPE_CHECKING:
    from .search import MoveValue

__all__ = ["ReviewQueue", "reviewing"]

Steps = Generator[None, None, "list[MoveValue]"]


class _Needed(Exception):
    """A look `judge_turn` asked for that has not been run yet."""

    def __init__(self, key: tuple[object, ...], start: Callable[[], Steps]) -> None:
        super().__init__(key)
        self.key, self.start = key, start


def reviewing(turn: Turn, *, iterations: int = REVIEW_ITERATIONS,
              seed: int | str = "review") -> Generator[None, None, MoveReview]:
    """`review_turn(turn, iterations=..., seed=...)` in steps: a generator that yields between
    two iterations of a search and returns the MoveReview. The coach's search comes first
    (`coach.coach_values_steps`: the hints' own, at once if a hint already ran it), then the
    side-by-side looks `review_turn` asks for."""
    from .coach import coach_values_steps
    from .search import compare_moves_steps

    observation = turn.observation
    if len(observation.legal_moves()) == 1:
        return review_turn(turn)  # nothing else could be played: nothing to search
    values = yield from coach_values_steps(observation)
    done: dict[tuple[object, ...], list["MoveValue"]] = {}

    def confirm(observation: Observation, moves: Sequence[Move], *, iterations: int,
                seed: int | str) -> list["MoveValue"]:
        key = (tuple(str(m) for m in moves), iterations, str(seed))
        if key not in done:
            raise _Needed(key, lambda: compare_moves_steps(observation, moves,
                                                           iterations=iterations, seed=seed))
        return done[key]

    while True:
        try:
            return judge_turn(turn, values, confirm=confirm, iterations=iterations, seed=seed)
        except _Needed as needed:
            done[needed.key] = yield from needed.start()
            yield


class ReviewQueue:
    """Moves waiting for their review, reviewed in order by `step`; one thread only (a caller
    with threads guards it with a lock).

    With an `evaluate` of the caller's own (a test's), each move is reviewed in one step by
    `review_turn(turn, evaluate=..., confirm=...)`."""

    def __init__(self, *, evaluate: Evaluate | None = None, confirm: Confirm | None = None,
                 iterations: int = REVIEW_ITERATIONS, seed: int | str = "review") -> None:
        self._evaluate, self._confirm = evaluate, confirm
        self._iterations, self._seed = iterations, seed
        self._waiting: dict[int, Turn] = {}
        self._done: dict[int, MoveReview] = {}
        self._current: tuple[Turn, Generator[None, None, MoveReview]] | None = None
        self.error = ""  # what stopped the review, if anything did

    def add(self, turn: Turn) -> None:
        """Queue `turn` (a move already queued or reviewed is left as it is)."""
        if turn.number not in self._done:
            self._waiting.setdefault(turn.number, turn)

    def reset(self) -> None:
        """Forget every move (a new game)."""
        self._waiting.clear()
        self._done.clear()
        self._current = None
        self.error = ""

    def result(self, number: int) -> MoveReview | None:
        return self._done.get(number)

    def pending(self, numbers: Iterable[int] | None = None) -> list[int]:
        """Those of `numbers` (default: every queued move) not reviewed yet."""
        if numbers is None:
            return sorted(self._waiting)
        return [n for n in numbers if n not in self._done]

    @property
    def busy(self) -> bool:
        """Whether any move waits for its review (and the review has not stopped)."""
        return bool(self._waiting) and not self.error

    def step(self, budget: float = 0.03, numbers: Iterable[int] | None = None) -> list[int]:
        """Review for about `budget` seconds (at least one search iteration), the moves in
        `numbers` first if given (stopping when they are done), and return the numbers of the
        moves finished meanwhile. A review that raises stops the queue: `error` says why."""
        finished: list[int] = []
        deadline = time.perf_counter() + budget
        first = sorted(set(numbers or ()) & set(self._waiting))
        while self.busy:
            if self._current is None:
                number = first[0] if first and first[0] in self._waiting else min(self._waiting)
                turn = self._waiting[number]
                self._current = (turn, self._steps(turn))
            turn, steps = self._current
            try:
                next(steps)
            except StopIteration as done:
                self._finish(turn, done.value)
                finished.append(turn.number)
                if first:
                    first = [n for n in first if n in self._waiting]
                    if not first:
                        break  # those asked for first are done: the caller may show them
            except Exception as error:  # the caller shows it; the game goes on without a review
                self.error = f"{type(error).__name__}: {error}"
                self._current = None
                break
            if time.perf_counter() >= deadline:
                break
        return finished

    def finish(self, numbers: Iterable[int]) -> list[int]:
        """Review those of `numbers` still waiting, now, to the end (the caller waits)."""
        wanted = set(numbers)
        finished: list[int] = []
        while self.busy and wanted & set(self._waiting):
            finished += self.step(1.0, wanted)
        return finished

    def _steps(self, turn: Turn) -> Generator[None, None, MoveReview]:
        if self._evaluate is None:
            return reviewing(turn, iterations=self._iterations, seed=self._seed)
        return _at_once(lambda: review_turn(turn, evaluate=self._evaluate, confirm=self._confirm,
                                            iterations=self._iterations, seed=self._seed))

    def _finish(self, turn: Turn, reviewed: MoveReview) -> None:
        self._done[turn.number] = reviewed
        self._waiting.pop(turn.number, None)
        self._current = None


def _at_once(review: Callable[[], MoveReview]) -> Generator[None, None, MoveReview]:
    return review()
    yield  # a generator, done in its first step
