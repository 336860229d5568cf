"""Test helpers for two-player last-deal positions, where every card is known: building their
observations, and an exhaustive minimax of the rest of the round (for tests only; the package's
search is the expert's, game/search.py).

The minimax is the referee the review is checked against: plain, slow and obviously right.
Both players see every card; the observer maximises its side's lead in round points at the
end of the round (W2, K1-K2), the opponent minimises it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cassino_learn.core.cards import FULL_DECK
from cassino_learn.core.move import Move
from cassino_learn.core.movegen import apply_move, legal_moves
from cassino_learn.core.position import Position
from cassino_learn.game.dealing import close_round
from cassino_learn.game.observation import Observation
from cassino_learn.game.scoring import score_round


def last_deal_observation(text: str, seat: int | None = None, dealer: int = 2) -> Observation:
    """The observation of `seat` (default: the seat to move) in the two-player position `text`
    (every hand given), on the round's last deal: every card not placed by the text goes to
    side 2's pile (so most cards and most spades are settled and the rest is at stake)."""
    position = Position.parse(text)
    if position.players != 2 or any(h is None for h in position.hands):
        raise ValueError("a last-deal position here has two players and both hands")
    rest = tuple(c for c in FULL_DECK if c not in set(position.all_cards()))
    piles = (position.piles[0], tuple(sorted(position.piles[1] + rest)))
    full = position.derive(piles=piles)
    seat = seat or full.turn
    return Observation(seat=seat, position=full.for_seat(seat),
                       hand_sizes=tuple(len(h or ()) for h in full.hands), stock_size=0,
                       dealer=dealer, round_number=1, deal_number=6, deals_per_round=6,
                       scores=((1, 0), (2, 0)), over=False)


def full_state(observation: Observation) -> Position:
    """The whole state behind a two-player last-deal observation: the other hand is exactly the
    unseen cards."""
    assert observation.players == 2 and observation.stock_size == 0
    other = 3 - observation.seat
    unseen = tuple(sorted(observation.unseen))
    assert len(unseen) == observation.hand_sizes[other - 1], "not a last deal"
    hands = list(observation.position.hands)
    hands[other - 1] = unseen
    return observation.position.derive(hands=tuple(hands))


def exact_value(state: Position, side: int, dealer: int) -> float:
    """`side`'s lead in round points at the end of the round, both playing perfectly."""
    return _minimax(state, side, dealer)


@lru_cache(maxsize=200_000)
def _minimax(state: Position, side: int, dealer: int) -> float:
    if not any(state.hands):
        points = score_round(*_end(state, dealer), state.rules).points
        return points[side] - max(v for s, v in points.items() if s != side)
    values = [_minimax(apply_move(state, m), side, dealer) for m in legal_moves(state)]
    return max(values) if state.side_of(state.turn) == side else min(values)


def _end(state: Position, dealer: int):
    end = close_round(state, dealer)
    return end.piles, end.sweeps


@dataclass(frozen=True)
class ExactValue:
    """Shaped like the expert's MoveValue."""

    move: Move
    value: float
    visits: int = 1


def exact_move_values(observation: Observation, *, iterations: int | None = None,
                      seconds: float | None = None, seed: int | str = 0) -> list[ExactValue]:
    """`move_values` by exhaustive minimax (two players, last deal only), best first."""
    state = full_state(observation)
    found = [ExactValue(m, exact_value(apply_move(state, m), observation.side, observation.dealer))
             for m in legal_moves(state)]
    return sorted(found, key=lambda v: -v.value)
