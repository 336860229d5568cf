"""Quiz, practice and sandbox widgets for the lessons (ipywidgets around CardTable), and the
pieces every widget shares (buttons, rows, the stylesheet, feedback).

Every answer is judged by `QuizItem.judge`, i.e. by the rules core and the game modules. These
classes only lay things out and keep the score. The game widget lives in `ui/game.py`; its names
are still importable from here for code written before it moved.
"""

from __future__ import annotations

import html
import random
from typing import Any, Callable, Sequence

import ipywidgets as w

from ..core.errors import IllegalMove, MoveSyntaxError, PositionError
from ..core.listing import first_moves
from ..core.move import Move
from ..core.position import Position
from ..core.words import count
from ..drawing.markup import element
from ..drawing.render import asked_move_html
from ..teaching import catalog
from ..teaching.kinds import Answered, Exhibit
from ..teaching.quiz import QuizItem, Verdict
from ._assets import asset
from .looks import shared_look
from .selection import kinds_taught
from .table import CardTable

__all__ = ["ItemView", "QuizWidget", "PracticeWidget", "SandboxWidget", "feedback_html",
           "button", "row", "note_html", "styled", "shared_look", "moves_html",
           "computer_move"]

# ---------------------------------------------------------------------- shared pieces

def _style() -> w.HTML:
    """The widgets' stylesheet (widgets/quiz.css), carried by every top-level widget so it
    applies wherever the widget is shown (Voila, JupyterLab, a static export)."""
    return w.HTML(styled(""), layout=w.Layout(display="none"))


def styled(markup: str) -> str:
    """`markup` with the widgets' stylesheet in front: a status line that carries the style
    saves the page a widget of its own for it."""
    return f"<style>{asset('buttons.css')}{asset('quiz.css')}</style>{markup}"


def button(label: str, *, primary: bool = False, tooltip: str = "") -> w.Button:
    """A button that looks like the card table's (full label, 44px high, focus ring)."""
    # the classes given at once: each added afterwards is one more message to the page
    return w.Button(description=label, tooltip=tooltip or label,
                    layout=shared_look("auto width"), style=shared_look("button"),
                    _dom_classes=("cl-qbutton", "cl-primary") if primary else ("cl-qbutton",))


def row(*children: w.Widget) -> w.HBox:
    return w.HBox(list(children), layout=shared_look("plain"), _dom_classes=("cl-row",))


def feedback_html(verdict: Verdict) -> str:
    """A judged answer: coloured, with an icon, the engine's reason and the rule id."""
    kind, icon, label = ("cl-right", "✔", "Right") if verdict.correct else \
        ("cl-wrong", "✘", "Not right")
    lines = html.escape(verdict.untagged).replace("\n", "<br>")  # the rule shown as a tag
    rule = element("span", f"rule {verdict.rule}", class_="cl-rule", escape=True) \
        if verdict.rule else ""
    return element("div", element("span", icon, class_="cl-icon", aria_hidden="true"),
                   element("div", lines, rule), class_=f"cl-feedback {kind}", role="status",
                   aria_label=label)


def note_html(text: str) -> str:
    return element("div", element("span", "★", class_="cl-icon", aria_hidden="true"),
                   element("div", text), class_="cl-feedback cl-note", role="status")


# ---------------------------------------------------------------------- one question

def _prompt_html(item: QuizItem) -> str:
    """The question. A question about a move (Legal / Not legal) asks about its move drawn as
    cards, not about the move's notation (kept hidden in the drawing for those who ask)."""
    behaviour = item.behaviour
    if behaviour.controls.exhibit is Exhibit.MOVE and item.move:
        return element("div", html.escape(behaviour.drawn_question),
                       asked_move_html(item.move), class_="cl-question")
    return element("div", item.prompt(), escape=True, class_="cl-question")


def kinds_offered(item: QuizItem) -> frozenset[str] | None:
    """The kinds of play a question's table offers: those taught by the lesson of its latest
    rule (the catalogue's order) and the kind of its own answer; None (every kind) for a
    question citing no rule of the rule book."""
    slugs = [lesson.slug for lesson in catalog.LESSONS]
    lessons = [slugs.index(catalog.first_taught(rule).slug) for rule in item.rules
               if rule in catalog.RULE_IDS]
    if not lessons:
        return None
    kinds = kinds_taught(catalog.taught_by(slugs[max(lessons)]))
    if item.behaviour.controls.answer is Answered.MOVE:
        kinds |= {move.kind for move in item.solutions()}
    return kinds


