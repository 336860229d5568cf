"""The review spread over the game (game/review_queue.py) gives the same review as the review
done at once when the round ends: the same moves marked, with the same marks, losses, better
moves and whys, on seeded rounds, however small the steps and in whatever order the moves
arrive; the search in steps returns what the search at once returns; the coach's search in
steps is the one the hints ran (kept, and reused by the review)."""

from __future__ import annotations

import random
import types

import pytest

from cassino_learn import Game
from cassino_learn.game import coach
from cassino_learn.game import search as search_module
from cassino_learn.game.assess import assess_all
from cassino_learn.game.hints import hints
from cassino_learn.game.review import learner_turns, review_turn, review_turns
from cassino_learn.game.review_queue import ReviewQueue, reviewing
from cassino_learn.game.search import DEFAULT_ITERATIONS, compare_moves, compare_moves_steps, \
    move_values, move_values_steps, run


def _worst(game: Game) -> str:
    """The move a beginner might make: the one the greedy measure likes least (as the widget
    tests play), so that moves get marked and the confirming searches run too."""
    seen = game.observation(game.turn)
    nxt = seen.position.next_seat(seen.seat)
    ranked = assess_all(seen.position, None, sorted(seen.unseen), seen.hand_sizes[nxt - 1],
                        seen.stock_size)
    return str(ranked[-1].move)


def _round(seed: int, players: int = 2, rules: str | None = None) -> Game:
    """Round 1 of a seeded game: seat 1 plays its worst move, the others a seeded random one."""
    game = Game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not game.rounds:
        game.play(_worst(game) if game.turn == 1 else rng.choice(game.legal_moves()))
    return game


def _as_compared(review) -> list[tuple]:
    return [(m.number, m.mark, round(m.loss, 12), m.better and m.better.text,
             m.played and m.played.value, m.reasons) for m in review]


# (seed, players, rules, review budget): the widget tests' round (seed 6, budget 200) and
# others, a three-player one and one under Spade Casino
ROUNDS = [(6, 2, None, 200), (11, 2, None, 150), (3, 2, None, 300), (8, 3, None, 200),
          (5, 2, "scoring=spade-casino", 200)]


@pytest.mark.parametrize("seed, players, rules, iterations", ROUNDS)
def test_the_spread_review_marks_what_the_review_at_the_end_marks(seed, players, rules,
                                                                  iterations):
    game = _round(seed, players, rules)
    turns = learner_turns(game, 1, 1)
    at_end = review_turns(turns, iterations=iterations).rounds[0].moves
    assert any(m.mark for m in at_end), "no move marked: the confirming searches did not run"

    coach.forget()  # the coach's searches run again, in steps
    queue = ReviewQueue(iterations=iterations)
    steps = 0
    for turn in turns:  # each move queued as it is played, a few tiny steps between moves
        queue.add(turn)
        for _ in range(3):
            queue.step(0.0)
            steps += 1
    while queue.busy:
        queue.step(0.0)
        steps += 1
    assert queue.error == ""
    spread = [queue.result(t.number) for t in turns]
    assert _as_compared(spread) == _as_compared(at_end)
    assert steps > 10 * len(turns)  # it was indeed done in small steps


def test_the_order_of_the_work_does_not_change_a_review():
    game = _round(6)
    turns = learner_turns(game, 1, 1)
    at_end = {m.number: m for m in review_turns(turns, iterations=120).rounds[0].moves}
    coach.forget()
    queue = ReviewQueue(iterations=120)
    for turn in reversed(turns):
        queue.add(turn)
    last = turns[-1].number
    queue.finish([last])  # the round's last move asked for first, as at a round's end
    assert queue.result(last) is not None and len(queue.pending()) == len(turns) - 1
    queue.finish([t.number for t in turns])
    assert _as_compared(queue.result(t.number) for t in turns) == \
        _as_compared(at_end[t.number] for t in turns)


