"""Perft-style fixtures: exact legal-move counts of varied positions (tests/data/perft.txt).

The counts in the file come from the brute-force reference; these tests hold the generator to
them, and check the file itself against the reference and the benchmark positions.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reference import effects, reference_moves

from cassino_learn import Position, legal_moves

DATA = Path(__file__).resolve().parent.parent / "data" / "perft.txt"
BENCH_COUNTS = {"opening": 7, "build8": 15, "pagat-a23568": 39, "crowded10": 789,
                "crowded15": 1403}


def read_perft(path: Path = DATA) -> list[tuple[str, str, int]]:
    """(name, position text, count) per line; the position may itself contain '|'."""
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, rest = line.split("|", 1)
        text, count = rest.rsplit("|", 1)
        rows.append((name.strip(), text.strip(), int(count)))
    return rows


ROWS = read_perft()


def test_fixture_file_is_varied() -> None:
    names = [name for name, _, _ in ROWS]
    assert len(names) == len(set(names)), "fixture names must be unique"
    positions = [Position.parse(text) for _, text, _ in ROWS]
    assert len(positions) >= 30
    assert {p.players for p in positions} == {2, 3, 4}
    assert any(p.partners and p.declared for p in positions)
    assert any(p.rules.face_cards == "three-take-all" for p in positions)
    assert any(not p.hand for p in positions)
    assert any(p.owned_builds() for p in positions)
    assert any(b.is_multiple for p in positions for b in p.builds)
    assert any(len(p.builds) >= 2 for p in positions)
    assert any(c.is_face for p in positions for c in p.loose)
    assert {name: count for name, _, count in ROWS if name in BENCH_COUNTS} == BENCH_COUNTS


@pytest.mark.parametrize("name,text,count", ROWS, ids=[row[0] for row in ROWS])
def test_generator_count(name: str, text: str, count: int) -> None:
    position = Position.parse(text)
    moves = legal_moves(position)
    assert len(moves) == count, f"{name}: {[str(m) for m in moves]}"
    assert len(effects(moves)) == count, f"{name}: two moves with the same effect"
    assert moves == position.legal_moves()


@pytest.mark.parametrize("name,text,count", ROWS, ids=[row[0] for row in ROWS])
def test_reference_count(name: str, text: str, count: int) -> None:
    """The file's counts are the reference's (so nobody regenerates them from the generator)."""
    assert len(reference_moves(Position.parse(text))) == count
