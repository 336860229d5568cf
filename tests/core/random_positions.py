"""Random valid positions for the tests (seeded; no rule of play is decided here), under either
value system (`values="standard"` or `"royal"`, V7).

Positions have 2-4 players (partnerships too, with `declared:` announcements), small tables of
loose cards and real builds (single and multiple, with owners), the mover's hand and sometimes
the other hands and the sides' piles. Standard positions now and then use the V1 face-card
variant (three face cards of a rank on the table, the fourth in hand); Royal ones have face
cards and aces everywhere (on the table, in hands, inside builds), builds of 1 to 14, and now
and then the other variants V7 combines with (Spade Casino scoring, the draw deal, sweeps off).

What a card can take comes from the plain value tables of `reference.py` (C2, V7).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from cassino_learn import Build, Card, Position, PositionError, Rules
from cassino_learn.core.cards import FULL_DECK
from reference import ROYAL, STANDARD, Values

FACE_RANKS = (11, 12, 13)
HAND_SIZES = (0, 1, 2, 3, 4, 4, 4, 4)
ROYAL_RULES = (Rules(values="royal"), Rules(values="royal"), Rules(values="royal"),
               Rules(values="royal", scoring="spade-casino"),
               Rules(values="royal", deal="draw", sweeps=False))


def _take_rank(rng: random.Random, deck: list[Card], rank: int) -> Card | None:
    """Remove and return a random card of `rank` from the deck, or None if none is left."""
    found = [i for i, c in enumerate(deck) if c.rank == rank]
    return deck.pop(rng.choice(found)) if found else None


def _random_parts(rng: random.Random, total: int) -> list[int]:
    """A random way of writing `total` (2 or more) as two or more positive parts."""
    parts = []
    rest = total
    while rest > 0:
        part = rng.randint(1, rest - 1) if not parts else rng.randint(1, rest)
        parts.append(part)
        rest -= part
    return parts


def _random_set(rng: random.Random, deck: list[Card], value: int, alone: bool
                ) -> list[Card] | None:
    """Cards adding up to `value` (by rank: A 1 .. K 13, the table values of both systems for
    the cards that may be in a set): one card of the value when `alone`, else two or more."""
    if alone:
        card = _take_rank(rng, deck, value)
        return [card] if card else None
    if value < 2:
        return None
    cards = []
    for part in _random_parts(rng, value):
        card = _take_rank(rng, deck, part)
        if card is None:
            deck.extend(cards)
            return None
        cards.append(card)
    return cards


# ---------------------------------------------------------------------- the two kinds of position

@dataclass(frozen=True)
class Kind:
    """How random positions of one value system are drawn."""

    values: Values
    rules: Callable[[random.Random], Rules]
    partners: float                                   # chance of a partnership with 4 players
    specials: Callable[[random.Random, list[Card]], tuple[list[Card], list[Card]]]
    build_numbers: Sequence[int]                      # how many builds, drawn from these
    build_value: Callable[[random.Random], int]
    build_count: Callable[[random.Random, int], int]  # how many sets a build of the value has
    owner_turn: int                                   # weight of the mover among the owners
    hand_size: Callable[[random.Random, list[Card]], int]
    hand_cap: int | None                              # keepers given only below this hand size


def _three_face_cards(rng: random.Random, deck: list[Card]) -> tuple[list[Card], list[Card]]:
    """V1's case now and then: three face cards of a rank on the table, the fourth in hand."""
    if rng.random() >= 0.12:
        return [], []
    rank = rng.choice(FACE_RANKS)
    same = [c for c in deck if c.rank == rank]
    for c in same:
        deck.remove(c)
    return same[:3], [same[3]]


def _aces_and_faces(rng: random.Random, deck: list[Card]) -> tuple[list[Card], list[Card]]:
    """Aces and face cards everywhere: some on the table, some in the hand."""
    loose: list[Card] = []
    hand: list[Card] = []
    for rank in rng.sample([1, 1, 11, 12, 13, 13], rng.randint(0, 3)):
        card = _take_rank(rng, deck, rank)
        if card:
            (loose if rng.random() < 0.6 else hand).append(card)
    return loose, hand


