"""Practice for the building lessons: making a build (B2, B4), taking one whole (S3), raising
(B5-B7), multiple builds (B8) and building with a partner (B9)."""

from __future__ import annotations

import random

from ...core.cards import FULL_DECK
from ...core.move import Move
from ...core.position import Position
from ..goals import parse_goal
from ..quiz import QuizItem
from .hints import HINTS
from .kinds import goal_task, legal_task
from .positions import MAX_TRIES, PracticeError, random_build

__all__ = ["capture_whole", "keep_the_value", "build_goal", "raise_goal", "raise_rules",
           "no_raise_of_multiple", "multiple_goal", "partner_build"]


def _has_build(position: Position) -> bool:
    return bool(position.builds)


def _no_multiple(move: Move) -> bool:
    """Not a build added to a build without raising it (a multiple build, B8: lesson 7)."""
    return not (move.kind == "build" and move.builds and move.raised is None)


def capture_whole(rule: str, rng: random.Random) -> QuizItem:
    """Is this capture legal, with a build on the table? A build goes whole to its value (S3)."""
    return legal_task(rule, rng, {"S3"}, when=_has_build, kinds=("capture",), builds=1,
                      loose=(2, 4))


def keep_the_value(rule: str, rng: random.Random) -> QuizItem:
    """Is this build legal? Only with a card of its value kept in the hand (B2)."""
    return legal_task(rule, rng, {"B2"}, kinds=("build",), loose=(2, 4), hand=(2, 4))


def build_goal(rule: str, rng: random.Random) -> QuizItem:
    """Make a build of a given value (B4)."""
    value = rng.randint(4, 10)
    return goal_task(rule, f"build {value}", f"Make a build of {value}.", rng, loose=(2, 5),
                     hand=(2, 4))


def raise_goal(rule: str, rng: random.Random) -> QuizItem:
    """Raise a build on the table (B5)."""
    return goal_task(rule, "raise", "Raise one of the builds on the table.", rng,
                     builds=1, loose=(1, 4), hand=(3, 4))


def raise_rules(rule: str, rng: random.Random) -> QuizItem:
    """Is this raise legal? Only the card from the hand changes a build's value (B5, B6)."""
    return legal_task(rule, rng, {"B6", "B5"}, when=_has_build, kinds=("build",), builds=1,
                      loose=(2, 4), hand=(3, 4), may_ask=_no_multiple)


def no_raise_of_multiple(rule: str, rng: random.Random) -> QuizItem:
    """Is this build legal, with a multiple build on the table? It is never raised (B7)."""
    return legal_task(rule, rng, {"B7"}, when=_has_build, kinds=("build",), builds=1,
                      multiple=True, loose=(1, 3), hand=(3, 4), may_ask=_no_multiple)


def multiple_goal(rule: str, rng: random.Random) -> QuizItem:
    """Make a multiple build (B8)."""
    return goal_task(rule, "multiple build", "Make a multiple build.", rng, loose=(2, 5),
                     hand=(3, 4))


def partner_build(rng: random.Random) -> QuizItem:
    """A partner's build lets the mover build its value without holding it (B9)."""
    def accept(position: Position) -> bool:
        partner_values = {b.value for b in position.builds if b.owner == 3}
        return any(m.kind == "build" and m.value in partner_values
                   and not any(c.value == m.value for c in position.hand if c is not m.card)
                   for m in position.legal_moves())

    for _ in range(MAX_TRIES):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        build = random_build(deck, rng, 3)
        if build is None:
            continue
        table = [build] + [deck.pop() for _ in range(rng.randint(2, 4))]
        position = Position.create(table=table, hand=[deck.pop() for _ in range(3)], players=4,
                                   partners=True)
        if accept(position):
            value = build.value
            return QuizItem(id="practice-B9", kind="goal", position=position,
                            question=f"Your partner (seat 3) is building {value}. Help: add "
                                     f"to their build or make another {value}.",
                            hint=HINTS["B9"], rules=("B9",),
                            goal=parse_goal(f"build {value}"))
    raise PracticeError("no partnership position found")
