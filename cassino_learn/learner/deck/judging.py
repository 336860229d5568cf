"""A move card's answer judged as the review judges a move: by the expert's search on the
position the learner saw, the hidden cards dealt as the search deals them (never the real
ones, which the card does not hold). Any move the review would not mark (its loss against the
best below the inaccuracy margin, `review.thresholds()[0]`) is right, so another good move is
right too; the same seeds as the game's review, so the move played there is judged as it was.

A loss is confirmed in the review's two side-by-side looks, here of `JUDGE_ITERATIONS` each
(the in-browser review's budget): a smaller look has a larger standard error, which the review
takes off the loss, so a smaller budget only ever makes the judge more lenient, never calls a
good move wrong.

The learner does not wait for the search: every legal move's verdict is worked out once, ahead
of the answer (`deck.verdicts`), and kept with the card; `judge` looks the answer up there and
searches only for a card without them, with the same result (tests/benchmarks/bench_deck.py).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ...core.move import Move
from ...core.position import Position
from ...game.observation import Observation
from ...game.review import Evaluate, MoveReview, review_turn, thresholds, turn_of
from .cards import MovePuzzle, Verdicts

__all__ = ["observation_of", "Judgement", "judge", "judge_position", "margin", "JUDGE_ITERATIONS",
           "known_verdicts", "keep_verdicts", "forget_verdicts"]

JUDGE_ITERATIONS = 500  # each confirming look's budget (review.REVIEW_ITERATIONS in the browser)
_kept: dict[tuple[object, ...], Verdicts] = {}  # verdicts worked out in this process
_lock = threading.Lock()


def observation_of(puzzle: MovePuzzle) -> Observation:
    """The observation the learner had when they played the marked move."""
    return Observation(seat=puzzle.seat, position=Position.parse(puzzle.position),
                       hand_sizes=puzzle.hand_sizes, stock_size=puzzle.stock_size,
                       dealer=puzzle.dealer, round_number=puzzle.round_number,
                       deal_number=puzzle.deal_number, deals_per_round=puzzle.deals_per_round,
                       scores=puzzle.scores, over=False)


def margin(puzzle: MovePuzzle) -> float:
    """The loss below which an answer is right: the review's inaccuracy threshold."""
    return thresholds(Position.parse(puzzle.position).rules)[0]


@dataclass(frozen=True)
class Judgement:
    """An answer judged: right or not, the move as the core read it, and the review of it
    (its loss against the best, and for a wrong one the better move and why)."""

    right: bool
    move: Move
    review: MoveReview

    @property
    def loss(self) -> float:
        return self.review.loss


def judge(puzzle: MovePuzzle, answer: Move | str, *, evaluate: Evaluate | None = None,
          iterations: int = JUDGE_ITERATIONS) -> Judgement:
    """Judge `answer` (a Move or its text) on the card's position. IllegalMove (or
    MoveSyntaxError) for a move the position does not allow, as the core says why.
    The card's verdicts (every legal move judged once, `deck.verdicts`) answer at once when
    they are there; else the search runs now, with the same result.
    `evaluate`: an evaluator of the caller's own (tests), as `review.review_turn` takes."""
    verdicts = known_verdicts(puzzle) if evaluate is None and iterations == JUDGE_ITERATIONS \
        else None
    if verdicts is not None:
        turn = turn_of(observation_of(puzzle), answer, puzzle.number)
        found = verdicts.find(str(turn.move))
        if found is not None:  # the loss and the mark (a marked move's facts are not kept)
            return Judgement(found[1] is None, turn.move, MoveReview(turn, *found))
    return _judge_seen(observation_of(puzzle), answer, puzzle.number, evaluate, iterations)


def known_verdicts(puzzle: MovePuzzle) -> Verdicts | None:
    """The card's verdicts at the judge's budget (`deck.verdicts`): its own, or those worked
    out in this process for its position; None if there are none yet."""
    if puzzle.verdicts is not None and puzzle.verdicts.budget == JUDGE_ITERATIONS:
        return puzzle.verdicts
    with _lock:
        return _kept.get(_verdicts_key(puzzle))


def keep_verdicts(puzzle: MovePuzzle, verdicts: Verdicts) -> None:
    """Keep the verdicts worked out for the card's position in this process (a card object
    read before they were saved with it looks them up too)."""
    with _lock:
        _kept[_verdicts_key(puzzle)] = verdicts


def forget_verdicts() -> None:
    """Forget the verdicts kept in this process (tests, benchmarks)."""
    with _lock:
        _kept.clear()


def _verdicts_key(puzzle: MovePuzzle) -> tuple[object, ...]:
    """What the verdicts depend on: the position as seen, the counts and the move's number."""
    return (puzzle.position, puzzle.seat, puzzle.hand_sizes, puzzle.stock_size, puzzle.dealer,
            puzzle.round_number, puzzle.deal_number, puzzle.deals_per_round, puzzle.scores,
            puzzle.number)


def judge_position(position: Position | str, answer: Move | str, *,
                   evaluate: Evaluate | None = None,
                   iterations: int = JUDGE_ITERATIONS) -> Judgement:
    """Judge `answer` in a lone position (a homework item the teacher typed) as a card's answer
    is judged: the seat to move sees its own hand only, the other hands and the stock dealt as
    the expert deals them (`demonstration.observation_of`), seeded as move 1 and searched at a
    fixed budget (`_fixed_budget`) so the page and the class server reach the same verdict."""
    from ...teaching.demonstration import observation_of as lone_observation

    position = Position.parse(position) if isinstance(position, str) else position
    return _judge_seen(lone_observation(position), answer, 1, evaluate or _fixed_budget,
                       iterations)


def _fixed_budget(observation: Observation, **_: object) -> list:
    """The hints' search at the expert's iterations and seed, never bounded by the clock (as
    it is in the browser): the learner's page and the class server, which judges the answer
    again, search alike and agree on the verdict."""
    from ...game.coach import coach_values
    from ...game.search import DEFAULT_ITERATIONS

    return coach_values(observation, iterations=DEFAULT_ITERATIONS)


def _judge_seen(seen: Observation, answer: Move | str, number: int,
                evaluate: Evaluate | None, iterations: int) -> Judgement:
    turn = turn_of(seen, answer, number)
    reviewed = review_turn(turn, evaluate=evaluate, iterations=iterations)
    return Judgement(reviewed.mark is None, turn.move, reviewed)
