"""The verdicts of the deck's move cards worked out while the review plays, so that a learner's
answer is looked up, not searched for (`learner.deck.verdicts`): when the review starts, the
move cards of its queue that have none are judged move by move, in order, in the background,
and each card's verdicts are saved with it in the progress file (the next session, or another
tab, looks them up too).

- With threads (a kernel on a server): a worker thread does it.
- Without (the in-browser edition): the kernel's loop does it in short slices (`SLICE` seconds,
  then `GAP` for the browser's messages), as the game's review does (`review_runner`).

An answer that comes before its card's verdicts is judged by the search at once, as before.
"""

from __future__ import annotations

import threading
import time
import warnings
from dataclasses import replace
from typing import Generator, Iterable

from ..learner import progress
from ..learner.deck.cards import MovePuzzle, Verdicts
from ..learner.deck.verdicts import known, verdict_steps
from .review_runner import GAP, SLICE
from .soon import kernel_loop

__all__ = ["VerdictFiller", "save_verdicts"]


def save_verdicts(card_id: str, verdicts: Verdicts) -> None:
    """Keep `verdicts` with the card in the progress file (a card gone, or whose file cannot be
    written, is left as it is: they are worked out again another time)."""
    try:
        store = progress.load()
        card = store.deck.cards.get(card_id)
        if card is None or not isinstance(card.puzzle, MovePuzzle):
            return
        store.keep_deck_card(replace(card, puzzle=replace(card.puzzle, verdicts=verdicts)))
    except OSError as error:
        warnings.warn(f"the card's verdicts could not be saved: {error}",
                      progress.ProgressWarning, stacklevel=2)


class VerdictFiller:
    """Works out the verdicts of the given cards that have none, one card after another."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[str] = []
        self._running = False
        self.error = ""  # what stopped the work, if anything did

    def fill(self, card_ids: Iterable[str]) -> None:
        """Work out the verdicts of these cards (move cards without them), in this order, in
        the background; cards asked for before and not reached yet come after them."""
        with self._lock:
            wanted = list(dict.fromkeys(card_ids))
            self._waiting = wanted + [i for i in self._waiting if i not in wanted]
            if self._running:
                return
            self._running = True
        loop = None
        try:
            threading.Thread(target=self._work, name="cassino-deck-verdicts",
                             daemon=True).start()
            return
        except RuntimeError:  # no threads here (Pyodide): the kernel's loop does it
            loop = kernel_loop()
        if loop is None:
            with self._lock:
                self._running = False  # nowhere to work in the background: judged on answer
            return
        steps = self._all_steps()
        loop.call_later(GAP, self._tick, loop, steps)

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._running

    def _work(self) -> None:
        for _ in self._all_steps():
            pass

    def _tick(self, loop, steps: Generator[None, None, None]) -> None:
        deadline = time.perf_counter() + SLICE
        try:
            while time.perf_counter() < deadline:
                next(steps)
        except StopIteration:
            return
        loop.call_later(GAP, self._tick, loop, steps)

    def _all_steps(self) -> Generator[None, None, None]:
        try:
            while True:
                with self._lock:
                    if not self._waiting:
                        self._running = False
                        return
                    card_id = self._waiting.pop(0)
                card = progress.load().deck.cards.get(card_id)
                if card is None or not isinstance(card.puzzle, MovePuzzle):
                    continue
                found = known(card.puzzle)
                if found is None:
                    found = yield from verdict_steps(card.puzzle)
                if card.puzzle.verdicts != found:
                    save_verdicts(card_id, found)
                yield
        except Exception as error:  # the answers are judged by the search instead
            self.error = f"{type(error).__name__}: {error}"
            with self._lock:
                self._running = False
