"""Assessing a move: what it takes now, and what it leaves the next player.

Used by the greedy and strong computer players and by the hints. Legality and the effect of a
move always come from the core: the next player's possible captures are found by asking the
legal-move generator for a "probe" hand holding one unseen card of every rank they might have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..core.cards import FULL_DECK, Card
from ..core.move import CAPTURE, Move
from ..core.movegen import apply_move, legal_moves
from ..core.position import Position
from ..core.rules import Rules
from .dealing import HAND_SIZE
from .observation import Observation

__all__ = ["assess_seen", "CARD_WEIGHT", "SPADE_WEIGHT", "BUILD_KEEP", "Threat", "Assessment", "cards_value",
           "unknown_cards", "assess", "assess_all"]

# Marginal worth of one captured card and one spade towards "most cards" (3 points) and "most
# spades" (1 point): rough, but it makes bigger captures better when no points are at stake.
CARD_WEIGHT = 0.1
SPADE_WEIGHT = 0.15
# A build is worth most of its cards to its owner, who means to capture it next turn.
BUILD_KEEP = 0.8


def cards_value(cards: Iterable[Card], rules: Rules | None = None) -> float:
    """Points the cards score (K1: casinos, aces; V8: spades too) plus their share of cards
    and spades."""
    points = (rules or Rules()).card_points
    total = 0.0
    for card in cards:
        total += points(card) + CARD_WEIGHT + (SPADE_WEIGHT if card.suit == "S"
                                                           else 0.0)
    return total


def unknown_cards(position: Position, seat: int) -> list[Card]:
    """The cards `seat` cannot place: not in its hand, on the table or in a pile."""
    known = set(position.table_cards)
    known.update(position.hands[seat - 1] or ())
    for pile in position.piles:
        known.update(pile)
    return [c for c in FULL_DECK if c not in known]


@dataclass(frozen=True)
class Threat:
    """The next player's best capture with a card of one rank, and how likely they hold it."""

    card: Card            # a representative card of the rank
    move: Move            # their capture
    gain: float           # what it would win them (cards_value of the capture, sweep included)
    chance: float         # the chance they hold at least one card of the rank


@dataclass(frozen=True)
class Assessment:
    """A move's immediate worth for the mover's side."""

    move: Move
    taken: tuple[Card, ...]     # cards captured, the played card included (capture only)
    points: int                 # K1 points among them (casinos, aces)
    sweep: bool
    build_value: float          # worth of a build made or changed, kept for later (0 if none)
    danger: float               # expected gain of the next player's best reply
    threats: tuple[Threat, ...]  # their best captures by rank, most valuable first

    @property
    def gain(self) -> float:
        rules = self.move.position.rules if self.move.position is not None else None
        return cards_value(self.taken, rules) + (1.0 if self.sweep else 0.0) + self.build_value

    @property
    def score(self) -> float:
        return self.gain - self.danger


def _chance_holding(rank_count: int, unknown: int, hand: int) -> float:
    """Chance that a hand of `hand` cards drawn from `unknown` holds one of `rank_count`."""
    if hand <= 0 or rank_count <= 0:
        return 0.0
    miss = 1.0
    for i in range(hand):
        if unknown - i <= 0:
            return 1.0
        miss *= max(0.0, (unknown - rank_count - i) / (unknown - i))
    return 1.0 - miss


def _threats(after: Position, unknown: Sequence[Card], hand_size: int,
             sweeps_score: bool) -> tuple[float, tuple[Threat, ...]]:
    """What the next player might capture on `after`: expected gain and the threats by rank."""
    if hand_size <= 0 or not unknown or not after.table_cards:
        return 0.0, ()
    by_rank: dict[int, list[Card]] = {}
    for card in unknown:
        by_rank.setdefault(card.rank, []).append(card)
    probe = tuple(cards[0] for cards in by_rank.values())
    seat = after.turn
    hands = list(after.hands)
    hands[seat - 1] = probe
    best: dict[int, tuple[float, Move]] = {}
    for move in legal_moves(after.derive(hands=tuple(hands))):
        if move.kind != CAPTURE:
            continue
        gain = cards_value((move.card, *move.table_cards), after.rules)
        if sweeps_score and move.is_sweep:
            gain += 1.0
        rank = move.card.rank
        if rank not in best or gain > best[rank][0]:
            best[rank] = (gain, move)
    threats = []
    expected = 0.0
    for rank, (gain, move) in best.items():
        chance = _chance_holding(len(by_rank[rank]), len(unknown), hand_size)
        expected += chance * gain
        threats.append(Threat(move.card, move, gain, chance))
    # Several ranks may threaten; the player uses one card, so do not let the sum exceed the
    # single most valuable capture on the table.
    top = max((t.gain for t in threats), default=0.0)
    threats.sort(key=lambda t: -t.gain * t.chance)
    return min(expected, top), tuple(threats)


def assess(position: Position, move: Move, unknown: Sequence[Card] | None = None,
           next_hand_size: int | None = None, stock_size: int = 0) -> Assessment:
    """Assess a legal `move` of `position` from the mover's point of view.

    `unknown`: the cards the mover cannot place (default: computed from the position).
    `next_hand_size`: how many cards the next player holds (default: their known hand, else 4);
    when it is 0 but the stock is not empty they will be dealt 4 before playing again.
    """
    mover = position.turn
    if unknown is None:
        unknown = unknown_cards(position, mover)
    after = apply_move(position, move)
    nxt = after.turn
    if next_hand_size is None:
        hand = position.hands[nxt - 1]
        next_hand_size = len(hand) if hand is not None else HAND_SIZE
    if next_hand_size == 0 and stock_size > 0:
        next_hand_size = HAND_SIZE
    sweeps_score = position.rules.sweeps
    taken: tuple[Card, ...] = ()
    build_value = 0.0
    if move.kind == CAPTURE:
        taken = (move.card,) + tuple(move.table_cards)
    elif move.kind == "build":
        build_value = BUILD_KEEP * cards_value((move.card,) + tuple(move.table_cards),
                                               position.rules)
    # The next seat is always an opponent (partners sit opposite).
    danger, threats = _threats(after, unknown, next_hand_size, sweeps_score)
    return Assessment(move=move, taken=taken,
                      points=sum(position.rules.card_points(c) for c in taken),
                      sweep=bool(move.is_sweep and sweeps_score), build_value=build_value,
                      danger=danger, threats=threats)


def assess_all(position: Position, moves: Sequence[Move] | None = None,
               unknown: Sequence[Card] | None = None, next_hand_size: int | None = None,
               stock_size: int = 0) -> list[Assessment]:
    """Every legal move (or `moves`) assessed, best first (ties keep the generator's order)."""
    if moves is None:
        moves = legal_moves(position)
    if unknown is None:
        unknown = unknown_cards(position, position.turn)
    found = [assess(position, m, unknown, next_hand_size, stock_size) for m in moves]
    order = sorted(range(len(found)), key=lambda i: -found[i].score)
    return [found[i] for i in order]


def assess_seen(observation: Observation, moves: Sequence[Move] | None = None
                ) -> list[Assessment]:
    """`assess_all` for the seat to move, from what it sees: the unseen cards, the next
    player's hand size and the stock's."""
    position = observation.position
    nxt = position.next_seat(observation.seat)
    return assess_all(position, moves, sorted(observation.unseen),
                      observation.hand_sizes[nxt - 1], observation.stock_size)
