"""Quiz, practice, sandbox and game widgets for the lessons (ipywidgets around CardTable).

Every answer is judged by `QuizItem.judge`, i.e. by the rules core; these classes only lay
things out and keep the score.
"""

from __future__ import annotations

import html
import random
from typing import Callable, Sequence

import ipywidgets as w

from ..errors import IllegalMove, MoveSyntaxError, PositionError
from ..position import Position
from ..quiz import QuizItem, Verdict, load_bank
from .table import CardTable

__all__ = ["ItemView", "QuizWidget", "PracticeWidget", "SandboxWidget", "GameWidget"]


def _feedback_html(verdict: Verdict) -> str:
    colour = "#1b6e20" if verdict.correct else "#a01818"
    mark = "✔" if verdict.correct else "✘"
    lines = html.escape(verdict.message).replace("\n", "<br>")
    return f'<div class="cl-feedback" style="color:{colour}"><b>{mark}</b> {lines}</div>'


class ItemView(w.VBox):
    """One question: its prompt, the table, the answer controls and the feedback."""

    def __init__(self, item: QuizItem, on_answer: Callable[[Verdict], None] | None = None) -> None:
        self.item = item
        self.verdict: Verdict | None = None
        self._on_answer = on_answer
        self.prompt = w.HTML(f"<p><b>{html.escape(item.prompt())}</b></p>")
        self.feedback = w.HTML("")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o",
                                    disabled=not item.hint)
        self.hint_button.on_click(lambda _: self._say(f"<i>Hint: {html.escape(item.hint)}</i>"))
        self.table = CardTable(item.position, mode="play" if item.kind == "goal" else "watch",
                               move_box=item.kind == "goal")
        controls = self._controls()
        super().__init__([self.prompt, self.table, *controls, w.HBox([self.hint_button]),
                          self.feedback])

    def _controls(self) -> list[w.Widget]:
        kind = self.item.kind
        if kind == "goal":
            self.table.on_move(lambda move, _after: self.answer(move))
            return []
        if kind == "captures":
            self.text = w.Textarea(placeholder="one capture per line, e.g.  3C 4H",
                                   layout=w.Layout(width="24em", height="7em"))
            check = w.Button(description="Check", button_style="primary")
            check.on_click(lambda _: self.answer(self.text.value))
            return [self.text, check]
        if kind == "legal":
            yes = w.Button(description="Legal", button_style="success")
            no = w.Button(description="Not legal", button_style="danger")
            yes.on_click(lambda _: self.answer(True))
            no.on_click(lambda _: self.answer(False))
            return [w.HBox([yes, no])]
        # score: show each side's pile and ask for its points
        piles = []
        self.points: dict[int, w.IntText] = {}
        for side, pile in enumerate(self.item.position.piles, 1):
            sweeps = self.item.position.sweeps[side - 1]
            cards = "".join(card._repr_html_() for card in pile)
            piles.append(w.HTML(f"<div><b>Side {side}</b> ({len(pile)} cards"
                                f"{f', {sweeps} sweep' + ('s' if sweeps != 1 else '') if sweeps else ''})"
                                f"<div style='display:flex;flex-wrap:wrap;gap:2px'>{cards}</div></div>"))
            self.points[side] = w.IntText(description=f"Side {side}", layout=w.Layout(width="12em"))
        check = w.Button(description="Check", button_style="primary")
        check.on_click(lambda _: self.answer({s: box.value for s, box in self.points.items()}))
        self.table.layout.display = "none"  # the piles are the question, not the table
        return [*piles, w.HBox(list(self.points.values())), check]

    def answer(self, answer: object) -> Verdict:
        """Judge an answer (also what the buttons and the table call)."""
        verdict = self.item.judge(answer)
        first = self.verdict is None
        self.verdict = verdict if first or not self.verdict.correct else self.verdict
        self._say(_feedback_html(verdict))
        if self.item.kind == "goal":
            self.table.position = self.item.position  # back to the question for another try
        if first and self._on_answer:
            self._on_answer(verdict)
        return verdict

    def _say(self, text: str) -> None:
        self.feedback.value = text


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
        self.back_button = w.Button(description="Previous", icon="arrow-left")
        self.next_button = w.Button(description="Next", icon="arrow-right")
        self.back_button.on_click(lambda _: self.go(self.index - 1))
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        self.holder = w.VBox()
        self.views = [ItemView(item, self._answered_by(n)) for n, item in enumerate(self.items)]
        super().__init__([self.status, self.holder,
                          w.HBox([self.back_button, self.next_button])])
        self.go(0)

    @classmethod
    def from_bank(cls, slug: str, **options: object) -> "QuizWidget":
        return cls(load_bank(slug).items, slug=slug, **options)  # type: ignore[arg-type]

    @property
    def score(self) -> int:
        return sum(self.results.values())

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.items) - 1))
        self.holder.children = [self.views[self.index]]
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.items) - 1
        self._update_status()

    def _answered_by(self, number: int) -> Callable[[Verdict], None]:
        def answered(verdict: Verdict) -> None:
            self.results[number] = verdict.correct
            self._update_status()
            if len(self.results) == len(self.items) and self.slug and self._record:
                self._record(self.slug, self.score, len(self.items))
        return answered

    def _update_status(self) -> None:
        done = len(self.results)
        total = len(self.items)
        text = f"Question {self.index + 1} of {total} · score {self.score} of {done} answered"
        if done == total:
            text += f" · <b>finished: {self.score}/{total}</b>"
        self.status.value = f"<div class='cl-quiz-status'>{text}</div>"