KINDS = {
    "standard": Kind(
        values=STANDARD,
        rules=lambda rng: Rules(face_cards="three-take-all") if rng.random() < 0.25 else Rules(),
        partners=0.5, specials=_three_face_cards, build_numbers=(0, 0, 1, 1, 1, 2, 2, 3),
        build_value=lambda rng: rng.randint(1, 10),
        build_count=lambda rng, value: rng.choice([1, 1, 1, 2, 2, 3]), owner_turn=1,
        hand_size=lambda rng, hand: rng.choice(HAND_SIZES) if not hand else rng.randint(1, 4),
        hand_cap=None),
    "royal": Kind(
        values=ROYAL, rules=lambda rng: rng.choice(ROYAL_RULES), partners=0.4,
        specials=_aces_and_faces, build_numbers=(0, 1, 1, 1, 2, 2, 3),
        build_value=lambda rng: rng.choice([1, 2, 5, 7, 9, 10, 11, 12, 13, 13, 14, 14, 14]),
        build_count=lambda rng, value: (rng.choice([1, 1, 2, 2, 3]) if value > 1
                                        else rng.choice([2, 3])),
        owner_turn=2, hand_size=lambda rng, hand: min(max(len(hand), rng.choice(HAND_SIZES)), 4),
        hand_cap=4),
}


def _keeper(rng: random.Random, deck: list[Card], values: Values, value: int) -> Card | None:
    """A card from the deck that can capture a build of `value` (V7: an ace for 1 and 14)."""
    rank = next(r for r in range(1, 14) if value in values.played[r])
    return _take_rank(rng, deck, rank)


def random_build(rng: random.Random, deck: list[Card], owner: int | None,
                 values: str = "standard") -> Build | None:
    """A real build (single or multiple) made of cards taken from the deck."""
    return _build(rng, deck, owner, KINDS[values])


def _build(rng: random.Random, deck: list[Card], owner: int | None, kind: Kind) -> Build | None:
    value = kind.build_value(rng)
    count = kind.build_count(rng, value)
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
                    extras: bool = False, whole_deck: bool = False,
                    values: str = "standard") -> Position:
    """A random position that can exist under `values` ("standard" or "royal"). `extras` adds
    other hands and piles; `whole_deck` gives every seat a hand and puts every remaining card
    in a pile, so all 52 are placed. A draw that `Position.check` refuses (say, a build whose
    owner cannot hold its value) is drawn again."""
    if values not in KINDS:
        raise ValueError(f"values must be one of {', '.join(KINDS)}, not {values!r}")
    for _ in range(1000):
        try:
            return _draw_position(rng, max_loose, max_builds, extras, whole_deck, KINDS[values])
        except PositionError:
            continue
    raise AssertionError("no valid random position in 1000 draws")


def _draw_position(rng: random.Random, max_loose: int, max_builds: int, extras: bool,
                   whole_deck: bool, kind: Kind) -> Position:
    players = rng.choice([2, 2, 3, 4, 4])
    partners = players == 4 and rng.random() < kind.partners
    rules = kind.rules(rng)
    turn = rng.randint(1, players)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    loose, hand = kind.specials(rng, deck)

    builds: list[Build] = []
    for _ in range(min(max_builds, rng.choice(kind.build_numbers))):
        if partners:
            owner: int | None = rng.randint(1, players)
        else:
            owner = rng.choice([None] + [turn] * kind.owner_turn + list(range(1, players + 1)))
        build = _build(rng, deck, owner, kind)
        if build is not None:
            builds.append(build)

    loose.extend(deck.pop() for _ in range(rng.randint(0, max(0, max_loose - len(loose)))))
    hand_size = kind.hand_size(rng, hand)
    while len(hand) < hand_size:
        hand.append(deck.pop())
    # Hands sometimes hold a card that can take a build on the table, as in real play.
    if builds and hand and rng.random() < 0.5:
        card = _keeper(rng, deck, kind.values, rng.choice(builds).value)
        if card is not None:
            deck.append(hand.pop())
            hand.append(card)

    # Outside partnerships a build's owner keeps a card that can take it (B2, O2).
    if not partners:
        for i, build in enumerate(builds):
            if build.owner == turn and not any(build.value in kind.values.played[c.rank]
                                               for c in hand):
                card = _keeper(rng, deck, kind.values, build.value)
                if card is not None and (kind.hand_cap is None or len(hand) < kind.hand_cap):
                    hand.append(card)
                else:
                    if card is not None:
                        deck.append(card)
                    builds[i] = Build(build.value, None, build.sets)

    declared: dict[int, int] = {}
    if partners:
        for seat in range(1, 5):
            if rng.random() < 0.25:
                declared[seat] = rng.randint(1, kind.values.top)

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
