"""Sets of loose table cards that split into groups of one value, seen through their values.

Whether loose cards split into groups each adding up to v (P1, S1, S2, B4) depends
only on how many cards of each value they hold, never on the suits. So a set is judged by its
*value vector* (count of aces, twos, ... tens; to kings under V7), judgements are remembered
per vector, and the sets a move may take are gone through vector by vector: each vector stands
for every choice of suits, which are listed lazily (`masks`) or just counted (`count`) without
a list or a "seen" set. This keeps huge tables (a million legal moves and more) cheap to walk,
count or check one move on.

Values are what the rules count on the table (`Rules.table_value`: tens at most under C2, kings
13 under V7, where face cards count). A *lone* value (V7: an ace played as 14 takes loose aces by
rank) names cards that may also each make a group alone.

Masks are bit masks over the position's loose cards (bit i = `loose[i]`), as in the generator.
"""

from __future__ import annotations

from itertools import combinations, product
from math import comb
from typing import Iterator, Sequence

from .cards import Card
from .rules import Rules

__all__ = ["LooseSets", "value_vector"]

Vector = tuple[int, ...]  # index = card value 0..highest table value (index 0 unused)
_STANDARD = Rules()


class LooseSets:
    """The loose cards of one position, with remembered judgements of their value vectors."""

    def __init__(self, loose: Sequence[Card], rules: Rules = _STANDARD) -> None:
        high = _highest(rules)
        self.bits: list[list[int]] = [[] for _ in range(high + 1)]  # bits of each value's cards
        self.faces = 0  # mask of the loose cards without a value (C2 face cards)
        table = rules.by_rank()[0]
        for i, card in enumerate(loose):
            value = table[card.rank]
            if value is None:
                self.faces |= 1 << i
            else:
                self.bits[value].append(1 << i)
        self.counts: Vector = tuple(len(b) for b in self.bits)
        self._splits: dict[tuple[Vector, int], bool] = {}
        self._covers: dict[tuple[Vector, Vector, int], bool] = {}

    # ------------------------------------------------------------------ judging one set

    def vector(self, mask: int) -> Vector | None:
        """The value vector of the loose cards in `mask` (None if it holds a face card)."""
        if mask & self.faces:
            return None
        return tuple(sum(1 for bit in bits if mask & bit) for bits in self.bits)

    def lone_mask(self, lone: int) -> int:
        """The mask of the loose cards of value `lone` (0: none)."""
        return sum(self.bits[lone]) if lone else 0

    def fits(self, mask: int, value: int, need: int = 0, lone: int = 0) -> bool:
        """Whether the cards of `mask` are one set adding up to `need` (none when 0) and
        otherwise groups that each add up to `value` (or cards of value `lone`, alone)."""
        vector = self.vector(mask)
        return vector is not None and self.splits_with(vector, value, need, lone)

    def splits_with(self, vector: Vector, value: int, need: int = 0, lone: int = 0) -> bool:
        if lone:
            return any(self.splits_with(_less(vector, lone, n), value, need)
                       for n in range(vector[lone] + 1))
        if not need:
            return self.splits(vector, value)
        return any(self.splits(_minus(vector, part), value)
                   for part in _parts(vector, need, need))

    @property
    def remembered(self) -> int:
        """How many split judgements this judge holds in memory."""
        return len(self._splits)

    def splits(self, vector: Vector, value: int) -> bool:
        """Whether cards with this value vector split into groups each adding up to `value`."""
        key = (vector, value)
        known = self._splits.get(key)
        if known is None:
            known = self._splits[key] = self._split(vector, value)
        return known

    def _split(self, vector: Vector, value: int) -> bool:
        top = next((v for v in range(len(vector) - 1, 0, -1) if vector[v]), 0)
        if not top:
            return True
        if top > value or sum(v * n for v, n in enumerate(vector)) % value:
            return False
        rest = list(vector)
        rest[top] -= 1
        remaining = tuple(rest)
        # the group holding one of the highest cards: that card and cards no higher
        return any(self.splits(_minus(remaining, part), value)
                   for part in _parts(remaining, value - top, top))

    def extends(self, floor: Vector, value: int, need: int = 0, lone: int = 0) -> bool:
        """Whether some fitting set (see `fits`) holds at least the cards `floor` counts."""
        spare = _minus(self.counts, floor)
        # with `lone`, some of the floor's cards of that value may each be a group alone
        for alone in range(floor[lone] + 1 if lone else 1):
            rest = _less(floor, lone, alone) if alone else floor
            if not need:
                if self._cover(rest, spare, value):
                    return True
            elif any(self._cover(*_take(rest, spare, part), value)
                     for part in _parts(_plus(rest, spare), need, need)):
                return True
        return False

    def _cover(self, must: Vector, spare: Vector, value: int) -> bool:
        """Whether the cards `must` counts go into groups adding up to `value`, completed
        with cards `spare` counts where needed."""
        key = (must, spare, value)
        known = self._covers.get(key)
        if known is None:
            known = self._covers[key] = self._cover_now(must, spare, value)
        return known

    def _cover_now(self, must: Vector, spare: Vector, value: int) -> bool:
        top = next((v for v in range(len(must) - 1, 0, -1) if must[v]), 0)
        if not top:
            return True
        if top > value:
            return False
        rest = list(must)
        rest[top] -= 1
        remaining = tuple(rest)
        # the group of one highest card still to place; taking its other cards from `must`
        # first is never worse than taking the same values from `spare`
        return any(self._cover(*_take(remaining, spare, part), value)
                   for part in _parts(_plus(remaining, spare), value - top, value - top))

    # ------------------------------------------------------------------ going through sets

    def vectors(self, value: int, need: int = 0, floor: Vector | None = None, lone: int = 0
                ) -> Iterator[Vector]:
        """Every value vector (within the loose cards) that fits `value`, `need` and `lone`;
        with `floor`, only those holding at least the cards it counts."""
        counts = self.counts
        high = len(counts) - 1
        top = min(value, high)
        low = floor or (0,) * (high + 1)
        if any(low[v] for v in range(top + 1, high + 1)):
            return iter(())
        chosen = [0] * (high + 1)

        def walk(v: int, total: int) -> Iterator[Vector]:
            if v > top:
                if total >= need and (lone or (total - need) % value == 0):
                    vector = tuple(chosen)
                    if self.splits_with(vector, value, need, lone):
                        yield vector
                return
            for n in range(low[v], counts[v] + 1):
                chosen[v] = n
                yield from walk(v + 1, total + n * v)
            chosen[v] = 0

        return walk(1, 0)

    def masks(self, value: int, need: int = 0, lone: int = 0) -> Iterator[int]:
        """Lazily, every mask of loose cards that fits `value`, `need` and `lone` (each once;
        the empty mask too when need is 0)."""
        for vector in self.vectors(value, need, lone=lone):
            choices = [combinations(self.bits[v], n) for v, n in enumerate(vector) if n]
            for picked in product(*choices):
                mask = 0
                for group in picked:
                    for bit in group:
                        mask |= bit
                yield mask

    def count(self, value: int, need: int = 0, limit: int | None = None, lone: int = 0) -> int:
        """How many masks `masks(value, need, lone)` gives; stops early once past `limit`."""
        total = 0
        for vector in self.vectors(value, need, lone=lone):
            ways = 1
            for v, n in enumerate(vector):
                if n:
                    ways *= comb(self.counts[v], n)
            total += ways
            if limit is not None and total > limit:
                break
        return total


