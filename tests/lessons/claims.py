"""Helpers for the claim tests: one lesson sentence, one test, decided by the engine."""

from __future__ import annotations

import pytest

from cassino_learn import IllegalMove, Position
from cassino_learn.core.move import Move


def legal(position: str, move: str) -> Move:
    """The move, which must be legal in the position."""
    return Position.parse(position).parse_move(move)


def refused(position: str, move: str, rule: str) -> IllegalMove:
    """The refusal, which must name `rule`."""
    with pytest.raises(IllegalMove) as caught:
        Position.parse(position).parse_move(move)
    assert caught.value.rule == rule, caught.value.reason
    return caught.value


def after(position: str, *moves: str) -> Position:
    here = Position.parse(position)
    for move in moves:
        here = here.play(move)
    return here


def moves(position: str) -> set[str]:
    return {str(m) for m in Position.parse(position).legal_moves()}


def captures_of(position: str, card: str) -> set[str]:
    return {str(m) for m in Position.parse(position).legal_moves()
            if m.kind == "capture" and str(m.card) == card}
