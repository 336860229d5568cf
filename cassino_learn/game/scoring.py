"""Scoring: a round's points with their itemised breakdown ("showing", K1, K2, W1, V2, V3, V8
Spade Casino) and the end of a match (K3, V4 "11-lurch", V5 "round", V8 to 61).

Sides are numbered from 1, like seats; in partnership games side 1 is seats 1+3 and side 2 is
seats 2+4 (see `cassino_learn.core.position.side_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.cards import BIG_CASINO, LITTLE_CASINO, Card
from ..core.rules import Rules
from ..core.words import count

__all__ = ["ITEMS", "SPADE_CASINO_ITEMS", "ITEM_NAMES", "RoundScore", "MatchResult",
           "score_round", "match_result", "match_points", "items_for",
           "round_total", "TARGET_21", "TARGET_LURCH", "LURCH_LIMIT", "DOUBLE_LIMIT"]

ITEMS = ("cards", "spades", "big_casino", "little_casino", "aces", "sweeps")
# V8: no Little Casino point; every spade captured scores ("spade_cards")
SPADE_CASINO_ITEMS = ("cards", "spades", "big_casino", "little_casino", "aces", "spade_cards",
                      "sweeps")
ITEM_NAMES = {"cards": "Most cards", "spades": "Most spades", "big_casino": "Big Casino (10D)",
              "little_casino": "Little Casino (2S)", "aces": "Aces",
              "spade_cards": "Spades (AS, JS, 2S 2 each, the rest 1)", "sweeps": "Sweeps"}
TARGET_21 = 21
TARGET_LURCH = 11
LURCH_LIMIT = 6  # V4: reaching 11 while every other side has fewer than 6 is a lurch
DOUBLE_LIMIT = 31  # V8: winning while every other side has fewer than 31 is a double game


@dataclass(frozen=True)
class RoundScore:
    """A round's result: `points[side]`, `items[side][item]` (points per item, keys ITEMS),
    and the counts behind them: `cards[side]`, `spades[side]`, `sweeps[side]` (sweeps made)."""

    points: dict[int, int]
    items: dict[int, dict[str, int]]
    cards: dict[int, int]
    spades: dict[int, int]
    sweeps: dict[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"points": _str_keys(self.points), "items": _str_keys(self.items),
                "cards": _str_keys(self.cards), "spades": _str_keys(self.spades),
                "sweeps": _str_keys(self.sweeps)}

    def describe(self) -> str:
        """One line per side: "Side 1: 7 points (cards 3, spades 1, ...)"."""
        lines = []
        for side, total in self.points.items():
            parts = ", ".join(f"{item.replace('_', ' ')} {n}" for item, n in self.items[side].items()
                              if n)
            lines.append(f"Side {side}: {count(total, 'point')} ({parts or 'nothing'}); "
                         f"{count(self.cards[side], 'card')}, {count(self.spades[side], 'spade')}, "
                         f"{count(self.sweeps[side], 'sweep')}")
        return "\n".join(lines)


def _str_keys(mapping: Mapping[int, object]) -> dict[str, object]:
    return {str(k): v for k, v in mapping.items()}


def items_for(rules: Rules) -> tuple[str, ...]:
    """The items a round is scored by under `rules`, in showing order."""
    return SPADE_CASINO_ITEMS if rules.scoring == "spade-casino" else ITEMS


def round_total(rules: Rules) -> int:
    """The points shared in a round before sweeps: 11 (K1) or 26 (V8)."""
    return 26 if rules.scoring == "spade-casino" else 11


def _most(counts: Sequence[int]) -> int | None:
    """The index holding strictly the most, or None when the most is shared (K2)."""
    top = max(counts)
    leaders = [i for i, n in enumerate(counts) if n == top]
    return leaders[0] if len(leaders) == 1 else None


def _sweep_points(sweeps: Sequence[int], rules: Rules) -> list[int]:
    if not rules.sweeps:  # V2
        return [0] * len(sweeps)
    if not rules.sweeps_cancel:
        return list(sweeps)
    # V3: sweeps cancel one for one; with three sides a side keeps only the sweeps beyond the
    # most any other side made (the two-sided rule applied against the strongest rival).
    return [max(0, n - max([*sweeps[:i], *sweeps[i + 1:]])) for i, n in enumerate(sweeps)]


def score_round(piles: Sequence[Sequence[Card]], sweeps: Sequence[int],
                rules: Rules | None = None) -> RoundScore:
    """Score a finished round from each side's pile and sweep count (K1, K2, W1, V2, V3, V8)."""
    rules = rules or Rules()
    if len(piles) != len(sweeps) or len(piles) < 2:
        raise ValueError(f"score_round needs one pile and one sweep count per side "
                         f"(got {len(piles)} piles, {len(sweeps)} sweep counts)")
    card_counts = [len(p) for p in piles]
    spade_counts = [sum(1 for c in p if c.suit == "S") for p in piles]
    most_cards, most_spades = _most(card_counts), _most(spade_counts)
    sweep_points = _sweep_points(list(sweeps), rules)
    spade_casino = rules.scoring == "spade-casino"
    items: dict[int, dict[str, int]] = {}
    for i, pile in enumerate(piles):
        items[i + 1] = {
            "cards": 3 if most_cards == i else 0,
            "spades": 1 if most_spades == i else 0,
            "big_casino": 2 if any(c is BIG_CASINO for c in pile) else 0,
            "little_casino": 1 if any(c is LITTLE_CASINO for c in pile) and not spade_casino
            else 0,
            "aces": sum(1 for c in pile if c.rank == 1),
        }
        if spade_casino:
            items[i + 1]["spade_cards"] = sum(rules.card_points(c) - (c.rank == 1)
                                              for c in pile if c.suit == "S")
        items[i + 1]["sweeps"] = sweep_points[i]
    return RoundScore(
        points={side: sum(v.values()) for side, v in items.items()}, items=items,
        cards={i + 1: n for i, n in enumerate(card_counts)},
        spades={i + 1: n for i, n in enumerate(spade_counts)},
        sweeps={i + 1: n for i, n in enumerate(sweeps)})


