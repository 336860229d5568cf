"""Dealing random positions for practice, and sampling until the rules core confirms one fits."""

from __future__ import annotations

import random
from typing import Callable, TypeVar

from ...core.build import Build
from ...core.cards import FULL_DECK, Card
from ...core.errors import PositionError
from ...core.position import Position
from ...core.rules import Rules

__all__ = ["MAX_TRIES", "PracticeError", "pick", "random_build", "deal", "sample",
           "no_build_or_sweep"]

MAX_TRIES = 4000


class PracticeError(LookupError):
    """No practice exists for a rule, or no position could be found."""


def pick(deck: list[Card], rng: random.Random, test: Callable[[Card], bool]) -> Card | None:
    """Take a random card passing `test` out of `deck` (None if there is none)."""
    choices = [c for c in deck if test(c)]
    if not choices:
        return None
    card = rng.choice(choices)
    deck.remove(card)
    return card


def random_build(deck: list[Card], rng: random.Random, owner: int | None,
                 multiple: bool = False) -> Build | None:
    """A build of 3 to 10 made of two-card sets taken out of `deck` (None if it ran short)."""
    value = rng.randint(3, 10)
    sets = []
    for _ in range(2 if multiple else 1):
        first = pick(deck, rng, lambda c: c.value is not None and c.value < value)
        if first is None:
            return None
        wanted = value - first.value if first.value is not None else None
        second = pick(deck, rng, lambda c: c.value == wanted)
        if second is None:
            return None
        sets.append((first, second))
    return Build.make(value, owner, sets)


def deal(rng: random.Random, *, loose: tuple[int, int] = (2, 5), hand: tuple[int, int] = (2, 4),
         builds: int = 0, own_build: bool = False, multiple: bool = False, players: int = 2,
         partners: bool = False, rules: Rules | None = None,
         numerals_only: bool = False, one_numeral_rank: bool = False) -> Position | None:
    """A random position (seat 1 to move), or None if this draw could not be made valid.

    `one_numeral_rank` deals from the face cards and the four cards of one numeral rank, so
    every numeral card can only pair: no try of a numeral card on another numeral adds up
    (S1, taught after pairing)."""
    deck = [c for c in FULL_DECK if not (numerals_only and c.is_face)]
    if one_numeral_rank:
        rank = rng.randint(1, 10)
        deck = [c for c in deck if c.is_face or c.rank == rank]
    rng.shuffle(deck)
    table: list[Card | Build] = []
    extra_hand: list[Card] = []
    for number in range(builds):
        mine = own_build and number == 0
        owner: int | None = 1 if mine else (2 if partners or players > 2 else None)
        if partners and not mine:
            owner = rng.choice((2, 3, 4))
        build = random_build(deck, rng, owner, multiple and number == builds - 1)
        if build is None:
            return None
        table.append(build)
        if mine:
            value = build.value
            keeper = pick(deck, rng, lambda c: c.value == value)
            if keeper is None:
                return None
            extra_hand.append(keeper)
    for _ in range(rng.randint(*loose)):
        table.append(deck.pop())
    cards = extra_hand + [deck.pop() for _ in range(max(0, rng.randint(*hand) - len(extra_hand)))]
    try:
        return Position.create(table=table, hand=cards, players=players, partners=partners,
                               rules=rules)
    except PositionError:
        return None


Found = TypeVar("Found")


def sample(rng: random.Random, accept: Callable[[Position], Found | None],
           **deal_options: object) -> tuple[Position, Found]:
    """Deal until `accept(position)` returns something truthy (checked with the core)."""
    for _ in range(MAX_TRIES):
        position = deal(rng, **deal_options)  # type: ignore[arg-type]
        if position is None:
            continue
        found = accept(position)
        if found:
            return position, found
    raise PracticeError(f"no position found after {MAX_TRIES} deals")


def no_build_or_sweep(position: Position) -> bool:
    """A table for the lessons before building and sweeps: no legal play builds or sweeps."""
    return not any(m.kind == "build" or m.is_sweep for m in position.legal_moves())
