"""Small helpers for the sentences learners read."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .movegen import Move

__all__ = ["plural", "count", "played"]

_IRREGULAR = {"match": "matches", "is": "are", "was": "were", "this": "these"}


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


def played(who: str, move: "Move") -> str:
    """"You played the seven of spades to take 2C + 5D (7S take 2C+5D).": the move's own words
    (`Move.describe`) told in the past, with its notation."""
    words = move.describe()
    for imperative, past in (("Play the ", "played the "), ("Trail the ", "trailed the ")):
        if words.startswith(imperative):
            first, _, rest = words[len(imperative):].partition(". ")
            told = f"{who} {past}{first.rstrip('.')} ({move})."
            return f"{told} {rest}" if rest else told
    return f"{who} played {move}."
