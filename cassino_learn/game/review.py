"""The review of a player's moves, round by round and for the match (as a chess site's game
analysis does): each move is valued against the best one by the hints' search
(`coach.coach_values`) on the observation the player had, never from hidden cards, and a move
that cost enough points likely ahead at the round's end is marked, with the better move and why
in the hints' words (`coach_words`). A loss big enough to mark is measured again in two seeded
side-by-side looks (`search.compare_moves`), so the same game always gets the same review.
THRESHOLDS: inaccuracy from 0.5, mistake from 1.0, blunder from 2.0 (K1), grown by 26/11 under
Spade Casino (V8). Why these numbers and how the looks agree: docs/bots.md, "The review".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from ..browser import in_browser
from ..core.move import Move
from ..core.rules import Rules
from . import coach_words
from .move_facts import MoveFacts, facts_of, move_facts
from .observation import Observation, observe
from .scoring import round_total

if TYPE_CHECKING:
    from .match import Game
    from .search import MoveValue

__all__ = ["MARKS", "THRESHOLDS", "REVIEW_ITERATIONS", "Turn", "MoveFacts", "MoveReview",
           "RoundReview", "MatchReview", "Evaluate", "Confirm", "thresholds", "mark_for",
           "learner_turns", "turn_of", "standard_error", "review_turn", "judge_turn",
           "review_turns", "review_round", "review_match", "move_facts", "facts_of", "why"]

MARKS = ("inaccuracy", "mistake", "blunder")
THRESHOLDS = (0.5, 1.0, 2.0)  # expected round points lost, K1; see the module's docstring
# The budget of each side-by-side look that confirms a loss: generous and fixed. In the browser
# (Pyodide, about 4 times slower, and no worker thread: the moves are reviewed in short slices
# between clicks, `review_queue`) 500, so that a round's review takes seconds rather than a
# minute; the two looks still guard against marking a move for the search's noise.
REVIEW_ITERATIONS = 500 if in_browser() else 3000
LOOKS = ("first look", "second look")  # side-by-side looks that must both find a loss
Evaluate = Callable[..., "list[MoveValue]"]
"""`move_values(observation, *, iterations=..., seed=...)`: every legal move valued, best first
(a review's own evaluator; by default the review values moves as the hints do)."""
Confirm = Callable[..., "list[MoveValue]"]
"""`compare_moves(observation, moves, *, iterations=..., seed=...)`: those moves valued side by
side (on the same deals), best first."""


def thresholds(rules: Rules | None = None) -> tuple[float, float, float]:
    """The losses (inaccuracy, mistake, blunder) under `rules`: K1's, scaled by the points a
    round shares (26/11 under Spade Casino, V8)."""
    scale = round_total(rules or Rules()) / round_total(Rules())
    return tuple(round(t * scale, 2) for t in THRESHOLDS)  # type: ignore[return-value]


def mark_for(loss: float, rules: Rules | None = None) -> str | None:
    """The mark a move that lost `loss` expected round points earns (None: not marked)."""
    mark = None
    for name, limit in zip(MARKS, thresholds(rules)):
        if loss >= limit - 1e-9:
            mark = name
    return mark


# ---------------------------------------------------------------------- the moves to review

@dataclass(frozen=True)
class Turn:
    """One move of the reviewed player, with the observation they had when they played it."""

    observation: Observation
    move: Move          # generated on observation.position (it knows its text and groups)
    number: int         # its place in the game's history, 1-based
    round_number: int

    @property
    def seat(self) -> int:
        return self.observation.seat


def turn_of(observation: Observation, move: Move | str, number: int) -> Turn:
    """The Turn of `observation`'s seat playing `move` (a Move or its text) as move `number`
    of the game. Raises IllegalMove (or MoveSyntaxError) for a move the seat could not play."""
    if not observation.my_turn:
        raise ValueError(f"it is seat {observation.turn}'s turn, not seat {observation.seat}'s")
    legal = observation.position.parse_move(str(move))
    return Turn(observation, legal, number, observation.round_number)


def learner_turns(game: "Game", seat: int, round_number: int | None = None) -> list[Turn]:
    """The moves `seat` played in `game` (in round `round_number` only, if given), each with
    the observation it had: the game is replayed from its seed and history."""
    from .match import Game

    if not 1 <= seat <= game.players:
        raise ValueError(f"there is no seat {seat} in a {game.players}-player game")
    replay = Game(players=game.players, partners=game.partners, seed=game.seed,
                  rules=game.rules)
    turns = []
    for number, text in enumerate(game.history, 1):
        if replay.turn == seat and round_number in (None, replay.round_number):
            turns.append(turn_of(observe(replay, seat), text, number))
        replay.play(text)
    return turns


# ---------------------------------------------------------------------- the review

@dataclass(frozen=True)
class MoveReview:
    """One reviewed move: its loss against the best and its mark; a marked move also has the
    facts of the move played and of the better one, and the why in sentences."""

    turn: Turn
    loss: float
    mark: str | None
    played: MoveFacts | None = None
    better: MoveFacts | None = None
    reasons: tuple[str, ...] = ()

    @property
    def position_text(self) -> str:
        """The position the player faced, in notation (their view: other hands hidden)."""
        return self.turn.observation.position.one_line()

    @property
    def number(self) -> int:
        return self.turn.number

    @property
    def move(self) -> Move:
        """The move played."""
        return self.turn.move

    @property
    def round_number(self) -> int:
        return self.turn.round_number

    @property
    def why(self) -> str:
        return " ".join(self.reasons)

    def __str__(self) -> str:
        return coach_words.review_line(self)


@dataclass(frozen=True)
class RoundReview:
    """The reviewed player's moves of one round; `marked` are those that cost enough."""

    round_number: int
    moves: tuple[MoveReview, ...]

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        return tuple(m for m in self.moves if m.mark is not None)

    def counts(self) -> dict[str, int]:
        return {mark: sum(1 for m in self.marked if m.mark == mark) for mark in MARKS}

    def summary(self) -> str:
        """"No mistakes this round." or what was marked, in one sentence."""
        return coach_words.summary(self.counts(), len(self.moves), "this round")


@dataclass(frozen=True)
class MatchReview:
    """Every reviewed round of the match, in order."""

    rounds: tuple[RoundReview, ...]

    @property
    def moves(self) -> tuple[MoveReview, ...]:
        return tuple(m for r in self.rounds for m in r.moves)

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        return tuple(m for r in self.rounds for m in r.marked)

    def counts(self) -> dict[str, int]:
        return {mark: sum(r.counts()[mark] for r in self.rounds) for mark in MARKS}

    def summary(self) -> str:
        return coach_words.summary(self.counts(), len(self.moves), "in the match")


def _expert_pair(observation: Observation, moves: Sequence[Move], *, iterations: int,
                 seed: int | str) -> list["MoveValue"]:
    from .search import compare_moves

    return compare_moves(observation, moves, iterations=iterations, seed=seed)


def review_turn(turn: Turn, *, evaluate: Evaluate | None = None,
                confirm: Confirm | None = None, iterations: int = REVIEW_ITERATIONS,
                seed: int | str = "review") -> MoveReview:
    """Review the move played in `turn` against the best one.

    By default the best move is the first hint's (`coach.coach_values`, the search the hints
    run, at the expert's budget and seed): that move is never marked, and a move the search
    values within a mark's threshold of it is not either. A loss big enough to mark, or a move
    outside the expert's candidates, is then measured by `confirm` with the move played and
    the best side by side (the expert's `compare_moves`, on the same deals of the hidden cards,
    `iterations` in each look, seeded by `seed` and the move's number), in two looks on
    different deals: the smaller loss, less its standard error, must reach the threshold. In
    one search the weaker move's value is noisy; a fair move must not be marked for the noise.

    With an `evaluate` of your own (every legal move valued, best first), its best move is the
    best, and nothing is confirmed unless `confirm` is also given."""
    observation = turn.observation
    if len(observation.legal_moves()) == 1:
        return MoveReview(turn, 0.0, None)  # nothing else could be played
    if evaluate is None:
        from .coach import coach_values

        return judge_turn(turn, coach_values(observation), confirm=confirm or _expert_pair,
                          iterations=iterations, seed=seed)
    values = evaluate(observation, iterations=iterations, seed=f"{seed}|{turn.number}")
    return judge_turn(turn, values, confirm=confirm, iterations=iterations, seed=seed,
                      every_move=True)


def judge_turn(turn: Turn, values: Sequence["MoveValue"], *, confirm: Confirm | None,
               iterations: int = REVIEW_ITERATIONS, seed: int | str = "review",
               every_move: bool = False) -> MoveReview:
    """`review_turn`'s judgement once the position's moves are valued (`values`, the coach's
    or an evaluator's): the best of them against the move played, a loss confirmed by
    `confirm` if given. `every_move`: the values cover every legal move (an evaluator's), so
    the move played must be among them; the coach's cover its candidates only. The review
    spread over a game (`review_queue`) runs the searches in steps and then judges here."""
    observation, move = turn.observation, turn.move
    seeded = f"{seed}|{turn.number}"
    rules = observation.position.rules
    if not values:
        raise ValueError(f"move {turn.number}: the evaluator valued no move")
    best = max(values, key=lambda v: v.value)
    played = next((v for v in values if v.move == move), None)
    if played is None and every_move:
        raise ValueError(f"move {turn.number} ({move}) is not among the moves the evaluator "
                         f"valued")
    if best.move == move:
        return MoveReview(turn, 0.0, None)
    if played is not None and mark_for(best.value - played.value, rules) is None:
        return MoveReview(turn, max(0.0, best.value - played.value), None)
    doubt = 0.0
    if confirm is not None:
        best, played, doubt = min(
            (_look(confirm, observation, best.move, move, iterations, f"{seeded}|{look}")
             for look in LOOKS), key=lambda one: one[0].value - one[1].value - one[2])
    assert played is not None
    loss = max(0.0, best.value - played.value)
    mark = mark_for(loss - doubt, rules)
    if mark is None:
        return MoveReview(turn, loss, None)
    mine = move_facts(observation, move, played.value)
    other = move_facts(observation, _generated(observation, best.move), best.value)
    return MoveReview(turn, loss, mark, mine, other, coach_words.why(mine, other))


def _look(confirm: Confirm, observation: Observation, better: Move, played: Move,
          iterations: int, seed: str) -> tuple["MoveValue", "MoveValue", float]:
    """One side-by-side look at two moves: their values and the standard error of the gap."""
    pair = {v.move: v for v in confirm(observation, (better, played), iterations=iterations,
                                       seed=seed)}
    return pair[better], pair[played], standard_error(pair[better], pair[played])


def standard_error(better: "MoveValue", played: "MoveValue") -> float:
    """The standard error of `better.value - played.value` when both were valued on the same
    deals (`compare_moves`' results, paired deal by deal); 0 for exact values."""
    pairs = list(zip(better.results, played.results))
    if len(pairs) < 2:
        return 0.0
    gaps = [b - p for b, p in pairs]
    mean = sum(gaps) / len(gaps)
    variance = sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1)
    return math.sqrt(variance / len(gaps))


