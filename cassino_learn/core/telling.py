"""A move in words, decided in this one place (the notation is for the typing box): the
learner's sentences (`Move.describe`, "You played ..."), a Legal / Not legal question about a
move the core refuses, the table's line, the verdicts and the screen reader's words
(`spoken.say_move`) all say a move as `move_said` does.

    >>> from cassino_learn import Position
    >>> pos = Position.parse("table: 3C 4H [8@2: 5D 3S]; hand: 7S 8H")
    >>> move_said(pos.parse_move("7S take 3C+4H"))
    'play the seven of spades to take the three of clubs and the four of hearts'
    >>> move_said(pos.parse_move("8H take [5D 3S]"))
    "play the eight of hearts to take your opponent's build of 8"
    >>> move_played("You", pos.parse_move("trail 8H"))
    'You trailed the eight of hearts.'

The past ("played", "trailed"), the capital and full stop, and whether a capture is said to
sweep the table are how a place tells the words, never other words for the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from .build import Build
from .cards import Card
from .rules import ACE_HIGH
from .structure import BUILD, CAPTURE, TRAIL, Group, ace_high, move_groups
from .words import listing

if TYPE_CHECKING:
    from .move import Move
    from .position import Position

__all__ = ["move_said", "move_sentence", "move_played", "past_said", "in_words",
           "read_move_said",
           "build_said", "cards_said"]

SWEEP_SENTENCE = "It sweeps the table."


def cards_said(cards: Iterable[Card]) -> str:
    """"the three of clubs and the four of hearts"."""
    return listing([f"the {card.name}" for card in cards])


def build_said(build: Build, position: "Position | None" = None) -> str:
    """A build as a move names it: "your build of 8", "your opponent's multiple build of 9",
    "your partner's build of 7", "seat 3's build of 10"; "the build of 8" when whose it is
    is not known. Where another build on the table has its value, the build is said by its
    cards ("the two of spades and the five of clubs"): its value would not say which."""
    if position is not None and sum(1 for b in position.builds if b.value == build.value) > 1:
        return cards_said(sorted(build.cards))
    kind = "multiple build" if build.is_multiple else "build"
    if position is None or build.owner is None:
        whose = "the "
    elif build.owner == position.turn:
        whose = "your "
    elif position.partners and position.side_of(build.owner) == position.side_of(position.turn):
        whose = "your partner's "
    elif position.players == 2:
        whose = "your opponent's "
    else:
        whose = f"seat {build.owner}'s "
    return f"{whose}{kind} of {build.value}"


def _group_said(group: Group, position: "Position | None") -> str:
    if isinstance(group, Build):
        return build_said(group, position)
    return listing([_group_said(x, position) if isinstance(x, Build) else f"the {x.name}"
                    for x in group])


def _clause(kind: str, card: Card, value: int | None, taken: Sequence[str], *,
            high: bool = False, raised: str | None = None, multiple: bool = False) -> str:
    """The one sentence of a move, lower case with no full stop; `taken` are the table's
    cards and builds it uses (said), `raised` the build it raises."""
    if kind == TRAIL:
        return f"trail the {card.name}"
    played = f"the {card.name}" + (f" as {ACE_HIGH}" if high else "")
    if kind == CAPTURE:
        return f"play {played} to take {listing(list(taken)) or 'nothing'}"
    if raised is not None:
        gathered = f", gathering {listing(list(taken))}" if taken else ""
        several = ", a multiple build" if multiple else ""
        return f"play {played} to raise {raised} to {value}{several}{gathered}"
    kind_said = "a multiple build" if multiple else "a build"
    with_ = f" with {listing(list(taken))}" if taken else " on its own"
    return f"play {played} to make {kind_said} of {value}{with_}"


def move_said(move: "Move", position: "Position | None" = None) -> str:
    """The move in words, lower case, no full stop: "trail the king of spades", "play the
    three of diamonds to make a build of 8 with the five of clubs", "play the seven of spades
    to raise your build of 5 to 8, gathering the ace of hearts". Builds are said as whose
    they are, seen from the seat to move in `position` (default: the move's own)."""
    position = position if position is not None else move.position
    if move.kind == TRAIL:
        return _clause(TRAIL, move.card, None, ())
    if move.kind == CAPTURE:
        groups = move_groups(move)
        return _clause(CAPTURE, move.card, move.value,
                       [_group_said(g, position) for g in groups], high=ace_high(move))
    # a move read without its position has no sets to count (its rules are not known): a build
    multiple = move.position is not None and len(move_groups(move)) > 1
    raised = move.raised
    others = [c for c in move.table_cards if raised is None or c not in raised.cards]
    taken = (_table_said(position, tuple(others)) if position is not None
             else [f"the {c.name}" for c in others])
    return _clause(BUILD, move.card, move.value, taken, multiple=multiple,
                   raised=build_said(raised, position) if raised is not None else None)


def _table_said(position: "Position", cards: tuple[Card, ...]) -> list[str]:
    """Table cards said, those of a build said as the build (first)."""
    chosen = set(cards)
    parts: list[str] = []
    for build in position.builds:
        if set(build.cards) <= chosen:
            parts.append(build_said(build, position))
            chosen -= set(build.cards)
    return parts + [f"the {c.name}" for c in cards if c in chosen]


def read_move_said(position: "Position", kind: str, card: Card,
                   table_cards: tuple[Card, ...], value: int | None) -> str:
    """A move the core refuses (a Legal / Not legal question), said from what its text names
    (`notation.read_move`) in the words `move_said` gives a legal one."""
    high = kind == CAPTURE and value is not None and value > 13 and card.rank == 1
    return _clause(kind, card, value, _table_said(position, table_cards), high=high)


def move_sentence(move: "Move", sweep: bool = True) -> str:
    """The move as a sentence: "Play the seven of spades to take the three of clubs and the
    four of hearts."; with `sweep`, a capture that clears the table says so after it."""
    said = move_said(move)
    swept = f" {SWEEP_SENTENCE}" if sweep and move.kind == CAPTURE and move.is_sweep else ""
    return f"{said[0].upper()}{said[1:]}.{swept}"


def in_words(move: "Move") -> str:
    """What a move does, for a button's or a drawing's label: the sentence without the sweep."""
    return move_sentence(move, sweep=False)


def move_played(who: str, move: "Move", *, sweeps_taught: bool = True,
                position: "Position | None" = None) -> str:
    """"You played the seven of spades to take the two of clubs and the five of diamonds.":
    the move's words in the past. With `sweeps_taught` False (a lesson before sweeps,
    lesson 9) a sweep is not called one; `position` as in `move_said`."""
    swept = (f" {SWEEP_SENTENCE}" if sweeps_taught and move.kind == CAPTURE and move.is_sweep
             else "")
    return f"{who} {past_said(move, position)}.{swept}"


def past_said(move: "Move", position: "Position | None" = None) -> str:
    """`move_said` in the past: "played the two of clubs to take the two of spades",
    "trailed the three of diamonds"."""
    said = move_said(move, position)
    if move.kind == TRAIL:
        return "trailed " + said.removeprefix("trail ")
    return "played " + said.removeprefix("play ")
