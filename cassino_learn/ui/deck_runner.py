"""The learner's review on the contents page: how many of their own cards are due today, the
streak of days, and a button that plays the due cards one after another on the card table.

A *move card* is a move the review marked in one of their games: the position as they saw it
(their hand, the table; the other hand and the stock hidden), "find a better move", judged by
the expert's search as the review judges (`learner.deck.judging`: looked up in the card's
verdicts, worked out in the background from when cards are due, `deck_verdicts`); afterwards
the better move drawn as cards and the review's why. A *stage card* is a lesson's stage missed on the first
try, played again as that stage (judged by `teaching.stages`, as the stage runner does), and
every second time as a fresh practice position for the same rule
(`learner.deck.practice_form`, judged by the practice's own quiz item). Both
tell a wrong try in steps, the answer last (`teaching.feedback`), with the stage runner's
panels; each answer is scheduled and saved at once (`learner.deck.today`), and the card says
when it comes back.

The panels and the table are made when the learner presses the button: a contents page with
no card due draws one line.
"""

from __future__ import annotations

import html
from datetime import datetime
from typing import Any

import ipywidgets as w

from ..core.cards import Card
from ..core.move import Move
from ..core.position import Position
from ..core.telling import past_said
from ..core.words import count
from ..drawing.markup import element
from ..drawing.render import card_svg, move_html
from ..learner import progress
from ..learner.deck import today
from ..learner.deck.cards import DeckCard, MovePuzzle, StagePuzzle
from ..learner.deck.making import add_missed_stages
from ..learner.deck.practice_form import in_practice_form, practice_form
from ..teaching.feedback import NUDGE, SHOW, step_for
from ..teaching.kinds import Answered, Exhibit
from ..teaching.stages import Stage, has_stages, load_stages
from ._assets import asset
from .deck_verdicts import VerdictFiller
from .deck_watch import DeckWatch
from .looks import shared_look
from .quiz_widgets import button
from .stages import StagePanel
from .table import CardTable

__all__ = ["DeckRunner", "when_words", "summary_html"]

MARK_WORDS = {"inaccuracy": "An inaccuracy", "mistake": "A mistake", "blunder": "A blunder"}
LISTED = 8  # cards listed with their next date under the summary


def _style() -> str:
    """The review's look (widgets/deck.css), scoped to its own classes: sent with the summary,
    the one part always shown."""
    return element("style", asset("deck.css"))


def when_words(due: datetime, now: datetime) -> str:
    """When a card comes back, in words: "now", "in 10 minutes", "in 3 hours", "tomorrow",
    "in 4 days (2 March)"."""
    seconds = (due - now).total_seconds()
    if seconds <= 30:
        return "now"
    if seconds < 3600:
        return f"in {count(max(1, round(seconds / 60)), 'minute')}"
    days = (due.astimezone().date() - now.astimezone().date()).days
    if days == 0:
        return f"in {count(round(seconds / 3600), 'hour')}"
    if days == 1:
        return "tomorrow"
    local = due.astimezone()
    return f"in {count(days, 'day')} ({local.day} {local:%B})"


def _past(move: Move) -> str:
    """What a move did, in the past: "played the two of clubs to take the two of spades",
    "trailed the three of diamonds" (the core's words, `telling`)."""
    return past_said(move)


def _title(card: DeckCard) -> str:
    puzzle = card.puzzle
    if isinstance(puzzle, MovePuzzle):
        return f"{MARK_WORDS[puzzle.mark]} in a game (round {puzzle.round_number})"
    return f"Lesson {puzzle.lesson[:2].lstrip('0')}, a stage you missed"


