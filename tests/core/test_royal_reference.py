"""Royal Casino (V7): the move generator agrees with the brute-force Royal reference on
thousands of seeded random positions (face cards and aces everywhere, builds up to 14, owned
builds, 2-4 players, partnerships)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from random_royal import random_royal_position
from reference import effects
from reference_royal import reference_royal_moves

SEED = 20261122
POSITIONS = 2000


@pytest.mark.slow
def test_generator_matches_brute_force_royal_reference() -> None:
    rng = random.Random(SEED)
    seen: Counter = Counter()
    for number in range(POSITIONS):
        position = random_royal_position(rng, max_loose=7 if number % 4 == 0 else 6)
        expected = reference_royal_moves(position)
        generated = position.legal_moves()
        assert len(generated) == len(effects(generated)), \
            f"a move listed twice in {position.one_line()}"
        got = effects(generated)
        assert got == expected, (
            f"position {number}: {position.one_line()}\n"
            f"missing: {sorted(_show(expected - got))}\nextra: {sorted(_show(got - expected))}")
        seen["partners" if position.partners else f"{position.players} players"] += 1
        seen["owner to move"] += bool(position.owned_builds())
        seen["owns 14 or 1"] += any(b.value in (1, 14) for b in position.owned_builds())
        seen["multiple build"] += any(b.is_multiple for b in position.builds)
        seen["build over 10"] += any(b.value > 10 for b in position.builds)
        seen["face card in a build"] += any(c.is_face for b in position.builds for c in b.cards)
        seen["declared"] += bool(position.declared)
        seen["ace as 14"] += any(m.value == 14 and m.kind == "capture" for m in generated)
        seen["face card sums"] += any(m.card.is_face and len(m.table_cards) > 1
                                      for m in generated if m.kind == "capture")
        seen["build of 14"] += any(m.kind == "build" and m.value == 14 for m in generated)
        seen["R2 only trails"] += bool(position.owned_builds()) and all(
            m.kind == "trail" for m in generated) and bool(generated)
        seen["moves"] += len(expected)
    for feature in ("partners", "2 players", "3 players", "4 players", "owner to move",
                    "owns 14 or 1", "multiple build", "build over 10", "face card in a build",
                    "declared", "ace as 14", "face card sums", "build of 14"):
        assert seen[feature] >= POSITIONS // 25, (feature, seen)
    assert seen["moves"] >= 5 * POSITIONS, seen


def _show(found: set) -> list[str]:
    return [f"{k} {c} {v} {' '.join(sorted(map(str, cards)))}" for k, c, v, cards in found]