class ItemView(w.VBox):
    """One question: its prompt, the table, the answer controls and the feedback. A wrong
    answer is told in steps (`cassino_learn.teaching.feedback`): what to look at again, then a
    stronger hint, then the answer, which "Show me" also gives at any time after a try."""

    def __init__(self, item: QuizItem, on_answer: Callable[[Verdict], None] | None = None) -> None:
        self.item = item
        self.verdict: Verdict | None = None
        self.tries = 0
        self.wrong = 0
        self.hint_used = False
        self.shown = False
        self._on_answer = on_answer
        self.prompt = w.HTML(_prompt_html(item))
        self.feedback = w.HTML("")
        self.hint_button = button("Hint", tooltip="A hint for this question")
        self.hint_button.disabled = not item.hint
        self.hint_button.on_click(lambda _: self.show_hint())
        self.show_button = button("Show me", tooltip="Show the answer")
        self.show_button.layout = w.Layout(width="auto", display="none")  # after a try
        self.show_button.on_click(lambda _: self.show_answer())
        self.controls = item.behaviour.controls  # what the item's kind needs on screen
        played = self.controls.answer is Answered.MOVE
        self.table = CardTable(item.position, mode="play" if played else "watch",
                               move_box=played, kinds=kinds_offered(item))
        self.choice_buttons: list[w.Button] = []
        controls = self._controls()
        if not item.has_table or not self.controls.table:
            self.table.layout.display = "none"  # the piles or the words are the question
        # One message at a time: a refusal on the table replaces the verdict shown below it.
        self.table.observe(self._table_said, ["message", "message_kind"])
        super().__init__([self.prompt, self.table, *controls, self.feedback])
        self.add_class("cl-item")

    def _controls(self) -> list[w.Widget]:
        """The answer controls the item's kind asks for (`Kind.controls`)."""
        answer = self.controls.answer
        if answer is Answered.MOVE:
            self.table.on_move(lambda move, _after: self.answer(move))
            return [row(self.hint_button, self.show_button)]
        if answer is Answered.MOVES:
            self.text = w.Textarea(placeholder=self.controls.placeholder,
                                   layout=w.Layout(width="24em", height="7em"))
            self.check_button = button("Check", primary=True)
            self.check_button.on_click(lambda _: self.answer(self.text.value))
            return [self.text, row(self.check_button, self.hint_button, self.show_button)]
        if answer is Answered.NUMBER:
            self.number = w.Text(placeholder=self.controls.placeholder or "a number",
                                 layout=w.Layout(width="9em"))
            self.check_button = button("Check", primary=True)
            self.check_button.on_click(lambda _: self.answer(self.number.value))
            return [row(self.number, self.check_button, self.hint_button, self.show_button)]
        if answer is Answered.SIDES:
            return self._score_controls()
        for choice in self.item.choices():
            option = button(choice, primary=True)
            option.on_click(lambda _, said=choice: self.answer(said))
            self.choice_buttons.append(option)
        if len(self.choice_buttons) == 2:  # two answers: one row with the hint (Legal / Not)
            return [row(*self.choice_buttons, self.hint_button, self.show_button)]
        return [row(*self.choice_buttons), row(self.hint_button, self.show_button)]

    def _score_controls(self) -> list[w.Widget]:
        """Points for each side: show each side's pile and ask for its points."""
        piles = []
        self.points: dict[int, w.IntText] = {}
        for side, pile in enumerate(self.item.position.piles, 1):
            sweeps = self.item.position.sweeps[side - 1]
            cards = "".join(card._repr_html_() for card in pile)
            extra = f", {count(sweeps, 'sweep')}" if sweeps else ""
            piles.append(w.HTML(element("div", element("b", f"Side {side}"),
                                        f" ({count(len(pile), 'card')}{extra})",
                                        element("div", cards, class_="cl-pile-cards"))))
            self.points[side] = w.IntText(description=f"Side {side}", layout=w.Layout(width="12em"))
        self.check_button = button("Check", primary=True)
        self.check_button.on_click(
            lambda _: self.answer({s: box.value for s, box in self.points.items()}))
        return [*piles, row(*self.points.values()),
                row(self.check_button, self.hint_button, self.show_button)]

    def _table_said(self, change: dict) -> None:
        if self.table.message and self.table.message_kind == "error":
            self.feedback.value = ""

    def show_hint(self) -> None:
        if self.item.hint:
            self.hint_used = True
            self.show_button.layout.display = None
            self.feedback.value = note_html(f"Hint: {html.escape(self.item.hint)}")

    def show_answer(self) -> Verdict:
        """"Show me": the answer with what makes it right."""
        from ..teaching.feedback import shown

        self.shown = True
        verdict = shown(self.item)
        self.feedback.value = self._drawn(verdict, solution=True)
        return verdict

    def _drawn(self, verdict: Verdict, *, solution: bool) -> str:
        """The verdict; for piles to score, with the solution, the score sheet drawn as cards."""
        if self.controls.exhibit is not Exhibit.PILES or not (solution or verdict.correct):
            return feedback_html(verdict)
        from ..teaching.sheets import score_sheet

        headline = Verdict(verdict.correct, verdict.headline or verdict.message, verdict.rule)
        return feedback_html(headline) + score_sheet(self.item.position)._repr_html_()

    def answer(self, answer: object) -> Verdict:
        """Judge an answer (also what the buttons and the table call); a wrong one is told as
        far as this try's step allows."""
        from ..teaching.feedback import SHOW, step_for, stepped

        judged = self.item.judge(answer)
        step = step_for(self.wrong + 1, self.hint_used)
        verdict = stepped(self.item, answer, judged, step)
        first = self.verdict is None
        self.tries += 1
        self.verdict = verdict if self.verdict is None or not self.verdict.correct \
            else self.verdict
        # Counted (and saved) before the mark is shown: a learner who sees the tick and leaves
        # keeps the point.
        if first and self._on_answer:
            self._on_answer(verdict)
        if not verdict.correct:
            self.wrong += 1
            self.show_button.layout.display = None
        self.feedback.value = self._drawn(verdict, solution=not verdict.correct and step >= SHOW)
        for option in self.choice_buttons:
            chosen = option.description == str(answer)
            (option.add_class if chosen else option.remove_class)("cl-chosen")
        if self.controls.answer is Answered.MOVE:
            self.table.position = self.item.position  # back to the question for another try
        return verdict


