"""Benchmark: legal-move generation (issue 2). Run: .venv/bin/python tests/benchmarks/bench_movegen.py

Prints, for each named position of shared/bench/positions.txt, its move count and the median time
of `legal_moves`; the median over 1,000 seeded random positions; and `import cassino_learn` time.
Then the same positions under Royal Casino (`rules: values=royal`, V7), and `uptime`'s load.
Medians of repeated runs, since the machine is shared and noisy.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from cassino_learn import Position, Rules, legal_moves
from cassino_learn.teaching.sampling import random_position

ROOT = Path(__file__).resolve().parents[2]
BENCH_FILES = [ROOT.parent / "shared" / "bench" / "positions.txt",
               ROOT / "tests" / "data" / "bench_positions.txt"]
TARGETS_US = {"opening": 20, "build8": 30, "pagat-a23568": 45, "crowded10": 500,
              "crowded15": 10_000}


def named_positions() -> list[tuple[str, Position]]:
    path = next(p for p in BENCH_FILES if p.exists())
    result = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, text = line.split(None, 1)
            result.append((name, Position.parse(text)))
    return result


def median_time(function, argument, repeats: int = 15, min_seconds: float = 0.05) -> float:
    """Median seconds per call over `repeats` batches, each long enough to time reliably."""
    calls = 1
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            function(argument)
        if time.perf_counter() - start >= min_seconds / 5:
            break
        calls *= 2
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            function(argument)
        samples.append((time.perf_counter() - start) / calls)
    return statistics.median(samples)


def report(rules: Rules | None) -> None:
    """The named positions and 1,000 random positions (under `rules` when given)."""
    print(f"{'position':<14} {'moves':>6} {'median us':>10} {'target us':>10}")
    for name, position in named_positions():
        if rules is not None:
            position = Position.parse(f"{position.one_line()}; rules: {rules}")
        count = len(legal_moves(position))
        seconds = median_time(legal_moves, position)
        target = TARGETS_US.get(name, "") if rules is None else ""
        print(f"{name:<14} {count:>6} {seconds * 1e6:>10.1f} {target:>10}")

    rng = random.Random(2026)
    positions = [random_position(rng, players=rng.choice((2, 2, 3, 4)), rules=rules)
                 for _ in range(1000)]
    per_position = []
    for _ in range(7):
        start = time.perf_counter()
        total = sum(len(legal_moves(p)) for p in positions)
        per_position.append((time.perf_counter() - start) / len(positions))
    print(f"1,000 random positions: {total} moves, median {statistics.median(per_position) * 1e6:.1f} "
          f"us per position ({statistics.median(per_position) * 1e6 / (total / 1000):.2f} us per move)")


def main() -> None:
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
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
