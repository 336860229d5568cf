"""Positions: the table (loose cards and builds), the hands, owners and whose turn it is, with
what a position answers about its moves: the legal ones, one checked, one played.

A `Position` is immutable and hashable. It reads and writes the notation of docs/notation.md
(`notation`), lists its moves with the generator (`movegen`) and, for a move the rules refuse,
says why (`explain`); it sits above them, as python-chess's `Board` does.

    >>> position = Position.parse("table: 5D 2C [8@2: 5H 3S]; hand: 7S 3D; players: 2")
    >>> [str(m) for m in position.legal_moves()]
    ['7S take 2C+5D', 'trail 3D', 'trail 7S']
    >>> print(position.play("7S take 2C 5D"))
    table: [8@2: 3S 5H]
    hand 1: 3D
    turn: 2
    players: 2
    pile 1: 2C 5D 7S
    last capture: 1

Besides the fixed fields it keeps what a whole game state needs (every field optional):
`pile N:` the cards side N has captured, `sweeps: 1=2, 2=1`, and `last capture: N`, the seat that
captured last (docs/rules.md W2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping

from .build import Build, build_key, sorted_cards
from .cards import FULL_DECK, Card
from .errors import IllegalMove, PositionError, shorten
from .explain import explain_illegal
from .move import Move
from .movegen import apply_move, _find_move, legal_moves
from .notation import position_lines, read_move, read_position
from .rules import Rules
from .structure import CAPTURE
from .words import a_value

__all__ = ["Position", "check_move", "find_legal", "side_of", "sides_count", "HAND_SIZE"]

HAND_SIZE = 4  # cards in a hand at most (D2)


def sides_count(players: int, partners: bool) -> int:
    return 2 if partners else players


def side_of(seat: int, partners: bool) -> int:
    """The side (1-based) a seat plays for: in partnerships seats 1+3 are side 1, 2+4 side 2."""
    return (seat - 1) % 2 + 1 if partners else seat


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
            raise PositionError(f"must be 2, 3 or 4, not {players}", "players")
        if partners and players != 4:
            raise PositionError(f"yes needs exactly 4 players, not {players}", "partners")
        if not 1 <= turn <= players:
            raise PositionError(f"must be a seat from 1 to {players}, not {turn}", "turn")
        sides = sides_count(players, partners)
        seat_hands: list[tuple[Card, ...] | None] = [None] * players
        for seat, cards in (hands or {}).items():
            if not 1 <= seat <= players:
                raise PositionError(f"there is no seat {seat} with {players} players",
                                    f"hand {seat}")
            seat_hands[seat - 1] = sorted_cards(cards)
        if hand is not None:
            seat_hands[turn - 1] = sorted_cards(hand)
        loose = sorted_cards(c for c in table if isinstance(c, Card))
        builds = tuple(sorted((b for b in table if isinstance(b, Build)), key=build_key))
        side_piles: list[tuple[Card, ...]] = [()] * sides
        for side, cards in (piles or {}).items():
            if not 1 <= side <= sides:
                raise PositionError(f"there is no side {side} in this game", f"pile {side}")
            side_piles[side - 1] = sorted_cards(cards)
        side_sweeps = [0] * sides
        for side, count in (sweeps or {}).items():
            if not 1 <= side <= sides:
                raise PositionError(f"there is no side {side} in this game", "sweeps")
            if count < 0:
                raise PositionError(f"side {side} cannot have {count} sweeps", "sweeps")
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
                raise PositionError(f"build {shorten(build.text())}: {problem}", "table")
            if build.owner is not None and not 1 <= build.owner <= self.players:
                raise PositionError(f"build {build.text()} is owned by seat {build.owner}, "
                                    f"but there are {self.players} players", "table")
            if build.owner is None and self.partners:
                raise PositionError(f"build {build.text()} needs an owner (@seat) "
                                    f"in a partnership game", "table")
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
                raise PositionError(f"there is no seat {seat}", "declared")
            if not 1 <= value <= self.rules.top_value:
                raise PositionError(f"seat {seat} cannot announce {value} "
                                    f"(1 to {self.rules.top_value})", "declared")
        if self.last_capture is not None and not 1 <= self.last_capture <= self.players:
            raise PositionError(f"there is no seat {self.last_capture}", "last capture")
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
                raise PositionError(f"{len(hand)} cards, but a hand holds at most "
                                    f"{HAND_SIZE} (D2)", name)
        # each sweep is a capture made with a card of the side's hands: 48 cards are played
        # in a round, shared out equally among the seats
        most = 48 // self.players * (2 if self.partners else 1)
        piles_given = any(self.piles)
        for side, count in enumerate(self.sweeps, 1):
            if count > most:
                raise PositionError(f"side {side} cannot have {count} sweeps; at most "
                                    f"{most} in a round with {self.players} players", "sweeps")
        if self.last_capture is not None and piles_given \
                and not self.piles[self.side_of(self.last_capture) - 1]:
            side = self.side_of(self.last_capture)
            raise PositionError(f"seat {self.last_capture} captured last, but "
                                f"pile {side} is empty", "last capture")

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
                    f"build {build.text()}: {owner} must hold {a_value(build.value)} to "
                    f"capture it (B2, O2), but all four are seen elsewhere ({seen})", "table")

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
        return self.derive(hands=hands)

    def derive(self, **changes: object) -> "Position":
        """A copy with some fields changed, not checked again: for code that keeps a position
        valid itself (dealing, a search's hidden hands). `create` checks; `play` plays a move.

        >>> Position.parse("table: 5D; hand: 7S").derive(turn=2).turn
        2
        """
        if not changes.keys() <= _FIELDS:
            unknown = ", ".join(sorted(changes.keys() - _FIELDS))
            raise TypeError(f"Position has no field {unknown}")
        # A search derives many thousands of positions a decision: the fields are copied
        # straight into the new instance's __dict__, which is what the frozen dataclass's
        # __init__ (one object.__setattr__ a field) ends with too.
        copy = _new_object(Position)
        state = copy.__dict__
        state.update(self.__dict__)
        state.update(changes)
        return copy

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """Every legal move for the player to move, each once, in a fixed order."""
        return legal_moves(self)

    def parse_move(self, text: str) -> Move:
        """Read a move in notation and check it: the `Move`, or `IllegalMove` (or
        `MoveSyntaxError`) saying why not."""
        read = read_move(text)
        return check_move(self, read.kind, read.card, read.table_cards, read.value, text)

    def play(self, move: Move | str) -> "Position":
        """The position after `move` (a Move or move text), checked by `check_move` either way:
        `IllegalMove` if the rules forbid it. The one way to play a move outside the core and
        the game's search (whose fast path is `movegen.apply_move`)."""
        legal = self.parse_move(move) if isinstance(move, str) else find_legal(self, move)
        return apply_move(self, legal)

    # ------------------------------------------------------------------ text

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read a position in the notation of docs/notation.md (lenient); raise `PositionError`
        saying what and where."""
        try:
            return cls.create(**read_position(text))
        except PositionError:
            raise
        except ValueError as error:  # pragma: no cover - defensive
            raise PositionError(str(error)) from None

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def one_line(self) -> str:
        """The canonical text on one line, fields separated by `; `."""
        return "; ".join(self.lines())

    def lines(self) -> list[str]:
        """The canonical text, one field a line."""
        return position_lines(self)

    def __repr__(self) -> str:
        return f"Position.parse({self.one_line()!r})"

    def _repr_html_(self) -> str:
        from ..drawing.render import position_html

        return position_html(self)


_FIELDS = frozenset(Position.__dataclass_fields__)
_new_object = object.__new__


# ---------------------------------------------------------------------------- checking a move

def check_move(position: Position, kind: str, card: Card, table_cards: Iterable[Card],
               value: int | None, text: str = "") -> Move:
    """The legal move of `position` with this effect, or the `IllegalMove` that says why there
    is none: the one check behind `Position.play`, `Position.parse_move`, `find_legal` and the
    quizzes. Decided directly (`movegen._find_move`), without listing the legal moves.

    A capture's `value` None means the card counts what the capture needs (docs/rules.md V7: an
    ace 1 or 14). An ace said to count 14 while taking only loose aces, by rank, is the same
    move as the ace at 1, and is that move.
    """
    table_cards = frozenset(table_cards)
    if kind == CAPTURE and value is None and not position.rules.royal:
        value = card.value
    move = _find_move(position, kind, card, table_cards, value)
    if move is None and kind == CAPTURE and value is not None and position.rules.royal:
        same = _find_move(position, kind, card, table_cards, None)
        if same is not None and _same_capture(position, same, value):
            move = same
    if move is not None:
        return move
    raise explain_illegal(position, kind, card, table_cards, value, text)


def _same_capture(position: Position, move: Move, value: int) -> bool:
    """Whether `move` is what a capture said to count `value` means: V7's ace, said 1 or 14,
    taking only loose aces (by rank, or as 1: the same cards)."""
    return (value in position.rules.play_values(move.card) and not move.builds
            and all(c.rank == move.card.rank for c in move.table_cards))


def find_legal(position: Position, move: Move) -> Move:
    """The legal move of `position` with the same effect as `move`, or `IllegalMove`, by
    `check_move`. A hand-made capture (no position) that left its value to the card counts
    what the capture needs, as move text without a value does. A move the generator made for
    this very position is legal already."""
    if move.position is position:
        return move
    value = move.value
    if move.position is None and move.kind == CAPTURE and value == move.card.value:
        value = None
    return check_move(position, move.kind, move.card, move.table_cards, value, str(move))
