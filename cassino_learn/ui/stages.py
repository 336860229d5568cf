"""The stage runner: a lesson's stages one after another, on the card table, with stars.

Above the table a panel shows the map of the stages (with their stars), what the stage says and
the task; below it, the verdict (right under the table, brought into view after every try), the
answer buttons, the hint and the way on. A stage's table offers only the kinds of play its lesson
has taught by then (`ui.selection.kinds_taught`, from the catalogue). Python judges
everything through `cassino_learn.teaching.stages` (and so the rules core); the panels
(widgets/stages.js) only show it and report clicks. Only the open stage has widgets: a stage's
table is built when it opens and closed when it is left.

Each thing the runner does (opening, a message from its panels or its table) reads the progress
file once (`progress.read_once`): its records, its map and its table's settings are one reading.
What a learner does is told to their class (`classroom.class_events`) only in a class: outside
one that module is not even imported.
"""

from __future__ import annotations

import html
import re
from types import ModuleType
from typing import TYPE_CHECKING, Any

import ipywidgets as w
import traitlets as t

from ..browser import in_browser
from ..core.cards import Card
from ..core.move import Move
from ..core.position import Position
from ..drawing.markup import element
from ..drawing.render import asked_move_html, card_svg
from ..teaching import catalog
from ..learner import learner_context, progress
from ..teaching.feedback import SHOW, step_for
from ..teaching.kinds import Answered, Exhibit
from ..teaching.quiz import Verdict
from ..teaching.saying import move_said
from ..teaching.stages import (LessonStages, Stage, load_stages, most_stars, stars_earned,
                               stars_for)
from ._assets import asset
from .front_end import FrontEnd
from .looks import shared_look
from .notation_setting import notation_box, shows_notation
from .shown import ShownByModel

if TYPE_CHECKING:
    from .reading_box import ReadingBox
    from .table import CardTable

__all__ = ["StagePanel", "StageRunner", "NEXT_DELAY_MS", "task_line"]

# The ★ before a count of stars, said "Stars:" to a screen reader (as widgets/stages.js says
# the stage's own stars: the glyph hidden, the words given by the CSS of .cl-stage-said).
STARS_SIGN = (element("span", "★", aria_hidden="true")
              + element("span", class_="cl-stage-said", data_said="Stars:"))

NEXT_DELAY_MS = 1600  # the pause after a right answer before the next stage opens by itself


def _class_events() -> ModuleType | None:
    """`classroom.class_events` when this learner's events go somewhere (a class), else None."""
    context = learner_context.current()
    if context.record is None and context.sink is None:
        return None
    from ..classroom import class_events

    return class_events


def _markup(text: str) -> str:
    """Stage text as HTML: escaped, with **bold** and `code`."""
    out = html.escape(text)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", out)


def _cards_html(cards: tuple[Card, ...] | list[Card], four_color: bool) -> str:
    drawn = "".join(card_svg(card, four_color=four_color, size=56) for card in cards)
    return f'<span class="cl-stage-cards">{drawn}</span>'


def task_line(stage: Stage) -> str:
    """The task a stage shows. A question about a move (Legal / Not legal) asks about the move
    drawn under the table (`_move_exhibit`), never about its notation."""
    return stage.behaviour.drawn_question or stage.task()


def _move_exhibit(stage: Stage, four_color: bool) -> str:
    """The move a question asks about drawn as cards (`drawing.render.asked_move_html`)."""
    assert stage.item is not None and stage.item.move is not None
    return asked_move_html(stage.item.move, four_color=four_color)


