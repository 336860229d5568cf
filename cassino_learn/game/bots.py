"""Computer players, weakest to strongest, behind one interface: `choose(observation) -> Move`.

- `RandomPlayer`: any legal move.
- `GreedyPlayer`: the best immediate gain (points and cards taken, sweeps, builds kept), less
  what the move leaves the next player to capture (see `cassino_learn.game.assess`).
- `ExpertPlayer` ("expert", in `cassino_learn.game.expert`): information-set search with
  opponents' replies searched and exact endgames (`cassino_learn.game.search`).
- `StrongPlayer`: determinized search. It samples deals of the cards it has not seen that agree
  with what it knows (hand sizes, stock size), plays each candidate move in every sample, lets
  greedy players finish the deal, and picks the move with the best average result. It reads only
  its `Observation`, so it cannot peek at other hands or the stock.

    >>> from cassino_learn import Game
    >>> from cassino_learn.game.bots import GreedyPlayer
    >>> g = Game(seed=1)
    >>> g.play(GreedyPlayer().choose(g.observation()))
"""

from __future__ import annotations

import random
import zlib
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from ..core.cards import Card
from ..core.move import Move
from ..core.movegen import legal_moves
from ..core.position import Position
from .assess import assess_all, assess_seen, cards_value, unknown_cards
from .observation import Observation
from .scoring import score_round
from .turns import ROUND_OVER, TURNS

if TYPE_CHECKING:
    from .match import Game

__all__ = ["Player", "RandomPlayer", "GreedyPlayer", "StrongPlayer", "PLAYERS", "make_player",
           "play_game"]


class Player(Protocol):
    name: str

    def choose(self, observation: Observation) -> Move:
        """A legal move for the observing seat, whose turn it must be."""


def _moves(observation: Observation) -> list[Move]:
    if not observation.my_turn:
        raise ValueError(f"it is seat {observation.turn}'s turn, not seat {observation.seat}'s")
    return legal_moves(observation.position)


