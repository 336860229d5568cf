"""A position the teacher set as homework, solved on the card table: the learner sees their own
hand and the table (the other hands and the stock hidden), "find the best move", and each move
is judged by the expert as a deck's move card is (`learner.deck.judging.judge_position`: any
move within the review's inaccuracy margin of the best is right). A wrong try is told in the
feedback's steps (`teaching.feedback`): look again, a nudge naming the card, then the answer.
Every try goes to the class like a stage's (`class_events.record_try`, lesson "homework",
stage the item's id); a right one carries the position and the move, which the class server
judges again before the teacher's table counts it.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..drawing.markup import element
from ..core.move import Move
from ..core.position import Position
from ..drawing.render import move_html
from ..classroom.class_events import record_try
from ..teaching.demonstration import observation_of
from ..teaching.feedback import NUDGE, SHOW, step_for
from ..classroom.homework import HOMEWORK_LESSON, position_id
from .looks import shared_look
from .quiz_widgets import button
from .table import CardTable

__all__ = ["HomeworkPosition"]


class HomeworkPosition(w.VBox):
    """One position item of homework (`item`: as `homework.assigned` lists it, with its
    "position" text and the learner's "state"). `evaluate`: the judge's evaluator (a test's
    own; by default the expert's search)."""

    def __init__(self, item: dict[str, Any], *, evaluate: Any = None) -> None:
        self.text = str(item["position"])
        self.item_id = position_id(self.text)
        self.position = Position.parse(self.text)
        self._evaluate = evaluate
        self.wrong = 0
        self.hint_taken = False
        self.solved = item.get("state") == "solved"
        self._better: Move | None = None
        seen = observation_of(self.position)
        self.seen, self.hand_sizes = seen.position, list(seen.hand_sizes)
        already = " You have solved it already; play it again if you like." if self.solved \
            else ""
        task = (f" for seat {self.position.turn}. You see your hand and the table; the other "
                f"hands and the stock stay hidden.{already}")
        self.task = w.HTML(element("div", element("b", "Homework: find the best move"), task,
                                   class_="cl-hw-task"), layout=shared_look("plain"))
        self.table = CardTable(self.seen, mode="play", seat=self.position.turn, move_box=False)
        self.table.hand_sizes = self.hand_sizes
        self.table.add_class("cl-hw-table")
        self.table.on_move(lambda move, _after: self.answer(move))
        self.verdict = w.HTML("", layout=shared_look("plain"))
        self.hint_button = button("Hint")
        self.hint_button.on_click(lambda _: self.take_hint())
        self.show_button = button("Show me")
        self.show_button.on_click(lambda _: self.show_answer())
        # layouts of their own: they are hidden alone (button()'s is shared by every button)
        self.hint_button.layout = w.Layout(width="auto")
        self.show_button.layout = w.Layout(width="auto", display="none")
        super().__init__([self.task, self.table, self.verdict,
                          w.HBox([self.hint_button, self.show_button])],
                         layout=shared_look("plain"), _dom_classes=("cl-hw-position-item",))
        self.over = False

    def answer(self, move: Move | str) -> bool:
        """Judge a move played (or typed) in the position; True when right."""
        from ..learner.deck.judging import judge_position

        if self.over:
            return False
        self._say("Checking your move…", "")
        judged = judge_position(self.position, move, evaluate=self._evaluate)
        if judged.right:
            record_try(HOMEWORK_LESSON, self.item_id, True,
                       answer={"position": self.text, "move": str(judged.move)})
            self.solved = True
            self._finish("Right! The expert finds no move that keeps clearly more points. "
                         "Your teacher sees it solved.", "right")
            return True
        record_try(HOMEWORK_LESSON, self.item_id, False)
        self.wrong += 1
        if judged.review.better is not None:
            self._better = judged.review.better.move
        self.table.position = self.seen  # back to the position: try again at once
        self.table.hand_sizes = self.hand_sizes
        step = step_for(self.wrong, self.hint_taken)
        if step >= SHOW:
            self.show_answer()
            return False
        said = "Not the best: another move keeps more points."
        if step >= NUDGE and self._better is not None:
            said += " " + self._hint_words()
        self._say(said + " Try again.", "wrong")
        self.show_button.layout.display = ""
        return False

    def _hint_words(self) -> str:
        if self._better is None:
            return "Count what each of your cards could take, and what it leaves."
        return f"Look at what your {self._better.card.name} can do."

    def take_hint(self) -> str:
        if self.over:
            return ""
        self.hint_taken = True
        said = self._hint_words()
        self._say(said, "hint")
        return said

    def show_answer(self) -> None:
        """"Show me": the better move the judge found at the last wrong try; not solved."""
        if self.over:
            return
        better = self._better
        if better is None:  # offered only after a wrong try, which found the better move
            return
        self._finish(f"A better move: {html.escape(better.describe().rstrip('.'))}."
                     f"{move_html(better, size=None)}", "shown")

    def _finish(self, said: str, kind: str) -> None:
        self.over = True
        self.table.mode = "watch"
        self.hint_button.layout.display = self.show_button.layout.display = "none"
        self._say(said, kind)

    def _say(self, text: str, kind: str) -> None:
        role = "alert" if kind == "wrong" else "status"
        colour = _COLOURS.get(kind, "#1d1d1d")
        self.verdict.value = element(
            "div", text, class_="cl-hw-verdict", role=role, data_kind=kind,
            style=f"color:{colour};font-weight:600;margin:0.4em 0") if text else ""


_COLOURS = {"right": "#14532e", "wrong": "#a3261c", "shown": "#0b3d91"}
