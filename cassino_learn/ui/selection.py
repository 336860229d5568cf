"""What a learner's selection at the card table allows: the table cards it could still use, the
actions offered (Take, Build N, Trail, and "Try ..." attempts no legal move matches), and the
move an action makes or the core's reason it is refused.

Plain Python, no widget: the card table (`ui.table`) calls it. Every rule is the core's:
`extensions` and `moves_with` say what is legal (or the legal moves of the driver a table is
handed: a match's `Game.legal_moves()`), `check_move` refuses an attempt with its reason and
rule id; this module only words the offers. A table in a lesson offers only the kinds
of play taught so far (`kinds_taught`, from the rule that first teaches each kind): no "Build"
or "Try build" before the building lesson, no trail before the trailing lesson.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Sequence

from ..core.cards import Card
from ..core.move import BUILD, CAPTURE, TRAIL, Move
from ..core.movegen import extensions, moves_with
from ..core.numbers import looks_like_number, read_number
from ..core.position import Position, check_move
from ..core.telling import in_words

__all__ = ["Action", "Offers", "KINDS", "KIND_RULE", "kinds_taught", "read_selection", "offers",
           "attempt", "named_attempt"]

KINDS: frozenset[str] = frozenset({CAPTURE, BUILD, TRAIL})
# The rule of the rule book that first teaches each kind of play (docs/rules.md): a lesson that
# has not taught it yet does not offer it.
KIND_RULE = {CAPTURE: "P1", TRAIL: "R1", BUILD: "B1"}


def kinds_taught(rules: Collection[str]) -> frozenset[str]:
    """The kinds of play whose rule is among `rules` (the rule ids taught so far)."""
    return frozenset(kind for kind, rule in KIND_RULE.items() if rule in rules)


@dataclass(frozen=True)
class Action:
    """One button under the table: a legal move (`move` is its text) or an attempt of `kind`
    (and build `value`) that the core will judge when pressed."""

    label: str
    legal: bool
    describe: str
    move: str = ""
    kind: str = ""
    value: int | None = None

    def as_dict(self) -> dict:
        """The action as the front end receives it."""
        if self.legal:
            return {"label": self.label, "move": self.move, "legal": True,
                    "describe": self.describe}
        shown = {"label": self.label, "legal": False, "kind": self.kind,
                 "describe": self.describe}
        if self.value is not None:
            shown["value"] = self.value
        return shown


@dataclass(frozen=True)
class Offers:
    """What a selection allows: the loose cards and builds (by index) it could still add, and
    the actions offered, legal moves first."""

    usable_cards: tuple[str, ...] = ()
    usable_builds: tuple[int, ...] = ()
    actions: tuple[Action, ...] = ()


def read_selection(position: Position, card: str, table: Iterable[str]
                   ) -> tuple[Card | None, frozenset[Card]]:
    """A selection as the front end reports it (card texts) read as cards: the hand card
    (None: none chosen) and the table cards. Raises ValueError (or CardError) saying what is
    wrong: a card not in the hand of the seat to move, or not on the table."""
    chosen = Card.parse(card) if card else None
    if chosen is not None and chosen not in position.hand:
        raise ValueError(f"{chosen} is not in your hand")
    cards = frozenset(Card.parse(text) for text in table)
    missing = sorted(cards - position.table_cards)
    if missing:
        raise ValueError(f"{missing[0]} is not on the table")
    return chosen, cards


def _label(move: Move) -> str:
    if move.kind == CAPTURE:
        return "Take"
    if move.kind == BUILD:
        return f"Build {move.value}"
    return "Trail"


def offers(position: Position, card: Card | None, chosen: frozenset[Card],
           kinds: Collection[str] = KINDS, legal: Sequence[Move] | None = None) -> Offers:
    """What playing `card` with the table cards `chosen` allows in `position`: nothing
    without a hand card; else the cards the core says could still be added, each legal move
    with exactly this selection, and the attempts no legal move matches (pressing one shows
    the core's reason). Only plays of `kinds` are offered (those a lesson has taught).
    `legal`: the moves the table's driver allows the seat to move (a match's
    `Game.legal_moves()`), offered instead of asking the core about `position`."""
    if card is None:
        return Offers()
    if legal is not None:
        usable, exact = _from_driver(legal, card, chosen, kinds)
    else:
        if set(KINDS) <= set(kinds):
            # asked of the core directly: a huge table must not list a million moves here
            usable = extensions(position, card, chosen)
        else:  # a lesson's small table: only the cards a play of a kind taught could still use
            usable = frozenset().union(*(m.table_cards for m in position.legal_moves()
                                         if m.card is card and m.kind in kinds
                                         and chosen <= m.table_cards))
        exact = moves_with(position, card, chosen)
    actions = [Action(_label(m), True, in_words(m), move=str(m)) for m in exact
               if m.kind in kinds]
    actions.extend(a for a in _attempts(position, card, chosen, {m.kind for m in exact})
                   if a.kind in kinds)
    return Offers(tuple(str(c) for c in position.loose if c in usable),
                  tuple(i for i, b in enumerate(position.builds) if usable.intersection(b.cards)),
                  tuple(actions))


def _from_driver(legal: Sequence[Move], card: Card, chosen: frozenset[Card],
                 kinds: Collection[str]) -> tuple[frozenset[Card], list[Move]]:
    """From the driver's legal moves: the table cards a move of `card` (of `kinds`) taking
    `chosen` could still add (as `extensions` says them), and the moves with exactly this selection, in `moves_with`'s
    order."""
    mine = [m for m in legal if m.card == card]
    usable = frozenset().union(*(m.table_cards for m in mine
                                 if m.kind in kinds and chosen <= m.table_cards)) - chosen
    return usable, sorted((m for m in mine if m.table_cards == chosen), key=_offered_order)


def _offered_order(move: Move) -> tuple[int, int]:
    """The order `moves_with` lists a selection's moves in: the capture, the builds by value,
    the trail."""
    return ((CAPTURE, BUILD, TRAIL).index(move.kind), move.value or 0)


def _attempts(position: Position, card: Card, chosen: frozenset[Card],
              kinds: set[str]) -> list[Action]:
    """The tries offered beside the legal moves: a take or a trail no legal move matches, and
    a build of the cards' total (the likely intended value; what cards count is the rules'
    own: C2, or V7's Royal values). Whether they are legal is not decided here."""
    tries = []
    if chosen and CAPTURE not in kinds:
        tries.append(Action("Try take", False, f"try to take the selected cards with "
                                               f"{card.name}", kind=CAPTURE))
    if not chosen and TRAIL not in kinds:
        tries.append(Action("Try trail", False, f"try to trail {card.name}", kind=TRAIL))
    rules = position.rules
    values = [rules.table_value(c) for c in (card, *chosen)]
    if chosen and BUILD not in kinds and None not in values:
        total = sum(values)  # type: ignore[arg-type]
        if total <= rules.top_value:
            tries.append(Action(f"Try build {total}", False,
                                f"try to build {total} with {card.name}", kind=BUILD,
                                value=total))
    return tries


def attempt(position: Position, kind: str, card: Card | None, chosen: frozenset[Card],
            value: int | None = None) -> Move:
    """The legal move an attempt of `kind` makes (a take with the card's own value), or the
    core's `IllegalMove` saying why there is none; ValueError without a hand card."""
    if card is None:
        raise ValueError("Choose a card from your hand first.")
    if kind == CAPTURE:
        value = card.value
    return check_move(position, kind, card, chosen, value)


def named_attempt(action: str) -> tuple[str, int | None] | None:
    """An action typed by name that need not be offered ("take", "trail", "build 8", with or
    without "try"): its kind and build value; None for anything else. A build value in other
    digits raises ValueError naming it."""
    words = action.strip().lower().removeprefix("try ").split()
    if words[:1] == ["take"]:
        return CAPTURE, None
    if words[:1] == ["trail"]:
        return TRAIL, None
    if words[:1] == ["build"] and len(words) == 2 and looks_like_number(words[1]):
        return BUILD, read_number(words[1], what="build value", where=repr(action),
                                  max_digits=2)
    return None
