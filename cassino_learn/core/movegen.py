"""Moves and the legal-move generator.

A move is determined by its kind, the card played, the table cards it takes or gathers and,
for a build, the announced value. `legal_moves` lists every legal move once, in a fixed order:
card by card (hand order) its captures then its builds; the trails come last.

Inside the generator the table's loose cards and builds are bit masks (bit i = `loose[i]` or
`builds[i]`), which keeps the enumeration of sums and groups cheap.

Card values come from the position's `Rules` (C2, or V7 Royal Casino: face cards count 11-13,
builds run to 14, and an ace played counts 1 or 14, one value per play).

The rules are decided once, per hand card, as *families* of moves (`_Plays`); four ways go
through them: `legal_moves` lists every move (fast on real tables), `iter_moves` walks them
lazily and `count_moves` counts them (both by value vectors, see `loosesets`, so a table with
millions of moves costs nothing until looked at), and `find_move` checks one move directly.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Iterable, Iterator

from .cards import Card
from .loosesets import LooseSets
from .position import Build, Position
from .rules import ACE_HIGH, Rules

__all__ = ["Move", "legal_moves", "iter_moves", "count_moves", "has_play", "find_move",
           "extensions", "moves_with", "find_legal", "TRAIL", "CAPTURE", "BUILD"]

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
        return (_apply_move or _load_apply_move())(position, self)


_apply_move = None


def _load_apply_move():
    """structure.apply_move, imported on first use (structure imports this module)."""
    global _apply_move
    from .structure import apply_move

    _apply_move = apply_move
    return apply_move


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


_ACE = 1  # the rank (and table value) of an ace
_BY_RANK: dict[str, tuple[tuple, tuple, tuple, int]] = {}


def _values_by_rank(rules: Rules) -> tuple[tuple, tuple, tuple, int]:
    """What the rules make each rank count (`Rules.by_rank`), with its capture families as
    (value, lone) pairs (see `_Plays`: V7's ace as 14 takes loose aces alone) and the highest
    build value (`Rules.top_value`)."""
    known = _BY_RANK.get(rules.values)  # only the values option (V7) changes them
    if known is None:
        table, plays = rules.by_rank()
        captures = tuple(tuple((v, _ACE if v == ACE_HIGH else 0) for v in values)
                         for values in plays)
        known = _BY_RANK[rules.values] = (table, plays, captures, rules.top_value)
    return known


class _Plays:
    """The rule decisions of one position, shared by every way of going through its moves
    (`legal_moves` lists them, `iter_moves` walks them lazily, `count_moves` counts them and
    `find_move` checks one): per hand card, its *families* of captures and builds.

    A family is (kind, value, need, build_masks, raised, lone): the moves of the family take
    or gather any loose cards that are one set adding up to `need` (none when 0) plus groups
    adding up to `value`, together with one of `build_masks` (builds; every mask already obeys
    O2). `raised` is the index of the single build the family raises (B5), or -1. A move must
    use something from the table (T1, B1). `lone` (0: none) is a table value whose loose cards
    may also each be taken alone: V7's ace played as 14 takes loose aces by rank; a move of
    such a family taking only those cards and no build is the ace's capture as 1, not listed
    again at 14.
    """

    __slots__ = ("position", "build_values", "_build_subsets", "singles", "hand_count", "owned",
                 "partner_values", "top", "table", "plays", "captures", "targets")

    def __init__(self, position: Position) -> None:
        self.position = position
        # table[rank]: what a card counts on the table and in a build (None: no value, C2's
        # face cards); plays[rank]: what it may count when played, one value per play
        rules = position.rules
        self.table, plays, self.captures, self.top = (_BY_RANK.get(rules.values)
                                                      or _values_by_rank(rules))
        self.plays = plays
        builds = position.builds
        # hand_count[v]: cards in hand that can capture a build of v (B2, O2)
        hand_count = self.hand_count = [0] * (self.top + 1)
        targets = self.targets = []  # the values a build may have (B2, and B9 below), rising
        for card in position.hand:
            for v in plays[card.rank]:
                hand_count[v] += 1
                if hand_count[v] == 1:
                    targets.append(v)
        targets.sort()  # (the hand is in rank order; V7's ace as 14 is not)
        self.partner_values: set[int] | tuple = ()
        if not builds and not position.partners:  # the common case, kept cheap
            self.build_values, self._build_subsets, self.singles, self.owned = (), {}, {}, ()
            return
        self.build_values = [b.value for b in builds]
        self._build_subsets: dict[int, list[int]] = {}
        self.singles: dict[int, list[int]] = {}  # value -> indexes of the single builds (B7)
        for i, build in enumerate(builds):
            if len(build.sets) == 1:
                self.singles.setdefault(build.value, []).append(i)
        # O2: builds the mover owns that stay protected only by the last card of their value.
        self.owned = [(i, b.value) for i, b in enumerate(builds) if b.owner == position.turn]
        # B9: values the mover may build without holding them, thanks to the partner.
        if position.partners:
            partner = position.partner_of(position.turn)
            values = {b.value for b in builds if b.owner == partner}
            declared = position.declared_map.get(partner)  # type: ignore[arg-type]
            if declared is not None:
                values.add(declared)
            self.partner_values = values
            self.targets = sorted(values.union(targets))

    def build_subsets(self, v: int) -> list[int]:
        """All masks of builds whose value is v (0 included)."""
        if not self.build_values:
            return _NO_BUILDS
        cached = self._build_subsets.get(v)
        if cached is None:
            cached = [0]
            for i, bv in enumerate(self.build_values):
                if bv == v:
                    bit = 1 << i
                    cached = cached + [m | bit for m in cached]
            cached.sort()
            self._build_subsets[v] = cached
        return cached

    def must(self, card: Card) -> int:
        """Builds that must be taken along if `card` is played (O2): the owned builds it can
        capture, when it is the last card held that can (under V7 one ace keeps 1 and 14)."""
        if not self.owned:
            return 0
        keeps = self.plays[card.rank]
        must = 0
        if keeps and self.hand_count[keeps[0]] == 1:
            for i, bv in self.owned:
                if bv in keeps:
                    must |= 1 << i
        return must

    def families(self, card: Card, must: int
                 ) -> Iterator[tuple[str, int, int, list[int], int, int]]:
        """The capture and build families of a card that has a value (see the class
        docstring)."""
        cv = self.table[card.rank]  # what the card counts inside a build
        assert cv is not None
        build_subsets = self.build_subsets
        for pv, lone in self.captures[card.rank]:  # P1, S1-S3; one value per play
            bsubs = build_subsets(pv)
            kept = _keeping(bsubs, must) if must else bsubs
            if kept:
                yield CAPTURE, pv, 0, kept, -1, lone
        partner_values, singles, hand_count = self.partner_values, self.singles, self.hand_count
        keeps = self.plays[card.rank]
        for v in self.targets:  # B1-B9, by rising value
            if v < cv or hand_count[v] - (v in keeps) < 1 and v not in partner_values:
                continue  # B2 / B9
            bsubs = build_subsets(v)
            kept = _keeping(bsubs, must) if must else bsubs
            if kept:
                yield BUILD, v, v - cv, kept, -1, 0
            # raising a single build of value v - cv (B5, B6, B7)
            for r in singles.get(v - cv, ()):
                rbit = 1 << r
                raised = _keeping([bm | rbit for bm in bsubs], must)
                if raised:
                    yield BUILD, v, 0, raised, r, 0

    def face_moves(self, card: Card) -> list[Move]:
        """The captures of a card without a value (C2's face cards): one loose card of its
        rank (P2), or all three (V1)."""
        position = self.position
        same = [i for i, c in enumerate(position.loose) if c.rank == card.rank]
        moves = [_new(Move, (CAPTURE, card, None, 1 << i, 0, -1, position, None)) for i in same]
        if position.rules.face_cards == "three-take-all" and len(same) == 3:
            m = (1 << same[0]) | (1 << same[1]) | (1 << same[2])
            moves.append(_new(Move, (CAPTURE, card, None, m, 0, -1, position, None)))
        return moves

    def trail(self, card: Card) -> Move:
        return _new(Move, (TRAIL, card, None, 0, 0, -1, self.position, None))


_NO_BUILDS = [0]


def _keeping(build_masks: list[int], must: int) -> list[int]:
    """The build masks that take along every build in `must` (O2)."""
    if not must:
        return build_masks
    return [bm for bm in build_masks if bm & must == must]


def legal_moves(position: Position) -> list[Move]:
    """Every legal move for the player to move, each once, in a fixed order."""
    hand = position.hand
    if not hand:
        return []
    return [_new(Move, (kind, hand[h], v, lm, bm, raised, position, None))
            for kind, h, v, lm, bm, raised in _raw_moves(position)]


# A move before it is made a `Move`: (kind, index of the card in the hand, value, loose mask,
# build mask, raised build's index).
RawMove = tuple[str, int, "int | None", int, int, int]


def _raw_moves(position: Position) -> list[RawMove]:
    """The legal moves of `legal_moves` (the hand is not empty), in its order, as raw tuples."""
    hand = position.hand
    plays = _Plays(position)
    table = plays.table
    loose = _loose_table(tuple([table[c.rank] for c in position.loose]), plays.top)
    moves: list[RawMove] = []
    append = moves.append
    trails: list[RawMove] = []
    for h, card in enumerate(hand):
        if table[card.rank] is None:
            moves.extend([(CAPTURE, h, None, m[3], 0, -1) for m in plays.face_moves(card)])
            trails.append((TRAIL, h, None, 0, 0, -1))
            continue
        must = plays.must(card)
        for kind, v, need, bsubs, raised, lone in plays.families(card, must):
            if lone:  # a loose card of that value alone is a group too; a move uses a build or
                # a loose card not of that value
                keep = ~loose.lone_mask(lone)
                moves.extend([(kind, h, v, lm, bm, raised) for lm in loose.lone_unions(v, lone)
                              for bm in bsubs if lm & keep or bm])
                continue
            masks = loose.masks(v, need)
            if len(bsubs) == 1 and not bsubs[0]:  # the common case: no build of this value
                moves.extend([(kind, h, v, lm, 0, -1) for lm in masks if lm])
            else:
                for lm in masks:
                    for bm in bsubs:
                        if lm or bm:
                            append((kind, h, v, lm, bm, raised))
        if not must:
            trails.append((TRAIL, h, None, 0, 0, -1))
    if plays.owned and moves:
        return moves  # O1: an owner may not trail while anything else is legal
    if not moves and not trails:
        # R2: there is always a legal play; only O2 could have removed every trail
        trails = [(TRAIL, h, None, 0, 0, -1) for h in range(len(hand))]
    moves.extend(trails)
    return moves


class _LooseTable:
    """The sums and groups of one sequence of loose-card values (a position's `loose`, as its
    rules count them; None for C2's face cards): which masks of loose cards a capture or a build
    may take. They depend on nothing else, so they are worked out once per sequence and shared
    by every position with the same values (see `_loose_table`)."""

    __slots__ = ("values", "subsets", "_masks")

    def __init__(self, values: tuple, top: int) -> None:
        self.values = values
        # subsets[s]: masks of loose cards with a value adding up to s (1..top); loose is
        # sorted by rank, so values rise along it and cards without one (None) come last.
        subsets: list[list[int]] = [[] for _ in range(top + 1)]
        numeral_count = len(values) - values.count(None)
        stack = [(0, 0, 0)]
        while stack:
            start, mask, total = stack.pop()
            for i in range(start, numeral_count):
                t = total + values[i]
                if t > top:
                    break
                m = mask | (1 << i)
                subsets[t].append(m)
                stack.append((i + 1, m, t))
        self.subsets = subsets
        self._masks: dict[tuple[int, int], list[int]] = {}

    def masks(self, v: int, need: int) -> list[int]:
        """Loose masks, rising, that are one set adding up to `need` (none when 0) and groups
        each adding up to v (the empty mask too when need is 0)."""
        key = (v, need)
        known = self._masks.get(key)
        if known is None:
            known = self._masks[key] = self._find(v, need)
        return known

    def _find(self, v: int, need: int) -> list[int]:
        gathered = self.masks(v, 0) if need else _unions(self.subsets[v])
        if not need:
            return gathered
        played_sets = self.subsets[need]
        if len(played_sets) == 1:
            p = played_sets[0]
            return [p | u for u in gathered if not p & u]
        if len(gathered) == 1:  # nothing to gather (only the empty union): quick, same order
            return sorted(played_sets)
        return sorted({p | u for p in played_sets for u in gathered if not p & u})

    def lone_mask(self, lone: int) -> int:
        """The mask of the loose cards of value `lone`."""
        return sum(1 << i for i, value in enumerate(self.values) if value == lone)

    def lone_unions(self, v: int, lone: int) -> list[int]:
        """Masks of groups each adding up to v or a single card of value `lone` (V7)."""
        key = (v, -lone)
        known = self._masks.get(key)
        if known is None:
            singles = [1 << i for i, value in enumerate(self.values) if value == lone]
            known = self._masks[key] = _unions(self.subsets[v] + singles)
        return known


_LOOSE_TABLES: dict[tuple, _LooseTable] = {}
_LOOSE_TABLE_LIMIT = 4096  # loose-value sequences remembered before they are all forgotten


def clear_caches() -> None:
    """Forget what the generator remembers between calls (for benchmarks of first looks)."""
    _LOOSE_TABLES.clear()


def _loose_table(values: tuple, top: int) -> _LooseTable:
    """The shared `_LooseTable` of these loose values (top: the rules' highest build value)."""
    key = (values, top)
    known = _LOOSE_TABLES.get(key)
    if known is None:
        if len(_LOOSE_TABLES) >= _LOOSE_TABLE_LIMIT:
            _LOOSE_TABLES.clear()
        known = _LOOSE_TABLES[key] = _LooseTable(values, top)
    return known


def _unions(groups: list[int]) -> list[int]:
    """Masks of loose cards that are disjoint unions of `groups` (masks), 0 too, in order."""
    by_low: dict[int, list[int]] = {}
    for g in groups:
        by_low.setdefault(g & -g, []).append(g)
    order = [0]
    seen = {0}
    for low in sorted(by_low):
        same_low = by_low[low]
        fresh = []
        for m in order:
            if m & low:
                continue
            for g in same_low:
                if not m & g:
                    u = m | g
                    if u not in seen:
                        seen.add(u)
                        fresh.append(u)
        order.extend(fresh)
    order.sort()
    return order


def iter_moves(position: Position) -> Iterator[Move]:
    """The legal moves of `legal_moves`, lazily and without building a list, so a huge table
    (millions of moves) can be looked at from its first moves. The same moves, each once;
    captures and builds in another order (trails still last)."""
    hand = position.hand
    if not hand:
        return
    plays = _Plays(position)
    sets = LooseSets(position.loose, position.rules)
    played = False
    trails: list[Move] = []
    for card in hand:
        if plays.table[card.rank] is None:
            for move in plays.face_moves(card):
                played = True
                yield move
            trails.append(plays.trail(card))
            continue
        must = plays.must(card)
        for kind, v, need, bsubs, raised, lone in plays.families(card, must):
            keep = ~sets.lone_mask(lone)
            for lm in sets.masks(v, need, lone):
                for bm in bsubs:
                    if lm & keep or bm:
                        played = True
                        yield _new(Move, (kind, card, v, lm, bm, raised, position, None))
        if not must:
            trails.append(plays.trail(card))
    if plays.owned and played:
        return  # O1
    if not played and not trails:
        trails = [plays.trail(c) for c in hand]  # R2
    yield from trails


def count_moves(position: Position, limit: int | None = None) -> int:
    """How many legal moves there are, counted without listing them. With `limit`, counting
    stops once past it and the answer is then some number above `limit` (say "more than")."""
    hand = position.hand
    if not hand:
        return 0
    plays = _Plays(position)
    sets = LooseSets(position.loose, position.rules)
    total = 0
    trails = 0
    for card in hand:
        if plays.table[card.rank] is None:
            total += len(plays.face_moves(card))
            trails += 1
            continue
        must = plays.must(card)
        for _kind, v, need, bsubs, _raised, lone in plays.families(card, must):
            # not moves of the family, with the empty build mask (need 0): the empty loose set
            # (it uses nothing) and, with `lone`, every set of just those cards
            bare = 0 if need or bsubs[0] else 1 << len(sets.bits[lone]) if lone else 1
            left = None if limit is None else limit - total
            loose = sets.count(v, need, None if left is None else left + bare, lone)
            total += loose * len(bsubs) - bare
            if limit is not None and total > limit:
                return total
        if not must:
            trails += 1
    if plays.owned and total:
        return total  # O1
    return total + (trails or len(hand))  # R2 when no trail is left


def has_play(position: Position) -> bool:
    """Whether the mover has any legal capture or build (O1 asks), found without a list."""
    return any(move[0] != TRAIL for move in iter_moves(position))


def find_move(position: Position, kind: str, card: Card, table_cards: frozenset[Card],
              value: int | None) -> Move | None:
    """The legal move with this effect, decided directly (no list of moves), or None.
    A capture's value may be None: the card counts what the capture needs (V7: an ace 1 or
    14; the lower value when both take the same cards)."""
    masks = _table_masks(position, table_cards)
    if card not in position.hand or masks is None:
        return None
    lm, bm = masks
    plays = _Plays(position)
    if kind == TRAIL:
        if table_cards or value is not None:
            return None
        return plays.trail(card) if _may_trail(plays, card) else None
    if plays.table[card.rank] is None:
        if kind != CAPTURE or value is not None or bm:
            return None
        return next((m for m in plays.face_moves(card) if m[3] == lm), None)
    if (kind == CAPTURE and value is not None and value not in plays.plays[card.rank]) \
            or (kind == BUILD and value is None) or kind not in (CAPTURE, BUILD):
        return None
    sets = LooseSets(position.loose, position.rules)
    for family_kind, v, need, bsubs, raised, lone in plays.families(card, plays.must(card)):
        if family_kind == kind and (v == value or value is None) and bm in bsubs \
                and (lm & ~sets.lone_mask(lone) or bm) and sets.fits(lm, v, need, lone):
            return _new(Move, (kind, card, v, lm, bm, raised, position, None))
    return None


def extensions(position: Position, card: Card, chosen: frozenset[Card]) -> frozenset[Card]:
    """The table cards (loose, or whole builds) that some legal move of `card` taking every
    card of `chosen` could take as well: what a learner who picked `card` and `chosen` may
    still add. Worked out by families and value vectors, never from a list of moves."""
    masks = _table_masks(position, chosen, whole_builds=True)
    if card not in position.hand or masks is None:
        return frozenset()
    chosen_loose, chosen_builds = masks
    plays = _Plays(position)
    loose_mask = build_mask = 0
    if plays.table[card.rank] is None:
        for move in plays.face_moves(card):
            if move[3] & chosen_loose == chosen_loose and not chosen_builds:
                loose_mask |= move[3]
                build_mask |= chosen_builds
    else:
        sets = LooseSets(position.loose, position.rules)
        floor = sets.vector(chosen_loose)
        if floor is None:
            return frozenset()
        values: set[int] = set()
        high = len(floor) - 1
        # (a set of `lone` cards alone with no build is the same effect as a capture at the
        # card's other value, so it needs no exclusion here)
        for _kind, v, need, bsubs, _raised, lone in plays.families(card, plays.must(card)):
            kept = [bm for bm in bsubs if bm & chosen_builds == chosen_builds]
            if not kept or not sets.extends(floor, v, need, lone):
                continue
            for bm in kept:
                build_mask |= bm
            for i in range(1, min(v, high) + 1):
                if i not in values and sets.counts[i] > floor[i]:
                    wider = floor[:i] + (floor[i] + 1,) + floor[i + 1:]
                    if sets.extends(wider, v, need, lone):
                        values.add(i)
        table = plays.table
        for i, c in enumerate(position.loose):
            if table[c.rank] in values:
                loose_mask |= 1 << i
    # a build named in part: the rest of it comes along with any move that uses it
    return frozenset(_cards_of(position, loose_mask & ~chosen_loose, build_mask)) - chosen


def moves_with(position: Position, card: Card, table_cards: frozenset[Card]) -> list[Move]:
    """The legal moves playing `card` with exactly these table cards (the capture, then builds
    by value, then the trail), each checked directly."""
    rules = position.rules
    kinds: list[tuple[str, int | None]] = [(CAPTURE, v) for v in rules.play_values(card)
                                           or (None,)]
    kinds.extend((BUILD, v) for v in range(1, rules.top_value + 1))
    kinds.append((TRAIL, None))
    found = (find_move(position, kind, card, table_cards, value) for kind, value in kinds)
    return [move for move in found if move is not None]


def _table_masks(position: Position, cards: frozenset[Card], whole_builds: bool = False
                 ) -> tuple[int, int] | None:
    """(loose mask, build mask) of table cards, or None if a card is not on the table or
    (unless `whole_builds` counts a build named in part as named whole) only part of a build
    is named."""
    loose_index = {c: i for i, c in enumerate(position.loose)}
    lm = bm = 0
    used = 0
    for c in cards:
        i = loose_index.get(c)
        if i is not None:
            lm |= 1 << i
            used += 1
    for i, build in enumerate(position.builds):
        inside = sum(1 for c in build.cards if c in cards)
        if inside:
            if inside != len(build.cards) and not whole_builds:
                return None  # S3: a build moves whole
            bm |= 1 << i
            used += inside
    if used != len(cards):
        return None  # T2: a card that is not on the table
    return lm, bm


def _may_trail(plays: _Plays, card: Card) -> bool:
    """R1 with O1, O2 and R2: may the mover trail `card`?"""
    position = plays.position
    if not plays.must(card):
        return not (plays.owned and has_play(position))  # O1
    # O2 forbids it, unless nothing else at all is legal (R2)
    if any(not plays.must(c) for c in position.hand if c is not card):
        return False
    return not has_play(position)


def find_legal(position: Position, move: Move) -> Move:
    """The legal move of `position` with the same effect as `move`, or IllegalMove (decided
    directly, without listing the legal moves)."""
    value = move.value
    if position.rules.royal and move.kind == CAPTURE and move.position is None \
            and value == move.card.value:
        value = None  # a hand-made capture: its card counts what the capture needs (V7)
    found = find_move(position, move.kind, move.card, move.table_cards, value)
    if found is not None:
        return found
    from .explain import explain_illegal

    raise explain_illegal(position, move.kind, move.card, move.table_cards, move.value,
                          str(move))