def value_vector(cards: Sequence[Card], rules: Rules = _STANDARD) -> Vector:
    """How many cards of each table value (cards without one, C2's face cards, not counted)."""
    counts = [0] * (_highest(rules) + 1)
    table = rules.by_rank()[0]
    for card in cards:
        value = table[card.rank]
        if value is not None:
            counts[value] += 1
    return tuple(counts)


_HIGHEST: dict[str, int] = {}


def _highest(rules: Rules) -> int:
    """The highest value a table card counts (C2: 10; V7: 13, a king)."""
    high = _HIGHEST.get(rules.values)  # only the values option (V7) changes it
    if high is None:
        high = _HIGHEST[rules.values] = max(v for v in rules.by_rank()[0] if v is not None)
    return high


def _less(vector: Vector, value: int, n: int) -> Vector:
    """`vector` with n fewer cards of `value`."""
    return vector[:value] + (vector[value] - n,) + vector[value + 1:]


def _minus(vector: Vector, part: Vector) -> Vector:
    return tuple(a - b for a, b in zip(vector, part))


def _plus(a: Vector, b: Vector) -> Vector:
    return tuple(x + y for x, y in zip(a, b))


def _take(must: Vector, spare: Vector, part: Vector) -> tuple[Vector, Vector]:
    """`must` and `spare` after `part` is taken from them, from `must` first."""
    from_must = tuple(min(p, m) for p, m in zip(part, must))
    return _minus(must, from_must), _minus(spare, _minus(part, from_must))


def _parts(vector: Vector, total: int, highest: int) -> Iterator[Vector]:
    """Sub-vectors of `vector` using values up to `highest` whose values add up to `total`."""
    part = [0] * len(vector)

    def walk(v: int, rest: int) -> Iterator[Vector]:
        if rest == 0:
            yield tuple(part)
            return
        if v == 0:
            return
        most = min(vector[v], rest // v)
        for n in range(most, -1, -1):
            part[v] = n
            yield from walk(v - 1, rest - n * v)
        part[v] = 0

    if total < 0:
        return iter(())
    return walk(min(highest, len(vector) - 1), total)