def summary_html(said: today.Summary, deck: Any, now: datetime) -> str:
    """The deck in a few lines: due today, the streak, the cards listed with their next
    date."""
    if not said.cards:
        return _style() + element(
            "div", element("h3", "Your review"),
            element("p", "No cards yet. A move the review marks in your games, or a stage you "
                         "miss at the first try, comes back here as a puzzle."),
            class_="cl-deck-summary", id="your-review", data_due=0)
    head = element("b", f"{count(said.due_today, 'card')} due today" if said.due_today
                   else "Nothing due today")
    if said.due_today and said.due_now < said.due_today:
        head += f" ({said.due_today - said.due_now} later today)"
    streak = (f"{count(said.streak, 'day')} in a row" if said.streak
              else "answer a card today to start one")
    waiting = sorted((c for c in deck.cards.values() if not c.learnt),
                     key=lambda c: (c.due, c.id))[:LISTED]
    items = [element("li", html.escape(_title(c)), ": ",
                     element("span", "due now" if c.due <= now
                             else "next " + when_words(c.due, now), class_="cl-deck-when",
                             escape=True),
                     data_card=c.id, data_due=c.due.isoformat()) for c in waiting]
    line = element("p", head, " · streak: ", element("span", streak, class_="cl-deck-streak"),
                   f" · {said.learnt} of {count(said.cards, 'card')} learnt")
    return _style() + element("div", element("h3", "Your review"), line,
                              element("ul", *items, class_="cl-deck-cards"),
                              class_="cl-deck-summary", id="your-review",
                              data_due=said.due_today)


