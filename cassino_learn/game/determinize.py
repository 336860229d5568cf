"""Determinization: deal the cards a seat cannot see so that the deal agrees with what it knows.

What a seat knows (`Observation`): its hand, the table, the piles, every hand's size, the
stock's size, and the builds' owners. A build's owner must hold a card that can capture it
(B2, O2; checked by the core, `Position._check_owners_can_capture`), so a deal that gives the
owner no such card is impossible. Such deals are rejected; after a few rejections the keeper
cards are placed first and the rest dealt at random (constrained dealing), so sampling never
stalls on a build whose value has one unseen card left.

    >>> from cassino_learn import Game
    >>> import random
    >>> g = Game(seed=3)
    >>> state, stock = sample_world(g.observation(), random.Random(0))
    >>> len(stock) == g.observation().stock_size
    True
"""

from __future__ import annotations

import random
from typing import Sequence

from ..core.cards import Card
from ..core.position import Position
from ..core.rules import Rules
from .observation import Observation

__all__ = ["keeper_needs", "sample_world", "consistent", "REJECTION_TRIES"]

REJECTION_TRIES = 20


def keeper_needs(observation: Observation) -> list[tuple[int, int]]:
    """(seat, value) pairs: another seat that owns a build of `value` and so must hold a card
    able to capture it. Outside partnerships only: B9 lets a partner build without one. A
    Royal Casino build of 1 or 14 may stand without an ace (V7), so it tells nothing."""
    position = observation.position
    if position.partners:
        return []
    rules = position.rules
    needs = set()
    for build in position.builds:
        owner = build.owner
        if owner is None or owner == observation.seat:
            continue
        if rules.royal and build.value in (1, 14):
            continue
        needs.add((owner, build.value))
    return sorted(needs)


def _holds(cards: Sequence[Card], value: int, rules: Rules) -> bool:
    return any(value in rules.play_values(c) for c in cards)


def consistent(hands: Sequence[Sequence[Card] | None], needs: list[tuple[int, int]],
               rules: Rules) -> bool:
    """Every keeper need met by the dealt hands."""
    return all(_holds(hands[seat - 1] or (), value, rules) for seat, value in needs)


def _deal(observation: Observation, cards: list[Card],
          fixed: dict[int, list[Card]]) -> tuple[list[tuple[Card, ...] | None], list[Card]]:
    """Fill the other hands to their known sizes from `cards` (after the `fixed` ones)."""
    hands: list[tuple[Card, ...] | None] = list(observation.position.hands)
    top = 0
    for seat, size in enumerate(observation.hand_sizes, 1):
        if seat == observation.seat:
            continue
        held = fixed.get(seat, [])
        take = size - len(held)
        hand = held + cards[top:top + take]
        top += take
        hands[seat - 1] = tuple(sorted(hand, key=lambda c: c.index))
    return hands, cards[top:]


def sample_world(observation: Observation, rng: random.Random
                 ) -> tuple[Position, list[Card]]:
    """A full state (every hand known) and a stock order agreeing with `observation`: the
    unseen cards fill the other hands to their sizes and the stock to its size, and every
    build's owner holds a card of its value. Raises ValueError when the observation does not
    add up (more hidden places than unseen cards)."""
    unseen = sorted(observation.unseen, key=lambda c: c.index)
    others = sum(n for s, n in enumerate(observation.hand_sizes, 1) if s != observation.seat)
    if others + observation.stock_size != len(unseen):
        raise ValueError(f"observation does not add up: {len(unseen)} unseen cards, "
                         f"{others} in other hands, a stock of {observation.stock_size}")
    position = observation.position
    rules = position.rules
    needs = keeper_needs(observation)
    for _ in range(REJECTION_TRIES if needs else 1):
        cards = unseen[:]
        rng.shuffle(cards)
        hands, stock = _deal(observation, cards, {})
        if consistent(hands, needs, rules):
            return position.derive(hands=tuple(hands)), stock
    # Constrained dealing: one keeper card per need first, then the rest at random.
    cards = unseen[:]
    rng.shuffle(cards)
    fixed: dict[int, list[Card]] = {}
    for seat, value in needs:
        if _holds(fixed.get(seat, []), value, rules):
            continue
        size = observation.hand_sizes[seat - 1]
        if len(fixed.get(seat, [])) >= size:
            continue  # more needs than cards: the observation cannot be met; deal what fits
        for i, card in enumerate(cards):
            if value in rules.play_values(card):
                fixed.setdefault(seat, []).append(cards.pop(i))
                break
    hands, stock = _deal(observation, cards, fixed)
    return position.derive(hands=tuple(hands)), stock
