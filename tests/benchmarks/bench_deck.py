"""Benchmark: judging an answer to a deck's move card (issue 46).
Run: .venv-test/bin/python tests/benchmarks/bench_deck.py [--games 4] [--answers 6]

Seeded positions: round 1 of `--games` seeded two-player games in which seat 1 plays at random
(seat 2 greedily); the review (confirming looks of 300 iterations) marks seat 1's mistakes and
blunders, and each becomes a card (`learner.deck.making.card_of`). Each card is then answered
as a learner would: the move played in the game, the better move, and up to `--answers` other
legal moves, in a seeded order, with `learner.deck.judging.judge` at its own budget.

Each card is judged twice over: first by the search, as a card without its verdicts is (the
coach's search forgotten, as in a kernel that did not play the game); then its verdicts are
worked out (`deck.verdicts.verdicts_of`, what runs in the background as the review starts) and
the same answers are looked up in them, and each verdict must be the search's.

Printed: the number of cards and answers; the time of one judgement by the search, median and
p99 (and the worst), for every answer, for a card's first answer and for the rest; the time to
work out a card's verdicts; the time of one judgement looked up; how many answers were judged
right. Quote it with the load average printed at the end (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from cassino_learn import Game
from cassino_learn.game import coach
from cassino_learn.game.bots import make_player
from cassino_learn.game.review import learner_turns, review_turn
from dataclasses import replace

from cassino_learn.learner.deck.judging import JUDGE_ITERATIONS, judge, observation_of
from cassino_learn.learner.deck.verdicts import forget, verdicts_of
from cassino_learn.learner.deck.making import card_of

SEEDS = (31, 32, 33, 34, 35, 36, 37, 38)


def seeded_cards(games: int) -> list:
    """The cards of the marked moves of round 1 of each seeded game."""
    cards = []
    for seed in SEEDS[:games]:
        game = Game(players=2, seed=seed)
        rng = random.Random(seed)
        greedy = make_player("greedy")
        while not game.rounds:
            if game.turn != 1:
                game.play(greedy.choose(game.observation()))
            else:
                game.play(str(rng.choice(game.legal_moves())))
        for turn in learner_turns(game, 1, 1):
            reviewed = review_turn(turn, iterations=300)
            if reviewed.mark in ("mistake", "blunder"):
                cards.append(card_of(reviewed))
    return cards


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def line(name: str, values: list[float], unit: str = "answers") -> str:
    if not values:
        return f"{name}: none"
    return (f"{name}: {len(values)} {unit}, median {statistics.median(values):.4f} s, "
            f"p99 {percentile(values, 0.99):.4f} s, worst {max(values):.4f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--answers", type=int, default=6, help="other legal moves a card")
    options = parser.parse_args()
    started = time.perf_counter()
    cards = seeded_cards(options.games)
    print(f"{len(cards)} cards from {options.games} seeded games "
          f"({time.perf_counter() - started:.0f} s to play and review them); "
          f"judge budget {JUDGE_ITERATIONS} iterations a look")
    first, rest, right, working, looked, same = [], [], 0, [], [], 0
    for number, card in enumerate(cards):
        puzzle = card.puzzle
        others = [str(m) for m in observation_of(puzzle).legal_moves()
                  if str(m) not in (puzzle.played, puzzle.better)]
        random.Random(number).shuffle(others)
        answers = [puzzle.played, puzzle.better, *others[:options.answers]]
        coach.forget()  # as in a kernel that did not play the game
        forget()
        searched = []
        for index, answer in enumerate(answers):
            begin = time.perf_counter()
            judged = judge(puzzle, answer)
            (first if index == 0 else rest).append(time.perf_counter() - begin)
            right += judged.right
            searched.append((judged.right, round(judged.loss, 3)))
        coach.forget()
        forget()
        begin = time.perf_counter()
        with_verdicts = replace(puzzle, verdicts=verdicts_of(puzzle))
        working.append(time.perf_counter() - begin)
        forget()  # only the card's own verdicts
        for answer, (was_right, loss) in zip(answers, searched):
            begin = time.perf_counter()
            judged = judge(with_verdicts, answer)
            looked.append(time.perf_counter() - begin)
            same += (judged.right, judged.loss) == (was_right, loss)
    print("judged by the search (a card without its verdicts):")
    print("  " + line("every answer", first + rest))
    print("  " + line("a card's first answer", first))
    print("  " + line("later answers", rest))
    print(f"  {right} of {len(first) + len(rest)} answers judged right")
    print(line("working out a card's verdicts (in the background)", working, "cards"))
    print(line("judged from the card's verdicts", looked))
    print(f"{same} of {len(looked)} verdicts looked up are the search's")
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f}, "
          f"{os.cpu_count()} cores")


if __name__ == "__main__":
    main()