class StagePanel(FrontEnd):
    """One of the runner's two panels ("top": map, words and task; "bottom": answers, verdict,
    hint, next). Plain JSON state; every click is a message to Python."""

    _esm = asset("stages.js")
    _css = asset("stages.css")

    part = t.Unicode("top").tag(sync=True)
    dots = t.List(t.Dict()).tag(sync=True)          # [{n, stars, solved, seen, starred, current}]
    stars = t.Unicode("").tag(sync=True)            # "★ 7 of 27"
    say = t.Unicode("").tag(sync=True)              # HTML
    task = t.Unicode("").tag(sync=True)
    why = t.Unicode("").tag(sync=True)              # HTML, folded under "Why?"
    exhibit = t.Unicode("").tag(sync=True)          # HTML: cards to count, piles
    choices = t.List(t.Unicode()).tag(sync=True)
    sides = t.List(t.Int()).tag(sync=True)          # score stages: one row of numbers a side
    answers = t.List(t.Unicode()).tag(sync=True)    # captures found so far
    collecting = t.Bool(False).tag(sync=True)       # captures: show the list and "That's all"
    verdict = t.Unicode("").tag(sync=True)
    verdict_kind = t.Unicode("").tag(sync=True)     # "right", "wrong", "shown", "seen" or ""
    rule = t.Unicode("").tag(sync=True)
    hint = t.Unicode("").tag(sync=True)
    hint_shown = t.Bool(False).tag(sync=True)
    can_hint = t.Bool(False).tag(sync=True)
    can_show = t.Bool(False).tag(sync=True)         # "Show me": after a wrong try or the hint
    next_armed = t.Bool(False).tag(sync=True)
    next_auto = t.Bool(True).tag(sync=True)         # go on by itself after the countdown
    go_on = t.Bool(True).tag(sync=True)             # the learner's setting `next_by_itself`
    next_label = t.Unicode("Next stage ▶").tag(sync=True)
    delay_ms = t.Int(NEXT_DELAY_MS).tag(sync=True)
    stage_index = t.Int(0).tag(sync=True)
    complete = t.Unicode("").tag(sync=True)         # HTML: the lesson is done


