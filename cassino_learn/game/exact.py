"""Exact search of the rest of a round whose every card is known (two sides, stock empty).

In the last deal of a two-player round the seat to move can place every card: the unseen
cards are exactly the other hand. Minimax with alpha-beta and a transposition table then
gives each move's exact value: the mover's side's lead in round points when the round ends
(W2 applied, scored by `score_round`).

The search value of a state is the lead still to be *gained* from it: the cards' own points
(casinos, aces, V8 spades) and sweeps add up move by move, so they are counted as they are
taken, and only the most-cards and most-spades items depend on the totals. A state is then
fully described by the table, the hands, the seat to move, the side that captured last and
each side's card and spade counts, which is the table's key.

    >>> from cassino_learn import Position
    >>> p = Position.parse("table: 5D 3C 6H 2S; hand: 8S; hand 2: KD; turn: 1; "
    ...                    "pile 1: 2C 3D; pile 2: 4H")
    >>> best = exact_values(p, dealer=2)[0]
    >>> str(best[0]), best[1] > 0
    ('8S take 2S+6H 3C+5D', True)
"""

from __future__ import annotations

from typing import Generator, cast

from ..core.move import CAPTURE, Move
from ..core.movegen import legal_moves
from ..core.position import Position
from .evaluate import final_points
from .turns import TURNS

__all__ = ["exact_values", "ExactSearch", "OutOfBudget", "solvable"]

_EXACT, _LOWER, _UPPER = 0, 1, 2
INF = float("inf")


def solvable(position: Position, stock_size: int) -> bool:
    """Every hand known, the stock empty, two sides: the rest of the round is a known game."""
    return (stock_size == 0 and len(position.piles) == 2
            and all(h is not None for h in position.hands))


class OutOfBudget(Exception):
    """The search expanded more positions than its `max_nodes`."""


class ExactSearch:
    """Alpha-beta over the rest of the round with a shared transposition table.

    `nodes` counts the positions expanded (the work behind the values); past `max_nodes` the
    search raises OutOfBudget."""

    def __init__(self, dealer: int, max_nodes: int | None = None) -> None:
        self.dealer = dealer
        self.table: dict[tuple[object, ...], tuple[int, float]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes

    def gain(self, position: Position, move: Move) -> float:
        """Points the move adds to the mover's side's lead at once: the captured cards' own
        points and a sweep."""
        if move.kind != CAPTURE:
            return 0.0
        rules = position.rules
        total = float(rules.card_points(move.card) + sum(rules.card_points(c)
                                                          for c in move.table_cards))
        if rules.sweeps and move.is_sweep:
            total += 1.0
        return total

    def _end(self, position: Position) -> float:
        """At the end of the round: the lead still to gain for the side of `position.turn`."""
        rules = position.rules
        side = position.side_of(position.turn) - 1
        closed = TURNS.close_round(position, self.dealer)
        points = final_points(closed)
        lead = points[side] - points[1 - side]
        # less what is already counted: the piles' own points and the sweeps
        so_far = [sum(rules.card_points(c) for c in pile) for pile in position.piles]
        if rules.sweeps:
            so_far = [p + n for p, n in zip(so_far, position.sweeps)]
        return lead - (so_far[side] - so_far[1 - side])

    def _key(self, position: Position) -> tuple[object, ...]:
        last = position.last_capture
        return (position.loose, position.builds, position.hands, position.turn,
                None if last is None else position.side_of(last),
                tuple(len(p) for p in position.piles),
                tuple(sum(1 for c in p if c.suit == "S") for p in position.piles))

    def value(self, position: Position, alpha: float = -INF, beta: float = INF) -> float:
        """The lead still to gain for the side to move, with best play by both sides."""
        steps = self.value_steps(position, alpha, beta)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return cast(float, done.value)

    def value_steps(self, position: Position, alpha: float = -INF, beta: float = INF
                    ) -> Generator[None, None, float]:
        """`value` in steps: a generator that yields after each position it expands and
        returns the value (a caller without threads can do other work between steps)."""
        if not any(position.hands):
            return self._end(position)
        key = self._key(position)
        hit = self.table.get(key)
        if hit is not None:
            flag, stored = hit
            if flag == _EXACT:
                return stored
            if flag == _LOWER and stored >= beta:
                return stored
            if flag == _UPPER and stored <= alpha:
                return stored
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        moves = legal_moves(position)
        scored = sorted(((self.gain(position, m), i, m) for i, m in enumerate(moves)),
                        key=lambda t: (-t[0], t[1]))
        best = -INF
        a = alpha
        for gain, _, move in scored:
            child = TURNS.play(position, move, (), self.dealer)[0]  # the last deal: no stock
            same_side = position.side_of(child.turn) == position.side_of(position.turn)
            if same_side:  # cannot happen with two sides alternating, but be exact anyway
                v = gain + (yield from self.value_steps(child, a - gain, beta - gain))
            else:
                v = gain - (yield from self.value_steps(child, -(beta - gain), -(a - gain)))
            if v > best:
                best = v
            if best > a:
                a = best
            if a >= beta:
                break
        flag = _EXACT if alpha < best < beta else (_LOWER if best >= beta else _UPPER)
        self.table[key] = (flag, best)
        yield
        return best


def exact_values(position: Position, dealer: int) -> list[tuple[Move, float]]:
    """Every legal move of the mover with its exact value (the mover's side's lead in round
    points at the end of the round, what is already in the piles included), best first.
    `position` must know every hand, with nothing left in the stock."""
    if any(h is None for h in position.hands) or len(position.piles) != 2:
        raise ValueError("an exact search needs every hand known and two sides")
    search = ExactSearch(dealer)
    rules = position.rules
    side = position.side_of(position.turn) - 1
    so_far = [sum(rules.card_points(c) for c in pile) for pile in position.piles]
    if rules.sweeps:
        so_far = [p + n for p, n in zip(so_far, position.sweeps)]
    base = so_far[side] - so_far[1 - side]
    out = []
    for move in legal_moves(position):
        child = TURNS.play(position, move, (), dealer)[0]
        gain = search.gain(position, move)
        out.append((move, base + gain - search.value(child)))
    out.sort(key=lambda t: -t[1])
    return out
