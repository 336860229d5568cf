"""Scoring: a round's points with their itemised breakdown ("showing", K1, K2, W1, V2, V3, V8
Spade Casino) and the end of a match (K3, V4 "11-lurch", V5 "round", V8 to 61).

What is scored comes from the rules (`Rules.scorer`, a `cassino_learn.core.scoring.Scoring`:
the items and their points; `Rules.sweep_points`; `Rules.target`); this module applies them to
a round's piles and to a match's scores.

Sides are numbered from 1, like seats; in partnership games side 1 is seats 1+3 and side 2 is
seats 2+4 (see `cassino_learn.core.position.side_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.cards import Card
from ..core.rules import TARGET_LURCH as RULES_TARGET_LURCH
from ..core.rules import Rules
from ..core.scoring import SPADE_CASINO, STANDARD
from ..core.words import count

__all__ = ["ITEMS", "SPADE_CASINO_ITEMS", "RoundScore", "MatchResult",
           "score_round", "match_result", "match_points", "items_for",
           "round_total", "TARGET_21", "TARGET_LURCH", "LURCH_LIMIT", "DOUBLE_LIMIT"]

ITEMS = STANDARD.keys
SPADE_CASINO_ITEMS = SPADE_CASINO.keys  # V8: no Little Casino point; every spade scores
TARGET_21 = STANDARD.target
TARGET_LURCH = RULES_TARGET_LURCH
LURCH_LIMIT = 6  # V4: reaching 11 while every other side has fewer than 6 is a lurch
DOUBLE_LIMIT = SPADE_CASINO.double_limit  # V8: a win while the others have fewer is double


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
    return rules.scorer.keys


def round_total(rules: Rules) -> int:
    """The points shared in a round before sweeps: 11 (K1) or 26 (V8)."""
    return rules.scorer.round_total


def _most(counts: Sequence[int]) -> int | None:
    """The index holding strictly the most, or None when the most is shared (K2)."""
    top = max(counts)
    leaders = [i for i, n in enumerate(counts) if n == top]
    return leaders[0] if len(leaders) == 1 else None


def score_round(piles: Sequence[Sequence[Card]], sweeps: Sequence[int],
                rules: Rules | None = None) -> RoundScore:
    """Score a finished round from each side's pile and sweep count (K1, K2, W1, V2, V3, V8)."""
    rules = rules or Rules()
    if len(piles) != len(sweeps) or len(piles) < 2:
        raise ValueError(f"score_round needs one pile and one sweep count per side "
                         f"(got {len(piles)} piles, {len(sweeps)} sweep counts)")
    card_counts = [len(p) for p in piles]
    spade_counts = [sum(1 for c in p if c.suit == "S") for p in piles]
    sweep_points = rules.sweep_points(list(sweeps))
    scorer = rules.scorer
    tallies = [scorer.tally(pile) for pile in piles]  # the PER_CARD items are points already
    for place, item in enumerate(scorer.items):
        if item.most:  # the count becomes the points of the side with strictly the most
            leader = _most([tally[place] for tally in tallies])
            for i, tally in enumerate(tallies):
                tally[place] = item.points if i == leader else 0
        elif item.sweeps:
            for tally, points in zip(tallies, sweep_points):
                tally[place] = points
    keys = scorer.keys
    items = {i + 1: dict(zip(keys, tally)) for i, tally in enumerate(tallies)}
    return RoundScore(
        points={i + 1: sum(tally) for i, tally in enumerate(tallies)}, items=items,
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
    if rules.lurch:
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
    if rules.round_is_game:
        if rounds_played < 1:
            return MatchResult(False, None)
        return MatchResult(True, leaders[0] if len(leaders) == 1 else None)
    target = rules.target
    assert target is not None
    if top < target or len(leaders) > 1:
        return MatchResult(False, None)
    winner = leaders[0]
    others = [n for side, n in scores.items() if side != winner]
    lurch = rules.lurch and all(n < LURCH_LIMIT for n in others)
    limit = rules.scorer.double_limit
    double = limit is not None and all(n < limit for n in others)
    return MatchResult(True, winner, lurch, double)