@dataclass(frozen=True)
class MatchResult:
    """Whether the match is decided, who won (None: not over, or a drawn single-round game)
    and whether the win is a lurch (V4, a double game) or a Spade Casino double game (V8)."""

    over: bool
    winner: int | None
    lurch: bool = False
    double: bool = False  # V8: the others have less than 31

    def __repr__(self) -> str:
        # `double` shows only when set, so results of the other games print as they always did
        double = ", double=True" if self.double else ""
        return (f"MatchResult(over={self.over!r}, winner={self.winner!r}, "
                f"lurch={self.lurch!r}{double})")

    @property
    def double_game(self) -> bool:
        """The win counts twice: a lurch (V4) or a Spade Casino double (V8)."""
        return self.lurch or self.double


def match_points(scores: Mapping[int, int], round_points: Mapping[int, int],
                 rules: Rules) -> dict[int, int]:
    """The match scores after adding a round. Under V4 only the margin over the lowest round
    score counts (with two sides: the lower score is deducted from the higher)."""
    if rules.game == "11-lurch":
        low = min(round_points.values())
        return {side: scores[side] + round_points[side] - low for side in scores}
    return {side: scores[side] + round_points[side] for side in scores}


def match_result(scores: Mapping[int, int], rounds_played: int, rules: Rules) -> MatchResult:
    """Is the match over after `rounds_played` rounds with these `scores` (K3, V4, V5)?

    K3: the first side to reach the target (21; 61 under V8) wins; if several reach it in the
    same round the higher total wins, and a tie at the top plays another round. V5: each round
    is a game; a tie at the top is a drawn game (over, no winner).
    """
    top = max(scores.values())
    leaders = [side for side, n in scores.items() if n == top]
    if rules.game == "round":
        if rounds_played < 1:
            return MatchResult(False, None)
        return MatchResult(True, leaders[0] if len(leaders) == 1 else None)
    target = rules.target
    assert target is not None
    if top < target or len(leaders) > 1:
        return MatchResult(False, None)
    winner = leaders[0]
    others = [n for side, n in scores.items() if side != winner]
    lurch = rules.game == "11-lurch" and all(n < LURCH_LIMIT for n in others)
    double = rules.scoring == "spade-casino" and all(n < DOUBLE_LIMIT for n in others)
    return MatchResult(True, winner, lurch, double)
