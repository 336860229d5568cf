"""How a turn ends, the one place it is decided: after a move the mover draws from the stock
(V9, Draw Casino), the turn passes on, the next deal is dealt (D2) or the round is over and
its last cards go to the last capture (W2).

Every move of the package is played through `Turns`: a `Game` (the match, a lesson's table,
the game widget, the demonstration) calls it after each checked move, and the search's and
the strong player's playouts call `Turns.play`, the unchecked fast path (a move generated for
that very position). To change how a turn ends, change this file.

    >>> from cassino_learn import Position
    >>> start = Position.parse("table: 5D; hand 1: 5S; hand 2: 9C; turn: 1")
    >>> after, stock, ended = TURNS.play(start, start.legal_moves()[0], (), dealer=2)
    >>> ended, after.turn
    ('passed', 2)
"""

from __future__ import annotations

from typing import Sequence

from ..core.cards import Card
from ..core.move import Move
from ..core.movegen import apply_move
from ..core.position import Position
from .dealing import close_round, draw_card, next_deal

__all__ = ["Turns", "TURNS", "PASSED", "DREW", "DEALT", "ROUND_OVER", "Ended"]

PASSED = "passed"          # the next seat moves in the same deal
DREW = "drew"              # V9: the mover drew the top card of the stock
DEALT = "dealt"            # every hand was empty: the next deal is dealt (D2)
ROUND_OVER = "round over"  # every hand and the stock are empty: the round is to be closed

Ended = tuple[Position, Sequence[Card], str]
"""The state after the turn, the stock left (top first) and how the turn ended."""


class Turns:
    """The end of a turn. `dealing=False` deals no new cards when the hands run out (a playout
    at its horizon): the turn then just passes on."""

    def play(self, state: Position, move: Move, stock: Sequence[Card], dealer: int, *,
             dealing: bool = True) -> Ended:
        """Play `move`, legal in `state` (unchecked: the search's fast path), and end the
        turn."""
        return self.end_turn(apply_move(state, move), stock, state.turn, dealer,
                             dealing=dealing)

    def end_turn(self, after: Position, stock: Sequence[Card], mover: int, dealer: int, *,
                 dealing: bool = True) -> Ended:
        """End `mover`'s turn, `after` being the state their move left."""
        if stock and after.rules.draws_from_stock:  # V9: the player who played draws
            drawn, rest = draw_card(after, stock, mover)
            return drawn, rest, DREW
        if any(after.hands):
            return after, stock, PASSED
        if stock:
            if not dealing:
                return after, stock, PASSED
            dealt, rest = next_deal(after, stock, dealer)
            return dealt, rest, DEALT
        return after, stock, ROUND_OVER

    def close_round(self, state: Position, dealer: int) -> Position:
        """W2: the round's end, the cards left on the table to the last capture."""
        return close_round(state, dealer)


#: The turn rules every table and search plays by.
TURNS = Turns()
