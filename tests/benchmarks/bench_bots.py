"""Benchmark of the expert computer player (a standalone script, not a pytest test).

    .venv/bin/python tests/benchmarks/bench_bots.py [--matches 400] [--workers 2]
        [--iterations N] [--only expert-greedy,...] [--profile-moves 60]

Matches to 21 (K3), two players, seeded (match i uses the seed "bots-i"), seats alternated
(the player under test sits in seat 1 in even matches, seat 2 in odd ones). Prints, each with
the machine's load (`uptime`) since the machine is shared:

1. win rates with 95% Wilson intervals (draws cannot happen in a match to 21):
   expert v greedy (target >= 75%), expert v strong (>= 60%), the cheating expert (the same
   search seeing every hand and the stock) v greedy, an upper bound, and the player who always
   takes the first hint v greedy (>= 70%); the levels a learner chooses (random, greedy,
   strong) v greedy, for the README; also the mean round-point lead per round;
2. the expert's time per move in its games against greedy: median (target <= 150 ms) and 99th
   percentile (<= 1 s), at the budget the game uses;
3. the search's iterations a second and the share of its time spent in `cassino_learn/core`
   (cProfile, over `--profile-moves` positions from real games).
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import pstats
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cassino_learn import Game  # noqa: E402
from cassino_learn.game.bots import GreedyPlayer, RandomPlayer, StrongPlayer  # noqa: E402
from cassino_learn.game.expert import CheatingExpert, ExpertPlayer  # noqa: E402
from cassino_learn.game.hints import hints  # noqa: E402
from cassino_learn.game.search import DEFAULT_ITERATIONS, search  # noqa: E402

MATCHUPS = {
    # the levels a learner chooses (game/levels.py) against greedy: Beginner, Casual, Club
    # player; Expert is expert-greedy
    "random-greedy": ("random", "greedy"),
    "greedy-greedy": ("greedy", "greedy"),
    "strong-greedy": ("strong", "greedy"),
    "expert-greedy": ("expert", "greedy"),
    "expert-strong": ("expert", "strong"),
    "cheating-greedy": ("cheating", "greedy"),
    "hint-greedy": ("hint", "greedy"),
}
TARGETS = {"expert-greedy": 0.75, "expert-strong": 0.60, "hint-greedy": 0.70}


class FirstHintPlayer:
    """Always plays the first hint (what a learner who trusts the Hint button does)."""

    name = "first-hint"

    def choose(self, observation):
        return hints(observation, limit=1)[0].move


def load() -> str:
    return os.getloadavg().__repr__() if hasattr(os, "getloadavg") else "?"


def _make(kind: str, game: Game, iterations: int):
    if kind == "expert":
        return ExpertPlayer(iterations=iterations)
    if kind == "cheating":
        return CheatingExpert(game, iterations=iterations)
    if kind == "hint":
        return FirstHintPlayer()
    if kind == "strong":
        return StrongPlayer()
    if kind == "random":
        return RandomPlayer(seed=f"{game.seed}|random")
    return GreedyPlayer()


def play_match(args: tuple[str, str, int, int]) -> dict:
    """One match to 21; the tested player sits in seat 1 in even matches, seat 2 in odd."""
    tested, other, index, iterations = args
    game = Game(players=2, seed=f"bots-{index}")
    seat = 1 if index % 2 == 0 else 2
    players = {seat: _make(tested, game, iterations), 3 - seat: _make(other, game, iterations)}
    times: list[float] = []
    while not game.over:
        turn = game.turn
        observation = game.observation(turn)
        start = time.perf_counter()
        move = players[turn].choose(observation)
        if turn == seat:
            times.append(time.perf_counter() - start)
        game.play(move)
    leads = [r.points[seat] - r.points[3 - seat] for r in game.rounds]
    return {"win": game.winner == seat, "leads": leads, "times": times}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run_matchup(name: str, matches: int, workers: int, iterations: int) -> dict:
    tested, other = MATCHUPS[name]
    jobs = [(tested, other, i, iterations) for i in range(matches)]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, result in enumerate(pool.map(play_match, jobs, chunksize=1), 1):
            results.append(result)
            if done % max(1, matches // 10) == 0:
                print(f"  {name}: {done}/{matches} matches, {time.perf_counter() - start:.0f}s, "
                      f"load {load()}", file=sys.stderr, flush=True)
    wins = sum(r["win"] for r in results)
    low, high = wilson(wins, matches)
    leads = [lead for r in results for lead in r["leads"]]
    half = 1.96 * statistics.stdev(leads) / math.sqrt(len(leads)) if len(leads) > 1 else 0.0
    times = sorted(t for r in results for t in r["times"])
    return {"wins": wins, "matches": matches, "rate": wins / matches, "low": low, "high": high,
            "lead": statistics.fmean(leads), "lead_half": half, "rounds": len(leads),
            "times": times, "seconds": time.perf_counter() - start}


def percentile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def profile(moves: int, iterations: int) -> None:
    """Iterations a second and the core's share of the search's time, on positions of real
    games (expert v greedy), skipping forced moves and exact endgames."""
    observations = []
    index = 0
    greedy = GreedyPlayer()
    while len(observations) < moves:
        game = Game(players=2, seed=f"profile-{index}")
        index += 1
        while not game.over and len(observations) < moves:
            observation = game.observation()
            if game.turn == 1 and observation.stock_size > 0 and len(game.legal_moves()) > 1:
                observations.append(observation)
            game.play(greedy.choose(observation))
    start = time.perf_counter()
    for observation in observations:
        search(observation, iterations=iterations)
    plain = time.perf_counter() - start
    print(f"iterations a second: {moves * iterations / plain:.0f} "
          f"({moves} positions x {iterations} iterations in {plain:.1f}s; load {load()})")
    profiler = cProfile.Profile()
    profiler.enable()
    for observation in observations:
        search(observation, iterations=iterations)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    by_area: dict[str, float] = {}
    for (filename, _, _), row in stats.stats.items():  # type: ignore[attr-defined]
        path = filename.replace("\\", "/")
        area = ("cassino_learn/core/" + Path(path).name if "cassino_learn/core/" in path
                else "cassino_learn/game/" + Path(path).name if "cassino_learn/game/" in path
                else "other (builtins, library)")
        by_area[area] = by_area.get(area, 0.0) + row[2]
    core = sum(v for k, v in by_area.items() if k.startswith("cassino_learn/core/"))
    print(f"share of the search's time in cassino_learn/core: {100 * core / total:.0f}% "
          f"(cProfile own time; under the profiler)")
    for area, seconds in sorted(by_area.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {area:<40}{100 * seconds / total:5.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches per match-up")
    parser.add_argument("--workers", type=int, default=2, help="processes (at most 2)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS,
                        help=f"the expert's iterations a move (default {DEFAULT_ITERATIONS}, "
                             "the game's budget)")
    parser.add_argument("--only", default=",".join(MATCHUPS),
                        help=f"match-ups, comma-separated: {', '.join(MATCHUPS)}")
    parser.add_argument("--profile-moves", type=int, default=60,
                        help="positions for the iterations/s and profile figures (0: skip)")
    args = parser.parse_args()
    workers = max(1, min(2, args.workers))
    names = [n for n in args.only.split(",") if n]
    for name in names:
        if name not in MATCHUPS:
            parser.error(f"unknown match-up {name!r} (known: {', '.join(MATCHUPS)})")
    print(f"== Matches to 21, 2 players, seats alternated, {args.matches} per match-up, "
          f"expert iterations {args.iterations}, {workers} processes; load at start {load()}")
    for name in names:
        r = run_matchup(name, args.matches, workers, args.iterations)
        target = TARGETS.get(name)
        verdict = "" if target is None else (f"  target >= {100 * target:.0f}%: "
                                             + ("met" if r["low"] >= target else
                                                "rate above" if r["rate"] >= target else "not met"))
        print(f"{name:<16} {r['wins']}/{r['matches']} = {100 * r['rate']:.1f}% "
              f"[95% {100 * r['low']:.1f}, {100 * r['high']:.1f}]; lead "
              f"{r['lead']:+.2f} [{r['lead'] - r['lead_half']:+.2f}, "
              f"{r['lead'] + r['lead_half']:+.2f}] points a round over {r['rounds']} rounds; "
              f"{r['seconds']:.0f}s; load {load()}{verdict}", flush=True)
        if name in ("expert-greedy", "hint-greedy") and r["times"]:
            t = r["times"]
            print(f"  {'expert' if name == 'expert-greedy' else 'first hint'} time a move: "
                  f"median {1000 * statistics.median(t):.0f} ms, 99th percentile "
                  f"{1000 * percentile(t, 0.99):.0f} ms, max {1000 * t[-1]:.0f} ms over "
                  f"{len(t)} moves ({workers} processes; load {load()})", flush=True)
    if args.profile_moves:
        print(f"\n== Search speed (iterations {args.iterations})")
        profile(args.profile_moves, args.iterations)


if __name__ == "__main__":
    main()
