"""Perft-style fixtures for Royal Casino (tests/data/perft_royal.txt): exact legal-move counts
of varied V7 positions. The counts come from the brute-force Royal reference; the generator is
held to them, and the file itself is checked against the reference and for variety."""

from __future__ import annotations

from pathlib import Path

import pytest
from reference import effects
from reference_royal import reference_royal_moves
from test_perft import read_perft

from cassino_learn import Position, legal_moves

DATA = Path(__file__).resolve().parent.parent / "data" / "perft_royal.txt"
BENCH = Path(__file__).resolve().parent.parent / "data" / "bench_positions.txt"


ROWS = read_perft(DATA)


def test_fixture_file_is_varied_and_covers_the_benchmark_positions() -> None:
    names = [name for name, _, _ in ROWS]
    assert len(names) == len(set(names)) and len(names) >= 30
    positions = [Position.parse(text) for _, text, _ in ROWS]
    assert all(p.rules.royal for p in positions)
    assert {p.players for p in positions} == {2, 3, 4}
    assert any(p.partners and p.declared for p in positions)
    assert any(b.value == 14 and b.owner == p.turn for p in positions for b in p.builds)
    assert any(b.value == 1 for p in positions for b in p.builds)
    assert any(c.is_face for p in positions for b in p.builds for c in b.cards)
    assert any(p.rules.scoring == "spade-casino" for p in positions)
    assert any(not p.hand for p in positions)
    bench = {}
    for line in BENCH.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, text = line.split(None, 1)
            bench["royal_" + name.replace("-", "_")] = Position.parse(text)
    by_name = {name: Position.parse(text) for name, text, _ in ROWS}
    for name, position in bench.items():
        assert by_name[name].rules.royal
        assert by_name[name].table == position.table and by_name[name].hand == position.hand


@pytest.mark.parametrize("name,text,count", ROWS, ids=[row[0] for row in ROWS])
def test_generator_count(name: str, text: str, count: int) -> None:
    position = Position.parse(text)
    moves = legal_moves(position)
    assert len(moves) == count, f"{name}: {[str(m) for m in moves]}"
    assert len(effects(moves)) == count, f"{name}: two moves with the same effect"


@pytest.mark.parametrize("name,text,count", ROWS, ids=[row[0] for row in ROWS])
def test_reference_count(name: str, text: str, count: int) -> None:
    """The file's counts are the reference's (so nobody regenerates them from the generator)."""
    assert len(reference_royal_moves(Position.parse(text))) == count
