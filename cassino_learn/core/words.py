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


class _Named(Protocol):
    name: str


class _Pile(Protocol):
    value: int
    is_multiple: bool


class _Told(Protocol):
    """A move as `played` needs it: its kind, card, value and the table cards and builds it
    uses (`Move` has them all)."""

    kind: str
    card: _Named
    value: int | None
    loose_cards: tuple[_Named, ...]
    builds: tuple[_Pile, ...]
    raised: _Pile | None
    position: object | None

    def groups(self) -> Sequence[object]: ...


def _build_words(build: _Pile) -> str:
    return f"the {'multiple build' if build.is_multiple else 'build'} of {build.value}"


def _what(move: _Told) -> str:
    """What a move does, after its verb: "the seven of spades to take the two of clubs"."""
    card = move.card.name
    if move.kind == "trail":
        return f"the {card}"
    loose = [f"the {c.name}" for c in move.loose_cards]
    if move.kind == "capture":
        high = " as 14" if move.value == 14 and card.startswith("ace ") else ""
        return f"the {card}{high} to take {listing([_build_words(b) for b in move.builds] + loose)}"
    if move.raised is not None:
        others = [_build_words(b) for b in move.builds if b is not move.raised] + loose
        return (f"the {card} to raise {_build_words(move.raised)} to {move.value}"
                + (f", with {listing(others)}" if others else ""))
    used = [_build_words(b) for b in move.builds] + loose
    # (a move read without its position has no sets to count: said as a build)
    multiple = move.position is not None and len(move.groups()) > 1
    kind = "a multiple build" if multiple else "a build"
    return f"the {card} to make {kind} of {move.value} with {listing(used)}"


def in_words(move: _Told) -> str:
    """A move in words and card names only, no notation: "Play the seven of spades to take
    the two of clubs and the five of diamonds.", "Trail the ace of hearts."."""
    return f"{'Trail' if move.kind == 'trail' else 'Play'} {_what(move)}."


def played(who: str, move: _Told) -> str:
    """A move told in the past, in words and card names only, no notation: "You played the
    seven of spades to take the two of clubs and the five of diamonds."."""
    return f"{who} {'trailed' if move.kind == 'trail' else 'played'} {_what(move)}."
