"""Why an illegal move is illegal: the rule it breaks, in one plain sentence for a learner
(docs/rules.md gives the rule ids). Diagnosis only: reading a move is the notation's job
(`notation.read_move`) and deciding legality the generator's (`movegen._find_move`, behind
`position.check_move`), which asks this module only for a move it refused.

Of the rules an attempt breaks, the one a learner most needs to hear is named: what you hold
and what is on the table (T2), that builds move whole (S3), then the shape of the play (P, S,
B), then what you must keep (B2, O2, O1).

    >>> from cassino_learn import Position
    >>> from cassino_learn.core.cards import Card
    >>> error = explain_illegal(Position.parse("table: 5C; hand: 3D 8S"), "build",
    ...                         Card.parse("3D"), [Card.parse("5C")], 9)
    >>> error.rule
    'B4'
    >>> print(error.reason)  # doctest: +NORMALIZE_WHITESPACE
    3 + 5 make 8, not 9: the card you play and the table cards with it must add up to the
    value you announce.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .build import Build
from .cards import RANK_NAMES, RANK_PLURALS, Card
from .errors import IllegalMove
from .loosesets import LooseSets
from .movegen import _has_play
from .rules import ACE_HIGH, Rules
from .structure import CAPTURE, TRAIL
from .words import a_value, listing

if TYPE_CHECKING:
    from .position import Position

__all__ = ["explain_illegal", "value_words"]

_STANDARD = Rules()
_AN_ACE = Card(1, "S")


# ---------------------------------------------------------------------------- explanations

def _num(card: Card) -> str:
    """"ace", "7", "king": the played card, as a learner names it."""
    return card.rank_text if 1 < card.rank <= 10 else RANK_NAMES[card.rank - 1]


def value_words(value: int, rules: Rules = _STANDARD) -> str:
    """The card that captures a build of `value`: "a 9"; under V7 "a king", "an ace played as
    14" (an ace counts 1 or 14 when played, one value per play)."""
    if value in _ace_values(rules):
        return f"an ace played as {value}"
    return a_value(value)


def _ace_values(rules: Rules) -> tuple[int, ...]:
    """The values an ace may count when played, when it has a choice (V7: 1 and 14)."""
    values = rules.play_values(_AN_ACE)
    return values if len(values) > 1 else ()


def _worth(rules: Rules) -> str:
    """The verb for a card's value: C2's numeral cards are "worth" their number; under V7 a card
    "counts" (an ace counts 1 or 14)."""
    return "counts" if rules.royal else "is worth"


_NUMBER_WORDS = ("no", "one", "two", "three", "four")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rank_word(card: Card, plural: bool = False) -> str:
    return (RANK_PLURALS if plural else RANK_NAMES)[card.rank - 1]


def _values(cards: Iterable[Card], rules: Rules = _STANDARD) -> str:
    """"3 + 5": the cards' values as a sum."""
    return " + ".join(str(rules.table_value(c)) for c in cards)


def _plus(cards: Iterable[Card], rules: Rules = _STANDARD) -> str:
    """The cards' values as a sum a learner reads, "3 + 5", or one card by name, "the three of
    hearts" (the notation is for the typing box)."""
    cards = list(cards)
    if len(cards) == 1:
        return f"the {cards[0].name}"
    return _values(cards, rules)


def explain_illegal(position: Position, kind: str, card: Card, table_cards: Iterable[Card],
                    value: int | None, text: str = "") -> IllegalMove:
    """The `IllegalMove` naming the rule this attempted move breaks (most useful one first)."""
    reason, rule = _diagnose(position, kind, card, frozenset(table_cards), value)
    return IllegalMove(reason, rule, text)