class DeckRunner(w.VBox):
    """"Your review": the summary, and the due cards played one after another.
    `evaluate`: the move cards' evaluator (a test's own; by default the expert's search)."""

    def __init__(self, *, evaluate: Any = None) -> None:
        self._evaluate = evaluate
        # the move cards' verdicts worked out while the review plays (the expert's only)
        self.verdicts = VerdictFiller() if evaluate is None else None
        self.summary = w.HTML(layout=shared_look("plain"))
        self.start_button: w.Button | None = None
        self.top: StagePanel | None = None
        self.bottom: StagePanel | None = None
        self.area = w.Box(layout=shared_look("plain"))
        self.next_button: w.Button | None = None
        self.afterwards = w.HTML(layout=shared_look("plain"))  # the better move and why
        self.table: CardTable | None = None
        self.queue: list[str] = []
        self.card: DeckCard | None = None
        self.stage: Stage | None = None
        self._wrong = 0
        self._hint = False
        self._over = False          # the open card is answered (or shown)
        self._found: list[Move] = []
        # the page shown again (another tab's game may have added cards): read the deck afresh
        self.watch = DeckWatch(self.page_shown)
        super().__init__([self.summary, self.watch], layout=shared_look("plain"),
                         _dom_classes=("cl-deck",))
        self.refresh()

    def page_shown(self) -> None:
        """The front end says the page is shown again: read the deck afresh, unless a card is
        open (its answer saves the deck and redraws the summary itself)."""
        if self.card is None:
            self.refresh()

    # ------------------------------------------------------------------ the summary

    def refresh(self) -> today.Summary:
        """Read the deck again (adding the stages an older file's records say were missed)
        and draw the summary, the cards' next dates and the button."""
        with progress.read_once():
            store = progress.load()
            if add_missed_stages(store):
                store = progress.load()
        deck, now = store.deck, today.now()
        said = today.summary(deck, now)
        self.summary.value = summary_html(said, deck, now)
        if said.due_now and self.card is None:
            if self.verdicts is not None:  # worked out while the learner reads the page
                self.verdicts.fill(c.id for c in today.due_now(deck))
            label = f"Review {count(said.due_now, 'card')} ▶"
            if self.start_button is None:
                self.start_button = button(label, primary=True,
                                           tooltip="Play the cards due now, one after another")
                self.start_button.add_class("cl-deck-start")
                self.start_button.on_click(lambda _: self.start())
            self.start_button.description = label
            self.children = (self.summary, self.watch, self.start_button, *self._card_parts())
        else:
            self.children = (self.summary, self.watch, *self._card_parts())
        return said

    def _card_parts(self) -> tuple[w.Widget, ...]:
        if self.top is None or self.bottom is None or self.card is None:
            return ()
        assert self.next_button is not None
        return (self.top, self.area, self.bottom, self.next_button, self.afterwards)

    # ------------------------------------------------------------------ playing the cards

    def start(self) -> None:
        """Play the cards due now, the longest due first."""
        self.queue = [c.id for c in today.due_now(progress.load().deck)]
        if self.verdicts is not None:
            self.verdicts.fill(self.queue)
        if self.top is None:
            self.top = StagePanel(part="top", layout=shared_look("plain"))
            self.bottom = StagePanel(part="bottom", layout=shared_look("plain"),
                                     next_label="Next card ▶")
            for panel in (self.top, self.bottom):
                panel.on_msg(self._on_panel_message)
            # the deck's own way on (the panels' Next names a stage)
            self.next_button = button("Next card ▶", primary=True)
            self.next_button.layout = w.Layout(width="auto")  # its own: it is hidden alone
            self.next_button.add_class("cl-deck-next")
            self.next_button.on_click(lambda _: self._go_on())
        self.next()

    def _go_on(self) -> None:
        if self._over:
            self.next()

    def next(self) -> None:
        """Open the next card of the queue, or say that the review is done."""
        self._close_table()
        while self.queue:
            card = progress.load().deck.cards.get(self.queue.pop(0))
            if card is not None and self._open(card):
                return
        self.card = None
        self.refresh()
        self.summary.value += element("p", "Review done for now. Well played!",
                                      class_="cl-deck-done", role="status")

    def _open(self, card: DeckCard) -> bool:
        """Show `card` (False: a stage no longer in its lesson, left for another day)."""
        puzzle = card.puzzle
        stage = None
        if isinstance(puzzle, StagePuzzle):
            if not has_stages(puzzle.lesson) or puzzle.stage not in load_stages(puzzle.lesson).ids:
                return False
            stage = load_stages(puzzle.lesson).stage(puzzle.stage)
            if in_practice_form(card.reviews):  # every second time: the rule, not the stage
                stage = practice_form(stage, seed=card.reviews) or stage
        self.card, self.stage = card, stage
        self._wrong, self._hint, self._over, self._found = 0, False, False, []
        assert self.top is not None and self.bottom is not None
        with self.top.hold_sync(), self.bottom.hold_sync():
            self.top.dots = []
            self.top.stars = f"{_title(card)} · {count(len(self.queue), 'more card')} after it"
            self.top.why = ""
            self.bottom.choices, self.bottom.sides, self.bottom.answers = [], [], []
            self.bottom.collecting = False
            self.bottom.hint_shown, self.bottom.can_hint, self.bottom.can_show = False, True, False
            self.bottom.next_armed, self.bottom.next_auto = False, False
            self.bottom.complete, self.bottom.exhibit = "", ""
            self.bottom.stage_index += 1
            self.afterwards.value = ""
            assert self.next_button is not None
            self.next_button.layout.display = "none"
            self._say("", "")
            if isinstance(puzzle, MovePuzzle):
                self._open_move(puzzle)
            else:
                assert stage is not None
                self._open_stage(stage)
        self.children = (self.summary, self.watch, *self._card_parts())
        return True

    def _open_move(self, puzzle: MovePuzzle) -> None:
        assert self.top is not None and self.bottom is not None
        position = Position.parse(puzzle.position)
        played = position.parse_move(puzzle.played)
        self.top.say = (f"{MARK_WORDS[puzzle.mark]} from one of your games: here you "
                        + element("b", _past(played), escape=True)
                        + ". These are the cards you saw; the other hand and the stock stay "
                          "hidden.")
        self.top.task = "Find a better move."
        self.bottom.hint = html.escape(self._move_hint(puzzle))
        self.table = CardTable(position, mode="play", seat=puzzle.seat, move_box=False)
        self.table.hand_sizes = list(puzzle.hand_sizes)
        self.table.add_class("cl-deck-table")
        self.table.on_move(self._played)
        self.area.children = (self.table,)

    @staticmethod
    def _move_hint(puzzle: MovePuzzle) -> str:
        better = Position.parse(puzzle.position).parse_move(puzzle.better)
        return f"Look at what your {better.card.name} can do."

    def _open_stage(self, stage: Stage) -> None:
        assert self.top is not None and self.bottom is not None
        self.top.say = html.escape(stage.say).replace("**", "")
        self.top.task = stage.task()
        self.bottom.hint = html.escape(stage.hint or "Read the task again: what does it ask?")
        controls = stage.behaviour.controls  # what the stage's kind needs on screen
        if controls.answer is Answered.SIDES:
            self.bottom.sides = list(stage.sides())
        else:
            self.bottom.choices = list(stage.choices())
        self.bottom.collecting = controls.answer is Answered.MOVES
        if controls.exhibit is Exhibit.CARDS:
            self.bottom.exhibit = "".join(card_svg(c, size=56) for c in stage.cards)
        self.table = None
        if stage.position is not None and controls.table and \
                controls.answer is not Answered.STEPS:
            play = controls.answer in (Answered.MOVE, Answered.MOVES)
            self.table = CardTable(stage.position, mode="play" if play else "watch",
                                   seat=stage.position.turn, stock=stage.stock or None)
            if play:
                self.table.on_move(self._played)
            elif controls.exhibit is Exhibit.MOVE and stage.item is not None:
                self._raise(self.table, stage.item.move or "", stage.position)
        self.area.children = (self.table,) if self.table is not None else ()

    @staticmethod
    def _raise(table: CardTable, move: str, position: Position) -> None:
        """Raise the cards a move names on the table (a legal-or-not question's move)."""
        named = []
        for word in move.replace("+", " ").replace("[", " ").replace("]", " ").replace(
                ":", " ").replace("|", " ").replace(",", " ").split():
            try:
                named.append(Card.parse(word))
            except ValueError:
                continue
        hand = [c for c in named if c in position.hand][:1]
        table.set_state({"selected_card": str(hand[0]) if hand else "",
                         "selected_table": [str(c) for c in named if c in position.table_cards]})

    # ------------------------------------------------------------------ answers

    def _collects(self) -> bool:
        """Whether the open stage is answered by moves collected on its table (captures)."""
        return self.stage is not None and \
            self.stage.behaviour.controls.answer is Answered.MOVES

    @staticmethod
    def _played_on_table(stage: Stage) -> bool:
        """Whether `stage` is answered by one move played on its table (a goal)."""
        return stage.behaviour.controls.answer is Answered.MOVE

    def _played(self, move: Move, _after: Position) -> None:
        """A legal move on the card's table."""
        if self._over or self.card is None or self.table is None:
            return
        if isinstance(self.card.puzzle, MovePuzzle):
            self.answer_move(move)
        elif self.stage is not None and self._collects() and self.stage.position is not None:
            self.table.position = self.stage.position
            refused = self.stage.behaviour.not_collected(self.stage, move)
            if refused:
                self._say(refused, "wrong")
            elif move not in self._found:
                self._found.append(move)
                assert self.bottom is not None
                self.bottom.answers = [str(m) for m in self._found]
                self._say(f"Added “{move}”. Find the next, or press “That's all”.", "")
        else:
            self.answer_stage(move)

    def answer_move(self, move: Move | str) -> bool:
        """Judge an answer to the open move card (as the table sends it); True when right."""
        from ..learner.deck.judging import judge

        card, table = self.card, self.table
        assert card is not None and isinstance(card.puzzle, MovePuzzle)
        puzzle = card.puzzle
        self._say("Checking your move…", "")
        judged = judge(puzzle, move, evaluate=self._evaluate)
        if judged.right:
            same = str(judged.move) == puzzle.better
            said = ("Right! That is the better move the review found." if same else
                    "Right! Your move is as good as the one the review found (drawn below).")
            self._finish(True, said, self._better_html(puzzle, same), raised=str(judged.move))
            return True
        self._wrong += 1
        step = step_for(self._wrong, self._hint)
        if table is not None:
            table.position = puzzle.position  # back to the position: try again at once
            table.hand_sizes = list(puzzle.hand_sizes)
        if step >= SHOW:
            self.show_answer()
            return False
        again = ("That is the move you played in the game." if str(judged.move) == puzzle.played
                 else "Not better: another move keeps more points.")
        if step >= NUDGE:
            again += " " + self._move_hint(puzzle)
        self._say(again + " Try again.", "wrong")
        assert self.bottom is not None
        self.bottom.can_show = True
        return False

    def answer_stage(self, value: Any) -> bool:
        """Judge an answer to the open stage card (as the panels or the table send it)."""
        stage = self.stage
        assert stage is not None
        step = step_for(self._wrong + 1, self._hint)
        verdict = stage.judge(value, step=step)
        if verdict.correct:
            self._finish(True, verdict.message)
            return True
        if not verdict.counted:  # "Choose a number." and the like: no try at all
            self._say(verdict.message, "wrong", verdict.rule or "")
            return False
        self._wrong += 1
        if self._played_on_table(stage) and self.table is not None and \
                stage.position is not None:
            self.table.position = stage.position
            if stage.stock:
                self.table.stock = stage.stock
        if step >= SHOW:
            self._finish(False, verdict.message)
            return False
        self._say(verdict.message + " Try again.", "wrong", verdict.rule or "")
        assert self.bottom is not None
        self.bottom.can_show = True
        return False

    def take_hint(self) -> str:
        if self._over or self.bottom is None:
            return ""
        self._hint = True
        self.bottom.hint_shown = True
        self.bottom.can_show = True
        return self.bottom.hint

    def show_answer(self) -> None:
        """"Show me": the answer, and the card comes back soon (rated Again)."""
        card = self.card
        if self._over or card is None:
            return
        if isinstance(card.puzzle, MovePuzzle):
            puzzle = card.puzzle
            better = Position.parse(puzzle.position).parse_move(puzzle.better)
            self._finish(False, f"A better move: {better.describe().rstrip('.')}.",
                         self._better_html(puzzle, True), raised=puzzle.better)
        else:
            stage = self.stage
            assert stage is not None
            self._finish(False, stage.shown().message)
            if self._played_on_table(stage) and self.table is not None and \
                    stage.position is not None:
                self.table.position = stage.position  # the answer raised, as the stages do
                self._raise(self.table, str(stage.solutions()[0]), stage.position)

    def _better_html(self, puzzle: MovePuzzle, same: bool) -> str:
        better = Position.parse(puzzle.position).parse_move(puzzle.better)
        why = element("ul", *(element("li", r, escape=True) for r in puzzle.reasons),
                      class_="cl-deck-why")
        label = "The better move" if same else "The move the review found"
        return element("div", element("div", f"{label}:", class_="cl-deck-label"),
                       move_html(better, size=None), why, class_="cl-deck-better",
                       role="region", aria_label="the better move")

    def _finish(self, right: bool, said: str, exhibit: str = "", raised: str = "") -> None:
        """The card is answered (or shown): schedule it, save it, and say when it is back.
        `raised`: a move card's answer, raised on its table in the position before it."""
        card = self.card
        assert card is not None and self.bottom is not None
        self._over = True
        saved = today.answer_card(card.id, right=right, wrong_tries=self._wrong,
                                  hint=self._hint)
        self.card = saved
        deck = progress.load().deck
        back = ("Learnt: it leaves your daily review." if saved.learnt else
                f"Next review: {when_words(saved.due, today.now())}.")
        if self.table is not None:
            self.table.mode = "watch"
            if raised and isinstance(card.puzzle, MovePuzzle):
                self.table.position = card.puzzle.position
                self.table.hand_sizes = list(card.puzzle.hand_sizes)
                self._raise(self.table, raised, self.table.position)
                self.table.say("The cards you saw, before the move: the move is raised.")
        now = today.now()
        # the summary first: when the verdict shows, the card's next date is already there
        self.summary.value = summary_html(today.summary(deck, now), deck, now)
        with self.bottom.hold_sync():
            self.bottom.choices, self.bottom.sides, self.bottom.collecting = [], [], False
            self.bottom.can_hint = self.bottom.can_show = False
            self._say(f"{said} {back}", "right" if right else "shown")
        self.afterwards.value = exhibit  # under the verdict: the verdict stays in view
        assert self.next_button is not None
        self.next_button.description = "Next card ▶" if self.queue else "Finish ▶"
        self.next_button.layout.display = ""

    def _say(self, text: str, kind: str, rule: str = "") -> None:
        assert self.bottom is not None
        with self.bottom.hold_sync():
            self.bottom.verdict, self.bottom.verdict_kind, self.bottom.rule = text, kind, rule

    def _close_table(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        self.area.children = ()

    # ------------------------------------------------------------------ front end

    @progress.read_once()
    def _on_panel_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or self.card is None:
            return
        kind = content.get("type")
        if kind == "next":
            self._go_on()
        elif kind == "hint":
            self.take_hint()
        elif self._over:
            return
        elif kind == "show":
            self.show_answer()
        elif kind == "answer" and self.stage is not None:
            value = self.stage.behaviour.read_front_end(content.get("value"))
            if value is not None:
                self.answer_stage(value)
        elif kind == "check" and self.stage is not None and self._collects():
            self.answer_stage(self._found)
        elif kind == "remove" and isinstance(content.get("index"), int):
            if 0 <= content["index"] < len(self._found):
                del self._found[content["index"]]
                assert self.bottom is not None
                self.bottom.answers = [str(m) for m in self._found]

    def send_from_front_end(self, content: dict) -> None:
        """Act as the panels' front end does (tests and scripted learners)."""
        assert self.bottom is not None
        self.bottom._handle_custom_msg(content, [])
