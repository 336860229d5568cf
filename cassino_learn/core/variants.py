"""The named variants of docs/rules.md section V, in one registry: each one's rule id, its name,
its short name in a list of rules, what it changes in a line, and the `Rules` options it sets.

The game's menu (`ui.game`), the teacher's demonstration page (`serving.class_demo`), the
catalogue's rule ids and names (`teaching.catalog`) and the practice on variants read this
table, and a test checks docs/rules.md lists exactly these. This is the one place that reads an
option's value by name (`Variant.on`); everything else asks `Rules` what the options mean.

>>> variant("V7").text, game_name(Rules(values="royal", deal="draw"))
('values=royal', 'Royal Casino · Draw Casino')
>>> str(with_variants(Rules(deal="singles"), ["V8"], GAME_MENU))
'scoring=spade-casino, deal=singles'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable, Union

from .rules import Rules

__all__ = ["Variant", "VARIANTS", "GAME_MENU", "DEMONSTRATED", "STANDARD_NAME", "variant",
           "variants_on", "game_name", "with_variants"]

Option = tuple[str, Union[str, bool]]
STANDARD_NAME = "Standard Cassino"  # the game's name when no named game (V7-V9) is on


@dataclass(frozen=True)
class Variant:
    """A variant: `rule` its id (V1-V9); `name` what a menu shows; `short_name` the catalogue's
    words for it where rules are listed; `description` what it changes, in a line; `options`
    the `Rules` options it sets; `named_game` a game of its own name (Royal, Spade and Draw
    Casino), which the game's menu offers and the game's name says; `demonstrated` offered by
    the teacher's demonstration."""

    rule: str
    name: str
    short_name: str
    description: str
    options: tuple[Option, ...]
    named_game: bool = False
    demonstrated: bool = False

    @property
    def rules(self) -> Rules:
        """The standard rules with this variant on."""
        return self.applied_to(Rules())

    @property
    def text(self) -> str:
        """Its options in the `rules:` field's form ("values=royal")."""
        return str(self.rules)

    def on(self, rules: Rules) -> bool:
        """Whether `rules` play this variant."""
        return all(getattr(rules, option) == value for option, value in self.options)

    def applied_to(self, rules: Rules) -> Rules:
        """`rules` with this variant on (ValueError from the core if they cannot go together)."""
        options: dict[str, Any] = dict(self.options)
        return dataclasses.replace(rules, **options)

    def removed_from(self, rules: Rules) -> Rules:
        """`rules` with this variant's options back to the standard ones, if it was on."""
        if not self.on(rules):
            return rules
        standard = Rules()
        return dataclasses.replace(rules, **{option: getattr(standard, option)
                                             for option, _ in self.options})


VARIANTS: tuple[Variant, ...] = (
    Variant("V1", "Face cards take all three", "three-take-all",
            "With three face cards of a rank on the table, the fourth takes one or all three.",
            (("face_cards", "three-take-all"),), demonstrated=True),
    Variant("V2", "No sweeps", "no sweeps", "Sweeps score nothing.",
            (("sweeps", False),), demonstrated=True),
    Variant("V3", "Sweeps cancel", "sweeps cancel",
            "Each side's sweeps cancel the other's, one for one.", (("sweeps_cancel", True),)),
    Variant("V4", "Playing to 11, with lurches", "playing to 11, lurches",
            "Play to 11, the lower round score taken off the higher; 11 before the other side "
            "has 6 wins a double game.", (("game", "11-lurch"),)),
    Variant("V5", "Each round a game", "each round a game", "Every round is a game of its own.",
            (("game", "round"),)),
    Variant("V6", "Dealt one at a time", "dealing one at a time",
            "The cards are dealt one at a time, not in twos.", (("deal", "singles"),),
            demonstrated=True),
    Variant("V7", "Royal Casino", "Royal Casino",
            "Face cards count J 11, Q 12, K 13 and build; an ace counts 1 or 14.",
            (("values", "royal"),), named_game=True, demonstrated=True),
    Variant("V8", "Spade Casino", "Spade Casino",
            "Every spade scores (A, J and 2 of spades 2 each): 26 a round, game to 61.",
            (("scoring", "spade-casino"),), named_game=True, demonstrated=True),
    Variant("V9", "Draw Casino", "Draw Casino",
            "After each play you draw from the stock: hands stay at four.",
            (("deal", "draw"),), named_game=True, demonstrated=True),
)

# The games with their own names, which a game against the computer offers (V7-V9).
GAME_MENU: tuple[Variant, ...] = tuple(v for v in VARIANTS if v.named_game)
# The teacher's demonstration's choices: the named games first, then the house rules.
DEMONSTRATED: tuple[Variant, ...] = tuple(
    sorted((v for v in VARIANTS if v.demonstrated), key=lambda v: not v.named_game))


def variant(rule: str) -> Variant:
    """The variant of rule id `rule` ("V7"); KeyError naming the known ones otherwise."""
    for item in VARIANTS:
        if item.rule == rule:
            return item
    raise KeyError(f"no variant {rule!r}; the variants are {', '.join(v.rule for v in VARIANTS)}")


def variants_on(rules: Rules, among: Iterable[Variant] = VARIANTS) -> tuple[Variant, ...]:
    """The variants (of `among`) that `rules` play, in rule order."""
    return tuple(v for v in among if v.on(rules))


def game_name(rules: Rules) -> str:
    """The game's name under `rules`: "Royal Casino", "Royal Casino · Draw Casino", or
    "Standard Cassino" when no named game (V7-V9) is on."""
    return " · ".join(v.name for v in variants_on(rules, GAME_MENU)) or STANDARD_NAME


def with_variants(rules: Rules, chosen: Iterable[str], among: Iterable[Variant]) -> Rules:
    """`rules` with the variants of `among` whose ids are in `chosen` on and the others off;
    the core checks the combination (ValueError saying why not)."""
    chosen, among = set(chosen), tuple(among)
    for item in among:
        rules = item.removed_from(rules)
    changes: dict[str, Any] = {}
    for item in among:
        if item.rule in chosen:
            changes.update(item.options)
    return dataclasses.replace(rules, **changes)
