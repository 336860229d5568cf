"""The errors of the rules core. All are `ValueError`s, named after the mistake."""

from __future__ import annotations

__all__ = ["PositionError", "MoveSyntaxError", "IllegalMove", "shorten"]


class PositionError(ValueError):
    """A position that cannot be read or cannot exist; the message says what and where."""


class MoveSyntaxError(ValueError):
    """Move text that cannot be read; the message says what and where."""


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
