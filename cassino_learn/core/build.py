"""Builds: the piles of cards on the table that a player announced with a value and will
capture later (docs/rules.md B1-B9; written `[8@2: 5H 3S]`, docs/notation.md).

    >>> from .cards import parse_cards
    >>> Build.make(9, 1, [parse_cards("5C 4D"), parse_cards("9H")]).describe()
    'the multiple build of 9'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

from .cards import Card, format_cards
from .errors import shorten
from .rules import Rules

__all__ = ["Build"]


@dataclass(frozen=True)
class Build:
    """A build on the table: its announced value, its owner's seat and its sets of cards.

    One set is a single build; two or more a multiple build (each set adds up to the value).
    `owner` None means "a player other than the mover" (allowed outside partnerships).
    """

    value: int
    owner: int | None
    sets: tuple[tuple[Card, ...], ...]

    @staticmethod
    def make(value: int, owner: int | None, sets: Iterable[Iterable[Card]]) -> "Build":
        """A build with its sets in canonical order (cards sorted in a set, sets sorted)."""
        canonical = sorted((sorted_cards(s) for s in sets), key=lambda s: [c.index for c in s])
        return Build(value, owner, tuple(canonical))

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return sorted_cards(card for s in self.sets for card in s)

    @property
    def is_multiple(self) -> bool:
        return len(self.sets) > 1

    def problem(self, rules: Rules | None = None) -> str | None:
        """Why this build cannot exist under `rules` (default: the standard rules), or None."""
        rules = rules or Rules()
        top = rules.top_value
        if not 1 <= self.value <= top:
            rule = "V7" if rules.royal else "B3"
            return f"a build's value must be 1 to {top}, not {self.value} ({rule})"
        for s in self.sets:
            if not s:
                return "a build has an empty set"
            face = [c for c in s if rules.table_value(c) is None]
            if face:
                return f"{face[0]} is a face card, and face cards are never part of a build (B3)"
            total = sum(rules.table_value(c) for c in s)  # type: ignore[misc]
            if total != self.value:
                return (f"the set {shorten('+'.join(map(str, s)))} adds up to {total}, "
                        f"not the build's value {self.value}")
        if len(self.sets) == 1 and len(self.sets[0]) < 2:
            return (f"a build needs at least two cards; a lone {self.sets[0][0]} "
                    f"is a loose card, not a build")
        return None

    def text(self, with_owner: bool = True) -> str:
        owner = f"@{self.owner}" if with_owner and self.owner is not None else ""
        return f"[{self.value}{owner}: " + " | ".join(format_cards(s) for s in self.sets) + "]"

    def describe(self) -> str:
        """In words, as a learner reads it (the table shows its cards): "the build of 8" or
        "the multiple build of 9"."""
        kind = "multiple build" if self.is_multiple else "build"
        return f"the {kind} of {self.value}"

    def __str__(self) -> str:
        return self.text()


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order (rank, then suit)."""
    return tuple(sorted(cards, key=lambda card: card.index))


def build_key(build: Build) -> tuple[int, int, list[int]]:
    """The canonical order of builds on the table: by value, owner, then cards."""
    return (build.value, build.owner or 0, [c.index for c in build.cards])
