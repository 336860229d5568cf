"""The errors of the rules core, every one of them here. All are `ValueError`s, named after the
mistake, and carry what a caller needs as fields, so that no caller reads a message back:

    >>> error = PositionError("the field is given twice", where="line 2, field 'hand'")
    >>> error.where, error.what
    ("line 2, field 'hand'", 'the field is given twice')
    >>> str(error)
    "line 2, field 'hand': the field is given twice"
    >>> str(RulesError("sweeps is given twice", option="sweeps"))
    'rules: sweeps is given twice'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["CardError", "RulesError", "PositionError", "MoveSyntaxError", "IllegalMove",
           "UnclearMove", "shorten"]

if TYPE_CHECKING:
    from .move import Move


class _Located(ValueError):
    """An error that says what is wrong (`.what`) and where (`.where`: the line, field or word
    of the text read, or "" when the text as a whole is at fault); its message is both."""

    def __init__(self, what: str, where: str = "") -> None:
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}" if where else what)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:  # copied or pickled: the same fields
        return type(self), (self.what, self.where)


class CardError(ValueError):
    """Text that is not a card; `.what` says why (it quotes the text)."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(what)


class RulesError(ValueError):
    """Variant options that cannot be read or played together. `.what` says why, `.option` names
    the option at fault ("" when it is the combination); the message starts "rules: "."""

    def __init__(self, what: str, option: str = "") -> None:
        self.what = what
        self.option = option
        super().__init__(f"rules: {what}")

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.what, self.option)


class PositionError(_Located):
    """A position that cannot be read or cannot exist: `.what` is wrong, at `.where` (the line or
    field, like "line 2, field 'table'" or "players"; "" for the position as a whole)."""


class MoveSyntaxError(_Located):
    """Move text that cannot be read: `.what` is wrong, at `.where` (the move as typed, or the
    word of it: "word 2 of '7S take 4X'"; "" when the text as a whole is at fault)."""


class UnclearMove(MoveSyntaxError):
    """Plain words that name no single move (`spoken.read_spoken_move`): several legal moves
    fit them (`.choices`, in the order listed), or none and no one move can be told from them
    (`.choices` empty). The message says what to add."""

    def __init__(self, message: str, choices: tuple["Move", ...] = ()) -> None:
        self.choices = choices
        super().__init__(message)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.what, self.choices)


class IllegalMove(ValueError):
    """A readable move that the rules forbid.

    `.reason` is one plain sentence for a learner; `.rule` is the id (docs/rules.md) it breaks;
    `.move_text` the move as given, when known.
    """

    def __init__(self, reason: str, rule: str, move_text: str = "") -> None:
        self.reason = reason
        self.rule = rule
        self.move_text = move_text
        super().__init__(f"{reason} (rule {rule})")

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.reason, self.rule, self.move_text)


def shorten(text: str, limit: int = 60) -> str:
    """`text` cut to about `limit` characters for an error message ("…" marks the cut), so a
    pasted megabyte is quoted by its start, not in full."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
