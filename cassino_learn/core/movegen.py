"""Moves and the legal-move generator.

A move is determined by its kind, the card played, the table cards it takes or gathers and,
for a build, the announced value. `legal_moves` lists every legal move once, in a fixed order:
card by card (hand order) its captures then its builds; the trails come last.

Inside the generator the table's loose cards and builds are bit masks (bit i = `loose[i]` or
`builds[i]`), which keeps the enumeration of sums and groups cheap.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Iterable

from .cards import Card
from .position import Build, Position
from .rules import ACE_HIGH

__all__ = ["Move", "legal_moves", "find_legal", "TRAIL", "CAPTURE", "BUILD"]

TRAIL, CAPTURE, BUILD = "trail", "capture", "build"
_KIND_ORDER = {CAPTURE: 0, BUILD: 1, TRAIL: 2}


class Move(tuple):
    """A move: `kind` ("trail", "capture", "build"), the `card` played, the `table_cards` it
    takes or gathers, and `value` (a build's announced value; a capture's card value).

    Immutable and hashable; two moves are equal when they have the same effect. Moves made by
    the generator also know their position, which gives them their canonical text.
    """

    # The tuple is (kind, card, value, loose_mask, build_mask, raised_index, position,
    # table_cards); masks refer to the position's loose cards and builds.
    __slots__ = ()

    kind: str = property(itemgetter(0))  # type: ignore[assignment]
    card: Card = property(itemgetter(1))  # type: ignore[assignment]
    value: int | None = property(itemgetter(2))  # type: ignore[assignment]

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

    @property
    def table_cards(self) -> frozenset[Card]:
        cards = self[7]
        if cards is None:
            position, loose_mask, build_mask = self[6], self[3], self[4]
            cards = frozenset(_cards_of(position, loose_mask, build_mask))
        return cards

    @property
    def position(self) -> Position | None:
        """The position this move was generated for (None for a hand-made Move)."""
        return self[6]

    def key(self) -> tuple:
        """What decides the move's effect: kind, card, value and table cards."""
        return (self[0], self[1], self[2], self.table_cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        if self[6] is not None and self[6] is other[6]:
            return self[:6] == other[:6]
        return self.key() == other.key()

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self.key())

    def __lt__(self, other: "Move") -> bool:  # type: ignore[override]
        return _sort_key(self) < _sort_key(other)

    def __reduce__(self) -> tuple:
        return (Move, (self[0], self[1], tuple(self.table_cards), self[2]))

    @property
    def loose_cards(self) -> tuple[Card, ...]:
        """The loose table cards taken or gathered (needs a generated move)."""
        position = self[6]
        if position is None:
            return tuple(sorted(self.table_cards))
        return tuple(c for i, c in enumerate(position.loose) if self[3] >> i & 1)

    @property
    def builds(self) -> tuple[Build, ...]:
        """The builds taken, raised or gathered (needs a generated move)."""
        position = self[6]
        if position is None:
            return ()
        return tuple(b for i, b in enumerate(position.builds) if self[4] >> i & 1)

    @property
    def raised(self) -> Build | None:
        """The single build this move raises to a new value (B5), if any."""
        return self[6].builds[self[5]] if self[5] >= 0 else None

    @property
    def is_sweep(self) -> bool:
        """A capture that leaves the table empty (W1)."""
        position = self[6]
        if self[0] != CAPTURE or position is None:
            return False
        return (self[3] == (1 << len(position.loose)) - 1
                and self[4] == (1 << len(position.builds)) - 1)

    def groups(self) -> list[tuple[Card, ...] | Build]:
        """The move's structure: for a capture its groups; for a build its sets, the played
        card's set first (a raised build is shown inside that set)."""
        from .structure import move_groups

        return move_groups(self)

    def __str__(self) -> str:
        from .structure import move_text

        return move_text(self)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})" if self[6] is None else f"<Move {self}>"

    def describe(self) -> str:
        """The move in words, for learners."""
        from .structure import move_words

        return move_words(self)

    def _repr_html_(self) -> str:
        from .render import move_html

        return move_html(self)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read a move without a position (no legality check): kind, card, cards, value."""
        from .explain import read_move

        return read_move(text).to_move()

    def play_from(self, position: Position) -> Position:
        """The position after this move (which must be one of `position`'s legal moves)."""
        from .structure import apply_move

        return apply_move(position, self)


def _sort_key(move: Move) -> tuple:
    return (_KIND_ORDER[move.kind], move.card.index, move.value or 0,
            sorted(c.index for c in move.table_cards))


def _cards_of(position: Position, loose_mask: int, build_mask: int) -> list[Card]:
    cards = [c for i, c in enumerate(position.loose) if loose_mask >> i & 1]
    for i, build in enumerate(position.builds):
        if build_mask >> i & 1:
            cards.extend(build.cards)
    return cards


_new = tuple.__new__


def legal_moves(position: Position) -> list[Move]:
    """Every legal move for the player to move, each once, in a fixed order."""
    hand = position.hand
    if not hand:
        return []
    loose = position.loose
    builds = position.builds
    turn = position.turn
    rules = position.rules
    royal = rules.royal  # V7: every card has a value (the rank) and the ace plays as 1 or 14
    top = rules.top_value
    values = [c.rank for c in loose] if royal else [c.value for c in loose]
    # subsets[s]: masks of loose numeral cards adding up to s (1..top); loose is sorted by rank,
    # so values rise along it and face cards (None) come last.
    subsets: list[list[int]] = [[] for _ in range(top + 1)]
    numeral_count = sum(1 for v in values if v is not None)
    # V7: an ace played as 14 also takes loose aces by rank (they lead the sorted table)
    ace_singles = [1 << i for i, c in enumerate(loose) if c.rank == 1] if royal else []
    ace_mask = sum(ace_singles)
    stack = [(0, 0, 0)]
    while stack:
        start, mask, total = stack.pop()
        for i in range(start, numeral_count):
            t = total + values[i]  # type: ignore[operator]
            if t > top:
                break
            m = mask | (1 << i)
            subsets[t].append(m)
            stack.append((i + 1, m, t))

    unions_cache: dict[int, list[int]] = {}

    def unions(v: int, pair_aces: bool = False) -> list[int]:
        """Masks of loose cards that split into disjoint groups each adding up to v (0 too);
        with `pair_aces` a lone loose ace is a group as well (V7, an ace played as 14)."""
        key = -v if pair_aces else v
        cached = unions_cache.get(key)
        if cached is not None:
            return cached
        by_low: dict[int, list[int]] = {}
        for g in (subsets[v] + ace_singles if pair_aces else subsets[v]):
            by_low.setdefault(g & -g, []).append(g)
        order = [0]
        seen = {0}
        for low in sorted(by_low):
            groups = by_low[low]
            fresh = []
            for m in order:
                if m & low:
                    continue
                for g in groups:
                    if not m & g:
                        u = m | g
                        if u not in seen:
                            seen.add(u)
                            fresh.append(u)
            order.extend(fresh)
        order.sort()
        unions_cache[key] = order
        return order

    build_values = [b.value for b in builds]
    build_subsets_cache: dict[int, list[int]] = {}

    def build_subsets(v: int) -> list[int]:
        """All masks of builds whose value is v (0 included)."""
        cached = build_subsets_cache.get(v)
        if cached is None:
            cached = [0]
            for i, bv in enumerate(build_values):
                if bv == v:
                    bit = 1 << i
                    cached = cached + [m | bit for m in cached]
            cached.sort()
            build_subsets_cache[v] = cached
        return cached

    # hand_count[v]: cards in hand that can capture a build of v (B2, O2)
    hand_count = [0] * (top + 1)
    for card in hand:
        if royal:
            for v in rules.play_values(card):
                hand_count[v] += 1
        elif card.value is not None:
            hand_count[card.value] += 1

    # O2: builds the mover owns that stay protected only by the last card of their value.
    owned = [(i, b.value) for i, b in enumerate(builds) if b.owner == turn]
    # B9: values the mover may build without holding them, thanks to the partner.
    partner_values: set[int] = set()
    if position.partners:
        partner = position.partner_of(turn)
        partner_values.update(b.value for b in builds if b.owner == partner)
        declared = position.declared_map.get(partner)  # type: ignore[arg-type]
        if declared is not None:
            partner_values.add(declared)

    face_rule_three = position.rules.face_cards == "three-take-all"
    moves: list[Move] = []
    append = moves.append
    trails: list[Move] = []
    for card in hand:
        # cv: what the card counts inside a build; keeps: the build values it can capture
        if royal:
            cv = card.rank
            keeps = rules.play_values(card)
        else:
            cv = card.value
            keeps = (cv,)
        # builds that must be taken along if this card is played (O2)
        must = 0
        if cv is not None and hand_count[keeps[0]] == 1:
            for i, bv in owned:
                if bv in keeps:
                    must |= 1 << i
        if cv is None:
            same = [i for i, c in enumerate(loose) if c.rank == card.rank]
            for i in same:
                append(_new(Move, (CAPTURE, card, None, 1 << i, 0, -1, position, None)))
            if face_rule_three and len(same) == 3:
                m = (1 << same[0]) | (1 << same[1]) | (1 << same[2])
                append(_new(Move, (CAPTURE, card, None, m, 0, -1, position, None)))
            trails.append(_new(Move, (TRAIL, card, None, 0, 0, -1, position, None)))
            continue
        # captures (P1, S1-S3); under V7 an ace captures as 1 or as 14, one value per play
        # (as 14 taking only loose aces it does what it does as 1: listed once, as 1)
        for pv in keeps:
            high = pv == ACE_HIGH
            bsubs = build_subsets(pv)
            if len(bsubs) == 1 and not must:  # the common case: no build of this value around
                moves.extend([_new(Move, (CAPTURE, card, pv, lm, 0, -1, position, None))
                              for lm in unions(pv, high) if lm and not (high and lm | ace_mask
                                                                        == ace_mask)])
            else:
                for lm in unions(pv, high):
                    for bm in bsubs:
                        if (lm or bm) and bm & must == must and \
                                not (high and not bm and lm | ace_mask == ace_mask):
                            append(_new(Move, (CAPTURE, card, pv, lm, bm, -1, position, None)))
        # builds (B1-B9)
        for v in range(cv, top + 1):
            if hand_count[v] - (v in keeps) < 1 and v not in partner_values:
                continue  # B2 / B9
            bsubs = build_subsets(v)
            gathered = unions(v)
            if v == cv:
                played_sets: list[int] = [0]
            else:
                played_sets = subsets[v - cv]
            if len(played_sets) == 1:
                masks = [played_sets[0] | u for u in gathered if not played_sets[0] & u]
            else:
                found = {p | u for p in played_sets for u in gathered if not p & u}
                masks = sorted(found)
            if len(bsubs) == 1 and not must:
                moves.extend([_new(Move, (BUILD, card, v, lm, 0, -1, position, None))
                              for lm in masks if lm])
            else:
                for lm in masks:
                    for bm in bsubs:
                        if (lm or bm) and bm & must == must:
                            append(_new(Move, (BUILD, card, v, lm, bm, -1, position, None)))
            # raising a single build of value v - cv (B5, B6, B7)
            w = v - cv
            for r, build in enumerate(builds):
                if build.value == w and len(build.sets) == 1:
                    rbit = 1 << r
                    for lm in gathered:
                        for bm in bsubs:
                            bm |= rbit
                            if bm & must == must:
                                append(_new(Move, (BUILD, card, v, lm, bm, r, position, None)))
        if not must:
            trails.append(_new(Move, (TRAIL, card, None, 0, 0, -1, position, None)))
    if owned and moves:
        return moves  # O1: an owner may not trail while anything else is legal
    if not moves and not trails:
        # R2: there is always a legal play; only O2 could have removed every trail
        trails = [_new(Move, (TRAIL, c, None, 0, 0, -1, position, None)) for c in hand]
    moves.extend(trails)
    return moves


def find_legal(position: Position, move: Move) -> Move:
    """The legal move of `position` with the same effect as `move`, or IllegalMove."""
    if move[6] is position:
        candidates = legal_moves(position)
        for candidate in candidates:
            if candidate[:6] == move[:6]:
                return candidate
    else:
        key = move.key()
        # a hand-made capture carries its card's printed value; under V7 the card may count
        # otherwise (a king 13, an ace 14), so such a capture is matched by what it takes
        lenient = key[0] == CAPTURE and key[2] == key[1].value
        for candidate in legal_moves(position):
            if candidate[0] == key[0] and candidate[1] is key[1] and (
                    candidate.key() == key or lenient and candidate.table_cards == key[3]):
                return candidate
    from .explain import explain_illegal

    raise explain_illegal(position, move.kind, move.card, move.table_cards, move.value,
                          str(move))
