"""The kinds of a stage or a quiz item, one class each, and `KINDS`, the registry by name.

A kind is everything that differs between questions (`base.Kind`): reading and checking its
fields, judging an answer through the rules core, the truth, the prompt and task, the steps a
wrong try is told in, the default hint ladder, and the `Controls` the widgets read. To add a
kind: write its module here and add its line to `_KINDS` below; its stages go in
lessons/stages/<lesson>.json (docs/layout.md, "A lesson's stages").
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .base import Answered, Controls, Exhibit, Kind
from .captures import CapturesKind
from .demo import DemoKind
from .fact import ChoiceKind, NumberKind
from .goal import GoalKind
from .legal import LegalKind
from .points import PointsKind
from .score import ScoreKind

__all__ = ["KINDS", "Kind", "Controls", "Answered", "Exhibit", "kind_named", "register",
           "unregister", "quiz_kinds"]

_KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    GoalKind(), CapturesKind(), LegalKind(), ScoreKind(), NumberKind(), ChoiceKind(),
    PointsKind(), DemoKind())}

KINDS: Mapping[str, Kind] = MappingProxyType(_KINDS)


def kind_named(name: str) -> Kind:
    """The kind called `name`; KeyError naming the kinds there are."""
    try:
        return _KINDS[name]
    except (KeyError, TypeError):
        raise KeyError(f"kind must be one of {', '.join(_KINDS)}, not {name!r}") from None


def quiz_kinds() -> tuple[str, ...]:
    """The names of the kinds a quiz item may have (every kind but the stages' own)."""
    return tuple(name for name, kind in _KINDS.items() if kind.quiz)


def register(kind: Kind) -> Kind:
    """Add `kind` to the registry (a kind made outside this package, as a test makes one)."""
    if kind.name in _KINDS:
        raise ValueError(f"there is a kind {kind.name!r} already")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Take the kind `name` out of the registry again."""
    _KINDS.pop(name, None)
