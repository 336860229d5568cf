"""The English of the sentences learners read, in one place: plurals, counts, "a"/"an" before a
value, and lists joined with "and".

    >>> count(3, "card"), a_value(8), listing(["5C", "4D", "9H"])
    ('3 cards', 'an 8', '5C, 4D and 9H')

`played` tells a move in the past for the table's line and the verdicts, in words only: the
notation is for the typing box.
"""

from __future__ import annotations

from typing import Protocol, Sequence

__all__ = ["plural", "count", "a_value", "listing", "in_words", "played"]

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


class _Told(Protocol):
    """A move as `played` and `in_words` need it: its words (`Move.describe`), with or without
    the sentence that it sweeps the table."""

    def describe(self, sweep: bool = True) -> str: ...


def in_words(move: _Told) -> str:
    """What a move does, in words and card names only, no notation (a button's or a drawing's
    label): "Play the seven of spades to take the two of clubs and the five of diamonds."."""
    return move.describe(sweep=False)


def played(who: str, move: _Told, *, sweeps_taught: bool = True) -> str:
    """"You played the seven of spades to take the two of clubs and the five of diamonds.": the
    move's own words (`Move.describe`) told in the past, in words only (no notation). With
    `sweeps_taught` False (a lesson before sweeps, lesson 9) a sweep is not called one."""
    words = move.describe(sweep=sweeps_taught)
    for imperative, past in (("Play the ", "played the "), ("Trail the ", "trailed the ")):
        if words.startswith(imperative):
            return f"{who} {past}{words[len(imperative):]}"
    return f"{who} played {move}."
