"""Observation: what one seat may know during a game, and nothing more.

Its own hand, the table with the builds' owners, every card it has seen (the table, the piles,
its hand), pile sizes, sweeps, scores, whose turn it is, the deal number and the "last" flag.
Never another seat's hand or the stock: the computer players and the widgets decide from this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.build import Build
from ..core.cards import FULL_DECK, Card
from ..core.move import Move
from ..core.movegen import legal_moves
from ..core.position import Position

if TYPE_CHECKING:
    from .match import Game

__all__ = ["Observation", "observe", "observed"]


@dataclass(frozen=True)
class Observation:
    """One seat's view of the game (immutable)."""

    seat: int
    position: Position          # the table, piles and sweeps, with only this seat's hand known
    hand_sizes: tuple[int, ...]  # cards in each seat's hand (public: everyone can count them)
    stock_size: int
    dealer: int
    round_number: int
    deal_number: int
    deals_per_round: int
    scores: tuple[tuple[int, int], ...]
    over: bool

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.position.hands[self.seat - 1] or ()

    @property
    def players(self) -> int:
        return self.position.players

    @property
    def partners(self) -> bool:
        return self.position.partners

    @property
    def side(self) -> int:
        return self.position.side_of(self.seat)

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def my_turn(self) -> bool:
        return not self.over and self.position.turn == self.seat

    @property
    def loose(self) -> tuple[Card, ...]:
        return self.position.loose

    @property
    def builds(self) -> tuple[Build, ...]:
        """The builds on the table; each knows its owner (`Build.owner`)."""
        return self.position.builds

    @property
    def last_deal(self) -> bool:
        """The last deal of the round (D2); under V9, the stock is empty."""
        if self.position.rules.draws_from_stock:
            return self.stock_size == 0
        return self.deal_number == self.deals_per_round

    @property
    def pile_sizes(self) -> dict[int, int]:
        return {side: len(pile) for side, pile in enumerate(self.position.piles, 1)}

    @property
    def sweeps(self) -> dict[int, int]:
        return dict(enumerate(self.position.sweeps, 1))

    @property
    def score(self) -> dict[int, int]:
        return dict(self.scores)

    @property
    def played(self) -> frozenset[Card]:
        """Cards already out of play this round: everything captured so far."""
        return frozenset(c for pile in self.position.piles for c in pile)

    @property
    def seen(self) -> frozenset[Card]:
        """Every card this seat has seen this round and can place: its hand, the table, the
        piles (each captured card was face up on the table or played openly)."""
        return self.played | self.position.table_cards | frozenset(self.hand)

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards this seat cannot place: the other hands and the stock, together."""
        return frozenset(FULL_DECK) - self.seen

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves (empty when it is not this seat's turn)."""
        return legal_moves(self.position) if self.my_turn else []

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (for widgets)."""
        return {
            "seat": self.seat, "turn": self.turn, "hand": [str(c) for c in self.hand],
            "table": [str(c) for c in self.loose] + [b.text() for b in self.builds],
            "hand_sizes": list(self.hand_sizes), "stock_size": self.stock_size,
            "pile_sizes": {str(k): v for k, v in self.pile_sizes.items()},
            "sweeps": {str(k): v for k, v in self.sweeps.items()},
            "scores": {str(k): v for k, v in self.scores}, "dealer": self.dealer,
            "round": self.round_number, "deal": self.deal_number, "last_deal": self.last_deal,
            "over": self.over,
        }


def observe(game: "Game", seat: int) -> Observation:
    """What `seat` may know of `game` right now."""
    return observed(game.state, seat, stock_size=len(game.stock), dealer=game.dealer,
                    round_number=game.round_number, deal_number=game.deal_number,
                    deals_per_round=game.deals_per_round, scores=tuple(game.scores.items()),
                    over=game.over)


def observed(state: Position, seat: int, *, stock_size: int, dealer: int, round_number: int,
             deal_number: int, deals_per_round: int, scores: tuple[tuple[int, int], ...],
             over: bool) -> Observation:
    """What `seat` may know of the whole `state` of a deal and the match around it."""
    if not 1 <= seat <= state.players:
        raise ValueError(f"there is no seat {seat} in a {state.players}-player game")
    return Observation(
        seat=seat, position=state.for_seat(seat),
        hand_sizes=tuple(len(h or ()) for h in state.hands), stock_size=stock_size,
        dealer=dealer, round_number=round_number, deal_number=deal_number,
        deals_per_round=deals_per_round, scores=scores, over=over)
