"""Practice for the pairing lesson (T1, T2, P1, P2): a play uses your own card and the table's,
and a card takes cards of its rank. Dealt from the face cards and one numeral rank, with no
build or sweep possible, so nothing a learner meets here needs a later rule."""

from __future__ import annotations

import random
from typing import Callable

from ...core.cards import Card
from ...core.move import Move
from ...core.position import Position
from ..goals import parse_goal
from ..quiz import QuizItem
from .hints import HINTS
from .kinds import legal_task
from .positions import no_build_or_sweep, sample

__all__ = ["your_cards", "pair_goal"]


def your_cards(rule: str, rng: random.Random) -> QuizItem:
    """Is this capture legal? A right one pairs; a wrong one plays a card you don't hold (T2)."""
    return legal_task(rule, rng, {"T2"}, when=no_build_or_sweep, kinds=("capture",),
                      loose=(2, 5), one_numeral_rank=True)


def _pairing(face: bool) -> Callable[[Position, Move], bool]:
    def test(position: Position, move: Move) -> bool:
        return move.kind == "capture" and any(
            c.rank == move.card.rank and c.is_face == face for c in move.table_cards)
    return test


def pair_goal(rule: str, face: bool, rng: random.Random) -> QuizItem:
    """Capture a card of the table by its rank: a numeral (P1) or a face card (P2)."""
    def accept(position: Position) -> Card | None:
        if not no_build_or_sweep(position):
            return None
        targets = [c for m in position.legal_moves() if _pairing(face)(position, m)
                   for c in m.table_cards if c.rank == m.card.rank]
        return rng.choice(targets) if targets else None

    position, target = sample(rng, accept, loose=(3, 6), hand=(2, 4), one_numeral_rank=True)
    assert isinstance(target, Card)
    goal = parse_goal(f"take {target}")
    return QuizItem(id=f"practice-{rule}", kind="goal", position=position,
                    question=f"Capture the {target.name}.", hint=HINTS.get(rule, ""),
                    rules=(rule,), goal=goal)