def _diagnose(position: Position, kind: str, card: Card, taken: frozenset[Card],
              value: int | None) -> tuple[str, str]:
    hand = position.hand
    if card not in hand:
        if card in position.table_cards:
            return (f"The {card.name} is on the table, not in your hand: "
                    f"you play a card from your hand.", "T2")
        if not hand:
            return "You have no cards left to play.", "T2"
        return f"You don't hold the {card.name}.", "T2"
    on_table = position.table_cards
    for c in sorted(taken):
        if c in hand:
            return (f"The {c.name} is in your hand, not on the table: a turn plays only one "
                    f"card from your hand.", "T2")
        if c not in on_table:
            return f"There is no {c.name} on the table.", "T2"
    loose = [c for c in position.loose if c in taken]
    builds = [b for b in position.builds if set(b.cards) & taken]
    for build in builds:
        if not set(build.cards) <= taken:
            return (f"A build moves as a unit: to use {build.describe()} you must take or "
                    f"build on all of its cards.", "S3")
    owned = position.owned_builds()
    if kind == TRAIL:
        return _diagnose_trail(position, card, taken, owned)
    if kind == CAPTURE and value is not None and value not in position.rules.play_values(card):
        return _counts_problem(position, card, value)
    if kind == CAPTURE:
        found = _diagnose_capture(position, card, loose, builds, value)
    else:
        found = _diagnose_build(position, card, loose, builds, value)
    if found:
        return found
    kept = [b for b in owned if b not in builds]
    o2 = _last_card_problem(position, card, kept)
    if o2:
        return o2
    return "That play is not allowed here.", "T1"  # not reached when the generator agrees


def _counts_problem(position: Position, card: Card, value: int) -> tuple[str, str]:
    """A capture said to use a value the played card cannot count (C2, V7)."""
    counts = position.rules.play_values(card)
    if not counts:
        return (f"Your {card.name} is a face card with no number value: it captures only by "
                f"pairing with its rank, never as {value}.", "C2")
    rule = "V7" if position.rules.royal else "C2"
    said = " or ".join(map(str, counts))
    extra = " (one value per play)" if len(counts) > 1 else ""
    return (f"Your {card.name} counts {said} when you play it{extra}, not {value}.", rule)


def _last_card_problem(position: Position, card: Card, kept: list[Build]
                       ) -> tuple[str, str] | None:
    keeps = position.rules.play_values
    for build in kept:
        if build.value in keeps(card) and \
                sum(1 for c in position.hand if build.value in keeps(c)) == 1:
            last = "ace" if card.rank == 1 else build.value
            return (f"You own {build.describe()}, and your {_num(card)} is the last {last} "
                    f"you hold: keep it to capture that build, or take the build with it.", "O2")
    return None


def _diagnose_trail(position: Position, card: Card, taken: frozenset[Card],
                    owned: tuple[Build, ...]) -> tuple[str, str]:
    if taken:
        return (f"A trail only puts your {card.name} on the table; it takes nothing with "
                f"it.", "R1")
    if owned and _has_play(position):
        return (f"You own {owned[0].describe()}, so you may not trail: capture something or "
                f"make or change a build instead.", "O1")
    problem = _last_card_problem(position, card, list(owned))
    if problem:
        return problem
    return "That trail is not allowed here.", "R1"


def _diagnose_face_capture(position: Position, card: Card, loose: list[Card],
                           builds: list[Build]) -> tuple[str, str] | None:
    rank, ranks = _rank_word(card), _rank_word(card, plural=True)
    if builds or any(not c.is_face for c in loose):
        return (f"A face card only captures a face card of the same rank: your {rank} "
                f"can take only another {rank}.", "P2")
    other = [c for c in loose if c.rank != card.rank]
    if other:
        return f"Your {rank} can only pair with a {rank}, not with the {other[0].name}.", "P2"
    on_table = sum(1 for c in position.loose if c.rank == card.rank)
    three_rule = position.rules.three_take_all
    if len(loose) > 1:
        if three_rule and on_table == 3:
            return (f"With three {ranks} on the table, your {rank} takes one of them "
                    f"or all three, never two.", "V1")
        return (f"A face card takes exactly one face card of its rank: your {rank} takes one "
                f"{rank}, never {_NUMBER_WORDS[len(loose)]} {ranks}.", "P2")
    return None




# ---------------------------------------------------------------------------- captures

