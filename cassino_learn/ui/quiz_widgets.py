"""Quiz, practice, sandbox and game widgets for the lessons (ipywidgets around CardTable).

Every answer is judged by `QuizItem.judge`, i.e. by the rules core and the game modules; hints
come from `cassino_learn.game.hints` and the review from the game's scores. These classes only lay
things out and keep the score.
"""

from __future__ import annotations

import html
import random
from typing import Callable, Sequence

import ipywidgets as w

from ..core.errors import IllegalMove, MoveSyntaxError, PositionError
from ..core.listing import first_moves
from ..core.position import Position
from ..core.words import count
from ..teaching.quiz import QuizItem, Verdict, load_bank
from ._assets import asset
from .table import CardTable, played_words

__all__ = ["ItemView", "QuizWidget", "PracticeWidget", "SandboxWidget", "GameWidget",
           "feedback_html", "button"]


# ---------------------------------------------------------------------- shared pieces

def _style() -> w.HTML:
    """The widgets' stylesheet (widgets/quiz.css), carried by every top-level widget so it
    applies wherever the widget is shown (Voila, JupyterLab, a static export)."""
    return w.HTML(styled(""), layout=w.Layout(display="none"))


def styled(markup: str) -> str:
    """`markup` with the widgets' stylesheet in front: a status line that carries the style
    saves the page a widget of its own for it."""
    return f"<style>{asset('quiz.css')}</style>{markup}"


def button(label: str, *, primary: bool = False, tooltip: str = "") -> w.Button:
    """A button that looks like the card table's (full label, 44px high, focus ring)."""
    made = w.Button(description=label, tooltip=tooltip or label, layout=w.Layout(width="auto"))
    made.add_class("cl-qbutton")
    if primary:
        made.add_class("cl-primary")
    return made


def _row(*children: w.Widget) -> w.HBox:
    box = w.HBox(list(children))
    box.add_class("cl-row")
    return box


def feedback_html(verdict: Verdict) -> str:
    """A judged answer: coloured, with an icon, the engine's reason and the rule id."""
    kind, icon, label = ("cl-right", "✔", "Right") if verdict.correct else \
        ("cl-wrong", "✘", "Not right")
    text = verdict.message
    if verdict.rule:
        text = text.replace(f" ({verdict.rule})", "")  # the rule is shown once, as a tag
    lines = html.escape(text).replace("\n", "<br>")
    rule = f'<span class="cl-rule">rule {html.escape(verdict.rule)}</span>' if verdict.rule else ""
    return (f'<div class="cl-feedback {kind}" role="status" aria-label="{label}">'
            f'<span class="cl-icon" aria-hidden="true">{icon}</span><div>{lines}{rule}</div></div>')


def _note_html(text: str) -> str:
    return (f'<div class="cl-feedback cl-note" role="status"><span class="cl-icon" '
            f'aria-hidden="true">★</span><div>{text}</div></div>')


# ---------------------------------------------------------------------- one question