# ---------------------------------------------------------------------- quiz and practice

class QuizWidget(w.VBox):
    """A lesson's quiz: one question at a time; the first answer to each counts."""

    def __init__(self, items: Sequence[QuizItem], slug: str | None = None,
                 record: Callable[[str, int, int], None] | None = None) -> None:
        if not items:
            raise ValueError("a quiz needs at least one item")
        self.items = list(items)
        self.slug = slug
        self._record = record
        self.results: dict[int, bool] = {}
        self.index = 0
        self.status = w.HTML()
        self.back_button = button("Previous", tooltip="The previous question")
        self.next_button = button("Next", tooltip="The next question")
        self.back_button.on_click(lambda _: self.go(self.index - 1))
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        self.holder = w.VBox()
        # Question views are built when first shown: a lesson page then opens with one card
        # table in its quiz instead of one per question (far fewer widgets for the browser).
        self._views: dict[int, ItemView] = {}
        super().__init__([self.status, self.holder, row(self.back_button, self.next_button)])
        self.add_class("cl-quiz")
        self.go(0)

    @property
    def score(self) -> int:
        return sum(self.results.values())

    def view(self, index: int) -> ItemView:
        """The view of question `index` (built on first use)."""
        if index not in self._views:
            self._views[index] = ItemView(self.items[index], self._answered_by(index))
        return self._views[index]

    @property
    def views(self) -> list[ItemView]:
        """Every question's view (builds those not shown yet)."""
        return [self.view(n) for n in range(len(self.items))]

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.items) - 1))
        self.holder.children = [self.view(self.index)]
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.items) - 1
        self._update_status()

    def _answered_by(self, number: int) -> Callable[[Verdict], None]:
        def answered(verdict: Verdict) -> None:
            self.results[number] = verdict.correct
            # Saved before it is shown: a learner who sees "finished" and leaves keeps the score.
            if len(self.results) == len(self.items) and self.slug and self._record:
                self._record(self.slug, self.score, len(self.items))
            self._update_status()
        return answered

    def _update_status(self) -> None:
        done = len(self.results)
        total = len(self.items)
        text = f"Question {self.index + 1} of {total}"
        if done:
            text += f" · {self.score} right of {done} answered"
        if done == total:
            text += f" · <b>finished: {self.score}/{total}</b>"
        # cl-quiz-status: the hook the browser tests find the quiz by
        self.status.value = styled(f"<div class='cl-status cl-quiz-status'>{text}</div>")