def _diagnose_capture(position: Position, card: Card, loose: list[Card], builds: list[Build],
                      value: int | None) -> tuple[str, str] | None:
    """(reason, rule) for a refused capture, or None when its shape is fine (then what the
    mover must keep, O2, is the trouble). With `value` None the card may count any of its
    values (V7: an ace 1 or 14); refused at every one, the likeliest reading is explained."""
    if not loose and not builds:
        return (f"A capture must take at least one card or build from the table; to take "
                f"nothing, trail the {card.name} instead.", "T1")
    rules = position.rules
    if rules.table_value(card) is None:
        return _diagnose_face_capture(position, card, loose, builds)
    readings = (value,) if value is not None else rules.play_values(card)
    found = [_reading_problem(rules, card, loose, builds, v) for v in readings]
    problems = [problem for problem in found if problem is not None]
    if len(problems) < len(found):  # some reading is fine
        return None
    if len(readings) == 1:
        return problems[0]
    # an ace, refused both as 1 and as 14 (V7)
    values = {b.value for b in builds}
    if set(readings) <= values:
        return ("One play uses one value: your ace takes a build of 1 when it counts 1 and a "
                "build of 14 when it counts 14, never both at once.", "V7")
    high = ACE_HIGH in values or any(c.rank != card.rank for c in loose)
    reason, rule = problems[1] if high else problems[0]
    if rule == "V7":
        return reason, rule
    return reason + " Played as 1 it takes only aces and builds of 1.", rule


def _reading_problem(rules: Rules, card: Card, loose: list[Card], builds: list[Build],
                     v: int) -> tuple[str, str] | None:
    """Why `card` counting `v` cannot take exactly these cards and builds, or None."""
    worth = rules.table_value
    faces = [c for c in loose if worth(c) is None]
    if faces:
        return (f"Face cards have no number value: your {_num(card)} can't take the "
                f"{faces[0].name}; only another {_rank_word(faces[0])} pairs with it.", "P2")
    who = f"your ace as {v}" if _ace_values(rules) and card.rank == 1 else f"your {_num(card)}"
    for build in builds:
        if build.value != v:
            return (f"{_cap(build.describe())} can only be captured whole by "
                    f"{value_words(build.value, rules)}; {who} {_worth(rules)} {v}.", "S3")
    # V7: an ace played as 14 also takes loose aces by rank, each alone
    lone = 1 if v == ACE_HIGH else 0
    sums = [c for c in loose if worth(c) != lone]
    too_big = [c for c in sums if worth(c) > v]  # type: ignore[operator]
    if too_big:
        big = too_big[0]
        more = f"counts {worth(big)}, more than {v}" if rules.royal else f"is worth more than {v}"
        return f"The {big.name} {more}, so {who} can't take it.", "S1"
    if _splits(loose, v, rules=rules, lone=lone):
        return None
    return _grouping_problem(rules, who, sums, v)


def _grouping_problem(rules: Rules, who: str, loose: list[Card], v: int) -> tuple[str, str]:
    """Loose cards that cannot be split into groups of v: cards that add up wrongly or fit no
    group (S1), or cards that would have to be shared between groups (S2)."""
    worth = rules.table_value
    total = sum(worth(c) for c in loose)  # type: ignore[misc]
    if len(loose) == 1:
        taker, alone = (who, f"counts {total}") if rules.royal else (a_value(v), f"is only {total}")
        return (f"{_cap(taker)} takes a card of the same rank or cards that add up to {v}; "
                f"the {loose[0].name} alone {alone}.", "S1")
    lonely = [c for c in loose if not _fits_a_group(rules, c, loose, v)]
    if len(lonely) == len(loose):
        taker = f"{who} takes" if rules.royal else "you take"
        return (f"Cards {taker} together must add up to {v}: {_plus(loose, rules)} make {total}.",
                "S1")
    if lonely:  # name the stray cards, not the sum of all
        names = listing([f"the {c.name}" for c in lonely])
        verb = "is" if len(lonely) == 1 else "are"
        return (f"{_cap(names)} {verb} in no group that adds up to {v} with the other cards "
                f"you named.", "S1")
    return (f"Each table card can be in only one group: {_plus(loose, rules)} can't all be split into "
            f"separate groups that each add up to {v}.", "S2")


def _fits_a_group(rules: Rules, card: Card, loose: list[Card], v: int) -> bool:
    """Whether `card` adds up to v alone or with some of the other cards."""
    worth = rules.table_value
    need = v - worth(card)  # type: ignore[operator]
    if need < 0:
        return False
    # a subset of the others adding up to `need`: reachable sums, at most v of them
    sums = {0}
    for other in loose:
        value = worth(other)
        if other is not card and value is not None:
            sums |= {t + value for t in sums if t + value <= need}
    return need in sums


