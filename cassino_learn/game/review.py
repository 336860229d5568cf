"""The review of a player's moves, round by round and for the match (as a chess site's game
analysis does): each move is valued against the best one by the expert search, and a move that
cost enough is marked, with the better move and why in words.

    >>> from cassino_learn import Game
    >>> from cassino_learn.game.review import learner_turns, review_turns
    >>> game = Game(seed=3)                                          # doctest: +SKIP
    >>> ...  # the match is played
    >>> review = review_turns(learner_turns(game, seat=1))           # doctest: +SKIP
    >>> [str(m) for m in review.marked]                              # doctest: +SKIP

What a move is worth is what the hints say of it (`coach.coach_values`, the expert's search
over its candidate moves on the same deals): the points the mover's side is likely to be ahead
(its points less the best other side's) at the end of the round, if that move is played. The
best move is the one the first hint gives, so a move the first hint gave is never marked. The
loss of a move is the best move's value less its own, on the observation the player had (their
hand, the table, what was captured, the hand sizes and the stock), never from hidden cards. A
loss big enough to mark (or a move outside the expert's candidates) is measured again, twice,
with the two moves side by side on the same deals of the hidden cards (`search.compare_moves`):
both looks must find it, beyond the standard error of the gap. The budgets are fixed and every
look is seeded by the move's place in the game, so reviewing the same game twice gives the same
review.

The marks, by the loss in points likely ahead at the round's end (K1: an ace or Little Casino
is 1 point, Big Casino 2, most cards 3, most spades 1, a sweep 1):

- inaccuracy, at least 0.5: half a point, like an even chance of an ace changing hands, or a
  sizeable share of "most cards"; worth a look, small enough to be a matter of style. Below it
  the search's own spread between good moves (a few tenths at the review budget) would mark
  moves that are as good as the best.
- mistake, at least 1.0: a whole point, what an ace, Little Casino or a sweep is worth.
- blunder, at least 2.0: two points, what Big Casino is worth, or a point handed over that the
  player could have taken (a swing of two in the lead).

Under Spade Casino (V8) a round shares 26 points rather than 11 and a game runs to 61, so each
point is worth less of the match: the thresholds grow in proportion to the points a round
shares (26/11), and a lost spade worth 1 is an inaccuracy, not a mistake.

The why is built from facts the engine computed: the cards and points each move takes
(`Move.table_cards`, `Rules.card_points`), a sweep made or missed, and what each move leaves
the next player within reach, with the chance they hold the card (`assess`: the threats of the
next player, found by the legal-move generator), including builds left to be taken. The words
are `coach_words`', the hints' own.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from ..core.build import Build
from ..core.cards import Card
from ..core.move import BUILD, CAPTURE, Move
from ..core.position import Position
from ..core.rules import Rules
from . import coach_words
from .assess import Assessment, Threat, assess
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
REVIEW_ITERATIONS = 500 if sys.platform == "emscripten" else 3000
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


# ---------------------------------------------------------------------- facts about a move

@dataclass(frozen=True)
class MoveFacts:
    """What a move does, as the engine computed it, for the why."""

    move: Move
    text: str
    value: float                   # points likely ahead at the round's end after it
    taken: tuple[Card, ...]        # captured, the played card included (captures only)
    points: int                    # round points among them (Rules.card_points, K1 or V8)
    spades: int
    sweep: bool                    # a sweep that scores (W1; not under V2)
    builds_taken: tuple[Build, ...]
    build: int | None              # the value of the build made, raised or added to
    threats: tuple[Threat, ...]    # what it leaves the next player, most dangerous first
    next_seat: int
    held: frozenset[int] = frozenset()  # capture values the next seat surely holds (its builds)

    @property
    def top_threat(self) -> Threat | None:
        return self.threats[0] if self.threats else None


def move_facts(observation: Observation, move: Move, value: float) -> MoveFacts:
    """The facts of `move` played from `observation`: what it takes, and what it leaves the
    next player (their hand size and the unseen cards as the observer knows them)."""
    position = observation.position
    nxt = position.next_seat(observation.seat)
    judged = assess(position, move, sorted(observation.unseen), observation.hand_sizes[nxt - 1],
                    observation.stock_size)
    return facts_of(judged, value)


def facts_of(judged: Assessment, value: float) -> MoveFacts:
    """The facts of an assessed move (`assess`), a build's owner holding its value."""
    move = judged.move
    position = move.position
    nxt = position.next_seat(position.turn)
    rules = position.rules
    held = _values_held(move.play_from(position), nxt)
    threats = tuple(sorted((replace(t, chance=1.0) if t.move.value in held else t
                            for t in judged.threats),
                           key=lambda t: (-t.gain * t.chance, -t.gain)))
    return MoveFacts(
        move=move, text=str(move), value=value, taken=judged.taken,
        points=sum(rules.card_points(c) for c in judged.taken),
        spades=sum(1 for c in judged.taken if c.suit == "S"), sweep=judged.sweep,
        builds_taken=move.builds if move.kind == CAPTURE else (),
        build=move.value if move.kind == BUILD else None, threats=threats, next_seat=nxt,
        held=frozenset(held))


def _values_held(after: Position, seat: int) -> set[int]:
    """The capture values `seat` surely holds a card of in `after`: those of the builds it
    owns (B2, O2: an owner keeps a card of its build's value while the build stands). Not in
    partnerships, where a partner's build lets a player build without one (B9)."""
    if after.partners:
        return set()
    return {b.value for b in after.builds if b.owner == seat}


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
    def round_number(self) -> int:
        return self.turn.round_number

    @property
    def why(self) -> str:
        return " ".join(self.reasons)

    def __str__(self) -> str:
        if self.mark is None or self.played is None or self.better is None:
            return f"Move {self.number}: {self.turn.move} (best or close to it)"
        return (f"Move {self.number} ({self.mark}): {self.played.text}; better "
                f"{self.better.text}. {self.why}")


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
        return _summary(self.marked, self.counts(), len(self.moves), "this round")


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
        return _summary(self.marked, self.counts(), len(self.moves), "in the match")


def _summary(marked: Sequence[MoveReview], counts: dict[str, int], moves: int,
             where: str) -> str:
    return coach_words.summary(counts, moves, where)


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
    return MoveReview(turn, loss, mark, mine, other, why(observation, mine, other))


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


# ---------------------------------------------------------------------- why, in words

def why(observation: Observation, played: MoveFacts, better: MoveFacts) -> tuple[str, ...]:
    """Sentences saying why `better` is better than `played` (both played from `observation`'s
    position), from the facts that differ (`coach_words.why`: the words the hints use too)."""
    return coach_words.why(played, better)