class ItemView(w.VBox):
    """One question: its prompt, the table, the answer controls and the feedback."""

    def __init__(self, item: QuizItem, on_answer: Callable[[Verdict], None] | None = None) -> None:
        self.item = item
        self.verdict: Verdict | None = None
        self.tries = 0
        self._on_answer = on_answer
        self.prompt = w.HTML(f'<div class="cl-question">{html.escape(item.prompt())}</div>')
        self.feedback = w.HTML("")
        self.hint_button = button("Hint", tooltip="A hint for this question")
        self.hint_button.disabled = not item.hint
        self.hint_button.on_click(lambda _: self.show_hint())
        self.table = CardTable(item.position, mode="play" if item.kind == "goal" else "watch",
                               move_box=item.kind == "goal")
        self.choice_buttons: list[w.Button] = []
        controls = self._controls()
        if not item.has_table or item.kind == "score":
            self.table.layout.display = "none"  # the piles or the words are the question
        # One message at a time: a refusal on the table replaces the verdict shown below it.
        self.table.observe(self._table_said, ["message", "message_kind"])
        super().__init__([self.prompt, self.table, *controls, self.feedback])
        self.add_class("cl-item")

    def _controls(self) -> list[w.Widget]:
        kind = self.item.kind
        if kind == "goal":
            self.table.on_move(lambda move, _after: self.answer(move))
            return [_row(self.hint_button)]
        if kind == "captures":
            self.text = w.Textarea(placeholder="one capture per line, e.g.  3C 4H",
                                   layout=w.Layout(width="24em", height="7em"))
            self.check_button = button("Check", primary=True)
            self.check_button.on_click(lambda _: self.answer(self.text.value))
            return [self.text, _row(self.check_button, self.hint_button)]
        if kind == "legal":
            yes, no = button("Legal", primary=True), button("Not legal", primary=True)
            yes.on_click(lambda _: self.answer(True))
            no.on_click(lambda _: self.answer(False))
            self.choice_buttons = [yes, no]
            return [_row(yes, no, self.hint_button)]
        if kind == "number":
            self.number = w.Text(placeholder="a number", layout=w.Layout(width="9em"))
            self.check_button = button("Check", primary=True)
            self.check_button.on_click(lambda _: self.answer(self.number.value))
            return [_row(self.number, self.check_button, self.hint_button)]
        if kind == "choice":
            for choice in self.item.choices():
                option = button(choice, primary=True)
                option.on_click(lambda _, said=choice: self.answer(said))
                self.choice_buttons.append(option)
            return [_row(*self.choice_buttons), _row(self.hint_button)]
        return self._score_controls()

    def _score_controls(self) -> list[w.Widget]:
        """score: show each side's pile and ask for its points."""
        piles = []
        self.points: dict[int, w.IntText] = {}
        for side, pile in enumerate(self.item.position.piles, 1):
            sweeps = self.item.position.sweeps[side - 1]
            cards = "".join(card._repr_html_() for card in pile)
            extra = f", {count(sweeps, 'sweep')}" if sweeps else ""
            piles.append(w.HTML(f"<div><b>Side {side}</b> ({count(len(pile), 'card')}{extra})"
                                f"<div class='cl-pile-cards'>{cards}</div></div>"))
            self.points[side] = w.IntText(description=f"Side {side}", layout=w.Layout(width="12em"))
        self.check_button = button("Check", primary=True)
        self.check_button.on_click(
            lambda _: self.answer({s: box.value for s, box in self.points.items()}))
        return [*piles, _row(*self.points.values()), _row(self.check_button, self.hint_button)]

    def _table_said(self, change: dict) -> None:
        if self.table.message and self.table.message_kind == "error":
            self.feedback.value = ""

    def show_hint(self) -> None:
        if self.item.hint:
            self.feedback.value = _note_html(f"Hint: {html.escape(self.item.hint)}")

    def _feedback(self, verdict: Verdict, answer: object) -> str:
        """The verdict; a score item gets a second try before its solution is shown, and the
        solution is the score sheet drawn as cards."""
        if self.item.kind != "score":
            return feedback_html(verdict)
        from ..teaching.quiz import score_retry
        from ..teaching.sheets import score_sheet

        if not verdict.correct and self.tries == 1:
            return feedback_html(Verdict(False, score_retry(self.item, answer)))
        headline = Verdict(verdict.correct, verdict.message.split("\n", 1)[0], verdict.rule)
        return feedback_html(headline) + score_sheet(self.item.position)._repr_html_()

    def answer(self, answer: object) -> Verdict:
        """Judge an answer (also what the buttons and the table call)."""
        verdict = self.item.judge(answer)
        first = self.verdict is None
        self.tries += 1
        self.verdict = verdict if first or not self.verdict.correct else self.verdict
        self.feedback.value = self._feedback(verdict, answer)
        for option in self.choice_buttons:
            chosen = option.description == str(answer) or \
                (self.item.kind == "legal" and (option.description == "Legal") == answer)
            (option.add_class if chosen else option.remove_class)("cl-chosen")
        if self.item.kind == "goal":
            self.table.position = self.item.position  # back to the question for another try
        if first and self._on_answer:
            self._on_answer(verdict)
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
        super().__init__([self.status, self.holder, _row(self.back_button, self.next_button)])
        self.add_class("cl-quiz")
        self.go(0)

    @classmethod
    def from_bank(cls, slug: str, **options: object) -> "QuizWidget":
        return cls(load_bank(slug).items, slug=slug, **options)  # type: ignore[arg-type]

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
            self._update_status()
            if len(self.results) == len(self.items) and self.slug and self._record:
                self._record(self.slug, self.score, len(self.items))
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
        self.status = w.HTML()
        self.new_button = button("New question", primary=True)
        self.new_button.on_click(lambda _: self.next_question())
        self.holder = w.VBox()
        super().__init__([self.status, self.holder, _row(self.new_button)])
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
            if self._on_right:
                self._on_right()
        self._update_status()

    def _update_status(self) -> None:
        text = f"Practice on rule {', '.join(self.task.rules)}"
        if self.answered:
            text += f" · right first time: {self.right} of {self.answered}"
        self.status.value = styled(f"<div class='cl-status'>{text}</div>")


