"""Who does the review's work, and when: the learner's moves are reviewed while the game goes
on (`cassino_learn.game.review_queue` does the work in small steps), so a round's review is
ready, or nearly, when the round ends.

- With threads (a kernel on a server, a script): a worker thread does the steps.
- Without (the in-browser edition, Pyodide): the kernel's event loop does one short slice at a
  time (`SLICE` seconds, then a `GAP` for the browser's messages), so a click that arrives
  while the review is at work is answered after the slice, not after the review.
- With neither: a round's moves are reviewed when the round's review is asked for (`finish`).

On the kernel's loop the review only gets the time the learner leaves it, and a learner who
clicks as fast as the page allows leaves too little: `catch_up` lets the review work on the
moves it is behind on before the computer's move (the table says the computer is thinking), for
a budget the caller sets, so the review keeps up and a round's end finds only its last move.

`on_done(number)` is called after each move is reviewed (on the worker thread, or in the
loop's callback).
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Iterable

from ..game.review import REVIEW_ITERATIONS, Evaluate, MoveReview, Turn
from ..game.review_queue import ReviewQueue
from .soon import kernel_loop, soon

__all__ = ["SpreadReviewer", "SLICE", "GAP", "MODES"]

SLICE = 0.04   # seconds of review at a time on the kernel's loop: a click waits no longer
GAP = 0.01     # seconds between slices, for the messages the browser sent meanwhile
MODES = ("auto", "thread", "loop", "end")


class SpreadReviewer:
    """The learner's moves reviewed in the background; `mode` "auto" picks a thread where one
    can be started, else the kernel's loop, else the round's end."""

    def __init__(self, on_done: Callable[[int], None], *, evaluate: Evaluate | None = None,
                 iterations: int = REVIEW_ITERATIONS, seed: int | str = "review",
                 mode: str = "auto") -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self._on_done = on_done
        self._queue = ReviewQueue(evaluate=evaluate, iterations=iterations, seed=seed)
        self._lock = threading.RLock()
        self._wake = threading.Condition(self._lock)
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._scheduled = False
        self._closed = False
        self._first: list[int] = []  # the moves of the round whose review is asked for
        self.mode = self._pick() if mode == "auto" else mode
        if self.mode == "thread" and self._thread is None and not self._start_thread():
            raise RuntimeError("mode \"thread\" asked for, but no thread can be started here")

    # ------------------------------------------------------------------ asked by the widget

    @property
    def error(self) -> str:
        return self._queue.error

    def add(self, turn: Turn) -> None:
        """Queue `turn` for review; the work starts soon, in the background."""
        with self._lock:
            self._queue.add(turn)
            self._wake.notify_all()
        if self.mode == "loop":
            self._schedule()

    def reset(self) -> None:
        """Forget every review (a new game); a slice under way is dropped when it ends."""
        with self._lock:
            self._generation += 1
            self._queue.reset()

    def result(self, number: int) -> MoveReview | None:
        with self._lock:
            return self._queue.result(number)

    def pending(self, numbers: Iterable[int]) -> list[int]:
        with self._lock:
            return self._queue.pending(numbers)

    def finish(self, numbers: list[int]) -> None:
        """In "end" mode: review these moves now (the caller waits); otherwise they come first
        in the background."""
        if self.mode != "end":
            self._first = list(numbers)
            return
        with self._lock:
            self._queue.finish(numbers)

    def wait(self, numbers: list[int], timeout: float) -> bool:
        """Wait until these moves are reviewed (True), or `timeout` seconds pass or the review
        stops (False). On the kernel's loop nothing runs while this waits, so the slices are
        run here."""
        deadline = time.monotonic() + timeout
        while self.pending(numbers) and not self.error:
            if time.monotonic() > deadline:
                return False
            if self.mode == "thread":
                time.sleep(0.02)
            else:
                self._slice(numbers, SLICE)
        return not self.error

    def catch_up(self, then: Callable[[], None], numbers: Iterable[int], budget: float) -> None:
        """Call `then` soon (on the kernel's loop, or now where there is none). On the loop,
        while any of `numbers` (the moves the review is behind on) waits for its review, the
        review first works on them, in slices with a gap between two for the browser's
        messages, for at most `budget` seconds. With a worker thread, or nothing behind,
        `then` is not delayed."""
        behind = list(numbers)
        loop = kernel_loop() if self.mode == "loop" else None
        if loop is None or budget <= 0 or not self.pending(behind) or self.error:
            soon(then)
            return
        deadline = time.perf_counter() + budget
        generation = self._generation

        def work() -> None:
            left = deadline - time.perf_counter()
            if (left > 0 and not self._closed and generation == self._generation
                    and self.pending(behind) and not self.error):
                self._slice(behind, min(SLICE, left))
                loop.call_later(GAP, work)
            else:
                then()

        loop.call_later(0, work)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._wake.notify_all()
        self.reset()

    # ------------------------------------------------------------------ the work

    def _pick(self) -> str:
        if self._start_thread():
            return "thread"
        return "loop" if kernel_loop() is not None else "end"

    def _start_thread(self) -> bool:
        """Start the worker thread; False where no thread can start (Pyodide)."""
        try:
            self._thread = threading.Thread(target=self._work, name="cassino-review",
                                            daemon=True)
            self._thread.start()
            return True
        except RuntimeError:
            self._thread = None
            return False

    def _slice(self, numbers: Iterable[int] | None, budget: float) -> None:
        with self._lock:
            generation = self._generation
            finished = self._queue.step(budget, numbers)
            failed = bool(self._queue.error)
        if generation != self._generation:
            return
        for number in finished:
            self._on_done(number)
        if failed:
            self._on_done(0)

    def _work(self) -> None:
        while True:
            with self._lock:
                while not self._closed and not self._queue.busy:
                    self._wake.wait()
                if self._closed:
                    return
            self._slice(self._first, SLICE)

    def _schedule(self) -> None:
        if self._scheduled or self._closed:
            return
        loop = kernel_loop()
        if loop is None:  # the loop went away (not in a kernel any more): review at the end
            self.mode = "end"
            return
        self._scheduled = True
        loop.call_later(GAP, self._tick)

    def _tick(self) -> None:
        self._scheduled = False
        if self._closed:
            return
        self._slice(self._first, SLICE)
        with self._lock:
            more = self._queue.busy
        if more:
            self._schedule()
