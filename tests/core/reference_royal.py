"""A slow, obviously correct reference for the legal moves of Royal Casino (RULES.md V7; tests
only).

Like `reference.py` it shares nothing with the generator, nor with the values the core's
`Rules` reports: the card values are written out here from the text of V7. For every hand card
it tries every subset of table items (loose cards and whole builds), every value the played card
may count, and every announced build value, and decides each attempt from the rules (P1, S1-S5,
B1-B10, O1, O2, R1, R2 with V7's values).

A move is returned as its effect: (kind, card, value, frozenset of table cards), the same tuple
as `Move.key()`. An ace taking only loose aces does the same as 1 or as 14: that effect is
recorded once, with the value 1.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from cassino_learn import Build, Card, Position

Effect = tuple  # (kind, card, value, frozenset[Card])
ACE_AS_HIGH = 14
TOP = 14


def table_value(card: Card) -> int:
    """V7: A 1 (on the table and in a build), 2-10 their value, J 11, Q 12, K 13."""
    return card.rank


def played_values(card: Card) -> tuple[int, ...]:
    """V7: played from the hand an ace counts 1 or 14; every other card its table value."""
    return (1, ACE_AS_HIGH) if card.rank == 1 else (card.rank,)


@lru_cache(maxsize=None)
def splits_into(values: tuple[int, ...], target: int, lone_aces: bool) -> bool:
    """Can these values be split into groups that each add up to `target`? With `lone_aces` a
    lone ace (value 1) is a group too: an ace played as 14 takes loose aces by rank (P1)."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    if lone_aces and first == 1 and splits_into(rest, target, lone_aces):
        return True
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == target:
                remaining = tuple(v for i, v in enumerate(rest) if i not in chosen)
                if splits_into(remaining, target, lone_aces):
                    return True
    return False


def _capture_ok(value: int, loose: list[Card], builds: list[Build]) -> bool:
    """P1, S1-S3 for a card counting `value` taking exactly these items."""
    if not loose and not builds:
        return False  # T1
    if any(b.value != value for b in builds):
        return False  # S3
    return splits_into(tuple(sorted(table_value(c) for c in loose)), value,
                       value == ACE_AS_HIGH)


def _build_shape_ok(card: Card, value: int, loose: list[Card], builds: list[Build]) -> bool:
    """B1, B3-B8 with V7's values (the played card counts its table value: an ace 1)."""
    if not 1 <= value <= TOP or (not loose and not builds):
        return False
    loose_values = [table_value(c) for c in loose]
    if all(b.value == value for b in builds) and \
            splits_into(tuple(sorted(loose_values + [table_value(card)])), value, False):
        return True
    for raised in builds:
        if len(raised.sets) != 1 or raised.value + table_value(card) != value:
            continue
        others = [b for b in builds if b is not raised]
        if all(b.value == value for b in others) and \
                splits_into(tuple(sorted(loose_values)), value, False):
            return True
    return False


def _can_take(card: Card, build_value: int) -> bool:
    return build_value in played_values(card)


def _holds_value_after(position: Position, card: Card, value: int) -> bool:
    """B2 (a build of 1 or 14 needs an ace) and B9."""
    rest = [c for c in position.hand if c is not card]
    if any(_can_take(c, value) for c in rest):
        return True
    if position.partners:
        partner = (position.turn + 1) % 4 + 1
        if any(b.owner == partner and b.value == value for b in position.builds):
            return True
        if dict(position.declared).get(partner) == value:
            return True
    return False


def _keeps_owned(position: Position, card: Card, taken_builds: list[Build]) -> bool:
    """O2: never play away the last card that can take an owned build left on the table."""
    for build in position.builds:
        if build.owner != position.turn or any(build is b for b in taken_builds):
            continue
        if _can_take(card, build.value) and \
                not any(_can_take(c, build.value) for c in position.hand if c is not card):
            return False
    return True


def reference_royal_moves(position: Position) -> set[Effect]:
    """Every legal move of a Royal Casino `position`, as effects, decided by brute force."""
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
            if not _keeps_owned(position, card, builds):
                continue
            for value in played_values(card):
                if _capture_ok(value, loose, builds):
                    only_aces = card.rank == 1 and not builds and all(c.rank == 1 for c in loose)
                    plays.add(("capture", card, 1 if only_aces else value, cards))
            for value in range(1, TOP + 1):
                if _build_shape_ok(card, value, loose, builds) and \
                        _holds_value_after(position, card, value):
                    plays.add(("build", card, value, cards))
        if _keeps_owned(position, card, []):
            trails.add(("trail", card, None, frozenset()))
    if plays and any(b.owner == position.turn for b in builds_all):
        return plays  # O1
    if not plays and not trails:
        trails = {("trail", c, None, frozenset()) for c in hand}  # R2
    return plays | trails
