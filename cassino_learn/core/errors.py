"""The errors of the rules core. All are `ValueError`s, named after the mistake."""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["PositionError", "MoveSyntaxError", "IllegalMove", "UnclearMove", "shorten"]

if TYPE_CHECKING:
    from .move import Move


class PositionError(ValueError):
    """A position that cannot be read or cannot exist; the message says what and where."""


class MoveSyntaxError(ValueError):
    """Move text that cannot be read; the message says what and where."""


class UnclearMove(MoveSyntaxError):
    """Plain words that name no single move (`spoken.read_spoken_move`): several legal moves
    fit them (`.choices`, in the order listed), or none and no one move can be told from them
    (`.choices` empty). The message says what to add."""

    def __init__(self, message: str, choices: tuple["Move", ...] = ()) -> None:
        self.choices = choices
        super().__init__(message)


class IllegalMove(ValueError):
    """A readable move that the rules forbid.

    `.reason` is one plain sentence for a learner; `.rule` is the id (docs/rules.md) it breaks.
    """

    def __init__(self, reason: str, rule: str, move_text: str = "") -> None:
        self.reason = reason
        self.rule = rule
        self.move_text = move_text
        super().__init__(f"{reason} (rule {rule})")


def shorten(text: str, limit: int = 60) -> str:
    """`text` cut to about `limit` characters for an error message ("…" marks the cut), so a
    pasted megabyte is quoted by its start, not in full."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
