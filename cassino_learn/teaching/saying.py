"""Moves in a learner's words, never in notation: "play the seven of spades to take the three of
clubs and the four of hearts". The core reads and checks a move; this module only says it.

A move that the core refused (a "Legal / Not legal" question about an illegal move) is said from
what its text names (`core.notation.read_move`), with the table cards that belong to a build
said as that build.
"""

from __future__ import annotations

from ..core.build import Build
from ..core.cards import Card
from ..core.errors import IllegalMove, MoveSyntaxError
from ..core.move import Move
from ..core.notation import read_move
from ..core.position import Position, side_of
from ..core.structure import BUILD, CAPTURE, TRAIL
from ..core.words import listing

__all__ = ["move_said", "build_said", "cards_said", "you_played", "text_said"]


def cards_said(cards: tuple[Card, ...] | list[Card]) -> str:
    """"the three of clubs and the four of hearts"."""
    return listing([f"the {card.name}" for card in cards])


def build_said(build: Build, position: Position | None = None) -> str:
    """"your build of 8", "your opponent's multiple build of 9", "the build of 7"."""
    kind = "multiple build" if build.is_multiple else "build"
    if position is None or build.owner is None:
        return f"the {kind} of {build.value}"
    if build.owner == position.turn:
        return f"your {kind} of {build.value}"
    if position.partners and side_of(build.owner, True) == side_of(position.turn, True):
        return f"your partner's {kind} of {build.value}"
    if position.players == 2:
        return f"your opponent's {kind} of {build.value}"
    return f"seat {build.owner}'s {kind} of {build.value}"


def _table_said(position: Position, cards: tuple[Card, ...]) -> str:
    """Table cards, those of a build said as the build."""
    chosen = set(cards)
    parts: list[str] = []
    for build in position.builds:
        if set(build.cards) <= chosen:
            parts.append(build_said(build, position))
            chosen -= set(build.cards)
    loose = [c for c in cards if c in chosen]
    return listing(parts + [f"the {c.name}" for c in loose])


def _said(position: Position, kind: str, card: Card, table: tuple[Card, ...],
          value: int | None, ace_high: bool = False) -> str:
    played = f"the {card.name}" + (f" as {value}" if ace_high else "")
    if kind == TRAIL:
        return f"trail the {card.name}"
    taken = _table_said(position, table)
    if kind == CAPTURE:
        return f"play {played} to take {taken}" if taken else f"play {played} to take nothing"
    with_ = f" with {taken}" if taken else " on its own"
    return f"play {played} to build {value}{with_}"


def move_said(position: Position, move: Move | str) -> str:
    """The move in words, lower case, no full stop: "trail the king of spades", "play the three
    of diamonds to build 8 with the five of clubs". `move` may be text the core refuses."""
    if isinstance(move, Move):
        high = move.kind == CAPTURE and move.value is not None and move.value > 13
        raised = move.raised if move.kind == BUILD else None
        if raised is not None:
            rest = tuple(c for c in move.table_cards if c not in raised.cards)
            gathered = f", gathering {_table_said(position, rest)}" if rest else ""
            return (f"raise {build_said(raised, position)} to {move.value} with the "
                    f"{move.card.name}{gathered}")
        return _said(position, move.kind, move.card, tuple(move.table_cards), move.value,
                     high)
    try:
        return move_said(position, position.parse_move(move))
    except IllegalMove:
        pass
    read = read_move(move)
    high = read.kind == CAPTURE and read.value is not None and read.value > 13
    return _said(position, read.kind, read.card, read.table_cards,
                 read.value if read.kind == BUILD or high else None, high)


def text_said(position: Position, text: str) -> str:
    """Move text in words, or the text as it is when it cannot be read at all."""
    try:
        return move_said(position, text)
    except MoveSyntaxError:
        return text


def you_played(position: Position, move: Move) -> str:
    """"You played the seven of spades to take the seven of hearts."."""
    said = move_said(position, move)
    if said.startswith("trail "):
        return f"You trailed {said.removeprefix('trail ')}."
    return "You " + said.replace("play ", "played ", 1) + "."
