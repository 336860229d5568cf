"""The review panel of the game widget: the learner's marked moves of each finished round and of
the match; a click on one shows its position on a card table (read only), the move played and
the better one drawn as cards with the points each would likely leave the learner ahead at the
round's end, and why, in the hints' own words (`cassino_learn.game.coach_words`).

The moves are valued by `cassino_learn.game.review` (the expert search at a fixed, seeded
budget) on a worker thread, one move as soon as it is played, so that a round's review is
usually ready when the round ends and no click waits for the search. Where no thread can be
started (the in-browser edition), a round is reviewed when it ends.
"""

from __future__ import annotations

import html
import queue
import threading
import time
from typing import Callable

import ipywidgets as w

from ..core.render import move_html
from ..game.coach_words import SCALE, ahead_words, headline
from ..game.review import (REVIEW_ITERATIONS, Evaluate, MatchReview, MoveReview,
                           RoundReview, Turn, review_turn)
from ._assets import asset
from .quiz_widgets import button, row
from .table import CardTable

__all__ = ["ReviewPanel", "Reviewer", "SYMBOLS"]

SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # as chess notation marks them
_TITLES = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}


class Reviewer:
    """Reviews turns in the background, in the order given; `on_done(turn_number)` is called
    (on the worker thread) after each. Falls back to reviewing when asked (`finish`) where no
    thread can be started."""

    def __init__(self, on_done: Callable[[int], None], *, evaluate: Evaluate | None = None,
                 iterations: int = REVIEW_ITERATIONS, seed: int | str = "review") -> None:
        self._on_done = on_done
        self._options = {"evaluate": evaluate, "iterations": iterations, "seed": seed}
        self._jobs: queue.Queue[tuple[int, Turn] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._done: dict[int, MoveReview] = {}
        self._waiting: dict[int, Turn] = {}
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._threads = True
        self.error: str = ""

    def add(self, turn: Turn) -> None:
        """Queue `turn` for review."""
        with self._lock:
            self._waiting[turn.number] = turn
            generation = self._generation
        if self._start():
            self._jobs.put((generation, turn))

    def reset(self) -> None:
        """Forget every review (a new game); a review under way is dropped when it ends."""
        with self._lock:
            self._generation += 1
            self._done.clear()
            self._waiting.clear()
            self.error = ""

    def result(self, number: int) -> MoveReview | None:
        with self._lock:
            return self._done.get(number)

    def pending(self, numbers: list[int]) -> list[int]:
        with self._lock:
            return [n for n in numbers if n not in self._done]

    def finish(self, numbers: list[int]) -> None:
        """Without a worker thread: review these turns now (the caller waits)."""
        if self._threads:
            return
        for number in self.pending(numbers):
            with self._lock:
                turn = self._waiting.get(number)
            if turn is not None:
                self._review(self._generation, turn)

    def wait(self, numbers: list[int], timeout: float) -> bool:
        """Wait until these turns are reviewed (True) or `timeout` seconds pass (False)."""
        deadline = time.monotonic() + timeout
        while self.pending(numbers) and not self.error:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return not self.error

    def close(self) -> None:
        self.reset()
        if self._thread is not None:
            self._jobs.put(None)

    def _start(self) -> bool:
        if self._thread is not None or not self._threads:
            return self._threads
        try:
            self._thread = threading.Thread(target=self._work, name="cassino-review",
                                            daemon=True)
            self._thread.start()
        except RuntimeError:  # no threads here (Pyodide): reviewed at the round's end instead
            self._thread, self._threads = None, False
        return self._threads

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._review(*job)

    def _review(self, generation: int, turn: Turn) -> None:
        with self._lock:
            if generation != self._generation:
                return  # a new game (or the widget closed) since it was asked for
        try:
            reviewed = review_turn(turn, **self._options)  # type: ignore[arg-type]
        except Exception as error:  # shown in the panel; the game goes on without a review
            with self._lock:
                if generation == self._generation:
                    self.error = f"{type(error).__name__}: {error}"
            self._on_done(turn.number)
            return
        with self._lock:
            if generation != self._generation:
                return
            self._done[turn.number] = reviewed
            self._waiting.pop(turn.number, None)
        self._on_done(turn.number)


class ReviewPanel(w.VBox):
    """The learner's marked moves: a summary per finished round and for the match, a button per
    marked move; `show(number)` (or a click) shows that move."""

    def __init__(self) -> None:
        self.summary = w.HTML()
        self.moves_box = w.VBox()
        self.moves_box.add_class("cl-rv-list")
        self.detail = w.HTML()
        self.table: CardTable | None = None  # made when a move is first shown
        self.shown: MoveReview | None = None
        self.move_buttons: dict[int, w.Button] = {}
        self._holder = w.VBox()
        super().__init__([self.summary, self.moves_box, self._holder])
        self.add_class("cl-rv")
        self.clear()

    def clear(self) -> None:
        self.summary.value = ""
        self.moves_box.children = ()
        self.move_buttons = {}
        self.detail.value = ""
        self.shown = None
        self._holder.children = ()
        self.layout.display = "none"

    def show_reviews(self, rounds: list[RoundReview | int], match: MatchReview | None,
                     error: str = "") -> None:
        """Show the rounds (latest first; an int is a round still being reviewed) and, once the
        match is over and every round is reviewed, the match's summary."""
        self.layout.display = None
        parts = ["<h4 class='cl-rv-title'>Your moves, reviewed</h4>"]
        if error:
            parts.append(f"<p class='cl-rv-error' role='status'>The review stopped: "
                         f"{html.escape(error)}</p>")
        if match is not None:
            parts.append(f"<p class='cl-rv-match' role='status'><b>The match:</b> "
                         f"{html.escape(match.summary())}</p>")
        self.summary.value = _style() + "".join(parts)
        rows: list[w.Widget] = []
        buttons: dict[int, w.Button] = {}
        for entry in rounds:
            if isinstance(entry, int):
                rows.append(_line(f"<b>Round {entry}:</b> <span class='cl-rv-busy' "
                                  f"role='status'>reviewing your moves…</span>"))
                continue
            rows.append(_line(f"<b>Round {entry.round_number}:</b> "
                              f"{html.escape(entry.summary())}",
                              "cl-rv-clean" if not entry.marked else ""))
            marked = []
            for reviewed in entry.marked:
                made = self.move_buttons.get(reviewed.number) or self._button(reviewed)
                buttons[reviewed.number] = made
                marked.append(made)
            if marked:
                rows.append(row(*marked))
        self.move_buttons = buttons
        self.moves_box.children = rows
        for number, made in buttons.items():
            (made.add_class if self.shown is not None and self.shown.number == number
             else made.remove_class)("cl-chosen")

    def _button(self, reviewed: MoveReview) -> w.Button:
        mark = reviewed.mark or ""
        label = f"{SYMBOLS.get(mark, '')} Move {reviewed.number}: {reviewed.turn.move}"
        made = button(label, tooltip=f"{_TITLES.get(mark, '')}: show move {reviewed.number}, "
                                     f"the better move and why")
        made.add_class("cl-rv-move-button")
        made.add_class(f"cl-rv-{mark}")
        made.on_click(lambda _: self.show(reviewed))
        return made

    def show(self, reviewed: MoveReview) -> None:
        """Show one marked move: its position, the move played and the better one, and why."""
        if reviewed.played is None or reviewed.better is None:
            raise ValueError(f"move {reviewed.number} is not marked: nothing to show")
        observation = reviewed.turn.observation
        if self.table is None:
            self.table = CardTable(observation.position, mode="watch", seat=observation.seat,
                                   move_box=False)
            self.table.add_class("cl-rv-table")
        else:
            self.table.position = observation.position
        self.table.hand_sizes = list(observation.hand_sizes)
        self.table.say(f"Round {reviewed.round_number}, move {reviewed.number}: the cards you "
                       f"saw, before your move.", "info")
        self.detail.value = detail_html(reviewed)
        self.shown = reviewed
        self._holder.children = (self.detail, self.table)
        for number, made in self.move_buttons.items():
            (made.add_class if number == reviewed.number else made.remove_class)("cl-chosen")


def _style() -> str:
    return f"<style>{asset('review.css')}</style>"


def _line(markup: str, kind: str = "") -> w.HTML:
    line = w.HTML(f"<div class='cl-rv-round {kind}'>{markup}</div>")
    return line


def detail_html(reviewed: MoveReview) -> str:
    """One marked move: its mark and what it cost, the move played and the better one (drawn
    as cards, with the points each would likely leave the learner ahead at the round's end),
    and why. The position itself is the panel's card table."""
    played, better = reviewed.played, reviewed.better
    assert played is not None and better is not None and reviewed.mark is not None
    mark = reviewed.mark

    def one(kind: str, label: str, facts) -> str:
        return (f"<div class='cl-rv-choice cl-rv-{kind}'><div class='cl-rv-label'>{label} "
                f"<span class='cl-rv-points' title='{html.escape(SCALE)}'>"
                f"{html.escape(ahead_words(facts.value))}</span></div>"
                f"{move_html(facts.move, size=None)}</div>")

    why = "".join(f"<li>{html.escape(reason)}</li>" for reason in reviewed.reasons)
    return (f"{_style()}<div class='cl-rv-detail' role='region' "
            f"aria-label='Move {reviewed.number} reviewed'>"
            f"<div class='cl-rv-head'><span class='cl-rv-mark cl-rv-{mark}'>"
            f"{SYMBOLS[mark]} {_TITLES[mark]}</span> {html.escape(headline(reviewed))}</div>"
            f"<div class='cl-rv-choices'>{one('played', 'You played', played)}"
            f"{one('better', 'Better', better)}</div>"
            f"<ul class='cl-rv-why'>{why}</ul>"
            f"<p class='cl-rv-scale'>{html.escape(SCALE)}</p></div>")

