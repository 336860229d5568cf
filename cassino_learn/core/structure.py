"""A move's structure (its groups or sets), its canonical text, its words, and playing it.

The generator only records which cards a move uses; the grouping shown to people
(`7S take 3C+4H 7D [3S 4C]`, `3D build 7: 3D+4H | 2S+5C`) is worked out here, on demand,
the same way every time.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Sequence

from .cards import Card, format_cards
from .loosesets import LooseSets, value_vector
from .movegen import BUILD, CAPTURE, TRAIL, Move
from .position import Build, Position, _build_key, _replace
from .rules import ACE_HIGH, Rules

_STANDARD = Rules()

__all__ = ["partition", "subsets_summing", "move_groups", "move_text", "move_words", "apply_move",
           "group_text", "ace_high"]


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
    return _partition(tuple(cards), value, judge, table, lone)


_JUDGES: dict[str, LooseSets] = {}
_JUDGE_MEMORY = 100_000  # remembered judgements per value system before they are forgotten


def _judge(rules: Rules) -> LooseSets:
    """The value-vector judge of the rules' value system (C2 or V7), shared by every call: its
    judgements depend only on the values, so they are remembered across moves (up to a bound)."""
    judge = _JUDGES.get(rules.values)
    if judge is None or judge.remembered > _JUDGE_MEMORY:
        judge = _JUDGES[rules.values] = LooseSets((), rules)
    return judge


def _partition(cards: tuple[Card, ...], value: int, judge: LooseSets, table: Sequence,
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
                    rules: Rules = _STANDARD):
    """Subsets of cards[start:] adding up to total, fewest cards first within each branch."""
    return _summing(cards, total, start, rules.by_rank()[0])


def _summing(cards: tuple[Card, ...], total: int, start: int, table: Sequence):
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


def move_groups(move: Move) -> list[tuple[Card, ...] | Build]:
    """The groups of a capture, or the sets of a build (the played card's set first, holding the
    raised build if there is one). A trail has none."""
    if move.kind == TRAIL:
        return []
    loose = list(move.loose_cards)
    builds = list(move.builds)
    rules = move.position.rules if move.position is not None else _STANDARD
    if move.kind == CAPTURE:
        if move.value is None:
            groups: list = [(c,) for c in loose]
        else:
            groups = _groups_or_flat(loose, move.value, rules, 1 if ace_high(move) else None)
        return sorted(groups, key=lambda g: g[0].index) + builds
    raised = move.raised
    if raised is not None:
        builds.remove(raised)
        played: tuple = (move.card, raised)
        others = _groups_or_flat(loose, move.value, rules)
    else:
        split = split_build_cards(move.card, loose, move.value, rules)  # type: ignore[arg-type]
        played, others = split if split else ((move.card, *loose), [])
    return [played] + sorted(others, key=lambda g: g[0].index) + builds


def group_text(group: tuple | Build) -> str:
    if isinstance(group, Build):
        return "[" + " | ".join(format_cards(s) for s in group.sets) + "]"
    return "+".join(group_text(x) if isinstance(x, Build) else str(x) for x in group)


def move_text(move: Move) -> str:
    """The canonical notation of a move."""
    if move.kind == TRAIL:
        return f"trail {move.card}"
    high = f"{ACE_HIGH}: " if ace_high(move) else ""
    if move.position is None:
        cards = format_cards(sorted(move.table_cards))
        if move.kind == CAPTURE:
            return f"{move.card} take {high}{cards}".rstrip()
        return f"{move.card} build {move.value} {cards}".rstrip()
    groups = move_groups(move)
    if move.kind == CAPTURE:
        return f"{move.card} take {high}" + " ".join(group_text(g) for g in groups)
    return f"{move.card} build {move.value}: " + " | ".join(group_text(g) for g in groups)


def _listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _group_words(group: tuple | Build) -> str:
    if isinstance(group, Build):
        return group.describe()
    if len(group) == 1:
        return f"the {group[0].name}"
    return " + ".join(str(x) for x in group)


def move_words(move: Move) -> str:
    """The move in words for a learner: "Play the seven of spades to take 3C + 4H."."""
    if move.kind == TRAIL:
        return f"Trail the {move.card.name}."
    groups = move_groups(move)
    if move.kind == CAPTURE:
        sweep = " It sweeps the table." if move.is_sweep else ""
        high = f" as {ACE_HIGH}" if ace_high(move) else ""
        return (f"Play the {move.card.name}{high} to take "
                f"{_listing([_group_words(g) for g in groups])}.{sweep}")
    kind = "a multiple build" if len(groups) > 1 else "a build"
    raised = move.raised
    if raised is not None:
        action = f"raise {raised.describe()} to {move.value}"
        if len(groups) > 1:
            action += ", a multiple build"
    else:
        action = f"make {kind} of {move.value}"
    return f"Play the {move.card.name} to {action}: {' | '.join(group_text(g) for g in groups)}."


def apply_move(position: Position, move: Move) -> Position:
    """The next position after a legal generated `move` (see Position.play)."""
    # Straight-line code: the computer's search plays many thousands of moves a decision.
    kind, card, loose_mask, build_mask = move[0], move[1], move[3], move[4]
    turn, partners = position.turn, position.partners
    hands = position.hands
    hand = hands[turn - 1]
    if hand is not None and card in hand:
        i = hand.index(card)
        hands = hands[:turn - 1] + (hand[:i] + hand[i + 1:],) + hands[turn:]
    changes: dict = {"hands": hands, "turn": turn % position.players + 1}
    declared = position.declared
    if declared or partners:
        held = dict(declared)
        if partners and held.get(turn) in position.rules.play_values(card):
            del held[turn]  # B9: the announced value has been played
        if partners and kind == BUILD:
            held[turn] = move[2]
        changes["declared"] = tuple(sorted(held.items()))
    loose = position.loose
    if kind == TRAIL:
        changes["loose"] = tuple(sorted(loose + (card,), key=_INDEX))
        return _replace(position, **changes)
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
        if move[6] is None:  # a hand-made move: it names its cards
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
        return _replace(position, **changes)
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
    changes["builds"] = tuple(sorted(remaining_builds + (new_build,), key=_build_key))
    return _replace(position, **changes)


_INDEX = attrgetter("index")