# ---------------------------------------------------------------------- sandbox

class SandboxWidget(w.VBox):
    """Type or paste a position, see it as a table, play from it, step back, share it as text."""

    def __init__(self, text: str = "table: 5D 2C KH [8@2: 5H 3S]\nhand: 7S 3D 8S\nturn: 1") -> None:
        self.source = w.Textarea(value=text, layout=w.Layout(width="36em", height="8em"),
                                 description="Position")
        self.show_button = button("Show", primary=True)
        self.back_button = button("Step back")
        self.share = w.Textarea(layout=w.Layout(width="36em", height="3em"),
                                description="Share", disabled=False)
        self.error = w.HTML()
        self.moves = w.HTML()  # how many legal moves, and the first ones
        self.history: list[Position] = []
        self.table = CardTable(Position.parse(text) if text.strip() else "table:", mode="play")
        self.table.on_move(self._moved)
        self.show_button.on_click(lambda _: self.load(self.source.value))
        self.back_button.on_click(lambda _: self.step_back())
        super().__init__([_style(), self.source, _row(self.show_button, self.back_button),
                          self.error, self.table, self.moves, self.share])
        self.add_class("cl-quiz")
        self._refresh()

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
        self.table.position = position
        self._refresh()
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
    shown = " · ".join(f"<code>{html.escape(str(m))}</code>" for m in listing.moves)
    return (f'<div class="cl-sandbox-moves" role="status">{html.escape(listing.sentence())} '
            f'{shown}</div>')


# ---------------------------------------------------------------------- a full game

_ITEM_NAMES = {"cards": "Most cards", "spades": "Most spades", "big_casino": "Big Casino (10D)",
               "little_casino": "Little Casino (2S)", "aces": "Aces", "sweeps": "Sweeps"}