class RandomPlayer:
    """Plays a uniformly random legal move (seeded)."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Move:
        return self.rng.choice(_moves(observation))


def greedy_move(position: Position, unknown: Sequence[Card], next_hand_size: int | None,
                stock_size: int) -> Move:
    """The greedy choice for the mover of `position` (deterministic)."""
    moves = legal_moves(position)
    if len(moves) == 1:
        return moves[0]
    return assess_all(position, moves, unknown, next_hand_size, stock_size)[0].move


class GreedyPlayer:
    """Takes the most now, keeps builds, avoids leaving easy captures (one-move lookahead)."""

    name = "greedy"

    def choose(self, observation: Observation) -> Move:
        _moves(observation)
        nxt = observation.position.next_seat(observation.seat)
        return greedy_move(observation.position, sorted(observation.unseen),
                           observation.hand_sizes[nxt - 1], observation.stock_size)


def _fast_move(position: Position) -> Move:
    """The rollout policy: the greedy player's immediate gain without the threat probe.

    Cheap enough to play out many deals per decision; captures the most, keeps builds, and
    trails the least valuable card.
    """
    moves = legal_moves(position)
    best, best_score = moves[0], float("-inf")
    rules = position.rules
    sweeps_score = rules.sweeps
    for move in moves:
        if move.kind == "capture":
            score = cards_value((move.card, *move.table_cards), rules)
            if sweeps_score and move.is_sweep:
                score += 1.0
        elif move.kind == "build":
            score = 0.5 * cards_value((move.card,) + tuple(move.table_cards), rules)
        else:
            score = -cards_value((move.card,), rules) - 0.05 * (move.card.value or 11)
        if score > best_score:
            best, best_score = move, score
    return best


class StrongPlayer:
    """Determinized search. For each of `samples` deals of the unseen cards (shared by all
    candidates), every candidate move (the greedy player's best `candidates`) is played out:
    the first `greedy_plies` moves by greedy players, the rest by a fast capture-first policy,
    to the end of the deal (`horizon="deal"`, then the piles are valued) or of the round
    (`horizon="round"`, dealing from the sampled stock). On the last deal the round is always
    finished and scored exactly (W2, K1-K2). The move with the best total wins.
    """

    name = "strong"

    def __init__(self, samples: int = 64, candidates: int = 10, seed: int | str = 0,
                 horizon: str = "deal", greedy_plies: int = 0) -> None:
        if samples < 1 or candidates < 1:
            raise ValueError("samples and candidates must be at least 1")
        if horizon not in ("deal", "round"):
            raise ValueError(f"horizon must be 'deal' or 'round', not {horizon!r}")
        self.horizon = horizon
        self.greedy_plies = greedy_plies
        self.samples = samples
        self.candidates = candidates
        self.seed = seed

    def choose(self, observation: Observation) -> Move:
        moves = _moves(observation)
        if len(moves) == 1:
            return moves[0]
        position = observation.position
        unseen = sorted(observation.unseen)
        candidates = [a.move for a in assess_seen(observation, moves)[:self.candidates]]
        if len(candidates) == 1:
            return candidates[0]
        # The random stream depends only on what the seat knows, so the same observation
        # always gives the same choice, whatever the hidden cards really are.
        rng = random.Random(zlib.crc32(f"{self.seed}|{position.one_line()}|"
                                       f"{observation.stock_size}".encode()))
        totals = [0.0] * len(candidates)
        side = observation.side
        for _ in range(self.samples):
            state, stock = _sample(observation, unseen, rng)
            for i, move in enumerate(candidates):
                totals[i] += _rollout(state, move, stock, observation.dealer, side,
                                      self.horizon == "round", self.greedy_plies)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def _sample(observation: Observation, unseen: list[Card],
            rng: random.Random) -> tuple[Position, list[Card]]:
    """A full state agreeing with the observation: the unseen cards dealt at random to the
    other hands (their known sizes) and the stock."""
    cards = unseen[:]
    rng.shuffle(cards)
    position = observation.position
    hands = list(position.hands)
    top = 0
    for seat, size in enumerate(observation.hand_sizes, 1):
        if seat != observation.seat:
            hands[seat - 1] = tuple(sorted(cards[top:top + size], key=lambda c: c.index))
            top += size
    stock = cards[top:]
    if len(stock) != observation.stock_size:
        raise ValueError(f"observation does not add up: {len(unseen)} unseen cards, "
                         f"{top} in other hands, stock of {observation.stock_size}")
    return position.derive(hands=tuple(hands)), stock


def _evaluate(position: Position, side: int, round_over: bool) -> float:
    """The side's lead: exact round points at the end of a round, else what the piles are worth."""
    if round_over:
        points = score_round(position.piles, position.sweeps, position.rules).points
        return points[side] - max(v for s, v in points.items() if s != side)
    sweeps_score = position.rules.sweeps
    values = [cards_value(pile, position.rules) + (n if sweeps_score else 0)
              for pile, n in zip(position.piles, position.sweeps)]
    mine = values[side - 1]
    return mine - max(v for s, v in enumerate(values, 1) if s != side)


def _rollout(position: Position, move: Move, stock: Sequence[Card], dealer: int, side: int,
             whole_round: bool, greedy_plies: int = 0) -> float:
    """Play `move`, then play out the deal (or, `whole_round`, the rest of the round, dealing
    from the sampled stock) with the rollout policy, the first `greedy_plies` moves with the
    greedy player's (each mover judging only by its own hand); at the end of the round score
    it exactly. Every turn ends as a Game's (`turns`): under V9 each mover draws from the
    sampled stock after playing."""
    while True:
        position, stock, ended = TURNS.play(position, move, stock, dealer,
                                            dealing=whole_round)
        if ended == ROUND_OVER:
            return _evaluate(TURNS.close_round(position, dealer), side, True)
        if not any(position.hands):  # the deal is over and no new one is played out
            return _evaluate(position, side, False)
        if greedy_plies > 0:
            greedy_plies -= 1
            move = greedy_move(position, unknown_cards(position, position.turn), None,
                               len(stock))
        else:
            move = _fast_move(position)


def _expert(**options: Any) -> Player:
    from .expert import ExpertPlayer  # the search imports this module's helpers

    return ExpertPlayer(**options)


PLAYERS: dict[str, Callable[..., Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer, "strong": StrongPlayer,
           "expert": _expert}


def make_player(name: str, **options: object) -> Player:
    """A player by name: "random", "greedy", "strong" or "expert"."""
    try:
        return PLAYERS[name](**options)
    except KeyError:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})") from None


def play_game(game: Game, players: dict[int, Player]) -> None:
    """Let computer players (by seat) play `game` until it is over."""
    while not game.over:
        seat = game.turn
        game.play(players[seat].choose(game.observation(seat)))
