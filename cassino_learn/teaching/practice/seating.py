"""Practice on the deal (D1-D3): partners, deals in a round, the stock, who plays first and
who deals; the dealing and game modules work out each answer."""

from __future__ import annotations

import random

from ..quiz import QuizItem
from .kinds import fact_task

__all__ = ["deal_task"]


def deal_task(rule: str, rng: random.Random) -> QuizItem:
    """A question on D1 (partners), D2 (the deals and the stock) or D3 (first to play, dealer)."""
    players = rng.choice((2, 3, 4))
    if rule == "D1":
        return fact_task(rule, "partner", {"seat": rng.randint(1, 4)})
    if rule == "D2":
        return fact_task(rule, rng.choice(("deals per round", "stock after first deal")),
                         {"players": players})
    if rng.random() < 0.5:
        return fact_task(rule, "first to play", {"players": players,
                                                 "dealer": rng.randint(1, players)})
    return fact_task(rule, "dealer of round", {"players": players,
                                               "round": rng.randint(2, players + 1)})
