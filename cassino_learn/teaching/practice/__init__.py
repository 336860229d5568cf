"""Endless practice: fresh, seeded positions that exercise one rule, as quiz items.

Each rule id has a task maker. It deals random positions and keeps sampling until the rules core
confirms that the rule is really in play (for example until `legal_moves` contains a raise), then
asks a question about it. The same (rule, seed) always gives the same task. Tasks are
`QuizItem`s, so they are judged exactly like quiz questions, and each carries a hint. A lesson's
practice meets only rules taught in that lesson or before it.

The package: `hints` (a hint per rule), `positions` (dealing and sampling), `kinds` (the
shapes of a question: goal, captures, legal, fact), the makers by lesson (`points`, `pairing`,
`combining`, `trailing`, `building`, `owning`, `sweeps`, `seating`, `variants`), and here the
table of which maker practises which rule.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import Callable, Mapping

from ..quiz import QuizItem
from . import building, combining, owning, pairing, points, seating, sweeps, trailing, variants
from .hints import HINTS
from .positions import PracticeError

__all__ = ["HINTS", "MAKERS", "ALIASES", "practice_rules", "make_task", "PracticeError",
           "rules_for_lesson"]

Maker = Callable[[random.Random], QuizItem]

MAKERS: Mapping[str, Maker] = MappingProxyType({
    # cards and points, scoring
    "C1": partial(points.count_task, "C1"),
    "K1": partial(points.count_task, "K1"),
    "K2": partial(points.score_task, "K2"),
    "K3": partial(points.match_task, "K3"),
    # pairing
    "T2": partial(pairing.your_cards, "T2"),
    "P1": partial(pairing.pair_goal, "P1", False),
    "P2": partial(pairing.pair_goal, "P2", True),
    # combining
    "S1": partial(combining.sums, "S1"),
    "S2": partial(combining.several_groups, "S2"),
    "S4": partial(combining.choices, "S4"),
    # trailing
    "R1": trailing.trail_or_capture,
    "R2": trailing.only_trails,
    # building, raising, multiple builds, partnerships
    "S3": partial(building.capture_whole, "S3"),
    "B2": partial(building.keep_the_value, "B2"),
    "B4": partial(building.build_goal, "B4"),
    "B5": partial(building.raise_goal, "B5"),
    "B6": partial(building.raise_rules, "B6"),
    "B7": partial(building.no_raise_of_multiple, "B7"),
    "B8": partial(building.multiple_goal, "B8"),
    "B9": building.partner_build,
    # a build's owner
    "B10": partial(owning.protect_goal, "B10"),
    "O1": partial(owning.owner_rules, "O1"),
    "O2": partial(owning.owner_rules, "O2"),
    # sweeps and the last cards
    "W1": partial(sweeps.sweep_goal, "W1"),
    "W2": sweeps.last_cards,
    # the deal
    "D1": partial(seating.deal_task, "D1"),
    "D2": partial(seating.deal_task, "D2"),
    "D3": partial(seating.deal_task, "D3"),
    # variants
    "V1": variants.three_take_all,
    "V2": variants.sweeps_off,
    "V3": variants.sweeps_cancel,
    "V4": partial(points.match_task, "V4"),
    "V5": partial(points.match_task, "V5"),
    "V7": variants.royal_task,
    "V8": variants.spade_casino_task,
    "V9": variants.draw_casino_task,
})

# rules taught with another rule's exercise
ALIASES: Mapping[str, str] = MappingProxyType({
    "C2": "C1", "C3": "C1", "T1": "T2", "S5": "S4", "B1": "B4", "B3": "B4"})


def practice_rules() -> list[str]:
    """Every rule id that has practice."""
    return sorted(set(MAKERS) | set(ALIASES))


def rules_for_lesson(slug: str) -> list[str]:
    """The lesson's rule ids that have practice."""
    from ..catalog import lesson

    return [rule for rule in lesson(slug).rules if rule in MAKERS or rule in ALIASES]


def make_task(rule: str, seed: int) -> QuizItem:
    """A fresh practice question for `rule`; the same seed gives the same question."""
    key = ALIASES.get(rule, rule)
    if key not in MAKERS:
        raise PracticeError(f"no practice for rule {rule!r}; rules with practice: "
                            f"{', '.join(practice_rules())}")
    rng = random.Random(f"{rule}:{seed}")
    item = MAKERS[key](rng)
    return replace(item, id=f"practice-{rule}-{seed}", rules=(rule,))
