"""Every number the notation holds is read here: build values, a capture's stated value, seats,
counts and the numbers of a position's fields. Only the ASCII digits 0-9 count. Python's `int`
also takes other scripts' digits ("١", "५") and `str.isdigit` also says yes to "²", so neither
is asked directly: such a word gets the project's own error, naming it, like any other word.

    >>> read_number("8", what="build value", where="'3D build 8 5C'")
    8
"""

from __future__ import annotations

import re

from .errors import MoveSyntaxError, PositionError, shorten

__all__ = ["read_number", "looks_like_number"]

_DIGITS = re.compile(r"[+-]?[0-9]+", re.ASCII)


def looks_like_number(word: str) -> bool:
    """Whether `word` is meant as a number: digits of any script (after a sign), so "²5" and
    "١" are numbers to read, and then refused, while "3D" is a card."""
    digits = word[1:] if word[:1] in "+-" else word
    return digits.isdigit()


def read_number(word: str, *, what: str, where: str, error: type[ValueError] = ValueError,
                max_digits: int = 6, signed: bool = False) -> int:
    """The whole number `word` (ASCII digits, at most `max_digits` of them after leading
    zeros; a sign only if `signed`); else `error`, saying where, which word and why."""
    def refused(why: str) -> ValueError:
        if issubclass(error, (PositionError, MoveSyntaxError)):
            return error(why, where)  # the core's errors keep where and what apart
        return error(f"{where}: {why}")

    text = word.strip()
    if not _DIGITS.fullmatch(text) or (not signed and text[0] in "+-"):
        if looks_like_number(text) and not text.isascii():
            raise refused(f"the {what} {shorten(text, 12)!r} is not a whole number "
                          f"written with the digits 0-9")
        raise refused(f"the {what} {shorten(text, 12)!r} is not a whole number")
    if len(text.lstrip("+-").lstrip("0")) > max_digits:
        raise refused(f"the {what} {shorten(text, 12)} is far too large")
    return int(text)
