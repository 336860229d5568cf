"""Benchmark: legal-move generation (issue 2). Run: .venv/bin/python tests/benchmarks/bench_movegen.py [--cpu]

Prints, for each named position of tests/data/bench_positions.txt, its move count and the median time
of `legal_moves`; the median over 1,000 seeded random positions; and `import cassino_learn` time.
Then the same positions under Royal Casino (`rules: values=royal`, V7), and `uptime`'s load.
Medians of repeated runs, since the machine is shared and noisy.

The generator remembers what it worked out for a table (see `movegen.clear_caches`), so calling it
again on the same position is a repeat a search makes often but a first look never does: the
"cold us" column clears those memories before every call, which is what a position never seen
before costs. Last, a search's own work: a StrongPlayer's rollouts of a seeded game (positions
of real play, every move generated and played), per position and as a share of the time.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from cassino_learn import Game, Position, Rules, legal_moves
from cassino_learn.core import movegen
from cassino_learn.teaching.sampling import random_position

ROOT = Path(__file__).resolve().parents[2]
BENCH_FILE = ROOT / "tests" / "data" / "bench_positions.txt"
clock = time.perf_counter  # --cpu: time.process_time
TARGETS_US = {"opening": 20, "build8": 30, "pagat-a23568": 45, "crowded10": 500,
              "crowded15": 10_000}


def named_positions() -> list[tuple[str, Position]]:
    result = []
    for line in BENCH_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, text = line.split(None, 1)
            result.append((name, Position.parse(text)))
    return result


def clear_caches() -> None:
    """Forget what the generator remembers between calls (nothing to do in versions without)."""
    clear = getattr(movegen, "clear_caches", None)
    if clear is not None:
        clear()


def cold_legal_moves(position: Position) -> list:
    clear_caches()
    return legal_moves(position)


def median_time(function, argument, repeats: int = 15, min_seconds: float = 0.05) -> float:
    """Median seconds per call over `repeats` batches, each long enough to time reliably."""
    calls = 1
    while True:
        start = clock()
        for _ in range(calls):
            function(argument)
        if clock() - start >= min_seconds / 5:
            break
        calls *= 2
    samples = []
    for _ in range(repeats):
        start = clock()
        for _ in range(calls):
            function(argument)
        samples.append((clock() - start) / calls)
    return statistics.median(samples)


def report(rules: Rules | None) -> None:
    """The named positions and 1,000 random positions (under `rules` when given)."""
    print(f"{'position':<14} {'moves':>6} {'median us':>10} {'cold us':>10} {'target us':>10}")
    for name, position in named_positions():
        if rules is not None:
            position = Position.parse(f"{position.one_line()}; rules: {rules}")
        count = len(legal_moves(position))
        seconds = median_time(legal_moves, position)
        cold = median_time(cold_legal_moves, position)
        target = TARGETS_US.get(name, "") if rules is None else ""
        print(f"{name:<14} {count:>6} {seconds * 1e6:>10.1f} {cold * 1e6:>10.1f} {target:>10}")

    rng = random.Random(2026)
    positions = [random_position(rng, players=rng.choice((2, 2, 3, 4)), rules=rules)
                 for _ in range(1000)]
    for label, function in (("", legal_moves), (" cold", cold_legal_moves)):
        per_position = []
        for _ in range(7):
            clear_caches()
            start = clock()
            total = sum(len(function(p)) for p in positions)
            per_position.append((clock() - start) / len(positions))
        print(f"1,000 random positions{label}: {total} moves, median "
              f"{statistics.median(per_position) * 1e6:.1f} us per position "
              f"({statistics.median(per_position) * 1e6 / (total / 1000):.2f} us per move)")


def rollout_positions(seed: int = 11, moves: int = 40, samples: int = 8) -> list[Position]:
    """Positions a StrongPlayer's rollouts meet in the first `moves` moves of a seeded game
    (two players, StrongPlayer against GreedyPlayer)."""
    from cassino_learn.game import bots

    seen: list[Position] = []
    real = bots.legal_moves

    def spy(position: Position) -> list:
        seen.append(position)
        return real(position)

    game = Game(players=2, seed=seed)
    players = {1: bots.StrongPlayer(samples=samples, seed=seed), 2: bots.GreedyPlayer()}
    bots.legal_moves = spy
    try:
        for _ in range(moves):
            seat = game.turn
            game.play(players[seat].choose(game.observation(seat)))
    finally:
        bots.legal_moves = real
    return seen


def search_work() -> None:
    """What a search does with the core: every move of a position listed, then each played.
    Timed on the positions of a StrongPlayer's rollouts, with the generator's memories kept
    (they fill during the first pass, as in a real search) and cleared before each position."""
    positions = rollout_positions()
    moves = sum(len(legal_moves(p)) for p in positions)

    def work(cold: bool) -> float:
        start = clock()
        for position in positions:
            if cold:
                clear_caches()
            for move in legal_moves(position):
                movegen.apply_move(position, move)
        return (clock() - start) / len(positions)

    for label, cold in (("", False), (" cold", True)):
        clear_caches()
        per_position = statistics.median(work(cold) for _ in range(5))
        print(f"rollout positions{label}: {len(positions)} positions, {moves} moves, "
              f"list + play all: median {per_position * 1e6:.1f} us per position")


def main() -> None:
    global clock
    if "--cpu" in sys.argv[1:]:
        clock = time.process_time
        print("clock: CPU time of this process (--cpu)")
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    report(None)

    imports = []
    for _ in range(7):
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import cassino_learn"],
                             capture_output=True, text=True, check=True).stderr
        last = [line for line in out.splitlines() if line.rstrip().endswith("cassino_learn")][-1]
        imports.append(int(last.split("|")[1]) / 1000)
    loaded = subprocess.run([sys.executable, "-c", "import sys, cassino_learn; print(sorted(m for m in "
                             "sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython', "
                             "'anywidget', 'jupyter_client', 'traitlets')))"],
                            capture_output=True, text=True, check=True).stdout.strip()
    print(f"import cassino_learn: median {statistics.median(imports):.1f} ms (cumulative); "
          f"Jupyter modules loaded: {loaded}")

    print("\nRoyal Casino (rules: values=royal):")
    report(Rules(values="royal"))
    print()
    search_work()
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
