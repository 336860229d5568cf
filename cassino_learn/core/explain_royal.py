"""Why a capture or a build is refused under Royal Casino (V7), in the plain style of
`explain`: face cards count 11-13 and take part in sums and builds, the ace counts 1 on the
table and inside a build and 1 or 14 when played to capture, one value per play, and builds
run 1..14 (a build of 1 or 14 needs an ace to capture it).

Only reached for an attempt the generator refused; the checks of `explain` that do not depend
on values (T2, S3, O1, O2) come before or after these.
"""

from __future__ import annotations

from .cards import Card
from .explain import _a, _cap, _plus
from .movegen import CAPTURE
from .position import Build, Position
from .rules import ACE_HIGH, Rules
from .structure import partition, split_build_cards

__all__ = ["diagnose_royal", "value_words"]

_FACE_WORDS = {11: "a jack", 12: "a queen", 13: "a king"}


def value_words(value: int) -> str:
    """The card that captures a build of `value` under V7: "a 9", "a king", "an ace played as
    14"."""
    if value == ACE_HIGH:
        return "an ace played as 14"
    if value == 1:
        return "an ace played as 1"
    return _FACE_WORDS.get(value) or _a(value)


def _card_word(card: Card) -> str:
    return "ace" if card.rank == 1 else card.name.split(" of ")[0] if card.is_face \
        else card.rank_text


def diagnose_royal(position: Position, kind: str, card: Card, loose: list[Card],
                   builds: list[Build], value: int | None) -> tuple[str, str] | None:
    """(reason, rule) for a refused capture or build under V7, or None when its shape is fine
    (then what the mover must keep, O2, is the trouble)."""
    if kind == CAPTURE:
        return _capture(position, card, loose, builds, value)
    return _build(position, card, loose, builds, value)


# ---------------------------------------------------------------------------- captures

def _capture(position: Position, card: Card, loose: list[Card], builds: list[Build],
             value: int | None) -> tuple[str, str] | None:
    if not loose and not builds:
        return (f"A capture must take at least one card or build from the table; to take "
                f"nothing, trail the {card.name} instead.", "T1")
    rules = position.rules
    readings = (value,) if value is not None else rules.play_values(card)
    problems = [_reading_problem(rules, card, loose, builds, v) for v in readings]
    if any(problem is None for problem in problems):
        return None
    if len(readings) == 1:
        return problems[0]
    # an ace, refused both as 1 and as 14
    values = {b.value for b in builds}
    if {1, ACE_HIGH} <= values:
        return ("One play uses one value: your ace takes a build of 1 when it counts 1 and a "
                "build of 14 when it counts 14, never both at once.", "V7")
    high = ACE_HIGH in values or any(c.rank != 1 for c in loose)
    reason, rule = problems[1] if high else problems[0]
    if rule == "V7":
        return reason, rule
    return reason + " Played as 1 it takes only aces and builds of 1.", rule


def _reading_problem(rules: Rules, card: Card, loose: list[Card], builds: list[Build],
                     v: int) -> tuple[str, str] | None:
    """Why `card` counting `v` cannot take exactly these cards and builds, or None."""
    who = f"your ace as {v}" if card.rank == 1 else f"your {_card_word(card)}"
    for build in builds:
        if build.value != v:
            return (f"{_cap(build.describe())} can only be captured whole by "
                    f"{value_words(build.value)}; {who} counts {v}.", "S3")
    pair_rank = 1 if v == ACE_HIGH else None
    if partition(loose, v, rules, pair_rank) is not None:
        return None
    worth = rules.table_value
    sums = [c for c in loose if c.rank != pair_rank]
    too_big = [c for c in sums if worth(c) > v]  # type: ignore[operator]
    if too_big:
        return (f"The {too_big[0].name} counts {worth(too_big[0])}, more than {v}, so {who} "
                f"can't take it.", "S1")
    if len(loose) == 1:
        return (f"{_cap(who)} takes a card of the same rank or cards that add up to {v}; "
                f"the {loose[0].name} alone counts {worth(loose[0])}.", "S1")
    total = sum(worth(c) for c in sums)  # type: ignore[misc]
    if sums and (total < v or total % v):
        return (f"Cards {who} takes together must add up to {v}: {_plus(sums)} make "
                f"{total}.", "S1")
    return (f"Each table card can be in only one group: {_plus(loose)} can't all be split into "
            f"separate groups that each add up to {v}.", "S2")


# ---------------------------------------------------------------------------- builds

def _build(position: Position, card: Card, loose: list[Card], builds: list[Build],
           value: int | None) -> tuple[str, str] | None:
    rules = position.rules
    top = rules.top_value
    if value is None:
        return "A build needs the value you announce, like '3D build 8 5C'.", "B4"
    if not 1 <= value <= top:
        return (f"In Royal Casino a build's value runs from 1 to {top}: nothing could capture "
                f"a build of {value}.", "V7")
    if not loose and not builds:
        return (f"A build must combine your {card.name} with at least one card or build from "
                f"the table.", "B1")
    cv = rules.table_value(card)
    assert cv is not None
    if card.rank == 1 and value == ACE_HIGH and all(b.value == value for b in builds) \
            and partition(loose, value, rules) is not None:
        return ("Inside a build an ace counts 1, never 14: your ace can be part of a build of "
                "14 only with cards that make 13 with it.", "V7")
    if cv > value:
        return (f"Your {_card_word(card)} counts {cv}, more than {value}, so it can't be part "
                f"of a build of {value}.", "B4")
    other = [b for b in builds if b.value != value]
    if len(other) > 1:
        return "One card can raise only one build at a time.", "B6"
    if other:
        raised = other[0]
        if raised.is_multiple:
            return (f"{_cap(raised.describe())} can never be raised: a multiple build's value "
                    f"stays fixed at {raised.value}.", "B7")
        new_value = raised.value + cv
        if new_value != value:
            return (f"Raising {raised.describe()} with your {_card_word(card)} makes "
                    f"{new_value}, not {value}: only the card from your hand changes a "
                    f"build's value.", "B5" if not loose else "B6")
        if partition(loose, value, rules) is None:
            return (f"The loose cards you gather into a build of {value} must make sets that "
                    f"each add up to {value}; {_plus(loose)} don't.", "B4")
    elif split_build_cards(card, loose, value, rules) is None:
        total = cv + sum(rules.table_value(c) for c in loose)  # type: ignore[misc]
        if not loose:
            return (f"Your {_card_word(card)} on its own is not a set of {value}: add table "
                    f"cards that make {value} with it, or announce {cv}.", "B4")
        if total <= value or len(loose) == 1:
            return (f"{card} + {_plus(loose)} make {total}, not {value}: the card you play and "
                    f"the table cards with it must add up to the value you announce.", "B4")
        return (f"Every set in a build of {value} must add up to {value}, the set with your card "
                f"included, and {card} + {_plus(loose)} can't be split that way.", "B4")
    keeps = rules.play_values
    holds = sum(1 for c in position.hand if value in keeps(c)) - (value in keeps(card))
    if holds < 1:
        partner = (f" (or your partner would need a build of {value} or to have announced "
                   f"{value})" if position.partners else "")
        if value == ACE_HIGH:
            return (f"A build of 14 can only be taken by an ace played as 14, and you would "
                    f"hold no ace after this play{partner}.", "B2")
        if value == 1:
            return (f"A build of 1 can only be taken by an ace, and you would hold no ace "
                    f"after this play{partner}.", "B2")
        return (f"You would need to hold {value_words(value)} to capture a build of {value} "
                f"later{partner}.", "B2")
    return None
