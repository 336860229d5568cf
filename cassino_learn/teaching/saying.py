"""Moves in a learner's words, never in notation, as the core says them (`core.telling`, the one
place a move's words are decided): "play the seven of spades to take the three of clubs and the
four of hearts". The core reads and checks a move; this module only picks the words for a move
given as a Move or as text.

A move that the core refused (a "Legal / Not legal" question about an illegal move) is said from
what its text names (`core.notation.read_move`), with the table cards that belong to a build
said as that build.
"""

from __future__ import annotations

from ..core.errors import IllegalMove, MoveSyntaxError
from ..core.move import Move
from ..core.notation import read_move
from ..core.position import Position
from ..core.structure import BUILD, CAPTURE
from ..core.telling import build_said, cards_said, move_played, read_move_said
from ..core.telling import move_said as _said

__all__ = ["move_said", "build_said", "cards_said", "you_played", "text_said"]


def move_said(position: Position, move: Move | str) -> str:
    """The move in words, lower case, no full stop: "trail the king of spades", "play the three
    of diamonds to make a build of 8 with the five of clubs". `move` may be text the core
    refuses."""
    if isinstance(move, Move):
        return _said(move, position)
    try:
        return _said(position.parse_move(move), position)
    except IllegalMove:
        pass
    read = read_move(move)
    high = read.kind == CAPTURE and read.value is not None and read.value > 13
    return read_move_said(position, read.kind, read.card, read.table_cards,
                          read.value if read.kind == BUILD or high else None)


def text_said(position: Position, text: str) -> str:
    """Move text in words, or the text as it is when it cannot be read at all."""
    try:
        return move_said(position, text)
    except MoveSyntaxError:
        return text


def you_played(position: Position, move: Move) -> str:
    """"You played the seven of spades to take the seven of hearts." (no sweep said: the
    verdict says what the stage asks)."""
    return move_played("You", move, sweeps_taught=False, position=position)
