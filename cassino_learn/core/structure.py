"""A move's structure: its kind and how the cards it uses fall into groups (a capture's groups,
a build's sets), worked out the same way every time (docs/notation.md, "Moves").

The generator only records which cards a move uses; the grouping shown to people
(`7S take 3C+4H 7D [3S 4C]`, `3D build 7: 3D+4H | 2S+5C`) is worked out here, on demand.

    >>> from .cards import parse_cards
    >>> partition(parse_cards("3C 4H 2S 5D"), 7)
    [(Card.parse('2S'), Card.parse('5D')), (Card.parse('3C'), Card.parse('4H'))]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence, cast

from .build import Build
from .cards import Card
from .loosesets import LooseSets, value_vector
from .rules import ACE_HIGH, Rules

if TYPE_CHECKING:
    from .move import Move

__all__ = ["TRAIL", "CAPTURE", "BUILD", "KINDS", "partition", "subsets_summing",
           "split_build_cards", "move_groups", "ace_high"]

TRAIL, CAPTURE, BUILD = "trail", "capture", "build"

Group = tuple["Card | Build", ...] | Build
"""A group of a move: loose cards (a build's played set may hold the build it raises), or a
build taken or gathered whole."""
KINDS = (CAPTURE, BUILD, TRAIL)  # the order the generator lists them in

_STANDARD = Rules()


def partition(cards: Sequence[Card], value: int, rules: Rules = _STANDARD,
              pair_rank: int | None = None) -> list[tuple[Card, ...]] | None:
    """Split cards into groups that each add up to `value` (values as `rules` count them on the
    table), or None if they cannot be. With `pair_rank`, a lone card of that rank is a group
    too (V7: an ace played as 14 takes loose aces by rank).

    Deterministic: the group holding the lowest remaining card is chosen first, smallest first
    (a lone card of `pair_rank` before any sum).
    """
    cards = sorted(cards, key=lambda c: c.index)
    table = rules.by_rank()[0]
    if any(table[c.rank] is None for c in cards):
        return None
    lone = (table[pair_rank] or 0) if pair_rank is not None else 0  # the lone cards' value
    if not lone and sum(table[c.rank] for c in cards) % value:  # type: ignore[misc]
        return None
    judge = _judge(rules)
    if not judge.splits_with(value_vector(cards, rules), value, lone=lone):
        return None
    # every card was checked to have a value just above
    return _partition(tuple(cards), value, judge, cast("Sequence[int]", table), lone)


_JUDGES: dict[str, LooseSets] = {}
_JUDGE_MEMORY = 100_000  # remembered judgements per value system before they are forgotten


def _judge(rules: Rules) -> LooseSets:
    """The value-vector judge of the rules' value system (C2 or V7), shared by every call: its
    judgements depend only on the values, so they are remembered across moves (up to a bound)."""
    judge = _JUDGES.get(rules.values)
    if judge is None or judge.remembered > _JUDGE_MEMORY:
        judge = _JUDGES[rules.values] = LooseSets((), rules)
    return judge


def _partition(cards: tuple[Card, ...], value: int, judge: LooseSets, table: Sequence[int],
               lone: int) -> list[tuple[Card, ...]]:
    """The groups of cards known to split: for the first card, the first group (alone if it
    may be, then in the order of `subsets_summing`) whose remaining cards still split, which
    the value-vector judge tells at once, so no choice is ever undone."""
    if not cards:
        return []
    first, rest = cards[0], cards[1:]
    rest_vector = [0] * len(judge.counts)
    for card in rest:
        rest_vector[table[card.rank]] += 1
    if lone and table[first.rank] == lone and judge.splits_with(tuple(rest_vector), value,
                                                                lone=lone):
        return [(first,)] + _partition(rest, value, judge, table, lone)
    for chosen in _summing(rest, value - table[first.rank], 0, table):
        left = rest_vector[:]
        for card in chosen:
            left[table[card.rank]] -= 1
        if judge.splits_with(tuple(left), value, lone=lone):
            remaining = tuple(c for c in rest if c not in chosen)
            return [(first, *chosen)] + _partition(remaining, value, judge, table, lone)
    raise AssertionError("cards judged to split found no group")  # pragma: no cover


def subsets_summing(cards: tuple[Card, ...], total: int, start: int = 0,
                    rules: Rules = _STANDARD) -> Iterator[tuple[Card, ...]]:
    """Subsets of cards[start:] adding up to total, fewest cards first within each branch."""
    return _summing(cards, total, start, rules.by_rank()[0])


def _summing(cards: tuple[Card, ...], total: int, start: int, table: Sequence[int | None]
             ) -> Iterator[tuple[Card, ...]]:
    if total == 0:
        yield ()
        return
    for i in range(start, len(cards)):
        v = table[cards[i].rank]
        if v is None or v > total:
            continue
        for tail in _summing(cards, total - v, i + 1, table):
            yield (cards[i], *tail)


def split_build_cards(card: Card, loose: Sequence[Card], value: int, rules: Rules = _STANDARD
                      ) -> tuple[tuple[Card, ...], list[tuple[Card, ...]]] | None:
    """For a build: the played card's set (the card and the loose cards with it) and the other
    loose sets, each adding up to `value`; None if the cards cannot be arranged so."""
    table = rules.by_rank()[0]
    need = value - table[card.rank]  # type: ignore[operator]
    if need < 0 or any(table[c.rank] is None for c in loose):
        return None
    ordered = tuple(sorted(loose, key=lambda c: c.index))
    judge = _judge(rules)
    for chosen in _summing(ordered, need, 0, table):
        rest = [c for c in ordered if c not in chosen]
        if judge.splits(value_vector(rest, rules), value):
            return (card, *chosen), partition(rest, value, rules)  # type: ignore[return-value]
    return None


def _groups_or_flat(loose: list[Card], value: int, rules: Rules = _STANDARD,
                    pair_rank: int | None = None) -> list[tuple[Card, ...]]:
    groups = partition(loose, value, rules, pair_rank)
    if groups is None:
        return [tuple(loose)] if loose else []
    return groups


def ace_high(move: Move) -> bool:
    """Whether `move` is a capture by an ace played as 14 (V7); its text then says so."""
    return move.kind == CAPTURE and move.value == ACE_HIGH and move.card.rank == 1


def move_groups(move: Move) -> list[Group]:
    """The groups of a capture, or the sets of a build (the played card's set first, holding the
    raised build if there is one). A trail has none."""
    if move.kind == TRAIL:
        return []
    loose = list(move.loose_cards)
    builds = list(move.builds)
    rules = move.position.rules if move.position is not None else _STANDARD
    if move.kind == CAPTURE:
        if move.value is None:
            groups: list[tuple[Card, ...]] = [(c,) for c in loose]
        else:
            groups = _groups_or_flat(loose, move.value, rules, 1 if ace_high(move) else None)
        return [*sorted(groups, key=lambda g: g[0].index), *builds]
    raised = move.raised
    value = cast(int, move.value)  # a build always announces its value
    played: tuple[Card | Build, ...]
    if raised is not None:
        builds.remove(raised)
        played = (move.card, raised)
        others = _groups_or_flat(loose, value, rules)
    else:
        split = split_build_cards(move.card, loose, value, rules)
        played, others = split if split else ((move.card, *loose), [])
    return [played, *sorted(others, key=lambda g: g[0].index), *builds]
