"""Moves: what a turn does (docs/rules.md T1): trail a card, capture with it, or build with it.

A move is decided by its kind, the card played, the table cards it takes or gathers and, for a
build, the announced value; two moves with the same effect are equal. A move made by the
generator (`movegen`) also knows its position, which gives it its groups and its canonical
text (docs/notation.md, "Moves"); a hand-made `Move(...)` or `Move.parse(...)` names its cards
only.

    >>> move = Move.parse("7S take 3C 4H")
    >>> move.kind, move.card, sorted(move.table_cards), move.value
    ('capture', Card.parse('7S'), [Card.parse('3C'), Card.parse('4H')], 7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, NamedTuple

from .build import Build
from .cards import Card
from .notation import move_text, read_move
from .telling import move_sentence
from .structure import BUILD, CAPTURE, KINDS, TRAIL, Group, move_groups

if TYPE_CHECKING:
    from .position import Position

__all__ = ["Move", "TRAIL", "CAPTURE", "BUILD"]

_KIND_ORDER = {kind: i for i, kind in enumerate(KINDS)}


class _Fields(NamedTuple):
    """A move's fields. The masks refer to its position's loose cards and builds (bit i =
    `loose[i]` or `builds[i]`); a hand-made move has no position and names its cards."""

    kind: str                       # "trail", "capture" or "build"
    card: Card                      # the card played
    value: int | None               # a build's announced value; a capture's card value
    loose_mask: int                 # the loose cards used
    build_mask: int                 # the builds taken, raised or gathered
    raised_at: int                  # the index of the single build raised (B5), or -1
    position: Position | None       # the position it was generated for, or None
    named_cards: frozenset[Card] | None  # a hand-made move's table cards (else None)


class Move(_Fields):
    """A move: `kind` ("trail", "capture", "build"), the `card` played, the `table_cards` it
    takes or gathers, and `value` (a build's announced value; a capture's card value).

    Immutable and hashable; two moves are equal when they have the same effect.
    """

    __slots__ = ()

    def __new__(cls, kind: str, card: Card | str, table_cards: Iterable[Card | str] = (),
                value: int | None = None) -> "Move":
        """A move with no position attached (its text lists cards without grouping)."""
        if kind not in _KIND_ORDER:
            raise ValueError(f"a move's kind is trail, capture or build, not {kind!r}")
        card = card if isinstance(card, Card) else Card.parse(card)
        cards = frozenset(c if isinstance(c, Card) else Card.parse(c) for c in table_cards)
        if kind == CAPTURE and value is None:
            value = card.value
        return tuple.__new__(cls, (kind, card, value, 0, 0, -1, None, cards))

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read a move without a position (no legality check); `MoveSyntaxError` if it cannot
        be read."""
        read = read_move(text)
        return cls(read.kind, read.card, read.table_cards, read.value)

    @property
    def table_cards(self) -> frozenset[Card]:
        """The table cards taken or gathered, a build's cards included."""
        cards = self.named_cards
        if cards is None:
            position = self.position
            assert position is not None  # only a hand-made move has no position
            cards = frozenset(cards_of(position, self.loose_mask, self.build_mask))
        return cards

    def key(self) -> tuple[str, Card, int | None, frozenset[Card]]:
        """What decides the move's effect: kind, card, value and table cards."""
        return (self.kind, self.card, self.value, self.table_cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        if self.position is not None and self.position is other.position:
            return self[:6] == other[:6]  # the same position: kind, card, value, masks, raised
        return self.key() == other.key()

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self.key())

    def __lt__(self, other: "Move") -> bool:  # type: ignore[override]
        return _sort_key(self) < _sort_key(other)

    def __reduce__(self) -> tuple[type["Move"], tuple[str, Card, tuple[Card, ...], int | None]]:
        return (Move, (self.kind, self.card, tuple(self.table_cards), self.value))

    @property
    def loose_cards(self) -> tuple[Card, ...]:
        """The loose table cards taken or gathered."""
        position = self.position
        if position is None:
            return tuple(sorted(self.table_cards))
        mask = self.loose_mask
        return tuple(c for i, c in enumerate(position.loose) if mask >> i & 1)

    @property
    def builds(self) -> tuple[Build, ...]:
        """The builds taken, raised or gathered (none for a hand-made move)."""
        position = self.position
        if position is None:
            return ()
        mask = self.build_mask
        return tuple(b for i, b in enumerate(position.builds) if mask >> i & 1)

    @property
    def raised(self) -> Build | None:
        """The single build this move raises to a new value (B5), if any."""
        if self.raised_at < 0 or self.position is None:
            return None
        return self.position.builds[self.raised_at]

    @property
    def is_sweep(self) -> bool:
        """A capture that leaves the table empty (W1)."""
        position = self.position
        if self.kind != CAPTURE or position is None:
            return False
        return (self.loose_mask == (1 << len(position.loose)) - 1
                and self.build_mask == (1 << len(position.builds)) - 1)

    def groups(self) -> list[Group]:
        """The move's structure: for a capture its groups; for a build its sets, the played
        card's set first (a raised build is shown inside that set)."""
        return move_groups(self)

    def __str__(self) -> str:
        return move_text(self)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})" if self.position is None else f"<Move {self}>"

    def describe(self, sweep: bool = True) -> str:
        """The move in words, for learners: "Play the seven of spades to take the three of clubs
        and the four of hearts."; `sweep` False leaves out that it sweeps the table."""
        return move_sentence(self, sweep)

    def _repr_html_(self) -> str:
        from ..drawing.render import move_html

        return move_html(self)


def _sort_key(move: Move) -> tuple[int, int, int, list[int]]:
    return (_KIND_ORDER[move.kind], move.card.index, move.value or 0,
            sorted(c.index for c in move.table_cards))


def cards_of(position: Position, loose_mask: int, build_mask: int) -> list[Card]:
    """The table cards of `position` that the masks name, a build's cards included."""
    cards = [c for i, c in enumerate(position.loose) if loose_mask >> i & 1]
    for i, build in enumerate(position.builds):
        if build_mask >> i & 1:
            cards.extend(build.cards)
    return cards
