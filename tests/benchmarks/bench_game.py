"""Benchmark of the game loop and the computer players (a standalone script, not a pytest test).

    .venv/bin/python tests/benchmarks/bench_game.py [--rounds 1000] [--samples N] [--quick]

Prints:
1. complete random 2-player rounds per second (pure Python, the Game loop), median of runs;
2. the strong player's time per move (median, 90th percentile, max);
3. win rates over seeded single rounds with seats swapped (each seed is played twice, each
   player sitting once in each seat), with 95% confidence intervals: strong v greedy and
   greedy v random. A draw counts half.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cassino_learn import Game, Rules  # noqa: E402
from cassino_learn.game.bots import GreedyPlayer, RandomPlayer, StrongPlayer  # noqa: E402

ONE_ROUND = Rules(game="round")


def random_rounds_per_second(rounds: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(rounds):
        game = Game(players=2, seed=f"speed-{seed}-{i}", rules=ONE_ROUND)
        while not game.over:
            game.play(rng.choice(game.legal_moves()))
    return rounds / (time.perf_counter() - start)


def strong_move_times(player: StrongPlayer, rounds: int) -> list[float]:
    times = []
    greedy = GreedyPlayer()
    for i in range(rounds):
        game = Game(players=2, seed=f"timing-{i}", rules=ONE_ROUND)
        while not game.over:
            seat = game.turn
            obs = game.observation(seat)
            if seat == 1:
                start = time.perf_counter()
                move = player.choose(obs)
                times.append(time.perf_counter() - start)
            else:
                move = greedy.choose(obs)
            game.play(move)
    return times


def match_up(first, second, seeds: int, label: str) -> dict:
    """Play `seeds` deals twice (seats swapped); scores from `first`'s point of view."""
    results: list[float] = []
    margins: list[int] = []
    start = time.perf_counter()
    for i in range(seeds):
        for first_seat in (1, 2):
            game = Game(players=2, seed=f"bench-{i}", rules=ONE_ROUND)
            seats = {first_seat: first, 3 - first_seat: second}
            while not game.over:
                seat = game.turn
                game.play(seats[seat].choose(game.observation(seat)))
            margins.append(game.scores[first_seat] - game.scores[3 - first_seat])
            results.append(0.5 if game.winner is None
                           else 1.0 if game.winner == first_seat else 0.0)
        if (i + 1) % max(1, seeds // 10) == 0:
            print(f"  {label}: {2 * (i + 1)} rounds, {time.perf_counter() - start:.0f}s",
                  file=sys.stderr, flush=True)
    return summarize(results, margins)


def mean_ci(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def wilson_ci(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate (draws count half): unlike mean +- 1.96 sd it stays
    within 0..1 and stays honest near 0% or 100%."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def summarize(results: list[float], margins: list[int]) -> dict:
    rate = statistics.fmean(results)
    low, high = wilson_ci(sum(results), len(results))
    margin, margin_half = mean_ci([float(m) for m in margins])
    return {"rounds": len(results), "wins": results.count(1.0), "draws": results.count(0.5),
            "losses": results.count(0.0), "rate": rate, "rate_low": low, "rate_high": high,
            "margin": margin, "margin_half": margin_half}


def print_table(rows: list[tuple[str, dict]]) -> None:
    print(f"{'match-up':<22}{'rounds':>7}{'W':>6}{'D':>5}{'L':>6}"
          f"{'win rate (95% CI)':>26}{'points/round (95% CI)':>28}")
    for label, r in rows:
        low, high = r["rate_low"], r["rate_high"]
        ci = f"{100 * r['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        m_ci = (f"{r['margin']:+.2f} [{r['margin'] - r['margin_half']:+.2f}, "
                f"{r['margin'] + r['margin_half']:+.2f}]")
        print(f"{label:<22}{r['rounds']:>7}{r['wins']:>6}{r['draws']:>5}{r['losses']:>6}"
              f"{ci:>26}{m_ci:>28}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000,
                        help="rounds per match-up (seeds x 2 seat orders; default 1000)")
    parser.add_argument("--samples", type=int, default=None,
                        help="the strong player's samples in the match-ups (default: its own)")
    parser.add_argument("--quick", action="store_true", help="small numbers, for a smoke run")
    args = parser.parse_args()
    rounds = 40 if args.quick else args.rounds
    seeds = max(1, rounds // 2)

    print("== Game loop: complete random 2-player rounds (Game.play, pure Python)")
    runs = [random_rounds_per_second(60 if args.quick else 300, seed) for seed in range(5)]
    print(f"rounds/s: median {statistics.median(runs):.0f} "
          f"(runs: {', '.join(f'{r:.0f}' for r in runs)}; target >= 300)")

    strong = StrongPlayer()
    print(f"\n== Strong player (samples={strong.samples}, candidates={strong.candidates}, "
          f"greedy_plies={strong.greedy_plies}, "
          f"horizon={strong.horizon}): time per move against greedy")
    times = sorted(strong_move_times(strong, 3 if args.quick else 20))
    print(f"moves timed: {len(times)}; median {1000 * statistics.median(times):.1f} ms, "
          f"90th percentile {1000 * times[int(0.9 * (len(times) - 1))]:.1f} ms, "
          f"max {1000 * times[-1]:.1f} ms (target < 1000 ms)")

    match_strong = strong if args.samples is None else StrongPlayer(samples=args.samples)
    print(f"\n== Win rates: single rounds (Rules(game='round')), {2 * seeds} rounds per "
          f"match-up, seats swapped; strong samples={match_strong.samples}")
    rows = [
        ("strong v greedy", match_up(match_strong, GreedyPlayer(), seeds, "strong v greedy")),
        ("greedy v random", match_up(GreedyPlayer(), RandomPlayer(seed=1), seeds,
                                     "greedy v random")),
    ]
    print_table(rows)


if __name__ == "__main__":
    main()