class PracticeWidget(w.VBox):
    """Endless practice: a fresh seeded question for one of `rules` at each press."""

    def __init__(self, rules: Sequence[str], seed: int | None = None,
                 on_right: Callable[[], None] | None = None) -> None:
        from ..practice import make_task

        if not rules:
            raise ValueError("practice needs at least one rule id")
        self.rules = list(rules)
        self._make = make_task
        self._rng = random.Random(seed)
        self._on_right = on_right
        self.right = 0
        self.asked = 0
        self.status = w.HTML()
        self.new_button = w.Button(description="New question", icon="refresh",
                                   button_style="info")
        self.new_button.on_click(lambda _: self.next_question())
        self.holder = w.VBox()
        super().__init__([self.status, self.holder, self.new_button])
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
        if verdict.correct:
            self.right += 1
            if self._on_right:
                self._on_right()
        self._update_status()

    def _update_status(self) -> None:
        self.status.value = (f"<div>Practice on {', '.join(self.task.rules)} · right first time "
                             f"{self.right} of {self.asked}</div>")


class SandboxWidget(w.VBox):
    """Type or paste a position, see it as a table, play from it, step back, share it as text."""

    def __init__(self, text: str = "table: 5D 2C KH [8@2: 5H 3S]\nhand: 7S 3D 8S\nturn: 1") -> None:
        self.source = w.Textarea(value=text, layout=w.Layout(width="36em", height="8em"),
                                 description="Position")
        self.show_button = w.Button(description="Show", button_style="primary")
        self.back_button = w.Button(description="Step back", icon="undo")
        self.share = w.Textarea(layout=w.Layout(width="36em", height="3em"),
                                description="Share", disabled=False)
        self.error = w.HTML()
        self.history: list[Position] = []
        self.table = CardTable(Position.parse(text) if text.strip() else "table:", mode="play")
        self.table.on_move(self._moved)
        self.show_button.on_click(lambda _: self.load(self.source.value))
        self.back_button.on_click(lambda _: self.step_back())
        super().__init__([self.source, w.HBox([self.show_button, self.back_button]), self.error,
                          self.table, self.share])
        self._refresh()

    def load(self, text: str) -> bool:
        """Show the position typed; on bad text show why and keep everything as it was."""
        try:
            position = Position.parse(text)
        except (PositionError, ValueError) as error:
            self.error.value = (f"<div style='color:#a01818'>Could not read the position: "
                                f"{html.escape(str(error))}</div>")
            return False
        self.error.value = ""
        self.history.clear()
        self.table.position = position
        self._refresh()
        return True

    def play(self, text: str) -> bool:
        """Play a move in notation (the table's own move box does the same)."""
        try:
            move = self.table.position.parse_move(text)
        except (IllegalMove, MoveSyntaxError) as error:
            self.error.value = f"<div style='color:#a01818'>{html.escape(str(error))}</div>"
            return False
        self.table.play(str(move))
        return True

    def step_back(self) -> None:
        if self.history:
            self.table.position = self.history.pop()
            self._refresh()

    def _moved(self, move: object, after: Position) -> None:
        # the table has already moved: remember where it came from
        self.history.append(self._shown)
        self.error.value = ""
        self._refresh(after)

    def _refresh(self, position: Position | None = None) -> None:
        self._shown = position or self.table.position
        self.share.value = self._shown.one_line()
        self.back_button.disabled = not self.history


class GameWidget(w.VBox):
    """A full game against computer players: the learner is seat 1."""

    def __init__(self, players: int = 2, partners: bool = False, bot: str = "greedy",
                 seed: int | None = None) -> None:
        from .. import Game
        from ..bots import make_player

        self._Game = Game
        self.players, self.partners = players, partners
        self.bot = make_player(bot)
        self.game = Game(players=players, partners=partners, seed=seed)
        self.scores = w.HTML()
        self.moves_log = w.HTML()
        self.new_button = w.Button(description="New game", icon="refresh")
        self.new_button.on_click(lambda _: self.new_game())
        self.table = CardTable(self.game.position, mode="play", seat=1)
        self.table.on_move(self._moved)
        super().__init__([self.scores, self.table, self.moves_log, self.new_button])
        self._bots_play()

    def new_game(self, seed: int | None = None) -> None:
        self.game = self._Game(players=self.players, partners=self.partners, seed=seed)
        self._bots_play()

    def play(self, text: str) -> None:
        """Play the learner's move (as the table's move box does)."""
        self.table.play(text)

    def _moved(self, move: object, _after: Position) -> None:
        if self.game.over or self.game.turn != 1:
            return
        self.game.play(str(move))
        self._bots_play()

    def _bots_play(self) -> None:
        while not self.game.over and self.game.turn != 1:
            position = self.game.position
            choice = self.bot.choose(self.game.observation()) if hasattr(self.bot, "choose") \
                else self.bot(position)
            self.game.play(str(choice))
        self.table.position = self.game.position
        rounds = self.game.rounds
        text = " · ".join(f"Side {s}: {n}" for s, n in sorted(self.game.scores.items()))
        if rounds:
            text += f"<br><small>Last round: {html.escape(rounds[-1].describe())}</small>"
        if self.game.over:
            text += f"<br><b>Game over: side {self.game.winner} wins.</b>"
        self.scores.value = f"<div>{text}</div>"
        self.moves_log.value = "<small>" + html.escape(" · ".join(self.game.history[-6:])) + "</small>"