class GameWidget(w.VBox):
    """A full game against computer players: the learner is seat 1.

    A Hint button lists the moves worth considering (from the learner's observation only), and
    a review shows each finished round item by item, the match result and the moves played.
    """

    LEARNER = 1

    def __init__(self, players: int = 2, partners: bool = False, bot: str = "greedy",
                 seed: int | None = None) -> None:
        from ..game.bots import make_player
        from ..game.match import Game

        self._Game = Game
        self.players, self.partners = players, partners
        self.bot = make_player(bot)
        self.status = w.HTML()
        self.hint_button = button("Hint", tooltip="Moves worth considering, and why")
        self.hint_button.on_click(lambda _: self.show_hints())
        self.new_button = button("New game", tooltip="Deal a new match")
        self.new_button.on_click(lambda _: self.new_game())
        self.hint_box = w.HTML()
        self.review = w.HTML()
        self.game = Game(players=players, partners=partners, seed=seed)
        self.table = CardTable(self.game.position, mode="play", seat=self.LEARNER)
        self.table.on_move(self._moved)
        super().__init__([self.status, self.table,
                          _row(self.hint_button, self.new_button), self.hint_box, self.review])
        self.add_class("cl-quiz")
        self._start()

    # ------------------------------------------------------------------ playing

    def new_game(self, seed: int | None = None) -> None:
        self.game = self._Game(players=self.players, partners=self.partners, seed=seed)
        self._start()

    def play(self, text: str) -> None:
        """Play the learner's move (as the table's move box does)."""
        self.table.play(text)

    def _start(self) -> None:
        self.seats: list[int] = []            # who played each move of game.history
        self.round_ends: list[int] = []       # len(history) when each round ended
        self.hint_box.value = ""
        self.review.value = ""
        self._bots_play([])

    def _play(self, move: object) -> None:
        rounds = len(self.game.rounds)
        self.seats.append(self.game.turn)
        self.game.play(str(move))
        if len(self.game.rounds) > rounds:
            self.round_ends.append(len(self.game.history))

    def _moved(self, move: object, _after: Position) -> None:
        if self.game.over or self.game.turn != self.LEARNER:
            return
        rounds, deal = len(self.game.rounds), self.game.deal_number
        self._play(move)
        said = [played_words("You", move)]  # type: ignore[arg-type]
        if len(self.game.rounds) == rounds and self.game.deal_number != deal:
            said.append(self._new_deal_words())
        self.hint_box.value = ""
        self._bots_play(said, rounds)

    def _bots_play(self, said: list[str], rounds: int | None = None) -> None:
        """Let the computer players move until it is the learner's turn, then show it all."""
        rounds = len(self.game.rounds) if rounds is None else rounds
        while not self.game.over and self.game.turn != self.LEARNER:
            seat, deal, before = self.game.turn, self.game.deal_number, len(self.game.rounds)
            choice = self.bot.choose(self.game.observation())
            self._play(choice)
            said.append(played_words(f"Seat {seat}", choice))
            if len(self.game.rounds) == before and self.game.deal_number != deal:
                said.append(self._new_deal_words())
        self.table.position = self.game.position
        if len(self.game.rounds) > rounds and not self.game.over:
            said.append(f"Round {len(self.game.rounds)} is over: see the review below. "
                        f"Round {self.game.round_number} is dealt.")
        if self.game.over:
            said.append(self._result_words() + " Press New game to play again.")
        if said:
            self.table.say(" ".join(said[-6:]), "info" if self.game.over else "move")
        self._show_status()
        if len(self.game.rounds) > rounds or self.game.over:
            self.review.value = self.review_html()

    def _new_deal_words(self) -> str:
        last = " (the last deal of the round)" if self.game.last_deal else ""
        return (f"New deal: 4 cards each, deal {self.game.deal_number} of "
                f"{self.game.deals_per_round}{last}.")

    # ------------------------------------------------------------------ hints

    def show_hints(self) -> list:
        """List the moves worth considering for the learner, from what the learner can see."""
        from ..game.hints import hints

        if self.game.over:
            self.hint_box.value = _note_html("The match is over: press New game to play again.")
            return []
        if self.game.turn != self.LEARNER:
            self.hint_box.value = _note_html(f"It is seat {self.game.turn}'s turn.")
            return []
        found = hints(self.game.observation(self.LEARNER))
        items = "".join(
            f"<li><code>{html.escape(h.move_text)}</code>"
            f"{html.escape(h.text.removeprefix(h.move_text))}</li>" for h in found)
        self.hint_box.value = _note_html(
            f"<b>Moves worth considering</b> (best first, from the cards you can see):"
            f"<ol class='cl-hints'>{items}</ol>")
        return found

    # ------------------------------------------------------------------ scores and review

    def _side_name(self, side: int) -> str:
        mine = self._my_side()
        name = f"Side {side}"
        if self.partners:
            seats = [s for s in range(1, self.players + 1) if self.game.state.side_of(s) == side]
            name += f" (seats {' and '.join(map(str, seats))})"
        return name + (" — you" if side == mine else "")

    def _show_status(self) -> None:
        game = self.game
        scores = " · ".join(f"{self._side_name(s)}: {count(n, 'point')}"
                            for s, n in sorted(game.scores.items()))
        if game.over:
            where = "<b>Match over</b>"
        else:
            where = (f"Round {game.round_number} · deal {game.deal_number} of "
                     f"{game.deals_per_round}{' (last)' if game.last_deal else ''} · "
                     f"seat {game.dealer} dealt")
        self.status.value = styled(f"<div class='cl-status'>{where} · {scores}</div>")
        self.hint_button.disabled = game.over or game.turn != self.LEARNER
        (self.new_button.add_class if game.over else self.new_button.remove_class)("cl-primary")

    def _result_words(self) -> str:
        game = self.game
        scores = " to ".join(str(n) for _, n in sorted(game.scores.items(), key=lambda x: -x[1]))
        if game.winner is None:
            return f"The match is over: a draw ({scores})."
        lurch = ", with a lurch (a double game)" if game.lurch else ""
        if game.winner == self._my_side():
            who = "your side wins" if self.partners else "you win"
        else:
            who = f"side {game.winner} wins"
        return f"The match is over: {who}, {scores}{lurch}."

    def _my_side(self) -> int:
        return self.game.state.side_of(self.LEARNER)

    def round_html(self, number: int) -> str:
        """Round `number` (1-based) item by item for each side, as the scorer counted it."""
        score = self.game.rounds[number - 1]
        sides = sorted(score.points)
        head = "".join(f"<th scope='col'>{html.escape(self._side_name(s))}</th>" for s in sides)
        counts = {"cards": (score.cards, "card"), "spades": (score.spades, "spade"),
                  "sweeps": (score.sweeps, "sweep")}
        rows = []
        for item, label in _ITEM_NAMES.items():
            cells = []
            for side in sides:
                text = str(score.items[side][item])
                if item in counts:
                    numbers, word = counts[item]
                    text += f" <small>({count(numbers[side], word)})</small>"
                cells.append(f"<td class='cl-num'>{text}</td>")
            rows.append(f"<tr><th scope='row'>{label}</th>{''.join(cells)}</tr>")
        total = "".join(f"<td class='cl-num'>{count(score.points[s], 'point')}</td>" for s in sides)
        rows.append(f"<tr class='cl-total'><th scope='row'>Round total</th>{total}</tr>")
        return (f"<table class='cl-review'><caption>Round {number}</caption>"
                f"<tr><th></th>{head}</tr>{''.join(rows)}</table>")

    def moves_html(self) -> str:
        """Every move played (Game.history), round by round, with who played it."""
        parts, start = [], 0
        ends = self.round_ends + ([len(self.game.history)]
                                  if len(self.game.history) > (self.round_ends or [0])[-1] else [])
        for number, end in enumerate(ends, 1):
            moves = "".join(
                f"<li>{'you' if seat == self.LEARNER else f'seat {seat}'}: "
                f"<code>{html.escape(text)}</code></li>"
                for seat, text in zip(self.seats[start:end], self.game.history[start:end]))
            parts.append(f"<h4>Round {number}</h4><ol start='{start + 1}'>{moves}</ol>")
            start = end
        return "".join(parts)

    def review_html(self) -> str:
        """The review: the match result (once over), each finished round, the moves played."""
        game = self.game
        if not game.rounds:
            return ""
        parts = []
        if game.over:
            parts.append(f"<div class='cl-result'>{html.escape(self._result_words())}</div>")
        else:
            running = " · ".join(f"{self._side_name(s)}: {n}" for s, n in sorted(game.scores.items()))
            parts.append(f"<div class='cl-result'>After round {len(game.rounds)}: "
                         f"{html.escape(running)}</div>")
        order = range(len(game.rounds), 0, -1)  # the latest round first
        parts.extend(self.round_html(number) for number in order)
        parts.append(f"<details{' open' if game.over else ''}><summary>"
                     f"The moves played ({count(len(game.history), 'move')})</summary>"
                     f"<div class='cl-moves'>{self.moves_html()}</div></details>")
        return "<div class='cl-game-review'>" + "".join(parts) + "</div>"
