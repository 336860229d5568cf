"""Move generation: listing, finding and applying the legal moves of a position (docs/rules.md).

`legal_moves` lists every legal move once, in a fixed order: card by card (hand order) its
captures then its builds; the trails come last.

Inside the generator the table's loose cards and builds are bit masks (bit i = `loose[i]` or
`builds[i]`), which keeps the enumeration of sums and groups cheap. Card values come from the
position's `Rules` (C2, or V7 Royal Casino: face cards count 11-13, builds run to 14, and an ace
played counts 1 or 14, one value per play).

The rules are decided once, per hand card, as *families* of moves (`_Plays`); four ways go
through them: `legal_moves` lists every move (fast on real tables), `_iter_moves` walks them
lazily and `_count_moves` counts them (both by value vectors, see `loosesets`, so a table with
millions of moves costs nothing until looked at: `listing.first_moves`), and `_find_move`
checks one move directly (`position.check_move`). `apply_move` plays a legal move unchecked:
the search's fast path; `Position.play` is the checked way.

    >>> from cassino_learn import Position
    >>> position = Position.parse("table: 5D 2C 4H; hand: 7S 3D")
    >>> [str(m) for m in legal_moves(position)]
    ['3D build 7: 3D+4H', '3D build 7: 3D+4H | 2C+5D', '7S take 2C+5D', 'trail 3D', 'trail 7S']
    >>> _count_moves(position), apply_move(position, legal_moves(position)[2]).loose
    (5, (Card.parse('4H'),))
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Iterator, Sequence, cast

from .build import Build, build_key
from .cards import Card
from .loosesets import LooseSets
from .move import Move, cards_of
from .rules import ACE_HIGH, Rules
from .structure import BUILD, CAPTURE, TRAIL, move_groups

if TYPE_CHECKING:
    from .position import Position

# Outside the core: `legal_moves` (also `Position.legal_moves`), and `extensions` and
# `moves_with` for what a selection on the card table allows. `apply_move` is the fast path of
# the computer's search, for core/ and game/ only; everyone else plays a move with
# `Position.play`, which checks it. The `_` functions are the core's own (tests/test_layers.py).
__all__ = ["legal_moves", "extensions", "moves_with", "apply_move", "clear_caches"]

_new = tuple.__new__  # a Move from its fields, as fast as a tuple


_ACE = 1  # the rank (and table value) of an ace
_Captures = tuple[tuple[tuple[int, int], ...], ...]  # per rank: (value, lone) families
_ByRank = tuple[tuple[int | None, ...], tuple[tuple[int, ...], ...], _Captures, int]
_BY_RANK: dict[str, _ByRank] = {}


def _values_by_rank(rules: Rules) -> _ByRank:
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
    (`legal_moves` lists them, `_iter_moves` walks them lazily, `_count_moves` counts them and
    `_find_move` checks one): per hand card, its *families* of captures and builds.

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
    position: Position
    table: tuple[int | None, ...]
    plays: tuple[tuple[int, ...], ...]
    captures: _Captures
    top: int
    hand_count: list[int]
    targets: list[int]
    partner_values: set[int] | tuple[()]
    build_values: Sequence[int]
    _build_subsets: dict[int, list[int]]
    singles: dict[int, list[int]]  # value -> indexes of the single builds (B7)
    owned: Sequence[tuple[int, int]]

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
        self.partner_values = ()
        if not builds and not position.partners:  # the common case, kept cheap
            self.build_values, self._build_subsets, self.singles, self.owned = (), {}, {}, ()
            return
        self.build_values = [b.value for b in builds]
        self._build_subsets = {}
        self.singles = {}
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
        if len(same) == 3 and position.rules.three_take_all:
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
            moves.extend([(CAPTURE, h, None, m.loose_mask, 0, -1)
                          for m in plays.face_moves(card)])
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

    def __init__(self, values: tuple[int | None, ...], top: int) -> None:
        self.values = values
        # subsets[s]: masks of loose cards with a value adding up to s (1..top); loose is
        # sorted by rank, so values rise along it and cards without one (None) come last.
        subsets: list[list[int]] = [[] for _ in range(top + 1)]
        numerals = cast("tuple[int, ...]", values[:len(values) - values.count(None)])
        numeral_count = len(numerals)
        stack = [(0, 0, 0)]
        while stack:
            start, mask, total = stack.pop()
            for i in range(start, numeral_count):
                t = total + numerals[i]
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


_LOOSE_TABLES: dict[tuple[tuple[int | None, ...], int], _LooseTable] = {}
_LOOSE_TABLE_LIMIT = 4096  # loose-value sequences remembered before they are all forgotten


def clear_caches() -> None:
    """Forget what the generator remembers between calls (for benchmarks of first looks)."""
    _LOOSE_TABLES.clear()


def _loose_table(values: tuple[int | None, ...], top: int) -> _LooseTable:
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


def _iter_moves(position: Position) -> Iterator[Move]:
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


def _count_moves(position: Position, limit: int | None = None) -> int:
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


def _has_play(position: Position) -> bool:
    """Whether the mover has any legal capture or build (O1 asks), found without a list."""
    return any(move.kind != TRAIL for move in _iter_moves(position))


def _find_move(position: Position, kind: str, card: Card, table_cards: frozenset[Card],
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
        return next((m for m in plays.face_moves(card) if m.loose_mask == lm), None)
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
            if move.loose_mask & chosen_loose == chosen_loose and not chosen_builds:
                loose_mask |= move.loose_mask
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
    return frozenset(cards_of(position, loose_mask & ~chosen_loose, build_mask)) - chosen


def moves_with(position: Position, card: Card, table_cards: frozenset[Card]) -> list[Move]:
    """The legal moves playing `card` with exactly these table cards (the capture, then builds
    by value, then the trail), each checked directly."""
    rules = position.rules
    kinds: list[tuple[str, int | None]] = [(CAPTURE, v) for v in rules.play_values(card)
                                           or (None,)]
    kinds.extend((BUILD, v) for v in range(1, rules.top_value + 1))
    kinds.append((TRAIL, None))
    found = (_find_move(position, kind, card, table_cards, value) for kind, value in kinds)
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
        return not (plays.owned and _has_play(position))  # O1
    # O2 forbids it, unless nothing else at all is legal (R2)
    if any(not plays.must(c) for c in position.hand if c is not card):
        return False
    return not _has_play(position)


def apply_move(position: Position, move: Move) -> Position:
    """The position after `move`, a legal move of `position`, not checked: the search's fast
    path, for core/ and game/ only (everyone else: `Position.play`, which checks)."""
    # Straight-line code: the computer's search plays many thousands of moves a decision.
    kind, card, value, loose_mask, build_mask, _raised, _position, named = move
    turn, partners = position.turn, position.partners
    hands = position.hands
    hand = hands[turn - 1]
    if hand is not None and card in hand:
        i = hand.index(card)
        hands = hands[:turn - 1] + (hand[:i] + hand[i + 1:],) + hands[turn:]
    changes: dict[str, Any] = {"hands": hands, "turn": turn % position.players + 1}
    declared = position.declared
    if declared or partners:
        held = dict(declared)
        if partners and held.get(turn) in position.rules.play_values(card):
            del held[turn]  # B9: the announced value has been played
        if partners and kind == BUILD and value is not None:  # a build always has a value
            held[turn] = value
        changes["declared"] = tuple(sorted(held.items()))
    loose = position.loose
    if kind == TRAIL:
        changes["loose"] = tuple(sorted(loose + (card,), key=_INDEX))
        return position.derive(**changes)
    builds = position.builds
    if loose_mask:
        remaining_loose = tuple([c for i, c in enumerate(loose) if not loose_mask >> i & 1])
    else:
        remaining_loose = loose
    if build_mask:
        remaining_builds = tuple([b for i, b in enumerate(builds) if not build_mask >> i & 1])
    else:
        remaining_builds = builds
    changes["loose"] = remaining_loose
    if kind == CAPTURE:
        side = (turn - 1) % 2 + 1 if partners else turn
        if named is not None:  # a hand-made move: it names its cards
            taken: list[Card] = list(move.table_cards)
        else:
            taken = [c for i, c in enumerate(loose) if loose_mask >> i & 1]
            if build_mask:
                for i, b in enumerate(builds):
                    if build_mask >> i & 1:
                        taken.extend(b.cards)
        taken.append(card)
        piles = position.piles
        piles = (piles[:side - 1] + (tuple(sorted(piles[side - 1] + tuple(taken), key=_INDEX)),)
                 + piles[side:])
        changes.update(builds=remaining_builds, piles=piles, last_capture=turn)
        if not remaining_loose and not remaining_builds:
            sweeps = list(position.sweeps)
            sweeps[side - 1] += 1
            changes["sweeps"] = tuple(sweeps)
        return position.derive(**changes)
    sets: list[tuple[Card, ...]] = []
    for group in move_groups(move):
        if isinstance(group, Build):
            sets.extend(group.sets)
        else:
            flat: list[Card] = []
            for item in group:
                flat.extend(item.cards if isinstance(item, Build) else (item,))
            sets.append(tuple(flat))
    new_build = Build.make(move.value, turn, sets)  # type: ignore[arg-type]
    changes["builds"] = tuple(sorted(remaining_builds + (new_build,), key=build_key))
    return position.derive(**changes)


_INDEX = attrgetter("index")
