"""The move generator agrees with the brute-force reference on thousands of seeded random
positions, under both value systems: the standard game, and Royal Casino (V7: face cards and
aces everywhere, builds up to 14, owned builds, 2-4 players, partnerships)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from random_positions import random_position
from reference import effects, reference_moves


@dataclass(frozen=True)
class Run:
    seed: int
    positions: int
    max_loose: tuple[int, int]  # every fourth position, the others
    share: int                  # each feature in at least positions // share of them
    features: tuple[str, ...]


COMMON = ("partners", "2 players", "3 players", "4 players", "owner to move", "multiple build",
          "declared")
RUNS = {
    "standard": Run(20240607, 3000, (9, 6), 20, COMMON + ("V1",)),
    "royal": Run(20261122, 2000, (7, 6), 25, COMMON + (
        "owns 14 or 1", "build over 10", "face card in a build", "ace as 14", "face card sums",
        "build of 14")),
}


@pytest.mark.parametrize("values", ["standard", pytest.param("royal", marks=pytest.mark.slow)])
def test_generator_matches_brute_force_reference(values: str) -> None:
    run = RUNS[values]
    rng = random.Random(run.seed)
    seen: Counter = Counter()
    for number in range(run.positions):
        loose = run.max_loose[0] if number % 4 == 0 else run.max_loose[1]
        position = random_position(rng, max_loose=loose, values=values)
        expected = reference_moves(position)
        generated = position.legal_moves()
        assert len(generated) == len(effects(generated)), \
            f"a move listed twice in {position.one_line()}"
        got = effects(generated)
        assert got == expected, (
            f"position {number}: {position.one_line()}\n"
            f"missing: {sorted(_show(expected - got))}\nextra: {sorted(_show(got - expected))}")
        _count_features(seen, position, generated)
        seen["moves"] += len(expected)
    # the random positions really cover the cases the rules distinguish
    for feature in run.features:
        assert seen[feature] >= run.positions // run.share, (feature, seen)
    assert seen["moves"] >= 5 * run.positions, seen


def _count_features(seen: Counter, position, generated) -> None:
    seen["partners" if position.partners else f"{position.players} players"] += 1
    seen["owner to move"] += bool(position.owned_builds())
    seen["multiple build"] += any(b.is_multiple for b in position.builds)
    seen["V1"] += position.rules.face_cards == "three-take-all"
    seen["declared"] += bool(position.declared)
    seen["owns 14 or 1"] += any(b.value in (1, 14) for b in position.owned_builds())
    seen["build over 10"] += any(b.value > 10 for b in position.builds)
    seen["face card in a build"] += any(c.is_face for b in position.builds for c in b.cards)
    seen["ace as 14"] += any(m.value == 14 and m.kind == "capture" for m in generated)
    seen["face card sums"] += any(m.card.is_face and len(m.table_cards) > 1
                                  for m in generated if m.kind == "capture")
    seen["build of 14"] += any(m.kind == "build" and m.value == 14 for m in generated)
    seen["R2 only trails"] += bool(position.owned_builds()) and all(
        m.kind == "trail" for m in generated) and bool(generated)


def _show(found: set) -> list[str]:
    return [f"{k} {c} {v} {' '.join(sorted(map(str, cards)))}" for k, c, v, cards in found]
