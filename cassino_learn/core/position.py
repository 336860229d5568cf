"""Positions: the table (loose cards and builds), the hands, owners and whose turn it is.

A `Position` is immutable and hashable. It reads and prints the notation of docs/notation.md:

    table: 5D 2C KH [8@2: 5H 3S] [9@1: 5C 4D | 9H]
    hand: 7S 3D 9S
    turn: 1
    players: 2

Besides the fixed fields it keeps what a whole game state needs (every field optional):
`pile N:` the cards side N has captured, `sweeps: 1=2, 2=1`, and `last capture: N`, the seat that
captured last (W2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Iterable, Iterator, Mapping

from .cards import FULL_DECK, Card, format_cards
from .errors import PositionError, shorten
from .rules import Rules

if TYPE_CHECKING:
    from .movegen import Move

__all__ = ["Build", "Position", "side_of", "sides_count", "HAND_SIZE"]

HAND_SIZE = 4  # cards in a hand at most (D2)


def sides_count(players: int, partners: bool) -> int:
    return 2 if partners else players


def side_of(seat: int, partners: bool) -> int:
    """The side (1-based) a seat plays for: in partnerships seats 1+3 are side 1, 2+4 side 2."""
    return (seat - 1) % 2 + 1 if partners else seat


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


@dataclass(frozen=True)
class Build:
    """A build on the table: its announced value, its owner's seat and its sets of cards.

    One set is a single build; two or more a multiple build (each set adds up to the value).
    `owner` None means "a player other than the mover" (allowed outside partnerships).
    """

    value: int
    owner: int | None
    sets: tuple[tuple[Card, ...], ...]

    @staticmethod
    def make(value: int, owner: int | None, sets: Iterable[Iterable[Card]]) -> "Build":
        """A build with its sets in canonical order (cards sorted in a set, sets sorted)."""
        canonical = sorted((_sorted_cards(s) for s in sets), key=lambda s: [c.index for c in s])
        return Build(value, owner, tuple(canonical))

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return _sorted_cards(card for s in self.sets for card in s)

    @property
    def is_multiple(self) -> bool:
        return len(self.sets) > 1

    def problem(self, rules: Rules | None = None) -> str | None:
        """Why this build cannot exist under `rules` (default: the standard rules), or None."""
        rules = rules or Rules()
        top = rules.top_value
        if not 1 <= self.value <= top:
            rule = "V7" if rules.royal else "B3"
            return f"a build's value must be 1 to {top}, not {self.value} ({rule})"
        for s in self.sets:
            if not s:
                return "a build has an empty set"
            face = [c for c in s if rules.table_value(c) is None]
            if face:
                return f"{face[0]} is a face card, and face cards are never part of a build (B3)"
            total = sum(rules.table_value(c) for c in s)  # type: ignore[misc]
            if total != self.value:
                return (f"the set {shorten('+'.join(map(str, s)))} adds up to {total}, "
                        f"not the build's value {self.value}")
        if len(self.sets) == 1 and len(self.sets[0]) < 2:
            return (f"a build needs at least two cards; a lone {self.sets[0][0]} "
                    f"is a loose card, not a build")
        return None

    def text(self, with_owner: bool = True) -> str:
        owner = f"@{self.owner}" if with_owner and self.owner is not None else ""
        return f"[{self.value}{owner}: " + " | ".join(format_cards(s) for s in self.sets) + "]"

    def describe(self) -> str:
        """In words: "the build of 8 (5H 3S)" or "the multiple build of 9 (5C 4D | 9H)"."""
        kind = "multiple build" if self.is_multiple else "build"
        return f"the {kind} of {self.value} ({' | '.join(format_cards(s) for s in self.sets)})"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Position:
    """What the player to move must know, and optionally the whole state of a deal.

    `hands[i]` is seat i+1's hand, or None when it is not known. `piles[i]` holds what side i+1
    has captured; `sweeps[i]` its sweeps.
    """

    loose: tuple[Card, ...] = ()
    builds: tuple[Build, ...] = ()
    hands: tuple[tuple[Card, ...] | None, ...] = (None, None)
    turn: int = 1
    players: int = 2
    partners: bool = False
    declared: tuple[tuple[int, int], ...] = ()
    rules: Rules = field(default_factory=Rules)
    piles: tuple[tuple[Card, ...], ...] = ((), ())
    sweeps: tuple[int, ...] = (0, 0)
    last_capture: int | None = None

    # ------------------------------------------------------------------ building and checking

    @classmethod
    def create(
        cls,
        *,
        table: Iterable[Card | Build] = (),
        hands: Mapping[int, Iterable[Card]] | None = None,
        hand: Iterable[Card] | None = None,
        turn: int = 1,
        players: int = 2,
        partners: bool = False,
        declared: Mapping[int, int] | None = None,
        rules: Rules | None = None,
        piles: Mapping[int, Iterable[Card]] | None = None,
        sweeps: Mapping[int, int] | None = None,
        last_capture: int | None = None,
    ) -> "Position":
        """Build a position from Python values, in canonical order, and check it can exist."""
        if players not in (2, 3, 4):
            raise PositionError(f"players: must be 2, 3 or 4, not {players}")
        if partners and players != 4:
            raise PositionError(f"partners: yes needs exactly 4 players, not {players}")
        if not 1 <= turn <= players:
            raise PositionError(f"turn: must be a seat from 1 to {players}, not {turn}")
        sides = sides_count(players, partners)
        seat_hands: list[tuple[Card, ...] | None] = [None] * players
        for seat, cards in (hands or {}).items():
            if not 1 <= seat <= players:
                raise PositionError(f"hand {seat}: there is no seat {seat} with {players} players")
            seat_hands[seat - 1] = _sorted_cards(cards)
        if hand is not None:
            seat_hands[turn - 1] = _sorted_cards(hand)
        loose = _sorted_cards(c for c in table if isinstance(c, Card))
        builds = tuple(sorted((b for b in table if isinstance(b, Build)), key=_build_key))
        side_piles: list[tuple[Card, ...]] = [()] * sides
        for side, cards in (piles or {}).items():
            if not 1 <= side <= sides:
                raise PositionError(f"pile {side}: there is no side {side} in this game")
            side_piles[side - 1] = _sorted_cards(cards)
        side_sweeps = [0] * sides
        for side, count in (sweeps or {}).items():
            if not 1 <= side <= sides:
                raise PositionError(f"sweeps: there is no side {side} in this game")
            if count < 0:
                raise PositionError(f"sweeps: side {side} cannot have {count} sweeps")
            side_sweeps[side - 1] = count
        position = cls(
            loose=loose, builds=builds, hands=tuple(seat_hands), turn=turn, players=players,
            partners=partners, declared=tuple(sorted((declared or {}).items())),
            rules=rules or Rules(), piles=tuple(side_piles), sweeps=tuple(side_sweeps),
            last_capture=last_capture)
        position.check()
        return position

    def check(self) -> None:
        """Raise `PositionError` if this position cannot exist."""
        where: dict[Card, str] = {}

        def place(card: Card, location: str) -> None:
            if card in where:
                if where[card] == location:
                    raise PositionError(f"{card} appears twice in {location}")
                raise PositionError(f"{card} appears twice: in {where[card]} and in {location}")
            where[card] = location

        for card in self.loose:
            place(card, "the table")
        for build in self.builds:
            for card in build.cards:
                place(card, f"the build {shorten(build.text())}")
            problem = build.problem(self.rules)
            if problem:
                raise PositionError(f"table: build {shorten(build.text())}: {problem}")
            if build.owner is not None and not 1 <= build.owner <= self.players:
                raise PositionError(f"table: build {build.text()} is owned by seat {build.owner}, "
                                    f"but there are {self.players} players")
            if build.owner is None and self.partners:
                raise PositionError(f"table: build {build.text()} needs an owner (@seat) "
                                    f"in a partnership game")
        for seat, hand in enumerate(self.hands, 1):
            for card in hand or ():
                place(card, f"hand {seat}")
        for side, pile in enumerate(self.piles, 1):
            for card in pile:
                place(card, f"pile {side}")
        for seat, value in self.declared:
            if not self.partners:
                raise PositionError("declared: announced builds only matter in partnership games")
            if not 1 <= seat <= self.players:
                raise PositionError(f"declared: there is no seat {seat}")
            if not 1 <= value <= self.rules.top_value:
                raise PositionError(f"declared: seat {seat} cannot announce {value} "
                                    f"(1 to {self.rules.top_value})")
        if self.last_capture is not None and not 1 <= self.last_capture <= self.players:
            raise PositionError(f"last capture: there is no seat {self.last_capture}")
        self._check_counts()
        self._check_owners_can_capture(where)
        hand = self.hands[self.turn - 1]
        if hand is not None and not self.partners:
            for build in self.builds:
                if build.owner == self.turn and not self._may_lack_keeper(build) and not any(
                        build.value in self.rules.play_values(c) for c in hand):
                    needed = "ace" if build.value == 14 else build.value
                    raise PositionError(
                        f"seat {self.turn} owns {build.describe()} but holds no {needed}: "
                        f"an owner must keep a card to capture it (B2, O2)")

    def _check_counts(self) -> None:
        """Hands of at most 4 cards (D2); no more sweeps than a side has plays in a round; a
        last capture whose side has captured something (when the piles are given). Piles may
        show only some of a side's cards, so sweeps are not checked against them."""
        for seat, hand in enumerate(self.hands, 1):
            if hand is not None and len(hand) > HAND_SIZE:
                name = "hand" if seat == self.turn else f"hand {seat}"
                raise PositionError(f"{name}: {len(hand)} cards, but a hand holds at most "
                                    f"{HAND_SIZE} (D2)")
        # each sweep is a capture made with a card of the side's hands: 48 cards are played
        # in a round, shared out equally among the seats
        most = 48 // self.players * (2 if self.partners else 1)
        piles_given = any(self.piles)
        for side, count in enumerate(self.sweeps, 1):
            if count > most:
                raise PositionError(f"sweeps: side {side} cannot have {count} sweeps; at most "
                                    f"{most} in a round with {self.players} players")
        if self.last_capture is not None and piles_given \
                and not self.piles[self.side_of(self.last_capture) - 1]:
            side = self.side_of(self.last_capture)
            raise PositionError(f"last capture: seat {self.last_capture} captured last, but "
                                f"pile {side} is empty")

    def _may_lack_keeper(self, build: Build) -> bool:
        """V7: one ace keeps builds of 1 and 14 but can take only one value, so R2 may make
        their owner trail that ace: such a build can stand with no ace to take it."""
        return self.rules.royal and build.value in (1, 14)

    def _check_owners_can_capture(self, where: dict[Card, str]) -> None:
        """Outside partnerships a build's owner holds a card of its value (B2, O2): another
        player's build cannot stand while all four cards of its value are seen elsewhere."""
        if self.partners:
            return
        for build in self.builds:
            if build.owner == self.turn or self._may_lack_keeper(build):
                continue  # the mover's own builds: checked against the mover's hand
            same = [c for c in FULL_DECK if build.value in self.rules.play_values(c)]
            if not all(c in where for c in same):
                continue  # an unseen card of the value may be in the owner's hand
            if build.owner is not None:
                holds = any(where[c] == f"hand {build.owner}" for c in same)
            else:  # "a player other than the mover"
                holds = any(where[c].startswith("hand ") and where[c] != f"hand {self.turn}"
                            for c in same)
            if not holds:
                owner = f"seat {build.owner}" if build.owner is not None else "its owner"
                seen = ", ".join(f"{c} in {where[c]}" for c in same)
                raise PositionError(
                    f"table: build {build.text()}: {owner} must hold {_a(build.value)} to "
                    f"capture it (B2, O2), but all four are seen elsewhere ({seen})")

    # ------------------------------------------------------------------ views

    @property
    def hand(self) -> tuple[Card, ...]:
        """The mover's hand (empty if not known)."""
        return self.hands[self.turn - 1] or ()

    @property
    def table(self) -> tuple[Card | Build, ...]:
        return self.loose + self.builds

    @property
    def table_cards(self) -> frozenset[Card]:
        """Every card on the table, loose or in a build."""
        return frozenset(self.loose).union(*(b.cards for b in self.builds))

    @property
    def sides(self) -> int:
        return sides_count(self.players, self.partners)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.partners)

    def partner_of(self, seat: int) -> int | None:
        return (seat + 1) % 4 + 1 if self.partners else None

    def next_seat(self, seat: int | None = None) -> int:
        return (seat if seat is not None else self.turn) % self.players + 1

    @property
    def declared_map(self) -> dict[int, int]:
        return dict(self.declared)

    def owned_builds(self, seat: int | None = None) -> tuple[Build, ...]:
        seat = self.turn if seat is None else seat
        return tuple(b for b in self.builds if b.owner == seat)

    def all_cards(self) -> Iterator[Card]:
        """Every card this position places: table, known hands and piles."""
        yield from self.loose
        for build in self.builds:
            yield from build.cards
        for hand in self.hands:
            yield from hand or ()
        for pile in self.piles:
            yield from pile

    def for_seat(self, seat: int) -> "Position":
        """The same position with every hand but `seat`'s hidden (what that seat may see)."""
        hands = tuple(h if i == seat - 1 else None for i, h in enumerate(self.hands))
        return _replace(self, hands=hands)

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list["Move"]:
        from .movegen import legal_moves

        return legal_moves(self)

    def parse_move(self, text: str) -> "Move":
        """Read a move in notation and check it: the `Move`, or `IllegalMove` saying why not."""
        from .explain import parse_move

        return parse_move(self, text)

    def play(self, move: "Move | str") -> "Position":
        """The position after `move` (a Move or move text), which must be legal here."""
        from .movegen import find_legal

        if isinstance(move, str):
            return self.parse_move(move).play_from(self)
        return find_legal(self, move).play_from(self)

    # ------------------------------------------------------------------ text

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read a position in the notation of docs/notation.md (lenient); raise `PositionError`."""
        from .notation import parse_position

        return parse_position(text)

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def one_line(self) -> str:
        """The canonical text on one line, fields separated by `; `."""
        return "; ".join(self.lines())

    def lines(self) -> list[str]:
        table = " ".join([format_cards(self.loose)] + [b.text() for b in self.builds]).strip()
        lines = [f"table: {table}".rstrip()]
        mover_hand = self.hands[self.turn - 1]
        if mover_hand is not None:
            lines.append(f"hand: {format_cards(mover_hand)}".rstrip())
        for seat, hand in enumerate(self.hands, 1):
            if hand is not None and seat != self.turn:
                lines.append(f"hand {seat}: {format_cards(hand)}".rstrip())
        lines.append(f"turn: {self.turn}")
        lines.append(f"players: {self.players}")
        if self.partners:
            lines.append("partners: yes")
        if self.declared:
            lines.append("declared: " + ", ".join(f"{s}={v}" for s, v in self.declared))
        if not self.rules.is_standard:
            lines.append(f"rules: {self.rules}")
        for side, pile in enumerate(self.piles, 1):
            if pile:
                lines.append(f"pile {side}: {format_cards(pile)}")
        if any(self.sweeps):
            lines.append("sweeps: " + ", ".join(f"{s}={n}" for s, n in enumerate(self.sweeps, 1)))
        if self.last_capture is not None:
            lines.append(f"last capture: {self.last_capture}")
        return lines

    def __repr__(self) -> str:
        return f"Position.parse({self.one_line()!r})"

    def _repr_html_(self) -> str:
        from .render import position_html

        return position_html(self)


def _a(value: int) -> str:
    """"an 8", "a 9", "an ace"."""
    return "an ace" if value == 1 else ("an " if value == 8 else "a ") + str(value)


def _build_key(build: Build) -> tuple:
    return (build.value, build.owner or 0, [c.index for c in build.cards])


_FIELDS = frozenset(Position.__dataclass_fields__)
_new_object = object.__new__


def _replace(position: Position, **changes: object) -> Position:
    """A copy with some fields changed, without re-checking (the caller keeps it valid)."""
    if not changes.keys() <= _FIELDS:
        unknown = ", ".join(sorted(changes.keys() - _FIELDS))
        raise TypeError(f"Position has no field {unknown}")
    # The search plays many thousands of moves a decision: the fields are copied straight into
    # the new instance's __dict__, which is what the frozen dataclass's __init__ (one
    # object.__setattr__ a field) ends with too. A Position holds nothing besides its fields.
    copy = _new_object(Position)
    state = copy.__dict__
    state.update(position.__dict__)
    state.update(changes)
    return copy

