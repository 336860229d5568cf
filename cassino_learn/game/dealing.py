"""The deal (D2, D3, V6), drawing from the stock (V9 Draw Casino) and the last cards of a
round (W2).

Shuffles are seeded per round, so a game replays exactly from its seed and its moves.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..core.cards import FULL_DECK, Card
from ..core.position import Position, side_of
from ..core.rules import Rules

__all__ = ["DEALS_PER_ROUND", "HAND_SIZE", "TABLE_SIZE", "shuffled_deck", "deal", "first_seat",
           "start_round", "next_deal", "draw_card", "deals_per_round", "close_round"]

DEALS_PER_ROUND = {2: 6, 3: 4, 4: 3}  # D2: 52 = 4 on the table + 4 per player per deal
HAND_SIZE = 4
TABLE_SIZE = 4


def deals_per_round(players: int, rules: Rules) -> int:
    """D2: 6 deals for 2 players, 4 for 3, 3 for 4; V9: one deal, then the hands are refilled
    from the stock."""
    return 1 if rules.draws_from_stock else DEALS_PER_ROUND[players]


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def shuffled_deck(seed: int | str, round_number: int) -> list[Card]:
    """The deck for round `round_number` (1-based) of the game with this seed."""
    deck = list(FULL_DECK)
    random.Random(f"cassino-learn:{seed}:{round_number}").shuffle(deck)
    return deck


def first_seat(dealer: int, players: int) -> int:
    """D3: the player to the dealer's left (the next seat) plays first."""
    return dealer % players + 1


#: D3: seat 1 deals a match's first round.
FIRST_DEALER = 1


def next_dealer(dealer: int, players: int) -> int:
    """D3: the deal passes to the dealer's left (the next seat) each round."""
    return dealer % players + 1


def dealer_of_round(round_number: int, players: int) -> int:
    """The seat that deals round `round_number` (1-based) of a match, as a game deals it."""
    dealer = FIRST_DEALER
    for _ in range(round_number - 1):
        dealer = next_dealer(dealer, players)
    return dealer


def deal(stock: Sequence[Card], players: int, dealer: int, to_table: bool,
         singles: bool = False) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Deal 4 cards to each seat (and 4 to the table when `to_table`) from the top of `stock`.

    D2: in twos, first to the players left of the dealer in turn, then the table, the dealer
    last, and round again; V6 (`singles`) one card at a time. Returns (hands by seat index,
    table cards, the rest of the stock).
    """
    need = HAND_SIZE * players + (TABLE_SIZE if to_table else 0)
    if len(stock) < need:
        raise ValueError(f"the stock has {len(stock)} cards, a deal needs {need}")
    order: list[int | None] = [(dealer + k - 1) % players + 1 for k in range(1, players)]
    if to_table:
        order.append(None)  # the table, just before the dealer
    order.append(dealer)
    per_pass = 1 if singles else 2
    hands: list[list[Card]] = [[] for _ in range(players)]
    table: list[Card] = []
    top = 0
    for _ in range(HAND_SIZE // per_pass):
        for seat in order:
            cards = stock[top:top + per_pass]
            top += per_pass
            (table if seat is None else hands[seat - 1]).extend(cards)
    return hands, table, list(stock[top:])


def start_round(deck: Sequence[Card], players: int, partners: bool, dealer: int,
                rules: Rules) -> tuple[Position, list[Card]]:
    """The first deal of a round: the starting Position (all hands known) and the stock."""
    hands, table, stock = deal(deck, players, dealer, True, rules.deals_singly)
    sides = 2 if partners else players
    position = Position(loose=_sorted(table), builds=(), hands=tuple(_sorted(h) for h in hands),
                        turn=first_seat(dealer, players), players=players, partners=partners,
                        rules=rules, piles=((),) * sides, sweeps=(0,) * sides)
    return position, stock


def next_deal(position: Position, stock: Sequence[Card], dealer: int) -> tuple[Position, list[Card]]:
    """A later deal of the round: 4 more cards each, none to the table (D2)."""
    hands, _, rest = deal(stock, position.players, dealer, False,
                          position.rules.deals_singly)
    return position.derive(hands=tuple(_sorted(h) for h in hands),
                    turn=first_seat(dealer, position.players)), rest


def draw_card(position: Position, stock: Sequence[Card], seat: int
              ) -> tuple[Position, list[Card]]:
    """V9: after a play, `seat` draws the top card of the stock (while it lasts)."""
    if not stock:
        return position, list(stock)
    hands = list(position.hands)
    hands[seat - 1] = _sorted((hands[seat - 1] or ()) + (stock[0],))
    return position.derive(hands=tuple(hands)), list(stock[1:])


def close_round(position: Position, dealer: int) -> Position:
    """W2: the cards left on the table go to the side that captured last (the dealer's side if
    nobody captured). Not a sweep."""
    left = position.table_cards
    if not left:
        return position
    taker = position.last_capture if position.last_capture is not None else dealer
    side = side_of(taker, position.partners)
    piles = list(position.piles)
    piles[side - 1] = _sorted(piles[side - 1] + tuple(left))
    return position.derive(loose=(), builds=(), piles=tuple(piles))
