"""Benchmark of the card table's Python side: what a learner waits for after a click.

Measures, and prints medians (and the machine load) of:
1. a selection update on a CardTable (the usable cards and the offered actions);
2. a learner's move in the game (GameWidget): the move, the computer's answer, the table
   redrawn with the last moves marked and listed (target: median well under 100 ms).

Run: ./run bench  (or .venv/bin/python tests/benchmarks/bench_table.py [--games N])
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cassino_learn.game.bots import make_player  # noqa: E402
from cassino_learn.ui import CardTable  # noqa: E402
from cassino_learn.ui.game import GameWidget  # noqa: E402

TABLE = "table: 5D 2C KH 9D [8@2: 5H 3S] [9@1: 4C 5S | 9H]; hand: 7S 3D 9S 8C; hand 2: 4H 6H 8D"


def selection_times(rounds: int) -> list[float]:
    table = CardTable(TABLE, four_color=False, card_size="normal")
    times = []
    for _ in range(rounds):
        for chosen in (("7S",), ("7S", "2C"), ("7S", "2C", "5D"), ("9S",), ("8C",)):
            start = time.perf_counter()
            table.set_state({"selected_card": chosen[0], "selected_table": list(chosen[1:])})
            times.append(time.perf_counter() - start)
    return times


def game_move_times(games: int) -> list[float]:
    learner = make_player("greedy")
    times = []
    for seed in range(games):
        widget = GameWidget(seed=seed)
        while not widget.game.over:
            move = str(learner.choose(widget.game.observation()))
            start = time.perf_counter()
            widget.table.play(move)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=40)
    options, _ = parser.parse_known_args()  # ./run bench passes the same options to every benchmark
    load = os.getloadavg()
    print(f"machine load (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"on {os.cpu_count()} cores")
    picks = selection_times(options.rounds)
    print(f"selection update: median {statistics.median(picks) * 1000:.1f} ms "
          f"(n={len(picks)}, max {max(picks) * 1000:.1f} ms)")
    moves = game_move_times(options.games)
    print(f"game move + computer's answer + redraw: median "
          f"{statistics.median(moves) * 1000:.1f} ms (n={len(moves)}, "
          f"90th percentile {statistics.quantiles(moves, n=10)[-1] * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
