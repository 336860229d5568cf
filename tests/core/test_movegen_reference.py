"""The move generator agrees with the brute-force reference on thousands of random positions."""

from __future__ import annotations

import random
from collections import Counter

from reference import effects, reference_moves
from random_positions import random_position

SEED = 20240607
POSITIONS = 3000


def test_generator_matches_brute_force_reference() -> None:
    rng = random.Random(SEED)
    seen: Counter = Counter()
    for number in range(POSITIONS):
        position = random_position(rng, max_loose=9 if number % 4 == 0 else 6)
        expected = reference_moves(position)
        generated = position.legal_moves()
        assert len(generated) == len(effects(generated)), \
            f"a move listed twice in {position.one_line()}"
        got = effects(generated)
        assert got == expected, (
            f"position {number}: {position.one_line()}\n"
            f"missing: {sorted(map(str, _show(expected - got)))}\n"
            f"extra: {sorted(map(str, _show(got - expected)))}")
        seen["partners" if position.partners else f"{position.players} players"] += 1
        seen["owner to move"] += bool(position.owned_builds())
        seen["multiple build"] += any(b.is_multiple for b in position.builds)
        seen["V1"] += position.rules.face_cards == "three-take-all"
        seen["declared"] += bool(position.declared)
        seen["moves"] += len(expected)
    # the random positions really cover the cases the rules distinguish
    for feature in ("partners", "2 players", "3 players", "4 players", "owner to move",
                    "multiple build", "V1", "declared"):
        assert seen[feature] >= POSITIONS // 20, (feature, seen)
    assert seen["moves"] >= 5 * POSITIONS


def _show(effects_: set) -> list[str]:
    return [f"{k} {c} {v} {' '.join(sorted(map(str, cards)))}" for k, c, v, cards in effects_]
