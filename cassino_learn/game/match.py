"""Game: a match of Cassino from a seed: deals (or V9's draws from the stock), turns, the last
cards, scoring rounds (K1 or V8), the match (K3, V4, V5, V8), undo, history in move notation,
and JSON save/load. `Game.from_position` is a play from a set position (a lesson's table):
turns and moves only. Every turn played anywhere in the package goes through a Game, whose
turns end as `game.turns` says (the search's playouts end theirs there too). Computer seats
are players given to the Game (`computers`), which it asks for their moves (`play_computer`).

    >>> from cassino_learn import Game
    >>> g = Game(players=2, seed=7)
    >>> g.play(g.legal_moves()[0])
    >>> len(g.history)
    1

The whole state of a deal is a `Position` with every hand known (`Game.state`); `Game.position`
is what the seat to move sees. The stock, the dealer, the deal number and the match score live
here. Everything is replayable from the seed and the moves.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..core.cards import Card
from ..core.errors import IllegalMove, MoveSyntaxError, shorten
from ..core.move import Move
from ..core.movegen import legal_moves
from ..core.position import Position, find_legal
from ..core.rules import Rules
from .dealing import (DEALS_PER_ROUND, FIRST_DEALER, deals_per_round, next_dealer,
                      shuffled_deck, start_round)
from .scoring import MatchResult, RoundScore, match_points, match_result, score_round
from .turns import DEALT, ROUND_OVER, TURNS, Turns

if TYPE_CHECKING:
    from .bots import Player
    from .observation import Observation

__all__ = ["Game", "GameOver", "GameFileError", "FORMAT"]

FORMAT = "cassino-learn game"
FORMAT_VERSION = 1


class GameFileError(ValueError):
    """A saved game (`Game.from_json`) that cannot be read or replayed; the message says why."""


class GameOver(ValueError):
    """A move was played after the match was decided."""


@dataclass(frozen=True)
class _Snapshot:
    """Everything that changes during a game (immutable, so undo is a pop)."""

    state: Position
    stock: tuple[Card, ...]
    dealer: int
    round_number: int
    deal_number: int
    scores: tuple[tuple[int, int], ...]
    rounds: tuple[RoundScore, ...]
    result: MatchResult


class Game:
    """A match: `Game(players=2, partners=False, seed=7, rules=Rules())`; the first round is
    dealt at once. Seat 1 deals the first round; the deal passes left each round (D3).
    `computers` are the computer seats' players, by seat (`play_computer`)."""

    turns: Turns = TURNS  # how a turn ends: the one place (game/turns.py)

    def __init__(self, players: int = 2, partners: bool = False, seed: int | str | None = None,
                 rules: Rules | str | None = None, *,
                 computers: "Mapping[int, Player] | None" = None) -> None:
        if players not in DEALS_PER_ROUND:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        if partners and players != 4:
            raise ValueError("partnerships need exactly 4 players")
        if seed is None:
            seed = random.randrange(2**32)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number or a string, not {seed!r}")
        self.players = players
        self.partners = partners
        self.seed: int | str | None = seed
        if isinstance(rules, str):
            rules = Rules.parse(rules)
        if rules is not None and not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules or its text (like 'values=royal'), "
                             f"not {rules!r}")
        self.rules = rules or Rules()
        self.history: list[str] = []
        self._moves: list[Move] = []
        self._undo: list[_Snapshot] = []
        self._legal: list[Move] | None = None
        self._start: Position | None = None  # a set position's play (from_position)
        self.computers = _seated(computers, players)
        self._now = self._new_round(dealer=FIRST_DEALER, round_number=1, scores=None,
                                    rounds=())

    @classmethod
    def from_position(cls, position: Position | str,
                      stock: "Sequence[Card | str]" = (), *,
                      computers: "Mapping[int, Player] | None" = None) -> "Game":
        """A play from a set position instead of a deal: turns and moves, and under V9
        (`deal=draw`) the mover's draw from `stock` (top first) after each move. Nothing is
        dealt or scored, so play stops where the seat to move holds no cards; hands the
        position hides stay hidden (`state` is the position as given)."""
        start = Position.parse(position) if isinstance(position, str) else position
        if not isinstance(start, Position):
            raise ValueError(f"a position must be a Position or its text, not {start!r}")
        cards = tuple(Card.parse(c) if isinstance(c, str) else c for c in stock)
        placed = set(cards).intersection(start.all_cards())
        if len(set(cards)) != len(cards) or placed:
            twice = sorted(placed) or sorted(c for c in cards if cards.count(c) > 1)
            raise ValueError(f"stock: {twice[0]} is in the position or in the stock twice")
        game = cls.__new__(cls)
        game.players, game.partners, game.seed, game.rules = \
            start.players, start.partners, None, start.rules
        game.history, game._moves, game._undo, game._legal = [], [], [], None
        game._start = start
        game.computers = _seated(computers, start.players)
        scores = tuple((side, 0) for side in range(1, game.sides + 1))
        game._now = _Snapshot(start, cards, start.players, 1, 1, scores, (),
                              MatchResult(False, None))
        return game

    # ------------------------------------------------------------------ state

    @property
    def state(self) -> Position:
        """The whole state of the deal: table, every hand, piles, sweeps, last capture."""
        return self._now.state

    @property
    def position(self) -> Position:
        """What the seat to move sees: its own hand, the table, owners, whose turn it is."""
        return self._now.state.for_seat(self._now.state.turn)

    @property
    def turn(self) -> int:
        return self._now.state.turn

    @property
    def moves(self) -> list[Move]:
        """The moves played, in order, as Moves (`history` holds their text)."""
        return list(self._moves)

    def state_after(self, number: int) -> Position:
        """The whole state after the first `number` moves of the history (0: the start; a
        negative `number` counts back from the latest state)."""
        states = [snapshot.state for snapshot in self._undo] + [self._now.state]
        if not -len(states) <= number < len(states):
            raise ValueError(f"there are {len(self.history)} moves, not {number}")
        return states[number]

    @property
    def sides(self) -> int:
        return 2 if self.partners else self.players

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first (hidden from every player)."""
        return self._now.stock

    @property
    def dealer(self) -> int:
        return self._now.dealer

    @property
    def round_number(self) -> int:
        """The round being played (1-based; the last one once the match is over)."""
        return self._now.round_number

    @property
    def deal_number(self) -> int:
        """The deal within the round (1-based)."""
        return self._now.deal_number

    @property
    def deals_per_round(self) -> int:
        """D2's deals in a round (1 under V9, where the hands are refilled from the stock)."""
        return deals_per_round(self.players, self.rules)

    @property
    def last_deal(self) -> bool:
        """The deal being played is the round's last ("last", D2); under V9, the stock is
        empty and the hands are played out."""
        if self.rules.draws_from_stock:
            return not self._now.stock
        return self._now.deal_number == self.deals_per_round

    @property
    def scores(self) -> dict[int, int]:
        return dict(self._now.scores)

    @property
    def rounds(self) -> list[RoundScore]:
        """Finished rounds, each with `.points` and `.items` per side."""
        return list(self._now.rounds)

    @property
    def over(self) -> bool:
        return self._now.result.over

    @property
    def winner(self) -> int | None:
        return self._now.result.winner

    @property
    def lurch(self) -> bool:
        """V4: the winner reached 11 before any other side had 6 (a double game)."""
        return self._now.result.lurch

    @property
    def double_game(self) -> bool:
        """The win counts twice: a lurch (V4) or a Spade Casino winner whose opponents have
        less than 31 (V8)."""
        return self._now.result.double_game

    def observation(self, seat: int | None = None) -> "Observation":
        """What `seat` (default: the seat to move) may know; never another hand or the stock."""
        from .observation import observe

        return observe(self, self.turn if seat is None else seat)

    def observation_after(self, number: int, seat: int) -> "Observation":
        """What `seat` knew after the first `number` moves (negative: counted back from now;
        -2 is just before the last move)."""
        from .observation import observed

        snapshots = self._undo + [self._now]
        if not -len(snapshots) <= number < len(snapshots):
            raise ValueError(f"there are {len(self.history)} moves, not {number}")
        now = snapshots[number]
        return observed(now.state, seat, stock_size=len(now.stock), dealer=now.dealer,
                        round_number=now.round_number, deal_number=now.deal_number,
                        deals_per_round=self.deals_per_round, scores=now.scores,
                        over=now.result.over)

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to move (empty once the match is over)."""
        if self.over:
            return []
        if self._legal is None:
            self._legal = legal_moves(self._now.state)
        return list(self._legal)

    def play(self, move: Move | str) -> None:
        """Play a Move or move text for the seat to move. Raises IllegalMove (or
        MoveSyntaxError) and changes nothing when it is not legal; GameOver after the end."""
        if self.over:
            raise GameOver(f"the match is over (side {self.winner} won); start a new Game"
                           if self.winner is not None else "the match is over; start a new Game")
        state = self._now.state
        if isinstance(move, str):
            legal = state.parse_move(move)
        elif isinstance(move, Move):
            legal = find_legal(state, move)  # a move generated for this state: at once
        else:
            raise TypeError(f"play() takes a Move or move text, not {type(move).__name__}")
        self._undo.append(self._now)
        self.history.append(str(legal))
        self._moves.append(legal)
        self._now = self._advance(state, legal)
        self._legal = None

    @property
    def computer_to_move(self) -> bool:
        """Whether a computer seat is to move, holding cards, in a match not yet over."""
        return not self.over and self.turn in self.computers and bool(self.state.hand)

    def play_computer(self) -> Move:
        """The computer seat to move chooses from what it may see (its observation) and its
        move is played; returns it. ValueError when no computer is to move; the player's
        illegal move raises IllegalMove (or MoveSyntaxError) and changes nothing."""
        if not self.computer_to_move:
            raise ValueError(f"seat {self.turn} is not a computer's with cards to play"
                             if not self.over else "the match is over")
        self.play(self.computers[self.turn].choose(self.observation()))
        return self._moves[-1]

    def undo(self) -> str:
        """Take back the last move (also across a deal or round boundary); returns its text."""
        if not self._undo:
            raise ValueError("there is no move to undo")
        self._now = self._undo.pop()
        self._legal = None
        self._moves.pop()
        return self.history.pop()

    # ------------------------------------------------------------------ flow

    def _new_round(self, dealer: int, round_number: int,
                   scores: tuple[tuple[int, int], ...] | None,
                   rounds: tuple[RoundScore, ...]) -> _Snapshot:
        assert self.seed is not None  # a game from a set position deals no new round
        deck = shuffled_deck(self.seed, round_number)
        state, stock = start_round(deck, self.players, self.partners, dealer, self.rules)
        if scores is None:
            scores = tuple((side, 0) for side in range(1, self.sides + 1))
        return _Snapshot(state, tuple(stock), dealer, round_number, 1, scores, rounds,
                         MatchResult(False, None))

    def _advance(self, before: Position, move: Move) -> _Snapshot:
        """Play `move` (legal in `before`) and end the turn as `turns` says: a draw, a new
        deal, or the round finished (W2, K1-K3) and the next one dealt."""
        now = self._now
        state, stock, ended = self.turns.play(before, move, now.stock, now.dealer,
                                              dealing=self._start is None)
        if ended == DEALT:
            return _replace_snapshot(now, state=state, stock=tuple(stock),
                                     deal_number=now.deal_number + 1)
        if ended != ROUND_OVER or self._start is not None:  # a set position is not scored
            return _replace_snapshot(now, state=state, stock=tuple(stock))
        state = self.turns.close_round(state, now.dealer)
        score = score_round(state.piles, state.sweeps, self.rules)
        scores = match_points(dict(now.scores), score.points, self.rules)
        rounds = now.rounds + (score,)
        result = match_result(scores, len(rounds), self.rules)
        if result.over:
            return _replace_snapshot(now, state=state, scores=tuple(scores.items()),
                                     rounds=rounds, result=result)
        return self._new_round(next_dealer(now.dealer, self.players), now.round_number + 1,
                               tuple(scores.items()), rounds)

    # ------------------------------------------------------------------ save and load

    def to_dict(self) -> dict[str, Any]:
        data = {
            "format": FORMAT, "version": FORMAT_VERSION,
            "players": self.players, "partners": self.partners, "seed": self.seed,
            "rules": str(self.rules), "moves": list(self.history),
            # Not needed to load; checked on load so a tampered file is noticed.
            "scores": {str(side): n for side, n in self.scores.items()},
            "round": self.round_number, "over": self.over, "winner": self.winner,
        }
        if self._start is not None:  # a set position's play: its start replaces the seed
            first = self._undo[0] if self._undo else self._now
            data.update(start=str(self._start), stock=[str(c) for c in first.stock])
        return data

    def to_json(self) -> str:
        """The game as JSON: settings, seed and moves (plus a summary checked on load)."""
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """The same game, able to go on. Raises `GameFileError` (a ValueError) saying what is
        wrong with the text, whatever it holds."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise GameFileError(f"game file: expected JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except ValueError as error:  # not JSON, not UTF-8, or a number too long to read
            raise GameFileError(f"game file: not valid JSON ({shorten(str(error), 120)})") from None
        except RecursionError:
            raise GameFileError("game file: not a saved game: its brackets are nested too "
                                "deeply") from None
        try:
            return cls.from_dict(data)
        except GameFileError:
            raise
        except ValueError as error:
            raise GameFileError(str(error)) from None

    @classmethod
    def from_dict(cls, data: Any) -> "Game":
        if not isinstance(data, dict):
            raise ValueError("game file: expected a JSON object with players, seed and moves")
        if data.get("format") != FORMAT:
            raise ValueError(f"game file: 'format' should be {FORMAT!r}, "
                             f"not {data.get('format')!r}")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"game file: unsupported version {data.get('version')!r}")
        for key in ("players", "partners", "seed", "rules", "moves"):
            if key not in data:
                raise ValueError(f"game file: missing {key!r}")
        if not isinstance(data["players"], int) or isinstance(data["players"], bool):
            raise ValueError(f"game file: 'players' should be 2, 3 or 4, not {data['players']!r}")
        if not isinstance(data["partners"], bool):
            raise ValueError(f"game file: 'partners' should be true or false, "
                             f"not {data['partners']!r}")
        if not isinstance(data["rules"], str):
            raise ValueError(f"game file: 'rules' should be text, not {data['rules']!r}")
        moves = data["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ValueError("game file: 'moves' should be a list of moves in notation")
        try:
            if "start" in data:
                if not isinstance(data["start"], str) or not isinstance(data.get("stock", []),
                                                                          list):
                    raise ValueError("'start' should be a position's text and 'stock' a list "
                                     "of cards")
                game = cls.from_position(data["start"], data.get("stock", []))
            else:
                game = cls(players=data["players"], partners=data["partners"],
                           seed=data["seed"], rules=Rules.parse(data["rules"]))
        except ValueError as error:
            raise ValueError(f"game file: {error}") from None
        for number, text in enumerate(moves, 1):
            try:
                game.play(text)
            except (IllegalMove, MoveSyntaxError, GameOver) as error:
                raise ValueError(f"game file: move {number} ({text!r}) cannot be played: "
                                 f"{error}") from None
        if "scores" in data:
            saved = data["scores"]
            if saved != {str(side): n for side, n in game.scores.items()}:
                raise ValueError(f"game file: the saved scores {saved!r} do not match the moves "
                                 f"(which give {game.scores})")
        return game

    def __repr__(self) -> str:
        status = (f"over, winner {self.winner}" if self.over
                  else f"round {self.round_number}, deal {self.deal_number}, seat {self.turn} to play")
        return (f"<Game players={self.players} partners={self.partners} seed={self.seed!r} "
                f"scores={self.scores} {status}>")


def _seated(computers: "Mapping[int, Player] | None", players: int) -> "dict[int, Player]":
    """The computer seats, checked: seats of the table, each a player with `choose`."""
    seated = dict(computers or {})
    for seat, player in seated.items():
        if not (isinstance(seat, int) and 1 <= seat <= players):
            raise ValueError(f"computers: seat {seat!r} is not a seat of a {players}-player "
                             f"table")
        if not callable(getattr(player, "choose", None)):
            raise ValueError(f"computers: seat {seat}'s player has no choose(observation)")
    return seated


def _replace_snapshot(snapshot: _Snapshot, **changes: Any) -> _Snapshot:
    values = dict(snapshot.__dict__)
    values.update(changes)
    return _Snapshot(**values)
