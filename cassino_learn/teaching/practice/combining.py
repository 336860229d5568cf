"""Practice for the combining lesson: sums (S1), several groups at once (S2), and choosing
which groups to take (S4)."""

from __future__ import annotations

import random

from ...core.move import Move
from ...core.position import Position
from ..quiz import QuizItem
from .kinds import captures_task, goal_task

__all__ = ["sums", "several_groups", "choices"]


def _multiple_sum(moves: list[Move]) -> bool:
    return any(len(m.table_cards) >= 2 and any(len(g) >= 2 for g in m.groups()
                                                if isinstance(g, tuple)) for m in moves)


def _takes_groups(position: Position) -> bool:
    return any(len(m.groups()) >= 2 for m in position.legal_moves() if m.kind == "capture")


def sums(rule: str, rng: random.Random) -> QuizItem:
    """Every capture of a numeral card that can take a sum (S1)."""
    return captures_task(rule, rng, _multiple_sum, loose=(3, 6), numerals_only=True)


def several_groups(rule: str, rng: random.Random) -> QuizItem:
    """Take the most cards, where one card can take several groups (S2)."""
    return goal_task(rule, "most cards", "Take as many cards as you can with one card.", rng,
                     extra=_takes_groups, loose=(4, 7))


def choices(rule: str, rng: random.Random) -> QuizItem:
    """Every capture of a card with at least three: each choice of groups counts (S4)."""
    return captures_task(rule, rng, lambda moves: len(moves) >= 3, loose=(4, 6))
