"""Practice for the lesson on a build's owner: protecting your build (B10), no trail while
you own one (O1), and keeping a card of its value (O2)."""

from __future__ import annotations

import random

from ...core.position import Position
from ..quiz import QuizItem
from .kinds import goal_task, legal_task

__all__ = ["protect_goal", "owner_rules"]


def _own_build(position: Position) -> bool:
    return bool(position.owned_builds(1))


def protect_goal(rule: str, rng: random.Random) -> QuizItem:
    """Make your own build multiple, so nobody can raise it (B10)."""
    return goal_task(rule, "protect", "Protect your build so that nobody can raise it.", rng,
                     builds=1, own_build=True, loose=(2, 5), hand=(3, 4))


def owner_rules(rule: str, rng: random.Random) -> QuizItem:
    """Is this move legal for a build's owner? Illegal ones break `rule` (O1 or O2)."""
    return legal_task(rule, rng, {rule}, when=_own_build, builds=1, own_build=True,
                      loose=(1, 4), hand=(2, 4))