class StageRunner(ShownByModel, w.VBox):
    """A lesson's stages, opened at the first one not yet solved (read from the progress file
    again when the page is shown, so a preheated kernel resumes where the learner is)."""

    children: tuple[Any, ...]  # ipywidgets' Box trait (the package ships no types)

    def __init__(self, slug: str, *, next_lesson: tuple[str, str] | None = None,
                 delay_ms: int = NEXT_DELAY_MS) -> None:
        self.slug = slug
        self.lesson: LessonStages = load_stages(slug)
        self._next_lesson = next_lesson  # (title, notebook) of the lesson after this one
        with progress.read_once():
            # Read before the widgets below exist: in the browser the page answers the read,
            # and it answers sooner before it has their models to make.
            self.records()
            # one layout model for the three (none is restyled on its own)
            self.top = StagePanel(part="top", layout=shared_look("plain"))
            self.bottom = StagePanel(part="bottom", delay_ms=delay_ms, layout=shared_look("plain"))
            self.area = w.Box(layout=w.Layout(width="100%"))
            # the stored "Show notation" setting, the game's box too: made with the first
            # stage that draws a move, under the verdict (which stays right under the table)
            self.notation_box: w.Checkbox | None = None
            self.table: CardTable | None = None
            self.index = -1
            self._wrong = 0
            self._hint_used = False
            self._hints_taken = 0        # steps of the hint ladder shown (each costs a star)
            self._shown = False          # the answer was shown: the stage is "seen", no stars
            self._touched = False        # the learner has acted in this kernel
            self._found: list[Move] = []  # captures stage: the captures added so far
            self.reading: ReadingBox | None = None  # the table's reading box, under the verdict
            self._raising = False         # the runner itself is setting the table's selection
            self._drawn_from = progress.LessonProgress()  # the learner's records the map shows
            # classes given at once: added afterwards, each is one more message to the page
            super().__init__([self.top, self.area, self.bottom], layout=shared_look("plain"),
                             _dom_classes=("cl-stage-runner",))
            for panel in (self.top, self.bottom):
                panel.on_msg(self._on_panel_message)
            self.resume()

    # ------------------------------------------------------------------ navigation

    @property
    def stage(self) -> Stage:
        return self.lesson.stages[self.index]

    def records(self) -> progress.LessonProgress:
        return progress.load().lesson(self.slug)

    def first_unsolved(self) -> int | None:
        entry = self.records()
        return next((i for i, s in enumerate(self.lesson.stages) if not entry.solved(s.id)),
                    None)

    def resume(self) -> None:
        """Open the class's homework stage of this lesson not solved yet (in a class), else
        the first unsolved stage, or show the lesson as done."""
        from ..classroom.homework import stage_to_open

        wanted = stage_to_open(self.slug)
        if wanted in self.lesson.ids:
            self.open_stage(self.lesson.ids.index(wanted))
            return
        first = self.first_unsolved()
        if first is None:
            self._close_stage()
            self.index = -1
            self._draw_map()
            self._show_complete()
        else:
            self.open_stage(first)

    def open_stage(self, index: int) -> None:
        """Open stage `index` (0-based) afresh: its widgets are built now."""
        if not 0 <= index < len(self.lesson):
            raise IndexError(f"{self.slug} has stages 1 to {len(self.lesson)}, not {index + 1}")
        self._close_stage()
        self.index = index
        stage = self.stage
        record = self.records().stages.get(stage.id)
        # An attempt under way (saved before a reload) keeps its tries and hint.
        under_way = record if record is not None and not record.solved else None
        self._wrong = max(0, under_way.tries) if under_way else 0
        self._hints_taken = min(under_way.hint, len(stage.hint_steps())) if under_way else 0
        self._hint_used = self._hints_taken > 0
        self._shown = False
        self._found = []
        starred = stage.starred
        controls = stage.behaviour.controls  # what the stage's kind needs on screen
        with self.top.hold_sync(), self.bottom.hold_sync():
            self.top.say = _markup(stage.say)
            self.top.task = task_line(stage)
            self.top.why = _markup(stage.why)
            self.top.stage_index = index
            self.bottom.stage_index = index
            self.bottom.complete = ""
            self.bottom.exhibit = self._exhibit(stage)
            self.bottom.choices = list(stage.choices())
            self.bottom.sides = list(stage.sides()) if controls.answer is Answered.SIDES else []
            self.bottom.answers = []
            self.bottom.collecting = controls.answer is Answered.MOVES
            self.bottom.hint = self._hint_html()
            self.bottom.hint_shown = self._hint_used and starred
            # a demonstration has nothing to hint at; a guided step shows its clicks
            self.bottom.can_hint = starred and self._hints_taken < len(stage.hint_steps())
            self.bottom.can_show = starred and (self._wrong > 0 or self._hint_used)
            self.bottom.next_armed = False
            self.bottom.go_on = progress.preference("next_by_itself")
            self.bottom.next_auto = self.bottom.go_on
            self._say("", "")
        self.table = self._make_table(stage)
        self.area.children = (self.table,) if self.table is not None else ()
        self._follow_reading(self.table)
        self._offer_notation(self.table is not None or controls.exhibit is Exhibit.MOVE)
        self._draw_map()
        if events := _class_events():
            events.record_visit(self.slug, stage.id)

    def next(self) -> None:
        """Go on: the next unsolved stage after this one (or before it), or the lesson's end."""
        entry = self.records()
        order = list(range(self.index + 1, len(self.lesson))) + list(range(0, self.index + 1))
        for i in order:
            if not entry.solved(self.lesson.stages[i].id):
                self.open_stage(i)
                return
        if self.index + 1 < len(self.lesson):
            self.open_stage(self.index + 1)  # all solved: replaying, go on in order
            return
        self._close_stage()
        self.index = -1
        self._draw_map()
        self._show_complete()

    # ------------------------------------------------------------------ answering

    def answer(self, value: Any) -> Verdict:
        """Answer the open stage (what the buttons send); returns the verdict shown. A wrong
        answer is told in steps: what to look at again, then a stronger hint, then the answer
        (`cassino_learn.teaching.feedback`)."""
        self._touched = True
        step = step_for(self._wrong + 1, self._hint_used)
        verdict = self.stage.judge(value, step=step)
        if verdict.correct:
            self._right(verdict, answer=value)
        elif step >= SHOW and self._counts(verdict):
            self._wrong += 1
            if events := _class_events():
                events.record_try(self.slug, self.stage.id, False)
            self._seen(verdict)
        else:
            self._wrong_try(verdict, counted=self._counts(verdict))
        return verdict

    @property
    def _answered(self) -> Answered:
        """How the open stage is answered (its kind's controls)."""
        return self.stage.behaviour.controls.answer

    def _counts(self, verdict: Verdict) -> bool:
        """Whether a wrong verdict is a try (not "choose a number first" and the like)."""
        return self._answered is not Answered.STEPS and verdict.counted

    def show_answer(self) -> Verdict:
        """"Show me": the answer with what makes it right; the stage is then seen, starless."""
        self._touched = True
        verdict = self.stage.shown()
        if self.index >= 0 and self._answered is not Answered.STEPS and \
                self.bottom.verdict_kind not in ("right", "shown"):
            self._seen(verdict)
        return verdict

    def take_hint(self) -> str:
        self._touched = True
        if self.index < 0 or self._answered is Answered.STEPS:
            return ""
        steps = self.stage.hint_steps()
        if self._hints_taken < len(steps):
            self._hints_taken += 1  # the next step of the ladder: each one costs a star
            self._hint_used = True
            self._save(solved=False)  # a reload keeps the steps taken (and their cost)
        self.bottom.hint = self._hint_html()
        self.bottom.hint_shown = True
        self.bottom.can_hint = self._hints_taken < len(steps)  # the move itself: "Show me"
        self.bottom.can_show = self.bottom.verdict_kind not in ("right", "shown")
        return self.hint_text()

    def hint_text(self) -> str:
        """The steps of the stage's hint ladder taken so far (the first before any is taken);
        none names the move: "Show me" does."""
        steps = self.stage.hint_steps()
        return "\n".join(steps[:max(1, self._hints_taken)])

    def _hint_html(self) -> str:
        return "<br>".join(_markup(step) for step in self.hint_text().split("\n"))

    def _right(self, verdict: Verdict, answer: Any = None) -> None:
        stage, message = self.stage, verdict.message
        stars = stars_for(self._wrong, self._hints_taken, shown=self._shown, kind=stage.kind,
                          two_way=stage.two_way, guided=stage.guided)
        record = self._save(solved=True, stars=stars)
        if events := _class_events():
            events.record_try(self.slug, stage.id, True, answer)
        if self._answered is Answered.STEPS:
            self._say("Seen to the end. Step back with ◀ Back to look again.", "seen")
        elif stage.guided:  # shown how: no stars to tell
            self._say(f"{message} Now you know how; from here on you find the move.", "right",
                      verdict)
        else:
            best = f" (your best: {'★' * record.stars})" if record.stars > stars else ""
            self._say(f"{message} {'★' * stars}{'☆' * (3 - stars)}{best}", "right", verdict)
        self._finish(auto=self._answered is not Answered.STEPS)

    def _seen(self, verdict: Verdict) -> None:
        """The answer is shown: the stage is done as "seen", with no star."""
        self._shown = True
        self._save(solved=True, stars=0)
        message = verdict.message
        if verdict.rule and not verdict.names_rule:
            message += f" (rule {verdict.rule})"  # before the note, with the answer it belongs to
        self._say(message + " Stage seen: no star this time; replay it to earn stars.", "shown")
        self._show_solution()
        self._finish(auto=False)  # the learner reads the answer, then goes on

    def _finish(self, *, auto: bool) -> None:
        """The stage is over: the table stops taking moves, and the way on opens."""
        if self.table is not None and self._answered is not Answered.STEPS:
            self.table.mode = "watch"
        with self.bottom.hold_sync():
            self.bottom.choices, self.bottom.sides, self.bottom.collecting = [], [], False
            self.bottom.can_hint = self.bottom.can_show = False
            self.bottom.next_auto = auto and self.bottom.go_on
        self._draw_map()
        if self.first_unsolved() is None:
            self._show_complete()  # every stage done: the lesson is done
        else:
            self.bottom.next_armed = True

    def _show_solution(self) -> None:
        """A stage answered by a move: its answer raised on its table, as a move to judge is."""
        stage = self.stage
        if self.table is None or self._answered is not Answered.MOVE or stage.position is None:
            return
        move = stage.solutions()[0]
        self.table.position = stage.position
        self.table.mode = "watch"
        self._raising = True
        try:
            self.table.set_state({"selected_card": str(move.card),
                                  "selected_table": [str(c) for c in move.table_cards]})
        finally:
            self._raising = False

    def _wrong_try(self, verdict: Verdict, *, counted: bool = True) -> None:
        if counted:
            self._wrong += 1
            self._save(solved=False)
            if events := _class_events():
                events.record_try(self.slug, self.stage.id, False)
        self._say(verdict.message + (" Try again." if counted else ""), "wrong", verdict)
        self.bottom.can_show = counted or self.bottom.can_show

    def _save(self, *, solved: bool, stars: int = 0) -> progress.StageRecord:
        return progress.load().record_stage(
            self.slug, self.stage.id, solved=solved, stars=stars,
            tries=self._wrong + (1 if solved and not self._shown else 0),
            hint=self._hints_taken, stage_ids=self.lesson.ids, shown=self._shown)

    def _say(self, text: str, kind: str, verdict: Verdict | None = None) -> None:
        """Show `text` as the verdict; `verdict`'s rule beside it, unless the text cites it."""
        rule = (verdict.rule or "") if verdict is not None and not verdict.names_rule else ""
        with self.bottom.hold_sync():
            self.bottom.verdict, self.bottom.verdict_kind, self.bottom.rule = text, kind, rule

    # ------------------------------------------------------------------ the table

    def _follow_reading(self, table: CardTable | None) -> None:
        """The reading mode's box, under the verdict (the verdict stays right under the table):
        made with the first table (a lesson without one never loads it), hidden without one."""
        if self.reading is None:
            if table is None:
                return
            from .reading_box import ReadingBox

            self.reading = ReadingBox(layout=shared_look("plain"))
            self.children = (*self.children, self.reading)
        self.reading.follow(table)

    def _offer_notation(self, moves_drawn: bool) -> None:
        """The "Show notation" box, last, on a stage that draws a move (a table, a move asked
        about); made with the first such stage."""
        if self.notation_box is None:
            if not moves_drawn:
                return
            self.notation_box = notation_box()
            shows_notation(self, self.notation_box)
        rest = tuple(c for c in self.children if c is not self.notation_box)
        wanted = (*rest, self.notation_box) if moves_drawn else rest
        if wanted != tuple(self.children):
            self.children = wanted

    def _make_table(self, stage: Stage) -> CardTable | None:
        position, controls = stage.position, stage.behaviour.controls
        if position is None or not controls.table:
            return None
        # imported here: a lesson whose first stage has no table opens without its modules
        from .table import CardTable

        if controls.answer is Answered.STEPS:
            table = CardTable.demo(position, list(stage.steps), seat=position.turn,
                                   reading_box=False, sweeps_shown=self._sweeps_taught())
            table.observe(self._demo_moved, "demo_index")
            return table
        if controls.answer in (Answered.MOVE, Answered.MOVES):  # answered on the table
            table = CardTable(position, mode="play", seat=position.turn,
                              stock=stage.stock or None, kinds=self._kinds_offered(stage),
                              reading_box=False, sweeps_shown=self._sweeps_taught())
            table.on_move(self._played)
            table.on_msg(self._table_message)
            table.observe(self._selection_changed, ["selected_card", "selected_table"])
            return table
        table = CardTable(position, mode="watch", seat=position.turn, reading_box=False)
        if controls.exhibit is Exhibit.MOVE:
            self._show_move(table, stage)
        return table

    def _sweeps_taught(self) -> bool:
        """Whether the lesson or one before it has taught sweeps (W1): a table says none before."""
        try:
            return "W1" in catalog.taught_by(self.slug)
        except KeyError:  # a stage file outside the course
            return True

    def _kinds_offered(self, stage: Stage) -> frozenset[str]:
        """The kinds of play the stage's table offers: those its lesson and the ones before
        have taught (the catalogue's rules), and the kind of the stage's own answer."""
        from .selection import KINDS, kinds_taught  # with the card table, when first needed

        try:
            taught = kinds_taught(catalog.taught_by(self.slug))
        except KeyError:  # a stage file outside the course: every kind
            return KINDS
        answers = stage.solutions()
        moves = answers[0] if stage.behaviour.controls.answer is Answered.MOVES and answers \
            else answers
        return taught | {move.kind for move in moves}

    @staticmethod
    def _show_move(table: CardTable, stage: Stage) -> None:
        """Raise the cards a move asked about names, so the learner sees it on the table."""
        assert stage.item is not None and stage.position is not None
        named = []
        for word in re.split(r"[\s+|\[\],:]+", stage.item.move or ""):
            try:
                named.append(Card.parse(word))
            except ValueError:
                continue
        played = [c for c in named if c in stage.position.hand][:1]
        on_table = [c for c in named if c in stage.position.table_cards]
        table.set_state({"selected_card": str(played[0]) if played else "",
                         "selected_table": [str(c) for c in on_table]})

    @progress.read_once()  # one reading of the file a message
    def _played(self, move: Move, _after: Position) -> None:
        """A legal move played on the table of a stage answered by moves."""
        self._touched = True
        stage = self.stage
        table = self.table
        assert table is not None and stage.position is not None
        if self._answered is Answered.MOVE:
            verdict = self.answer(move)
            if not verdict.correct:
                table.position = stage.position  # back to the start: try again at once
                if stage.stock:
                    table.stock = stage.stock  # the card drawn goes back on the stock
            return
        # several moves (captures): a capture of the card joins the answer; the table goes
        # back to the start
        table.position = stage.position
        said = move_said(stage.position, move)
        refused = stage.behaviour.not_collected(stage, move)
        if refused:
            self._say(refused, "wrong")
            return
        if move in self._found:
            self._say(f"You have that one already: {said}.", "")
            return
        self._found.append(move)
        self.bottom.answers = self._answers_said()
        self._say(f"Added: {said}. Find the next, or press “That's all”.", "")

    def _answers_said(self) -> list[str]:
        """The captures found so far, in words."""
        assert self.stage.position is not None
        return [move_said(self.stage.position, m) for m in self._found]

    @progress.read_once()  # one reading of the file a message
    def _table_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """After the table has handled a learner's action: an illegal try is a wrong answer
        (the table shows the core's reason; the verdict repeats it with the rule)."""
        if not isinstance(content, dict) or content.get("type") not in ("action", "move_text"):
            return
        table = self.table
        if table is not None and table.message_kind == "error" and table.rule:
            self._touched = True
            said, rule = table.message, table.rule
            if events := _class_events():
                events.record_refusal(self.slug, self.stage.id, rule)
            # One place for a verdict: the refusal moves from the table's line to the stage's.
            table.set_state({"message": "", "rule": "", "message_kind": "info"})
            # the rule is shown as the verdict's tag
            refused = Verdict(False, f"Not allowed: {said}", rule)
            if self._answered in (Answered.MOVE, Answered.MOVES):  # a refused try is wrong
                self._wrong_try(refused)
            else:
                self._say(refused.message, "wrong", refused)

    def _selection_changed(self, _change: dict) -> None:
        """The learner picks cards anew on the table: a wrong verdict about the old play goes
        (a right or shown answer stays; the table emptying the selection after a play, or the
        runner raising a solution, is not the learner choosing again)."""
        table = self.table
        if table is None or self._raising or self.bottom.verdict_kind != "wrong":
            return
        if table.selected_card or table.selected_table:
            self._say("", "")

    def _demo_moved(self, change: dict) -> None:
        table = self.table
        if table is not None and change["new"] >= table.demo_length and \
                self.bottom.verdict_kind != "seen":
            self.answer(True)

    def _close_stage(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        self.area.children = ()
        self._follow_reading(None)

    # ------------------------------------------------------------------ drawing

    def _exhibit(self, stage: Stage) -> str:
        four = progress.preference("four_color")
        exhibit = stage.behaviour.controls.exhibit
        if exhibit is Exhibit.MOVE:
            return _move_exhibit(stage, four)
        if exhibit is Exhibit.CARDS:
            return _cards_html(stage.cards, four)
        if exhibit is Exhibit.PILES and stage.position is not None:
            rows = []
            for side, pile in enumerate(stage.position.piles, 1):
                sweeps = stage.position.sweeps[side - 1] if stage.position.sweeps else 0
                extra = f" and {sweeps} sweep{'s' if sweeps != 1 else ''}" if sweeps else ""
                rows.append(element("div", element("b", f"Side {side}"),
                                    f" ({len(pile)} cards{extra}): ", _cards_html(pile, four),
                                    class_="cl-stage-pile"))
            return "".join(rows)
        return ""

    def _draw_map(self) -> None:
        entry = self._drawn_from = self.records()
        dots = []
        for n, stage in enumerate(self.lesson.stages):
            record = entry.stages.get(stage.id)
            is_starred = stage.starred
            solved = bool(record and record.solved)
            stars = record.stars if record and is_starred else 0
            dots.append({"n": n + 1, "stars": stars, "solved": solved,
                         "seen": solved and is_starred and stars == 0,
                         "starred": is_starred, "current": n == self.index})
        done = sum(d["solved"] for d in dots)
        with self.top.hold_sync():
            self.top.dots = dots
            self.top.stars = (f"★ {stars_earned(self.lesson, entry.stages)} of "
                              f"{most_stars(self.lesson)} · {done} of {len(self.lesson)} stages")

    def _show_complete(self) -> None:
        entry = self.records()
        earned, total = stars_earned(self.lesson, entry.stages), most_stars(self.lesson)
        seen = sum(1 for s in self.lesson if s.starred and s.id in entry.stages
                   and entry.stages[s.id].seen)
        if self._next_lesson:
            title, notebook = self._next_lesson
            onward = element("a", f"Next lesson: {title} →", class_="cl-stage-onward",
                             target="_self", href=notebook, escape=True)
        else:
            onward = element("a", "That was the last lesson: back to the contents",
                             class_="cl-stage-onward", target="_self", href="00_index.ipynb")
        with self.top.hold_sync(), self.bottom.hold_sync():
            if self.index < 0:
                self.top.say, self.top.task, self.top.why = "", "", ""
                self.bottom.exhibit, self.bottom.choices, self.bottom.sides = "", [], []
                self.bottom.collecting, self.bottom.can_hint = False, False
                self.bottom.can_show = False
                self.bottom.hint_shown = False
                self._say("", "")
            self.bottom.next_armed = False
            replay = (f" ({seen} seen with the answer shown: replay "
                      f"{'it' if seen == 1 else 'them'} for stars)" if seen else "")
            self.bottom.complete = (
                element("b", "Lesson done!") + " Every stage done: " + STARS_SIGN + f" {earned} of {total}"
                + replay + ". " + onward + "<br>"
                + element("small", "Replay any stage by its number above; the explanations and "
                                   "the practice are below."))

    # ------------------------------------------------------------------ front end

    @progress.read_once()  # one reading of the file a message
    def _on_panel_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "shown":
            # A page prepared in advance resumes where the learner is now; when the progress
            # file says what it said when the stage was drawn, the stage on show is right. The
            # browser's kernel is never prepared in advance: it read the file moments ago, and
            # a second reading there would hold up the page's next cells.
            if not self._touched and not in_browser() and self.records() != self._drawn_from:
                self.resume()
            if events := _class_events():
                events.record_visit(self.slug, self.stage.id if self.index >= 0 else None)
            return
        self._touched = True
        if isinstance(content.get("stage"), int) and content["stage"] != self.index:
            return  # pressed on a stage that has since been left (a click during the change)
        if kind == "goto" and isinstance(content.get("n"), int):
            if 1 <= content["n"] <= len(self.lesson) and not self._untouched(content["n"] - 1):
                self.open_stage(content["n"] - 1)
        elif kind == "next":
            if content.get("from") == self.index:
                self.next()
        elif kind == "go_on" and isinstance(content.get("on"), bool):
            self.go_on_by_itself(content["on"])
        elif kind == "hint" and self.index >= 0:
            self.take_hint()
        elif self.index < 0 or self.bottom.verdict_kind in ("right", "shown", "seen"):
            return  # answered already: nothing more to judge
        elif kind == "show":
            self.show_answer()
        elif kind == "answer":
            value = self.stage.behaviour.read_front_end(content.get("value"))
            if value is not None:
                self.answer(value)
        elif kind == "check" and self._answered is Answered.MOVES:
            self.answer(self._found)  # the captures found stay listed for the next try
        elif kind == "remove" and isinstance(content.get("index"), int):
            if 0 <= content["index"] < len(self._found):
                del self._found[content["index"]]
                self.bottom.answers = self._answers_said()

    def go_on_by_itself(self, on: bool) -> None:
        """The learner's setting: a solved stage opens the next after a countdown (`on`), or
        waits for Next (WCAG 2.2.1: a time limit the learner can turn off). Saved at once; a
        countdown under way stops, and one starts if a stage waits for Next."""
        progress.load().set_preference("next_by_itself", on)
        with self.bottom.hold_sync():
            self.bottom.go_on = on
            waiting = self.bottom.next_armed and self.bottom.verdict_kind == "right"
            self.bottom.next_auto = on and waiting and self._answered is not Answered.STEPS

    def _untouched(self, index: int) -> bool:
        """Whether stage `index` is open as it was opened: its number pressed again then
        changes nothing (a new table would replace the one the learner may be pressing)."""
        table = self.table
        return index == self.index and self.bottom.verdict == "" and not self._found and (
            table is None or (table.demo_index == 0 and table.position == self.stage.position
                              and (table.mode != "play" or not (table.selected_card
                                                                or table.selected_table))))

    def send_from_front_end(self, content: dict, panel: str = "bottom") -> None:
        """Act as the front end does (for tests and scripted learners)."""
        target = self.top if panel == "top" else self.bottom
        target._handle_custom_msg(content, [])
