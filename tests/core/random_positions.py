"""Random valid positions for the tests (seeded; no rule of play is decided here).

Positions have 2-4 players (partnerships too, with `declared:` announcements), small tables of
loose cards and real builds (single and multiple, with owners), the mover's hand and sometimes
the other hands and the sides' piles, and now and then the V1 face-card variant.
"""

from __future__ import annotations

import random

from cassino_learn import Build, Card, Position, PositionError, Rules
from cassino_learn.core.cards import FULL_DECK

FACE_RANKS = (11, 12, 13)


def _take_value(rng: random.Random, deck: list[Card], value: int) -> Card | None:
    """Remove and return a random card of `value` from the deck, or None if none is left."""
    found = [i for i, c in enumerate(deck) if c.value == value]
    if not found:
        return None
    return deck.pop(rng.choice(found))


def _random_parts(rng: random.Random, total: int) -> list[int]:
    """A random way of writing `total` as two or more positive parts."""
    parts = []
    rest = total
    while rest > 0:
        part = rng.randint(1, rest - 1) if not parts and rest > 1 else rng.randint(1, rest)
        parts.append(part)
        rest -= part
    return parts


def _random_set(rng: random.Random, deck: list[Card], value: int, alone: bool) -> list[Card] | None:
    """A set of cards adding up to `value`: one card of the value when `alone`, else 2+ cards."""
    if alone:
        card = _take_value(rng, deck, value)
        return [card] if card else None
    if value < 2:
        return None
    parts = _random_parts(rng, value)
    cards = []
    for part in parts:
        card = _take_value(rng, deck, part)
        if card is None:
            deck.extend(cards)
            return None
        cards.append(card)
    return cards


def random_build(rng: random.Random, deck: list[Card], owner: int | None) -> Build | None:
    """A real build (single or multiple) made of cards taken from the deck."""
    value = rng.randint(1, 10)
    count = rng.choice([1, 1, 1, 2, 2, 3])
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


def random_position(rng: random.Random, max_loose: int = 7, max_builds: int = 3,
                    extras: bool = False, whole_deck: bool = False) -> Position:
    """A random position that can exist. `extras` adds other hands and piles; `whole_deck`
    gives every seat a hand and puts every remaining card in a pile, so all 52 are placed.
    A draw that `Position.check` refuses (say, a build whose owner cannot hold its value) is
    drawn again."""
    for _ in range(1000):
        try:
            return _draw_position(rng, max_loose, max_builds, extras, whole_deck)
        except PositionError:
            continue
    raise AssertionError("no valid random position in 1000 draws")


def _draw_position(rng: random.Random, max_loose: int, max_builds: int, extras: bool,
                   whole_deck: bool) -> Position:
    players = rng.choice([2, 2, 3, 4, 4])
    partners = players == 4 and rng.random() < 0.5
    rules = Rules(face_cards="three-take-all") if rng.random() < 0.25 else Rules()
    turn = rng.randint(1, players)
    deck = list(FULL_DECK)
    rng.shuffle(deck)

    loose: list[Card] = []
    hand: list[Card] = []
    if rng.random() < 0.12:  # three face cards of a rank on the table, the fourth in hand
        rank = rng.choice(FACE_RANKS)
        same = [c for c in deck if c.rank == rank]
        for c in same:
            deck.remove(c)
        loose.extend(same[:3])
        hand.append(same[3])

    builds: list[Build] = []
    for _ in range(min(max_builds, rng.choice([0, 0, 1, 1, 1, 2, 2, 3]))):
        if partners:
            owner: int | None = rng.randint(1, players)
        else:
            owner = rng.choice([None, turn] + list(range(1, players + 1)))
        build = random_build(rng, deck, owner)
        if build is not None:
            builds.append(build)

    loose.extend(deck.pop() for _ in range(rng.randint(0, max(0, max_loose - len(loose)))))
    hand_size = rng.choice([0, 1, 2, 3, 4, 4, 4, 4]) if not hand else rng.randint(1, 4)
    while len(hand) < hand_size:
        hand.append(deck.pop())
    # Hands sometimes hold the value of a build on the table, as in real play.
    if builds and hand and rng.random() < 0.5:
        card = _take_value(rng, deck, rng.choice(builds).value)
        if card is not None:
            deck.append(hand.pop())
            hand.append(card)

    # Outside partnerships a build's owner keeps a card of its value (B2, O2).
    if not partners:
        for i, build in enumerate(builds):
            if build.owner == turn and not any(c.value == build.value for c in hand):
                card = _take_value(rng, deck, build.value)
                if card is not None:
                    hand.append(card)
                else:
                    builds[i] = Build(build.value, None, build.sets)

    declared: dict[int, int] = {}
    if partners:
        for seat in range(1, 5):
            if rng.random() < 0.25:
                declared[seat] = rng.randint(1, 10)

    hands = {turn: hand}
    piles: dict[int, list[Card]] = {}
    if extras or whole_deck:
        for seat in range(1, players + 1):
            if seat != turn and (whole_deck or rng.random() < 0.6):
                hands[seat] = [deck.pop() for _ in range(rng.randint(0, 4))]
        sides = 2 if partners else players
        for side in range(1, sides + 1):
            piles[side] = [deck.pop() for _ in range(rng.randint(0, 6))]
        if whole_deck:
            while deck:
                piles[rng.randint(1, sides)].append(deck.pop())
    return Position.create(table=loose + builds, hands=hands, turn=turn, players=players,
                           partners=partners, declared=declared or None, rules=rules,
                           piles=piles or None)
