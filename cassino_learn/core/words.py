"""The English of the sentences learners read, in one place: plurals, counts, "a"/"an" before a
value, and lists joined with "and".

    >>> count(3, "card"), a_value(8), listing(["5C", "4D", "9H"])
    ('3 cards', 'an 8', '5C, 4D and 9H')

A move's words are decided in one place, `telling`.
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["plural", "count", "a_value", "listing"]

_IRREGULAR = {"match": "matches", "is": "are", "was": "were", "this": "these"}
_FACE_NAMES = {11: "jack", 12: "queen", 13: "king"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """`word` or its plural, to agree with `n`: plural(1, "card") == "card"."""
    if n == 1:
        return word
    if many is not None:
        return many
    return _IRREGULAR.get(word, word + "s")


def count(n: int, word: str, many: str | None = None) -> str:
    """"1 card", "3 cards", "0 sweeps"."""
    return f"{n} {plural(n, word, many)}"


def a_value(value: int) -> str:
    """The card of a value with its article: "an 8", "a 9", "an ace", "a king" (Royal Casino's
    13, docs/rules.md V7).

    >>> [a_value(v) for v in (1, 8, 11, 14)]
    ['an ace', 'an 8', 'a jack', 'a 14']
    """
    if value == 1:
        return "an ace"
    if value in _FACE_NAMES:
        return "a " + _FACE_NAMES[value]
    return ("an " if value == 8 else "a ") + str(value)


def listing(items: Sequence[str]) -> str:
    """"", "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
