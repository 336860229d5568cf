"""What a state is worth in round points (K1, V8), exactly at the end of a round, else expected.

Every value here is a *lead*: a side's round points less the most any other side scores, the
number the search maximises (`cassino_learn.game.search`).

At the end of a round the points come from `score_round` (K1, K2, W1, V2, V3, V8). Before it,
`expected_points` counts what is already certain (casinos, aces, V8's spades, sweeps) and the
chance of each side ending with the most of each "most" item of the rules' scoring (K1: the
most cards, 3 points, and the most spades, 1): each card
still to be captured goes to one side or another, so a lead of d cards with R cards to come
holds with the probability of a normal tail, Phi((d - 1/2) / (0.9 sqrt R)).

Late in a match, `match_utility` adds the chance of winning the match (see its docstring).
"""

from __future__ import annotations

import math
from typing import Sequence

from ..core.position import Position
from ..core.rules import Rules
from .scoring import score_round

__all__ = ["final_points", "expected_points", "leads", "match_utility", "MATCH_WEIGHT",
           "MATCH_WINDOW"]

# Late in a match a won match is worth this many round points of lead, a lost one as many less.
MATCH_WEIGHT = 8.0
# "Late": some side is within this many points of the target (a good round is about 11).
MATCH_WINDOW = 13


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def final_points(position: Position) -> list[float]:
    """Each side's round points of a finished round (W2 already applied)."""
    score = score_round(position.piles, position.sweeps, position.rules)
    return [float(score.points[s]) for s in range(1, len(position.piles) + 1)]


def _most_chances(counts: list[int], left: int) -> list[float]:
    """The chance each side ends with strictly the most, `left` items still to be shared."""
    if left <= 0:
        top = max(counts)
        leaders = [i for i, n in enumerate(counts) if n == top]
        return [1.0 if len(leaders) == 1 and i == leaders[0] else 0.0
                for i in range(len(counts))]
    sigma = 0.9 * math.sqrt(left)
    chances = []
    for i, n in enumerate(counts):
        best_other = max(counts[:i] + counts[i + 1:])
        chances.append(_phi((n - best_other - 0.5) / sigma))
    return chances


def expected_points(position: Position) -> list[float]:
    """Each side's expected round points from here (certain items plus most-cards and
    most-spades chances)."""
    rules = position.rules
    scorer = rules.scorer
    tallies = [scorer.tally(pile) for pile in position.piles]
    certain = scorer.per_card_places
    points = [float(sum([tally[place] for place in certain])) for tally in tallies]
    for i, n in enumerate(rules.sweep_points(position.sweeps)):
        points[i] += n
    for place, item in scorer.most_places:  # most cards (3), most spades (1), ...
        counts = [tally[place] for tally in tallies]
        for i, p in enumerate(_most_chances(counts, item.in_deck - sum(counts))):
            points[i] += item.points * p
    return points


def leads(points: Sequence[float]) -> list[float]:
    """Each side's points less the most of any other side."""
    return [p - max([*points[:i], *points[i + 1:]]) for i, p in enumerate(points)]


def match_utility(points: Sequence[float], scores: Sequence[int], rules: Rules,
                  final: bool) -> list[float]:
    """Each side's lead, plus late in a match the value of winning it.

    Late means some side is within MATCH_WINDOW points of the target (K3: 21; V8: 61); not
    under V5 (every round a game, so the lead is all) or V4. Then each side's utility is its
    lead plus MATCH_WEIGHT x (2 P(win) - 1), where P(win) is 1 or 0 once a side reaches the
    target with the round's points (the higher total wins, K3; a tie at the top plays on,
    1/2) and otherwise a logistic in the difference of the points still needed, with a scale of
    5 points (about a round's spread). Before the round ends (`final` False) the points are
    expected ones, so the step is smoothed the same way.
    """
    base = leads(points)
    target = rules.target
    if target is None or rules.lurch or not scores \
            or max(scores) < target - MATCH_WINDOW:
        return base
    totals = [s + p for s, p in zip(scores, points)]
    out = []
    for i, total in enumerate(totals):
        others = max(totals[:i] + totals[i + 1:])
        if final and max(totals) >= target:
            win = 1.0 if total > others else 0.0 if total < others else 0.5
        else:
            need_me = max(0.0, target - total)
            need_other = max(0.0, target - others)
            x = (need_other - need_me) / 5.0
            if max(totals) >= target:  # smoothed: reaching the target first decides it
                x = (total - others) / 2.0
            win = 1.0 / (1.0 + math.exp(-x))
        out.append(base[i] + MATCH_WEIGHT * (2.0 * win - 1.0))
    return out
