"""Rules: the named variant options of docs/rules.md section V. The defaults are the rules we teach.

Besides the options, `Rules` answers the questions about card values that the variants change
(V7 Royal Casino): what a card counts on the table, what it may count when played, and which
build values run. The rules core asks these instead of reading `Card.value` where a variant
could change the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .cards import LITTLE_CASINO, Card
from .errors import RulesError, shorten

__all__ = ["Rules"]

FACE_CARDS = ("one", "three-take-all")
VALUES = ("standard", "royal")
SCORINGS = ("standard", "spade-casino")
GAMES = ("21", "11-lurch", "round")
DEALS = ("twos", "singles", "draw")
_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}

ACE_HIGH = 14  # V7: an ace played from the hand may count 14
TARGET_STANDARD = 21  # K3
TARGET_SPADE_CASINO = 61  # V8
_SPADES_WORTH_TWO = (1, 11, 2)  # V8: the ace, jack and two of spades
_BY_RANK: dict[str, tuple[tuple[int | None, ...], tuple[tuple[int, ...], ...]]] = {}


@dataclass(frozen=True)
class Rules:
    """Variant options. `Rules()` is the standard game of docs/rules.md.

    face_cards: "one" (P2) or "three-take-all" (V1).
    values: "standard" (C2) or "royal" (V7: J 11, Q 12, K 13, the ace 1 or 14).
    sweeps: whether sweeps score (V2 turns them off).
    sweeps_cancel: each side's sweeps cancel the other's, one for one (V3).
    scoring: "standard" (K1) or "spade-casino" (V8: every spade scores, game to 61).
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
                              ("scoring", SCORINGS), ("game", GAMES), ("deal", DEALS)):
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
        if self.royal and self.face_cards != "one":
            return ("face_cards=three-take-all (V1) has no meaning with values=royal (V7): "
                    "face cards count 11, 12 and 13 there and pair, add up and build like "
                    "numeral cards")
        if self.scoring == "spade-casino" and self.game == "11-lurch":
            return ("game=11-lurch (V4) plays to 11, but a Spade Casino round (V8) shares 26 "
                    "points: use game=21 (to 61 under Spade Casino) or game=round")
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

    # ------------------------------------------------------------------ scoring (K1, V8)

    def card_points(self, card: Card) -> int:
        """Points `card` scores by itself when captured: K1 (Big Casino 2, Little Casino 1, each
        ace 1) or V8 (no Little Casino; each spade 1, the ace, jack and two of spades 2, on top
        of the ace's point).

        >>> Rules().card_points(Card.parse("10D")), Rules(scoring="spade-casino").card_points(
        ...     Card.parse("AS"))
        (2, 3)
        """
        if self.scoring != "spade-casino":
            return card.points
        points = card.points - (card is LITTLE_CASINO)
        if card.suit == "S":
            points += 2 if card.rank in _SPADES_WORTH_TWO else 1
        return points

    # ------------------------------------------------------------------ the match (K3, V8)

    @property
    def target(self) -> int | None:
        """Points that win the match (K3: 21; V8: 61; V4: 11); None when every round is a
        game (V5)."""
        if self.game == "round":
            return None
        if self.game == "11-lurch":
            return 11
        return TARGET_SPADE_CASINO if self.scoring == "spade-casino" else TARGET_STANDARD
