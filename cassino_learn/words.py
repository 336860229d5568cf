"""Small helpers for the sentences learners read."""

from __future__ import annotations

__all__ = ["plural", "count"]

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
