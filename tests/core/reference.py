"""A slow, obviously correct reference for the legal moves of RULES.md (tests only).

It shares nothing with the generator: for every hand card it tries every subset of table items
(loose cards and whole builds) and every announced value, and decides each attempt straight from
the rule texts (P1, P2, S1-S5, B1-B10, O1, O2, R1, R2, V1). Only the data classes of the core
(Card, Position, Build) are used.

A move is returned as its effect: (kind, card, value, frozenset of table cards), the same tuple
as `Move.key()`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from cassino_learn import Build, Card, Position

Effect = tuple  # (kind, card, value, frozenset[Card])


@lru_cache(maxsize=None)
def splits_into(values: tuple[int, ...], target: int) -> bool:
    """Can these card values be split into groups that each add up to `target`?

    A group is one card of value `target` or several cards summing to it (P1, S1, B4); the empty
    collection splits trivially. The group holding the first value is tried every possible way.
    """
    if not values:
        return True
    first, rest = values[0], values[1:]
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == target:
                remaining = tuple(v for i, v in enumerate(rest) if i not in chosen)
                if splits_into(remaining, target):
                    return True
    return False


def _capture_ok(position: Position, card: Card, loose: list[Card], builds: list[Build]) -> bool:
    """P1, P2, S1-S3 and V1 for a capture of exactly these items (O2 is checked apart)."""
    if not loose and not builds:
        return False  # a capture takes something (T1)
    if card.is_face:
        # P2: exactly one loose face card of the same rank; V1: or all three when three lie there
        if builds or any(c.rank != card.rank for c in loose):
            return False
        if len(loose) == 1:
            return True
        same_rank_on_table = [c for c in position.loose if c.rank == card.rank]
        return (position.rules.face_cards == "three-take-all" and len(same_rank_on_table) == 3
                and len(loose) == 3)
    v = card.value
    if any(c.is_face for c in loose):
        return False  # P2: face cards never take part in sums
    if any(b.value != v for b in builds):
        return False  # S3: a build is taken only by a card of its value
    return splits_into(tuple(sorted(c.value for c in loose)), v)  # P1, S1, S2


def _build_shape_ok(card: Card, value: int, loose: list[Card], builds: list[Build]) -> bool:
    """B1, B3-B8: can the played card and these items make a build of `value`?"""
    if card.is_face or not 1 <= value <= 10:
        return False  # B3
    if not loose and not builds:
        return False  # B1
    if any(c.is_face for c in loose):
        return False  # B3
    loose_values = [c.value for c in loose]
    # Making a build (B4) or adding to builds of the value (B8): the played card's set is the
    # card with some loose cards; every other loose card is in a set of the value; every build
    # gathered already has the value.
    if all(b.value == value for b in builds) and \
            splits_into(tuple(sorted(loose_values + [card.value])), value):
        return True
    # Raising (B5): the card goes onto exactly one single build (B6: alone, no loose card with
    # it; B7: never a multiple build); other sets of the new value may be gathered.
    for raised in builds:
        if len(raised.sets) != 1 or raised.value + card.value != value:
            continue
        others = [b for b in builds if b is not raised]
        if all(b.value == value for b in others) and \
                splits_into(tuple(sorted(loose_values)), value):
            return True
    return False


def _holds_value_after(position: Position, card: Card, value: int) -> bool:
    """B2 and B9: after playing `card`, may the mover have a build of `value` on the table?"""
    rest = [c for c in position.hand if c is not card]
    if any(c.value == value for c in rest):
        return True
    if position.partners:
        partner = (position.turn + 1) % 4 + 1  # seats 1+3 and 2+4 (D1)
        if any(b.owner == partner and b.value == value for b in position.builds):
            return True
        if dict(position.declared).get(partner) == value:
            return True
    return False


def _keeps_owned(position: Position, card: Card, taken_builds: list[Build]) -> bool:
    """O2: never play away the last card of the value of an owned build left on the table."""
    for build in position.builds:
        if build.owner != position.turn or any(build is b for b in taken_builds):
            continue
        if card.value == build.value and \
                not any(c.value == build.value for c in position.hand if c is not card):
            return False
    return True


def reference_moves(position: Position) -> set[Effect]:
    """Every legal move of `position`, as effects, decided by brute force."""
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
        for loose, builds, cards in subsets:
            if _keeps_owned(position, card, builds):
                if _capture_ok(position, card, loose, builds):
                    plays.add(("capture", card, card.value, cards))
                for value in range(1, 11):
                    if _build_shape_ok(card, value, loose, builds) and \
                            _holds_value_after(position, card, value):
                        plays.add(("build", card, value, cards))
        if _keeps_owned(position, card, []):
            trails.add(("trail", card, None, frozenset()))
    if plays and any(b.owner == position.turn for b in builds_all):
        return plays  # O1: an owner may not trail while something else is legal
    if not plays and not trails:
        trails = {("trail", c, None, frozenset()) for c in hand}  # R2
    return plays | trails


def effects(moves) -> set[Effect]:
    """The effects of generated moves, comparable with `reference_moves`."""
    return {(m.kind, m.card, m.value, frozenset(m.table_cards)) for m in moves}