class PracticeWidget(w.VBox):
    """Endless practice: a fresh seeded question for one of `rules` at each press."""

    def __init__(self, rules: Sequence[str], seed: int | None = None,
                 on_right: Callable[[], None] | None = None) -> None:
        from ..teaching.practice import make_task

        if not rules:
            raise ValueError("practice needs at least one rule id")
        self.rules = list(rules)
        self._make = make_task
        self._rng = random.Random(seed)
        self._on_right = on_right
        self.right = 0
        self.asked = 0
        self.answered = 0
        self.streak = 0       # right answers in a row: practice counts toward this only
        self.best_streak = 0
        self.status = w.HTML()
        self.new_button = button("New question", primary=True)
        self.new_button.on_click(lambda _: self.next_question())
        self.holder = w.VBox()
        super().__init__([self.status, self.holder, row(self.new_button)])
        self.add_class("cl-quiz")
        self.next_question()

    def next_question(self) -> QuizItem:
        rule = self._rng.choice(self.rules)
        self.task = self._make(rule, self._rng.randrange(10**9))
        self.view = ItemView(self.task, self._answered)
        self.holder.children = [self.view]
        self.asked += 1
        self._update_status()
        return self.task

    def _answered(self, verdict: Verdict) -> None:
        self.answered += 1
        if verdict.correct:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if self._on_right:
                self._on_right()
        else:
            self.streak = 0
        self._update_status()

    def _update_status(self) -> None:
        named = [catalog.RULE_NAMES.get(rule, rule) for rule in self.task.rules]
        text = html.escape(f"Practice: {'; '.join(named)}")
        if self.answered:
            text += f" · right first time: {self.right} of {self.answered}"
            text += f" · streak {self.streak} (best {self.best_streak})"
        self.status.value = styled(f"<div class='cl-status'>{text}</div>")


# ---------------------------------------------------------------------- sandbox

BOTH_SIDES = "every seat, hands open"


def computer_move(position: Position) -> Move:
    """The computer's move for the seat to move in a lone position (the sandbox's opponent):
    the greedy player's choice from what that seat may see."""
    from ..game.bots import make_player
    from ..game.observation import Observation

    seat = position.turn
    seen = Observation(seat=seat, position=position.for_seat(seat),
                       hand_sizes=tuple(len(h or ()) for h in position.hands), stock_size=0,
                       dealer=seat, round_number=1, deal_number=1, deals_per_round=1,
                       scores=tuple((side, 0) for side in range(1, position.sides + 1)),
                       over=False)
    return make_player("greedy").choose(seen)


