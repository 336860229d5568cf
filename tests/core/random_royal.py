"""Random valid Royal Casino positions for the tests (seeded; no rule of play is decided here).

Face cards and aces everywhere (on the table, in hands, inside builds), builds of 1 to 14 single
and multiple with owners, 2-4 players, partnerships with announcements, and now and then the
other variants V7 combines with (Spade Casino scoring, the draw deal, sweeps off).
"""

from __future__ import annotations

import random

from cassino_learn import Build, Card, Position, PositionError, Rules
from cassino_learn.core.cards import FULL_DECK

ROYAL_RULES = (Rules(values="royal"), Rules(values="royal"), Rules(values="royal"),
               Rules(values="royal", scoring="spade-casino"),
               Rules(values="royal", deal="draw", sweeps=False))


def _take_rank(rng: random.Random, deck: list[Card], rank: int) -> Card | None:
    found = [i for i, c in enumerate(deck) if c.rank == rank]
    return deck.pop(rng.choice(found)) if found else None


def _random_set(rng: random.Random, deck: list[Card], value: int, alone: bool
                ) -> list[Card] | None:
    """Cards adding up to `value` (ranks: A 1 .. K 13): one card of the value when `alone`
    (never for 14: an ace inside a build counts 1), else two or more."""
    if alone:
        if value > 13:
            return None
        card = _take_rank(rng, deck, value)
        return [card] if card else None
    if value < 2:
        return None
    parts, rest = [], value
    while rest > 0:
        part = rng.randint(1, min(13, rest - 1)) if not parts else rng.randint(1, min(13, rest))
        parts.append(part)
        rest -= part
    cards: list[Card] = []
    for part in parts:
        card = _take_rank(rng, deck, part)
        if card is None:
            deck.extend(cards)
            return None
        cards.append(card)
    return cards


def random_royal_build(rng: random.Random, deck: list[Card], owner: int | None) -> Build | None:
    value = rng.choice([1, 2, 5, 7, 9, 10, 11, 12, 13, 13, 14, 14, 14])
    count = rng.choice([1, 1, 2, 2, 3]) if value > 1 else rng.choice([2, 3])
    sets = []
    for _ in range(count):
        alone = count > 1 and (value == 1 or rng.random() < 0.4)
        cards = _random_set(rng, deck, value, alone)
        if cards:
            sets.append(cards)
    if not sets or (len(sets) == 1 and len(sets[0]) < 2):
        for cards in sets:
            deck.extend(cards)
        return None
    return Build.make(value, owner, sets)


def _keeper(rng: random.Random, deck: list[Card], value: int) -> Card | None:
    """A card that can capture a build of `value` (an ace for 1 and 14)."""
    return _take_rank(rng, deck, 1 if value in (1, 14) else value)


def random_royal_position(rng: random.Random, max_loose: int = 7, max_builds: int = 3,
                          whole_deck: bool = False) -> Position:
    """A random Royal Casino position that can exist; `whole_deck` places all 52 cards."""
    players = rng.choice([2, 2, 3, 4, 4])
    partners = players == 4 and rng.random() < 0.4
    rules = rng.choice(ROYAL_RULES)
    turn = rng.randint(1, players)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hand: list[Card] = []
    loose: list[Card] = []
    # aces and face cards everywhere: some on the table, some in the hand
    for rank in rng.sample([1, 1, 11, 12, 13, 13], rng.randint(0, 3)):
        card = _take_rank(rng, deck, rank)
        if card:
            (loose if rng.random() < 0.6 else hand).append(card)

    builds: list[Build] = []
    for _ in range(min(max_builds, rng.choice([0, 1, 1, 1, 2, 2, 3]))):
        if partners:
            owner: int | None = rng.randint(1, players)
        else:
            owner = rng.choice([None, turn, turn] + list(range(1, players + 1)))
        build = random_royal_build(rng, deck, owner)
        if build is not None:
            builds.append(build)

    loose.extend(deck.pop() for _ in range(rng.randint(0, max(0, max_loose - len(loose)))))
    hand_size = max(len(hand), rng.choice([0, 1, 2, 3, 4, 4, 4, 4]))
    while len(hand) < min(hand_size, 4):
        hand.append(deck.pop())
    del hand[4:]
    if builds and hand and rng.random() < 0.5:
        card = _keeper(rng, deck, rng.choice(builds).value)
        if card is not None:
            deck.append(hand.pop())
            hand.append(card)
    if not partners:  # an owner keeps a card that can take each owned build (B2, O2)
        for i, build in enumerate(builds):
            if build.owner == turn and not any(
                    build.value in ((1, 14) if c.rank == 1 else (c.rank,)) for c in hand):
                card = _keeper(rng, deck, build.value)
                if card is not None and len(hand) < 4:
                    hand.append(card)
                else:
                    if card is not None:
                        deck.append(card)
                    builds[i] = Build(build.value, None, build.sets)

    declared: dict[int, int] = {}
    if partners:
        for seat in range(1, 5):
            if rng.random() < 0.25:
                declared[seat] = rng.randint(1, 14)

    hands = {turn: hand}
    piles: dict[int, list[Card]] = {}
    if whole_deck:
        for seat in range(1, players + 1):
            if seat != turn:
                hands[seat] = [deck.pop() for _ in range(rng.randint(0, 4))]
        sides = 2 if partners else players
        piles = {side: [] for side in range(1, sides + 1)}
        while deck:
            piles[rng.randint(1, sides)].append(deck.pop())
    try:
        return Position.create(table=loose + builds, hands=hands, turn=turn, players=players,
                               partners=partners, declared=declared or None, rules=rules,
                               piles=piles or None)
    except PositionError:  # e.g. another owner's build whose every keeper is seen elsewhere
        return random_royal_position(rng, max_loose, max_builds, whole_deck)
