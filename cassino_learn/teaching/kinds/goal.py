"""The goal kind: make a move that achieves a goal (`teaching.goals`); any legal move meeting
the goal is right. Optional ``answers``: moves that should meet it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...core.errors import IllegalMove, MoveSyntaxError
from ...core.move import Move
from ...core.position import find_legal
from ..goals import parse_goal
from ..judged import LOOK, BankError, StageError, Verdict
from .base import Answered, Controls, Kind

if TYPE_CHECKING:
    from ..quiz import QuizItem
    from ..stages import Stage

__all__ = ["GoalKind"]

_ANY_CARD = "Look at each card in your hand in turn: what can it take or build?"


class GoalKind(Kind):
    name = "goal"
    controls = Controls(Answered.MOVE)
    fields = frozenset({"goal"})
    guidable = True
    takes_stock = True

    def read(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"goal": parse_goal(raw["goal"])}

    def check(self, item: QuizItem) -> None:
        assert item.goal is not None
        position = item.position
        if not item.goal.possible(position):
            raise BankError(f"no legal move can {item.goal.words}")
        for text in item.answers:
            try:
                move = position.parse_move(text)
            except (IllegalMove, MoveSyntaxError) as error:
                raise BankError(f"stored answer {text!r} is not a legal move: {error}") from None
            why = item.goal.why_not(position, move)
            if why is not None:
                raise BankError(f"stored answer {text!r} does not {item.goal.words}: {why}")

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        assert item.goal is not None
        try:
            if isinstance(answer, Move):
                move = find_legal(item.position, answer)
            else:
                move = item.position.parse_move(str(answer))
        except IllegalMove as error:
            return Verdict(False, f"That move is not allowed: {error.reason} ({error.rule})",
                           error.rule)
        except MoveSyntaxError as error:
            return Verdict(False, f"I could not read that move: {error}")
        from ..saying import you_played

        miss = item.goal.miss(item.position, move)
        said = you_played(item.position, move)
        if miss is None:
            return Verdict(True, f"Right! {said}")
        return Verdict(False, f"{said} But {miss.said}.",
                       kept_back=f"{said} But {miss.kept_back}.")

    def solutions(self, item: QuizItem) -> list[Any]:
        assert item.goal is not None
        return list(item.goal.solutions(item.position))

    def prompt(self, item: QuizItem) -> str:
        assert item.goal is not None
        return f"Play a card to {item.goal.words}."

    def shown(self, item: QuizItem) -> Verdict:
        assert item.goal is not None
        from ..saying import move_said

        move = item.solutions()[0]
        return Verdict(False, f"Here is a right move: {move_said(item.position, move)}. "
                              f"It does what the task asks: {item.goal.words}.")

    def told(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
        text = verdict.message
        if verdict.rule:  # refused by the core: its reason is about this try, not the answer
            return None if step == LOOK else Verdict(
                False, f"{text} {_card_nudge(item)}", verdict.rule)
        # "that move takes 2 cards; you can take 4": the best count is kept back at first
        text = verdict.kept_back or text
        if step == LOOK:
            return Verdict(False, text)
        return Verdict(False, f"{text} {_card_nudge(item)}")

    def this_try(self, verdict: Verdict) -> str | None:
        return verdict.message

    # ------------------------------------------------------------------ a goal stage

    def check_stage(self, item: QuizItem, guided: bool) -> None:
        assert item.goal is not None
        if item.goal.text != "legal" and not guided and all(
                item.goal.met_by(item.position, m) for m in item.position.legal_moves()):
            raise StageError(f"every legal move can {item.goal.words}: the stage tests nothing")

    def task(self, stage: Stage) -> str:
        assert stage.item is not None and stage.item.goal is not None
        return stage.task_words or f"Your move: {stage.item.goal.words}."

    def hint_steps(self, stage: Stage) -> tuple[str, ...]:
        return (_ANY_CARD,)

    def right_on_stage(self, stage: Stage, verdict: Verdict) -> Verdict:
        # The table has just told the move in words; the verdict adds only what is new.
        return Verdict(True, "Right!", stage.rule())

    def stage_solutions(self, stage: Stage) -> list[Any]:
        assert stage.item is not None
        return stage.item.solutions()


def _card_nudge(item: QuizItem) -> str:
    cards = {m.card for m in item.solutions()}
    if len(cards) == 1:
        return f"Look at what your {next(iter(cards)).name} can do."
    return _ANY_CARD
