"""Benchmark: checking one move on the worst tables a deck allows (issue 13).
Run: .venv/bin/python tests/benchmarks/bench_check_move.py [--royal]

For each huge table it prints the number of legal moves (counted, never listed), then the
median time of `Position.parse_move` (reading, deciding legality directly and explaining a
refusal) over a fixed set of legal and illegal attempts plus seeded random ones: the median
and the worst attempt. The goal is under 10 ms for every attempt. Then the time to count and to
show the first moves, the card table's hints (`extensions`), and `Position.parse` on ever longer
text (it should grow linearly). With --royal, the same tables under Royal Casino (`rules:
values=royal`, V7). Medians of repeated runs; quote them with `uptime`.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from itertools import islice

from cassino_learn import IllegalMove, MoveSyntaxError, Position, PositionError
from cassino_learn.core.cards import FULL_DECK
from cassino_learn.core.movegen import _count_moves, extensions, _iter_moves

SMALL = " ".join(str(c) for c in FULL_DECK if c.value is not None and c.value <= 5)
TABLES = {
    # the table: 20 small cards, 1,090,781 legal moves
    "million": f"table: {SMALL}; hand: 10S 9H 8S 7S",
    # every numeral card below 10 loose, the four tens in hand
    "everything": "table: " + " ".join(str(c) for c in FULL_DECK if c.value is not None
                                       and c.value < 10) + "; hand: 10S 10H 10D 10C",
    # 24 loose cards and four builds
    "crowded": ("table: AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D "
                "6C [7@2: 7S | 7H] [8: 8S | 8H] [9@2: 9S | 9H] [10: 10S | 10H]; "
                "hand: 10D 9D 8D 7D"),
    # eight builds of 10 to gather (2^8 ways) and the small cards around them
    "builds-of-ten": ("table: AS AH 2S 2H 3S 3H 4S 4H 5S 5H [10@2: 9S AD] [10@2: 9H AC] "
                      "[10: 8S 2D] [10: 8H 2C] [10@2: 7S 3D] [10: 7H 3C] [10@2: 6S 4D] "
                      "[10: 6H 4C]; hand: 10S 10H 5D 5C"),
    # partnership: the mover owns a build without holding its value (O1 must search)
    "partners-owner": (f"table: {SMALL} [9@1: 9S | 9H | 9D]; hand: 10S 8H 7S 6D; "
                       "players: 4; partners: yes"),
}
FIXED = ["trail {h0}", "trail {h3}", "{h0} take {all}", "{h3} take {all}", "{h0} take AS 4S",
         "{h0} take AS 4S 3C", "{h0} build 11 AS", "{h3} build 10 AS", "{h3} take AS",
         "{h0} take 9C 9D 9H 9S", "{h1} build 10 " + " ".join(["AS"] * 1), "KD take AS",
         "{h0} take AS+AH+AD+AC+2S+2H+2D", "{h2} build 9 AS AH"]


def attempts(position: Position, rng: random.Random, count: int = 150) -> list[str]:
    hand = [str(c) for c in position.hand]
    table = sorted(position.table_cards)
    loose = " ".join(str(c) for c in position.loose if c.value is not None)
    fixed = [t.format(h0=hand[0], h1=hand[1], h2=hand[2], h3=hand[3], all=loose) for t in FIXED]
    made = []
    for _ in range(count):
        card = rng.choice(hand)
        taken = " ".join(str(c) for c in rng.sample(table, rng.randint(0, min(12, len(table)))))
        kind = rng.choice(["take", "build", "trail"])
        if kind == "build":
            made.append(f"{card} build {rng.randint(1, 10)} {taken}")
        elif kind == "take":
            made.append(f"{card} take {taken}")
        else:
            made.append(f"trail {card}")
    return fixed + made + [str(m) for m in islice(_iter_moves(position), 20)]


def median_ms(function, repeats: int = 7) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def check(position: Position, text: str) -> str:
    try:
        position.parse_move(text)
        return "legal"
    except IllegalMove:
        return "illegal"
    except MoveSyntaxError:
        return "unreadable"


def main() -> None:
    royal = "--royal" in sys.argv[1:]  # the same tables under Royal Casino (V7)
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), cores: {os.cpu_count()}"
          + ("; rules: values=royal" if royal else ""))
    rng = random.Random(13)
    print(f"{'table':<15} {'moves':>12} {'count ms':>9} {'first 20 ms':>12} {'tries':>6} "
          f"{'legal':>6} {'median ms':>10} {'worst ms':>9}  worst attempt")
    worst_overall = 0.0
    for name, text in TABLES.items():
        position = Position.parse(f"{text}; rules: values=royal" if royal else text)
        moves = _count_moves(position, limit=10_000_000)
        shown = f">{10_000_000:,}" if moves > 10_000_000 else f"{moves:,}"
        count_ms = median_ms(lambda: _count_moves(position, limit=1_000_000), repeats=3)
        first_ms = median_ms(lambda: list(islice(_iter_moves(position), 20)))
        tries = attempts(position, rng)
        times = []
        legal = 0
        for attempt in tries:
            legal += check(position, attempt) == "legal"
            times.append((median_ms(lambda: check(position, attempt)), attempt))
        worst = max(times)
        worst_overall = max(worst_overall, worst[0])
        print(f"{name:<15} {shown:>12} {count_ms:>9.1f} {first_ms:>12.2f} {len(tries):>6} "
              f"{legal:>6} {statistics.median(t for t, _ in times):>10.3f} {worst[0]:>9.3f}  "
              f"{worst[1][:60]}")
        hints = [median_ms(lambda: extensions(position, card, frozenset()), repeats=3)
                 for card in position.hand]
        print(f"{'':<15} card table hints (extensions) per hand card: "
              + ", ".join(f"{ms:.1f}" for ms in hints) + " ms")
    print(f"worst attempt on any table: {worst_overall:.3f} ms (goal: under 10 ms)")

    print("Position.parse of one long build (linear if the time doubles with the length):")
    for size in (48_000, 96_000, 192_000, 384_000):
        body = " ".join(["AS"] * (size // 3))

        def parse() -> None:
            try:
                Position.parse(f"table: [5@2: {body}]; hand: 3D")
            except PositionError:
                pass

        print(f"  {size:>7,} characters: {median_ms(parse, repeats=5):8.1f} ms")


if __name__ == "__main__":
    main()
