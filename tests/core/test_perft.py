"""Perft-style fixtures: exact legal-move counts of varied positions, in the standard game
(tests/data/perft.txt) and in Royal Casino (tests/data/perft_royal.txt, V7).

The counts in the files come from the brute-force reference; these tests hold the generator to
them, and check the files themselves against the reference and the benchmark positions.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reference import effects, reference_moves

from cassino_learn import Position, legal_moves

DATA = Path(__file__).resolve().parent.parent / "data"
FILES = {"standard": DATA / "perft.txt", "royal": DATA / "perft_royal.txt"}
BENCH = DATA / "bench_positions.txt"
BENCH_COUNTS = {"opening": 7, "build8": 15, "pagat-a23568": 39, "crowded10": 789,
                "crowded15": 1403}


def read_perft(path: Path = FILES["standard"]) -> list[tuple[str, str, int]]:
    """(name, position text, count) per line; the position may itself contain '|'."""
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, rest = line.split("|", 1)
        text, count = rest.rsplit("|", 1)
        rows.append((name.strip(), text.strip(), int(count)))
    return rows


TABLES = {values: read_perft(path) for values, path in FILES.items()}
ROWS = [row for rows in TABLES.values() for row in rows]


@pytest.mark.parametrize("values", FILES)
def test_fixture_file_is_varied(values: str) -> None:
    names = [name for name, _, _ in TABLES[values]]
    assert len(names) == len(set(names)), "fixture names must be unique"
    assert not set(names) & {name for other in FILES if other != values
                             for name, _, _ in TABLES[other]}, "and unique across the files"
    positions = [Position.parse(text) for _, text, _ in TABLES[values]]
    assert len(positions) >= 30
    assert {p.players for p in positions} == {2, 3, 4}
    assert any(p.partners and p.declared for p in positions)
    assert any(not p.hand for p in positions)


def test_standard_fixtures_cover_v1_builds_and_the_benchmark_positions() -> None:
    positions = [Position.parse(text) for _, text, _ in TABLES["standard"]]
    assert any(p.rules.face_cards == "three-take-all" for p in positions)
    assert any(p.owned_builds() for p in positions)
    assert any(b.is_multiple for p in positions for b in p.builds)
    assert any(len(p.builds) >= 2 for p in positions)
    assert any(c.is_face for p in positions for c in p.loose)
    assert {name: count for name, _, count in TABLES["standard"]
            if name in BENCH_COUNTS} == BENCH_COUNTS


def test_royal_fixtures_are_varied_and_cover_the_benchmark_positions() -> None:
    positions = [Position.parse(text) for _, text, _ in TABLES["royal"]]
    assert all(p.rules.royal for p in positions)
    assert any(b.value == 14 and b.owner == p.turn for p in positions for b in p.builds)
    assert any(b.value == 1 for p in positions for b in p.builds)
    assert any(c.is_face for p in positions for b in p.builds for c in b.cards)
    assert any(p.rules.scoring == "spade-casino" for p in positions)
    bench = {}
    for line in BENCH.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, text = line.split(None, 1)
            bench["royal_" + name.replace("-", "_")] = Position.parse(text)
    by_name = {name: Position.parse(text) for name, text, _ in TABLES["royal"]}
    for name, position in bench.items():
        assert by_name[name].rules.royal
        assert by_name[name].table == position.table and by_name[name].hand == position.hand


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