class SandboxWidget(w.VBox):
    """Type or paste a position, see it as a table, play from it, step back, share it as text.

    "Play" chooses who moves: one person for every seat with every hand open (a teacher at the
    front), or one seat against the computer with the other hands face down.
    """

    def __init__(self, text: str = "table: 5D 2C KH [8@2: 5H 3S]\nhand: 7S 3D 8S\nturn: 1",
                 plays: str = BOTH_SIDES) -> None:
        self.source = w.Textarea(value=text, layout=w.Layout(width="36em", height="8em"),
                                 description="Position")
        self.show_button = button("Show", primary=True)
        self.back_button = button("Step back")
        self.share = w.Textarea(layout=w.Layout(width="36em", height="3em"),
                                description="Share", disabled=False)
        self.error = w.HTML()
        self.moves = w.HTML()  # how many legal moves, and the first ones
        self.history: list[Position] = []
        start = Position.parse(text) if text.strip() else Position.parse("table:")
        self.plays = w.Dropdown(options=self._choices(start), description="Play",
                                layout=w.Layout(width="auto"))
        self.plays.value = plays if plays in self.plays.options else BOTH_SIDES
        self.table = self._make_table(start)
        self.show_button.on_click(lambda _: self.load(self.source.value))
        self.back_button.on_click(lambda _: self.step_back())
        self._switching = False  # True while load() renews the choices: not a change of mind
        self.plays.observe(self._plays_changed, "value")
        super().__init__([_style(), self.source, row(self.show_button, self.back_button),
                          self.plays, self.error, self.table, self.moves, self.share])
        self.add_class("cl-quiz")
        self._refresh()

    @staticmethod
    def _choices(position: Position) -> list[str]:
        return [BOTH_SIDES] + [f"seat {seat} against the computer"
                               for seat in range(1, position.players + 1)]

    def _make_table(self, position: Position) -> CardTable:
        if self.plays.value == BOTH_SIDES:
            table = CardTable(position, mode="play", all_seats=True)
        else:
            seat = int(self.plays.value.split()[1])
            table = CardTable(position, mode="play", seat=seat, opponent=computer_move,
                              reveal=False)
        table.on_move(self._moved)
        return table

    def _plays_changed(self, _change: dict) -> None:
        if not self._switching:
            self._replace_table(self.table.position)

    children: tuple[Any, ...]  # ipywidgets' Box trait (the package ships no types)

    def _replace_table(self, position: Position) -> None:
        """A new table for the chosen way of playing, on the same position."""
        old = self.table
        self.table = self._make_table(position)
        self.children = tuple(self.table if child is old else child for child in self.children)
        old.close()
        self._refresh()
        self.table.resume()

    def load(self, text: str) -> bool:
        """Show the position typed; on bad text show why and keep everything as it was."""
        try:
            position = Position.parse(text)
        except (PositionError, ValueError) as error:
            self.error.value = feedback_html(Verdict(False, "Could not read the position: "
                                                            f"{error}"))
            return False
        self.error.value = ""
        self.history.clear()
        players = self._choices(position)
        if list(self.plays.options) != players:
            chosen = self.plays.value if self.plays.value in players else BOTH_SIDES
            self._switching = True
            try:
                self.plays.options = players
                self.plays.value = chosen
            finally:
                self._switching = False
            self._replace_table(position)
            return True
        self.table.position = position
        self._refresh()
        self.table.resume()
        return True

    def play(self, text: str) -> bool:
        """Play a move in notation (the table's own move box does the same)."""
        try:
            move = self.table.position.parse_move(text)
        except IllegalMove as error:
            self.error.value = feedback_html(Verdict(False, error.reason, error.rule))
            return False
        except MoveSyntaxError as error:
            self.error.value = feedback_html(Verdict(False, str(error)))
            return False
        self.table.play(str(move))
        return True

    def step_back(self) -> None:
        """Back one move (against the computer: back to the learner's previous move)."""
        if not self.history:
            return
        position = self.history.pop()
        seat = self.table.seat
        if self.plays.value != BOTH_SIDES:
            while self.history and position.turn != seat:
                position = self.history.pop()
        self.table.position = position
        self._refresh()

    def _moved(self, move: object, after: Position) -> None:
        # the table has already moved: remember where it came from
        self.history.append(self._shown)
        self.error.value = ""
        self._refresh(after)

    def _refresh(self, position: Position | None = None) -> None:
        self._shown = position or self.table.position
        self.share.value = self._shown.one_line()
        self.moves.value = moves_html(self._shown)
        self.back_button.disabled = not self.history


SANDBOX_MOVES_SHOWN = 8
SANDBOX_COUNT_LIMIT = 1_000_000  # counted exactly up to here, then "more than"


def moves_html(position: Position, first: int = SANDBOX_MOVES_SHOWN) -> str:
    """The legal moves in a sentence: how many, and the first few in notation (a pasted
    table may have millions; they are counted, never listed)."""
    if not position.hand:
        return ""
    listing = first_moves(position, first=first, limit=SANDBOX_COUNT_LIMIT)
    shown = " · ".join(element("code", str(m), escape=True) for m in listing.moves)
    return element("div", html.escape(listing.sentence()), " ", shown,
                   class_="cl-sandbox-moves", role="status")