def _generated(observation: Observation, move: Move) -> Move:
    """`move` as the generator makes it on the observation's position (it then knows its
    groups, its text and whether it sweeps)."""
    if move.position is observation.position:
        return move
    return next(m for m in observation.legal_moves() if m == move)


def review_turns(turns: Iterable[Turn], **options: object) -> MatchReview:
    """Review `turns` (any order), grouped into rounds; `options` go to `review_turn`."""
    by_round: dict[int, list[MoveReview]] = {}
    for turn in sorted(turns, key=lambda t: t.number):
        reviewed = review_turn(turn, **options)  # type: ignore[arg-type]
        by_round.setdefault(turn.round_number, []).append(reviewed)
    return MatchReview(tuple(RoundReview(n, tuple(m)) for n, m in sorted(by_round.items())))


def review_round(game: "Game", seat: int, round_number: int, **options: object) -> RoundReview:
    """The review of `seat`'s moves in round `round_number` of `game`."""
    reviewed = review_turns(learner_turns(game, seat, round_number), **options)
    return reviewed.rounds[0] if reviewed.rounds else RoundReview(round_number, ())


def review_match(game: "Game", seat: int, **options: object) -> MatchReview:
    """The review of every move `seat` played in `game`, round by round."""
    return review_turns(learner_turns(game, seat), **options)
