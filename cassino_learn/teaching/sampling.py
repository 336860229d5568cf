"""Random positions that can really arise in play, for benchmarks, practice and tests.

A position is made by dealing a shuffled deck (4 cards to the table, 4 to each seat) and playing
random legal moves from it, so builds, owners and piles are those of real play.
"""

from __future__ import annotations

import random

from ..core.cards import FULL_DECK
from ..core.movegen import legal_moves
from ..core.position import Position
from ..core.rules import Rules

__all__ = ["random_deal", "random_position"]


def random_deal(rng: random.Random, players: int = 2, partners: bool = False,
                rules: Rules | None = None, hand_size: int = 4, table_size: int = 4) -> Position:
    """A fresh deal: `table_size` cards face up and `hand_size` to each seat; seat 1 to move."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    table, deck = deck[:table_size], deck[table_size:]
    hands = {}
    for seat in range(1, players + 1):
        hands[seat], deck = deck[:hand_size], deck[hand_size:]
    return Position.create(table=table, hands=hands, players=players, partners=partners,
                           rules=rules)


def random_position(rng: random.Random, players: int = 2, partners: bool = False,
                    rules: Rules | None = None, plies: int | None = None,
                    hand_size: int = 4, table_size: int = 4) -> Position:
    """A position reached by `plies` random legal moves from a random deal (random if None).

    The mover always has at least one card left, so the position has legal moves.
    """
    position = random_deal(rng, players, partners, rules, hand_size, table_size)
    limit = hand_size * players - 1
    plies = rng.randint(0, limit) if plies is None else min(plies, limit)
    for _ in range(plies):
        moves = legal_moves(position)
        if not moves:
            break
        position = position.play(rng.choice(moves))
    return position
