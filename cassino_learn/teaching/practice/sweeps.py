"""Practice for the lesson on sweeps and the last cards: sweep the table (W1), and play the
round's last card so the table's cards end in your pile (W2)."""

from __future__ import annotations

import random

from ...core.cards import FULL_DECK
from ...core.errors import PositionError
from ...core.move import Move
from ...core.position import Position
from ...core.words import count
from ..goals import Goal
from ..quiz import QuizItem
from .hints import HINTS
from .kinds import goal_task
from .positions import MAX_TRIES, PracticeError

__all__ = ["sweep_goal", "last_cards"]


def sweep_goal(rule: str, rng: random.Random) -> QuizItem:
    """Sweep the table (W1)."""
    return goal_task(rule, "sweep", "Sweep the table.", rng, loose=(2, 4), hand=(2, 4))


def last_cards(rng: random.Random) -> QuizItem:
    """The last card of the round: who ends up with the cards left on the table (W2)?

    The mover is the dealer (D3: the dealer plays last) holding the round's last card; another
    seat captured last. What each play brings home is worked out as a round ends (`game.turns`).
    """
    from ...game.turns import TURNS

    players = rng.choice((2, 2, 3))
    dealer = 1

    def brought_home(position: Position, move: Move) -> int:
        """Cards that reach the mover's pile by the end of the round, after W2."""
        side = position.side_of(position.turn)
        before = len(position.piles[side - 1])
        after = TURNS.end_turn(position.play(move), (), position.turn, dealer)[0]
        return len(TURNS.close_round(after, dealer).piles[side - 1]) - before

    def check(position: Position, move: Move) -> str | None:
        best = max(brought_home(position, m) for m in position.legal_moves())
        got = brought_home(position, move)
        if got >= best:
            return None
        taker = position.last_capture if position.last_capture is not None else dealer
        return (f"after that play, the cards left on the table go to seat {taker}, who "
                f"captured last (W2): you end with {count(got, 'card')} from "
                f"this table, and could have had {best}")

    goal = Goal("last cards", "bring the most cards home after the last card (W2)", check)
    for _ in range(MAX_TRIES):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        last = rng.randint(2, players)
        hands: dict[int, list] = {seat: [] for seat in range(1, players + 1)}
        hands[dealer] = [deck.pop()]
        try:
            position = Position.create(table=[deck.pop() for _ in range(rng.randint(2, 5))],
                                       hands=hands, turn=dealer, players=players,
                                       last_capture=last)
        except PositionError:
            continue
        right = goal.solutions(position)
        if right and len(right) < len(position.legal_moves()):
            return QuizItem(
                id="practice-W2", kind="goal", position=position,
                question=f"This is the last card of the round ({players} players; you dealt, so "
                         f"you play last). Seat {last} made the last capture. Play so that as "
                         f"many of the table's cards as possible end in your pile.",
                hint=HINTS["W2"], rules=("W2",), goal=goal)
    raise PracticeError("no last-card position found")