def _splits(cards: list[Card], value: int, need: int = 0, rules: Rules = _STANDARD,
            lone: int = 0) -> bool:
    """Whether the cards are one set adding up to `need` (none when 0) and groups of `value`
    (or, with `lone`, cards of that value alone); judged by their values
    (cassino_learn.core.loosesets), so quick for any number of cards."""
    return LooseSets(cards, rules).fits((1 << len(cards)) - 1, value, need, lone)


# ---------------------------------------------------------------------------- builds

def _diagnose_build(position: Position, card: Card, loose: list[Card], builds: list[Build],
                    value: int | None) -> tuple[str, str] | None:
    """(reason, rule) for a refused build, or None when its shape is fine."""
    rules = position.rules
    worth = rules.table_value
    top = rules.top_value
    if value is None:
        return "A build needs the value you announce, like '3D build 8 5C'.", "B4"
    if not 1 <= value <= top:
        if rules.royal:
            return (f"In Royal Casino a build's value runs from 1 to {top}: nothing could "
                    f"capture a build of {value}.", "V7")
        return (f"A build's value must be from 1 to {top}: no card is worth {value}, so nothing "
                f"could capture it.", "B3")
    cv = worth(card)
    if cv is None:
        return ("Face cards are never part of a build: they have no number value and only "
                "pair with their own rank.", "B3")
    faces = [c for c in loose if worth(c) is None]
    if faces:
        return f"The {faces[0].name} is a face card, and face cards are never part of a build.", "B3"
    if not loose and not builds:
        return (f"A build must combine your {card.name} with at least one card or build from "
                f"the table.", "B1")
    if value != cv and value in rules.play_values(card) \
            and all(b.value == value for b in builds) and _splits(loose, value, rules=rules):
        return (f"Inside a build {a_value(cv)} counts {cv}, never {value}: your {_num(card)} can be "
                f"part of a build of {value} only with cards that make {value - cv} with it.",
                "V7")
    if cv > value:
        return (f"Your {_num(card)} {_worth(rules)} {cv}, more than {value}, so it can't be "
                f"part of a build of {value}.", "B4")
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
            loose_total = sum(worth(c) for c in loose)  # type: ignore[misc]
            if loose and (new_value < value or raised.value + loose_total in (value, value - cv)):
                return (f"Only the card from your hand can change a build's value: table cards "
                        f"can't be added to {raised.describe()} to make {value}.", "B6")
            return (f"Raising {raised.describe()} with your {_num(card)} makes {new_value}, "
                    f"not {value}.", "B5")
        if not _splits(loose, value, rules=rules):
            verb = "doesn't" if len(loose) == 1 else "don't"
            return (f"The loose cards you gather into a build of {value} must make sets that "
                    f"each add up to {value}; {_plus(loose, rules)} {verb}.", "B4")
    elif not _splits(loose, value, value - cv, rules):
        if not loose:
            return (f"Your {_num(card)} on its own is not a set of {value}: add table cards "
                    f"that make {value} with it, or announce {cv}.", "B4")
        total = cv + sum(worth(c) for c in loose)  # type: ignore[misc]
        if total <= value or len(loose) == 1:
            return (f"{cv} + {_values(loose, rules)} make {total}, not {value}: the card you play and "
                    f"the table cards with it must add up to the value you announce.", "B4")
        return (f"Every set in a build of {value} must add up to {value}, the set with your card "
                f"included, and {cv} + {_values(loose, rules)} can't be split that way.", "B4")
    keeps = rules.play_values
    holds = sum(1 for c in position.hand if value in keeps(c)) - (value in keeps(card))
    if holds < 1:
        partner = (f" (or your partner would need a build of {value} or to have announced "
                   f"{value})" if position.partners else "")
        if value in _ace_values(rules):
            taken = "an ace played as 14" if value == ACE_HIGH else "an ace"
            return (f"A build of {value} can only be taken by {taken}, and you would hold no "
                    f"ace after this play{partner}.", "B2")
        return (f"You would need to hold {value_words(value, rules)} to capture a build of "
                f"{value} later{partner}.", "B2")
    return None