def test_a_search_in_steps_returns_the_search_at_once():
    seen = Game(players=2, seed=4).observation()
    steps = move_values_steps(seen, iterations=90, seed="x")
    count = 0
    try:
        while True:
            next(steps)
            count += 1
    except StopIteration as done:
        stepped = done.value
    assert count >= 90
    assert stepped == move_values(seen, iterations=90, seed="x")
    assert [v.value for v in stepped] == [v.value for v in move_values(seen, iterations=90,
                                                                        seed="x")]
    pair = [stepped[0].move, stepped[-1].move]
    assert run(compare_moves_steps(seen, pair, iterations=40, seed=1)) == \
        compare_moves(seen, pair, iterations=40, seed=1)


def test_a_clock_budget_counts_the_time_searched_not_the_pauses_between_steps(monkeypatch):
    """In the browser the coach's budget is also a clock's: a search spread over a game must
    get the search time a search at once gets, however long the pauses between its steps."""
    clock = types.SimpleNamespace(now=0.0)

    def perf_counter() -> float:  # each reading of the clock: about a millisecond of searching
        clock.now += 1 / 1024  # (binary fractions: the sums are exact)
        return clock.now

    monkeypatch.setattr(search_module, "time", types.SimpleNamespace(perf_counter=perf_counter))
    seen = Game(players=2, seed=4).observation()
    at_once = search_module.search(seen, seconds=0.25)
    steps = search_module.searching(seen, seconds=0.25)
    try:
        while True:
            next(steps)
            clock.now += 4.0  # the learner thinks, the computer plays: not the search's time
    except StopIteration as done:
        stepped = done.value
    assert sum(v.visits for v in at_once) > 2 * len(at_once)  # the clock allowed a search
    assert [(v.move, v.value, v.visits) for v in stepped] == \
        [(v.move, v.value, v.visits) for v in at_once]


def test_the_coach_search_in_steps_returns_the_coach_search_at_once_and_keeps_it():
    seen = Game(players=2, seed=4).observation()
    coach.forget()
    steps = coach.coach_values_steps(seen, iterations=120)
    count = 0
    try:
        while True:
            next(steps)
            count += 1
    except StopIteration as done:
        stepped = done.value
    assert count >= 120
    kept = coach.coach_values(seen, iterations=120)
    assert kept is stepped  # kept: the hints (and the review at once) reuse it
    coach.forget()
    at_once = coach.coach_values(seen, iterations=120)
    assert [(v.move, v.value, v.visits) for v in at_once] == \
        [(v.move, v.value, v.visits) for v in stepped]
    assert run(coach.coach_values_steps(seen, iterations=120)) is at_once  # kept, no search


def _count_steps(turn) -> int:
    steps = reviewing(turn, iterations=60)
    count = 0
    with pytest.raises(StopIteration):
        while True:
            next(steps)
            count += 1
    return count


def test_the_review_in_steps_reuses_the_search_a_hint_ran():
    game = _round(6)
    coach.forget()
    for turn in learner_turns(game, 1, 1):
        if len(turn.observation.legal_moves()) == 1 or turn.observation.stock_size == 0:
            continue
        first = hints(turn.observation)[0]  # the learner asked for a hint here
        if review_turn(turn, iterations=60).mark is None:
            break
    else:
        pytest.fail("no unmarked move with a choice early in the round")
    assert _count_steps(turn) == 0  # the hint's search, kept: reviewed at once
    coach.forget()
    assert _count_steps(turn) >= DEFAULT_ITERATIONS  # without it: the coach's search, in steps
    assert hints(turn.observation)[0] == first  # and kept again for the hints


def test_a_review_in_steps_yields_between_search_iterations():
    game = _round(6)
    turn = next(t for t in learner_turns(game, 1, 1) if len(t.observation.legal_moves()) > 1)
    coach.forget()
    steps = reviewing(turn, iterations=60)
    count = 0
    with pytest.raises(StopIteration):
        while True:
            next(steps)
            count += 1
    assert count >= 60


def test_a_review_that_fails_stops_the_queue_with_the_reason():
    game = _round(6)
    turns = learner_turns(game, 1, 1)

    def broken(observation, **_):
        raise RuntimeError("the evaluator broke")

    queue = ReviewQueue(evaluate=broken)
    for turn in turns:
        queue.add(turn)
    queue.finish([t.number for t in turns])
    assert queue.error == "RuntimeError: the evaluator broke"
    assert not queue.busy and queue.pending([t.number for t in turns])
    queue.reset()
    assert queue.error == "" and queue.pending() == []
