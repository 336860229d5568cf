"""Rules: the named variant options of docs/rules.md section V. The defaults are the rules we teach.

Besides the options, `Rules` answers every question a variant changes, so no caller reads an
option's name: what a card counts on the table, what it may count when played, and which build
values run (V7); whether face cards take all three (V1), how the cards are dealt (V6) and whether
a player draws from a stock after each play (V9); what a round is scored by (`scorer`, a
`core.scoring.Scoring`: its items, their points, a card's points, the round's total, K1, V8),
which sweeps count (V2, V3) and how the match is won (K3, V4, V5, V8). The named variants, with
their names and rule ids, are in `core.variants`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Sequence

from .cards import Card
from .errors import RulesError, shorten
from .scoring import SCORINGS, STANDARD, Scoring

__all__ = ["Rules"]

FACE_CARDS = ("one", "three-take-all")
VALUES = ("standard", "royal")
GAMES = ("21", "11-lurch", "round")
DEALS = ("twos", "singles", "draw")
_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}

ACE_HIGH = 14  # V7: an ace played from the hand may count 14
TARGET_LURCH = 11  # V4
_BY_RANK: dict[str, tuple[tuple[int | None, ...], tuple[tuple[int, ...], ...]]] = {}


@dataclass(frozen=True)
class Rules:
    """Variant options. `Rules()` is the standard game of docs/rules.md.

    face_cards: "one" (P2) or "three-take-all" (V1).
    values: "standard" (C2) or "royal" (V7: J 11, Q 12, K 13, the ace 1 or 14).
    sweeps: whether sweeps score (V2 turns them off).
    sweeps_cancel: each side's sweeps cancel the other's, one for one (V3).
    scoring: a key of `core.scoring.SCORINGS`: "standard" (K1) or "spade-casino" (V8: every
        spade scores, game to 61).
    game: "21" (K3: first to the target, 21 or 61 under V8), "11-lurch" (V4) or "round" (V5).
    deal: "twos" (D2), "singles" (V6) or "draw" (V9: hands refilled from a stock).
    """

    face_cards: str = "one"
    values: str = "standard"
    sweeps: bool = True
    sweeps_cancel: bool = False
    scoring: str = "standard"
    game: str = "21"
    deal: str = "twos"

    def __post_init__(self) -> None:
        for name, allowed in (("face_cards", FACE_CARDS), ("values", VALUES),
                              ("scoring", tuple(SCORINGS)), ("game", GAMES), ("deal", DEALS)):
            if getattr(self, name) not in allowed:
                raise RulesError(f"{name} must be one of {', '.join(allowed)}, "
                                 f"not {shorten(repr(getattr(self, name)))}", name)
        for name in ("sweeps", "sweeps_cancel"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be on or off, "
                                 f"not {shorten(repr(getattr(self, name)))}", name)
        problem = self._nonsense()
        if problem:
            raise RulesError(problem)

    def _nonsense(self) -> str | None:
        """Why these options cannot be played together, or None."""
        if self.royal and self.three_take_all:
            return ("face_cards=three-take-all (V1) has no meaning with values=royal (V7): "
                    "face cards count 11, 12 and 13 there and pair, add up and build like "
                    "numeral cards")
        scorer = self.scorer
        if self.lurch and scorer.target != STANDARD.target:
            return (f"game=11-lurch (V4) plays to 11, but a {scorer.name} round ({scorer.rule}) "
                    f"shares {scorer.round_total} points: use game=21 (to {scorer.target} "
                    f"under {scorer.name}) or game=round")
        if self.sweeps_cancel and not self.sweeps:
            return ("sweeps_cancel=on (V3) has nothing to cancel with sweeps=off (V2): "
                    "choose one of them")
        return None

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Read `face_cards=three-take-all, sweeps=off` (the position's `rules:` field)."""
        options: dict[str, object] = {}
        known = {f.name: f for f in fields(cls)}
        for item in text.replace(";", ",").split(","):
            item = item.strip()
            if not item:
                continue
            if "=" not in item:
                raise RulesError(f"{shorten(item)!r} should look like name=value")
            name, value = (part.strip() for part in item.split("=", 1))
            name = name.replace("-", "_").lower()
            if name not in known:
                raise RulesError(f"unknown option {shorten(name, 30)!r} "
                                 f"(known: {', '.join(known)})")
            if name in options:
                raise RulesError(f"{name} is given twice", name)
            if known[name].type in ("bool", bool):
                if value.lower() in _TRUE:
                    options[name] = True
                elif value.lower() in _FALSE:
                    options[name] = False
                else:
                    raise RulesError(f"{name} must be on or off, not {shorten(value)!r}", name)
            else:
                options[name] = value.lower()
        return cls(**options)  # type: ignore[arg-type]

    def __str__(self) -> str:
        """Only the options that differ from the standard rules, in `rules:` field form."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                parts.append(f"{f.name}={('on' if value else 'off') if isinstance(value, bool) else value}")
        return ", ".join(parts)

    @property
    def is_standard(self) -> bool:
        return self == Rules()

    # ------------------------------------------------------------------ play and the deal

    @property
    def three_take_all(self) -> bool:
        """V1: with three face cards of a rank on the table, the fourth takes one or all three."""
        return self.face_cards == "three-take-all"

    @property
    def deals_singly(self) -> bool:
        """V6: the cards are dealt one at a time (D2: two at a time)."""
        return self.deal == "singles"

    @property
    def draws_from_stock(self) -> bool:
        """V9 (Draw Casino): after the first deal the pack is a stock, and whoever plays draws
        one card from it while it lasts; a round is one pass through the pack."""
        return self.deal == "draw"

    # ------------------------------------------------------------------ card values (C2, V7)

    @property
    def royal(self) -> bool:
        """V7: face cards count 11-13 and the ace 1 or 14."""
        return self.values == "royal"

    @property
    def top_value(self) -> int:
        """The highest build value (B3: 10; V7: 14)."""
        return ACE_HIGH if self.royal else 10

    def table_value(self, card: Card) -> int | None:
        """What `card` counts on the table and inside a build (None: a face card under C2)."""
        return card.rank if self.royal else card.value

    def play_values(self, card: Card) -> tuple[int, ...]:
        """The values `card` may count when played from the hand to capture, one per play:
        its value; under V7 an ace 1 or 14, a face card 11-13; under C2 none for a face card.
        These are also the build values the card can capture (B2, O2)."""
        if self.royal:
            return (1, ACE_HIGH) if card.rank == 1 else (card.rank,)
        return () if card.value is None else (card.value,)

    def by_rank(self) -> tuple[tuple[int | None, ...], tuple[tuple[int, ...], ...]]:
        """`table_value` and `play_values` of every rank, indexed by rank (1..13; 0 unused):
        for loops that would otherwise ask them card by card."""
        known = _BY_RANK.get(self.values)  # only the values option (V7) changes them
        if known is None:
            cards = [Card(rank, "S") for rank in range(1, 14)]
            known = _BY_RANK[self.values] = (
                (None,) + tuple(self.table_value(c) for c in cards),
                ((),) + tuple(self.play_values(c) for c in cards))
        return known

    # ------------------------------------------------------------------ scoring (K1, W1, V2, V3, V8)

    @property
    def scorer(self) -> Scoring:
        """What a round is scored by: the items, their points, each card's points (K1, V8)."""
        return SCORINGS[self.scoring]

    def card_points(self, card: Card) -> int:
        """Points `card` scores by itself when captured: K1 (Big Casino 2, Little Casino 1, each
        ace 1) or V8 (no Little Casino; each spade 1, the ace, jack and two of spades 2, on top
        of the ace's point).

        >>> Rules().card_points(Card.parse("10D")), Rules(scoring="spade-casino").card_points(
        ...     Card.parse("AS"))
        (2, 3)
        """
        return SCORINGS[self.scoring].points[card.index]

    def sweep_points(self, sweeps: Sequence[int]) -> list[int]:
        """What each side's sweeps score (W1): nothing under V2; under V3 each side keeps only
        the sweeps beyond the most any other side made (one for one, against the strongest
        rival when there are three sides).

        >>> Rules().sweep_points([3, 1]), Rules(sweeps_cancel=True).sweep_points([3, 1])
        ([3, 1], [2, 0])
        """
        if not self.sweeps:
            return [0] * len(sweeps)
        if not self.sweeps_cancel:
            return list(sweeps)
        return [max(0, n - max([*sweeps[:i], *sweeps[i + 1:]])) for i, n in enumerate(sweeps)]

    # ------------------------------------------------------------------ the match (K3, V4, V5, V8)

    @property
    def lurch(self) -> bool:
        """V4: play to 11, the lower round score taken off the higher; reaching 11 before the
        other side has 6 is a lurch, a double game."""
        return self.game == "11-lurch"

    @property
    def round_is_game(self) -> bool:
        """V5: every round is a game of its own."""
        return self.game == "round"

    @property
    def match_rule(self) -> str:
        """The rule id that decides the match: K3, V4 or V5."""
        return "V4" if self.lurch else "V5" if self.round_is_game else "K3"

    @property
    def target(self) -> int | None:
        """Points that win the match (K3: 21; V8: 61; V4: 11); None when every round is a
        game (V5)."""
        if self.round_is_game:
            return None
        if self.lurch:
            return TARGET_LURCH
        return self.scorer.target
