"""A slow, obviously correct reference for the legal moves of docs/rules.md (tests only), under
either value system: the standard one (C2) and Royal Casino's (V7).

It shares nothing with the generator, nor with the values the core's `Rules` reports: the card
values of both systems are written out below from the rule texts (C2, V7). For every hand card
it tries every subset of table items (loose cards and whole builds), every value the played card
may count and every announced build value, and decides each attempt straight from the rules
(P1, P2, S1-S5, B1-B10, O1, O2, R1, R2, V1, V7). Only the data classes of the core (Card,
Position, Build) are used.

A move is returned as its effect: (kind, card, value, frozenset of table cards), the same tuple
as `Move.key()`. A card taking only loose cards of its own rank does the same whatever value it
is played as (V7: an ace as 1 or 14 taking aces): that effect is recorded once, with the value
the card has on the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from cassino_learn import Build, Card, Position

Effect = tuple  # (kind, card, value, frozenset[Card])


@dataclass(frozen=True)
class Values:
    """A value system: what each rank (1..13) counts on the table and inside a build (None: a
    face card under C2, which only pairs, P2), the values it may count played from the hand,
    and the highest build value (B3)."""

    table: dict[int, int | None]
    played: dict[int, tuple[int, ...]]
    top: int


# C2: A 1, 2-10 their value, face cards no value (they pair only, P2); builds up to 10 (B3).
STANDARD = Values(table={r: r if r <= 10 else None for r in range(1, 14)},
                  played={r: (r,) if r <= 10 else () for r in range(1, 14)}, top=10)
# V7: A 1 on the table and in a build, 1 or 14 played from the hand; J 11, Q 12, K 13; builds
# up to 14.
ROYAL = Values(table={r: r for r in range(1, 14)},
               played={r: (1, 14) if r == 1 else (r,) for r in range(1, 14)}, top=14)
VALUE_SYSTEMS = {"standard": STANDARD, "royal": ROYAL}


@lru_cache(maxsize=None)
def splits_into(values: tuple[int, ...], target: int, lone: int = 0) -> bool:
    """Can these card values be split into groups that each add up to `target`?

    A group is one card of value `target` or several cards summing to it (P1, S1, B4); with
    `lone`, a card of that value is a group by itself too (V7: an ace played as 14 takes loose
    aces by rank, P1). The empty collection splits trivially. The group holding the first value
    is tried every possible way.
    """
    if not values:
        return True
    first, rest = values[0], values[1:]
    if lone and first == lone and splits_into(rest, target, lone):
        return True
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == target:
                remaining = tuple(v for i, v in enumerate(rest) if i not in chosen)
                if splits_into(remaining, target, lone):
                    return True
    return False


def _face_pair_ok(position: Position, card: Card, loose: list[Card],
                  builds: list[Build]) -> bool:
    """P2 and V1: a C2 face card takes exactly one loose face card of its rank (V1: or all
    three when three lie there), and nothing else."""
    if not loose or builds or any(c.rank != card.rank for c in loose):
        return False
    if len(loose) == 1:
        return True
    same_rank_on_table = [c for c in position.loose if c.rank == card.rank]
    return (position.rules.face_cards == "three-take-all" and len(same_rank_on_table) == 3
            and len(loose) == 3)


def _capture_ok(values: Values, card: Card, value: int, loose: list[Card],
                builds: list[Build]) -> bool:
    """P1, S1-S3 for `card` counting `value` taking exactly these items (O2 is checked apart)."""
    if not loose and not builds:
        return False  # a capture takes something (T1)
    if any(values.table[c.rank] is None for c in loose):
        return False  # P2: face cards never take part in sums
    if any(b.value != value for b in builds):
        return False  # S3: a build is taken only by a card of its value
    # played as other than its table value (V7's ace as 14), it still takes its rank (P1)
    lone = values.table[card.rank] if value != values.table[card.rank] else 0
    return splits_into(tuple(sorted(values.table[c.rank] for c in loose)), value, lone)


def _build_shape_ok(values: Values, card: Card, value: int, loose: list[Card],
                    builds: list[Build]) -> bool:
    """B1, B3-B8: can the played card (counting its table value) and these items make a build
    of `value`?"""
    own = values.table[card.rank]
    if own is None or not 1 <= value <= values.top:
        return False  # B3
    if not loose and not builds:
        return False  # B1
    if any(values.table[c.rank] is None for c in loose):
        return False  # B3
    loose_values = [values.table[c.rank] for c in loose]
    # Making a build (B4) or adding to builds of the value (B8): the played card's set is the
    # card with some loose cards; every other loose card is in a set of the value; every build
    # gathered already has the value.
    if all(b.value == value for b in builds) and \
            splits_into(tuple(sorted(loose_values + [own])), value):
        return True
    # Raising (B5): the card goes onto exactly one single build (B6: alone, no loose card with
    # it; B7: never a multiple build); other sets of the new value may be gathered.
    for raised in builds:
        if len(raised.sets) != 1 or raised.value + own != value:
            continue
        others = [b for b in builds if b is not raised]
        if all(b.value == value for b in others) and \
                splits_into(tuple(sorted(loose_values)), value):
            return True
    return False


def _holds_value_after(values: Values, position: Position, card: Card, value: int) -> bool:
    """B2 and B9: after playing `card`, may the mover have a build of `value` on the table?
    (V7: a build of 1 or 14 needs an ace.)"""
    rest = [c for c in position.hand if c is not card]
    if any(value in values.played[c.rank] for c in rest):
        return True
    if position.partners:
        partner = (position.turn + 1) % 4 + 1  # seats 1+3 and 2+4 (D1)
        if any(b.owner == partner and b.value == value for b in position.builds):
            return True
        if dict(position.declared).get(partner) == value:
            return True
    return False


def _keeps_owned(values: Values, position: Position, card: Card,
                 taken_builds: list[Build]) -> bool:
    """O2: never play away the last card that can take an owned build left on the table."""
    for build in position.builds:
        if build.owner != position.turn or any(build is b for b in taken_builds):
            continue
        if build.value in values.played[card.rank] and not any(
                build.value in values.played[c.rank] for c in position.hand if c is not card):
            return False
    return True


def reference_moves(position: Position) -> set[Effect]:
    """Every legal move of `position`, as effects, decided by brute force."""
    values = VALUE_SYSTEMS[position.rules.values]
    hand = position.hand
    if not hand:
        return set()
    loose_all = list(position.loose)
    builds_all = list(position.builds)
    items = len(loose_all) + len(builds_all)
    subsets = []
    for mask in range(1 << items):
        loose = [c for i, c in enumerate(loose_all) if mask >> i & 1]
        builds = [b for j, b in enumerate(builds_all) if mask >> (len(loose_all) + j) & 1]
        cards = frozenset(loose).union(*(b.cards for b in builds))
        subsets.append((loose, builds, cards))

    plays: set[Effect] = set()
    trails: set[Effect] = set()
    for card in hand:
        own = values.table[card.rank]
        for loose, builds, cards in subsets:
            if not _keeps_owned(values, position, card, builds):
                continue
            same_rank = not builds and all(c.rank == card.rank for c in loose)
            if own is None:
                if _face_pair_ok(position, card, loose, builds):
                    plays.add(("capture", card, None, cards))
            for value in values.played[card.rank]:
                if _capture_ok(values, card, value, loose, builds):
                    plays.add(("capture", card, own if same_rank else value, cards))
            for value in range(1, values.top + 1):
                if _build_shape_ok(values, card, value, loose, builds) and \
                        _holds_value_after(values, position, card, value):
                    plays.add(("build", card, value, cards))
        if _keeps_owned(values, position, card, []):
            trails.add(("trail", card, None, frozenset()))
    if plays and any(b.owner == position.turn for b in builds_all):
        return plays  # O1: an owner may not trail while something else is legal
    if not plays and not trails:
        trails = {("trail", c, None, frozenset()) for c in hand}  # R2
    return plays | trails


def effects(moves) -> set[Effect]:
    """The effects of generated moves, comparable with `reference_moves`."""
    return {(m.kind, m.card, m.value, frozenset(m.table_cards)) for m in moves}
