"""The legal moves, and the positions they lead to, pinned by a digest: a change to the core's
shape (moving code between modules) must leave what it answers unchanged.

The digest covers the benchmark positions (tests/data/bench_positions.txt) and 10,000 seeded
random positions of each value system (`random_positions.py`, which also draws the other
variants: three-take-all, Spade and Draw Casino, sweeps off, partnerships). For each position it
hashes the canonical text, every legal move's canonical text in the generator's order, and the
canonical text of the position each move leads to. A deliberate change of the rules' answers
updates tests/data/movegen_digest.txt by running this file with `--update-digest` semantics:
set CASSINO_UPDATE_DIGEST=1.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from cassino_learn import Position, legal_moves
from random_positions import random_position
from stored_digests import check

DATA = Path(__file__).resolve().parent.parent / "data"
DIGESTS = DATA / "movegen_digest.txt"
RANDOM_POSITIONS = 10_000


def _positions(kind: str) -> list[Position]:
    if kind == "bench":
        lines = (DATA / "bench_positions.txt").read_text().splitlines()
        return [Position.parse(line.split(None, 1)[1]) for line in lines
                if line.strip() and not line.startswith("#")]
    rng = random.Random(f"digest-{kind}")
    return [random_position(rng, extras=rng.random() < 0.3, values=kind)
            for _ in range(RANDOM_POSITIONS)]


def _digest(positions: list[Position]) -> str:
    sha = hashlib.sha256()
    for position in positions:
        sha.update(str(position).encode() + b"\0")
        for move in legal_moves(position):
            sha.update(str(move).encode() + b"\1")
            sha.update(str(position.play(move)).encode() + b"\2")
    return sha.hexdigest()



@pytest.mark.parametrize("kind", ["bench", "standard", "royal"])
def test_legal_moves_unchanged(kind: str) -> None:
    positions = _positions(kind)
    assert len(positions) >= (5 if kind == "bench" else RANDOM_POSITIONS)
    check(DIGESTS, kind, _digest(positions), f"the legal moves of the {kind} positions",
          "kind sha256 (tests/core/test_movegen_digest.py)")
