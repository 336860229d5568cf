"""Practice on counting and scoring: a round's points (C1, K1, K2; the sweep variants V2, V3 and
Spade Casino V8) and who has won the match after a round (K3; V4, V5)."""

from __future__ import annotations

import random

from ...core.cards import FULL_DECK
from ...core.position import Position
from ...core.rules import Rules
from ...core.variants import variant
from ..quiz import QuizItem
from .hints import HINTS
from .kinds import fact_task
from .positions import MAX_TRIES, PracticeError

__all__ = ["count_task", "score_task", "variant_score_task", "match_task"]


def count_task(rule: str, rng: random.Random) -> QuizItem:
    """A finished round to count with no tie and no sweep: the first lesson counts points
    before any capture, tie (K2) or sweep (W1) is taught."""
    while True:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        cut = rng.randint(18, 34)
        spades = [sum(c.suit == "S" for c in pile) for pile in (deck[:cut], deck[cut:])]
        if cut != len(deck) - cut and spades[0] != spades[1]:
            break
    position = Position.create(piles={1: deck[:cut], 2: deck[cut:]})
    return QuizItem(id=f"practice-{rule}", kind="score", position=position,
                    question="Count the round: how many points does each side get?",
                    hint=HINTS[rule], rules=(rule,))


def score_task(rule: str, rng: random.Random) -> QuizItem:
    """A finished round to score, ties and a sweep now and then (K2)."""
    from ..quiz import round_points

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    cut = rng.randint(18, 34)
    sweeps = {1: rng.choice((0, 0, 1)), 2: rng.choice((0, 0, 1))}
    position = Position.create(piles={1: deck[:cut], 2: deck[cut:]}, sweeps=sweeps)
    round_points(position)  # the scorer must be able to answer before we ask
    return QuizItem(id=f"practice-{rule}", kind="score", position=position,
                    question="Score the round: how many points does each side get?",
                    hint=HINTS[rule], rules=(rule,))


def variant_score_task(rule: str, rules: Rules, name: str, words: str,
                       rng: random.Random) -> QuizItem:
    """Score a round under a variant (V2, V3, V8), named by its `name` and what it says in
    `words` (never its id or options); both sides swept, so a sweep variant matters."""
    from ..quiz import round_points

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    cut = rng.randint(20, 32)
    sweeps = {1: rng.randint(1, 3), 2: rng.randint(1, 3)}
    position = Position.create(piles={1: deck[:cut], 2: deck[cut:]}, sweeps=sweeps, rules=rules)
    round_points(position)  # the scorer must be able to answer before we ask
    return QuizItem(id=f"practice-{rule}", kind="score", position=position,
                    question=f"{name}: {words}. Score the round: how many points does "
                             f"each side get?",
                    hint=HINTS[rule], rules=(rule,))


def _round_points(rng: random.Random, rules: Rules, sweeps: int = 2) -> dict[str, int]:
    """The points of a random but possible round, from the scorer."""
    from ...game.scoring import score_round

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    cut = rng.randint(18, 34)
    swept = [rng.randint(0, sweeps), rng.randint(0, sweeps)]
    score = score_round([deck[:cut], deck[cut:]], swept, rules=rules)
    return {str(side): points for side, points in score.points.items()}


def match_task(rule: str, rng: random.Random) -> QuizItem:
    """Who has won after this round (K3 to 21, V4 to 11 with lurches, V5 one round)? Or, under
    V4, what is the score now? Scores before the round are chosen so the answer is in doubt."""
    from ..facts import answer

    rules = Rules() if rule == "K3" else variant(rule).rules
    for _ in range(MAX_TRIES):
        given: dict = {"game": rules.game, "round": _round_points(rng, rules)}
        if rules.target is not None:  # not V5: the scores before the round count
            top = rules.target - 1
            given["before"] = {"1": rng.randint(0, top), "2": rng.randint(0, top)} \
                if rules.lurch else {"1": rng.randint(top - 9, top), "2": rng.randint(top - 9, top)}
        if rules.lurch and rng.random() < 0.4:
            return fact_task(rule, "match score", {**given, "side": rng.randint(1, 2)})
        result = str(answer("match result", given).value)
        # keep the easy "nobody yet" answers to about a third
        if result.startswith("nobody") and rng.random() < 0.6:
            continue
        return fact_task(rule, "match result", given)
    raise PracticeError(f"no match situation found for {rule}")
