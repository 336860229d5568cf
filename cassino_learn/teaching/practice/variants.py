"""Practice on the variants: three-take-all (V1), the sweep variants (V2, V3), Royal Casino
(V7), Spade Casino (V8) and Draw Casino (V9). The match variants V4 and V5 are in `points`."""

from __future__ import annotations

import random

from ...core.cards import FULL_DECK
from ...core.errors import IllegalMove
from ...core.position import Position, check_move
from ...core.variants import variant
from ..goals import parse_goal
from ..quiz import QuizItem
from .hints import HINTS
from .kinds import captures_task, fact_task, goal_task, legal_question
from .points import variant_score_task
from .positions import MAX_TRIES, PracticeError, sample

__all__ = ["ROYAL", "SPADE_CASINO", "three_take_all", "sweeps_off", "sweeps_cancel",
           "royal_task", "spade_casino_task", "draw_casino_task"]

ROYAL = variant("V7").rules
SPADE_CASINO = variant("V8").rules


def three_take_all(rng: random.Random) -> QuizItem:
    """V1: three of a rank on the table and the fourth in hand; take the most cards."""
    rules = variant("V1").rules
    for _ in range(MAX_TRIES):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        rank = rng.choice((11, 12, 13))
        faces = [c for c in deck if c.rank == rank]
        for c in faces:
            deck.remove(c)
        table = faces[:3] + [deck.pop() for _ in range(rng.randint(1, 3))]
        hand = [faces[3]] + [deck.pop() for _ in range(rng.randint(1, 2))]
        position = Position.create(table=table, hand=hand, rules=rules)
        goal = parse_goal("most cards")
        if len(goal.solutions(position)) == len(position.legal_moves()):
            continue
        return QuizItem(id="practice-V1", kind="goal", position=position,
                        question="Three-take-all rules: take as many cards as you can.",
                        hint=HINTS["V1"], rules=("V1",), goal=goal)
    raise PracticeError("no three-take-all position found")


def sweeps_off(rng: random.Random) -> QuizItem:
    """V2: score a round in which sweeps score nothing."""
    return variant_score_task("V2", variant("V2").rules, "No sweeps", "sweeps score nothing",
                              rng)


def sweeps_cancel(rng: random.Random) -> QuizItem:
    """V3: score a round in which each side's sweeps cancel the other side's."""
    return variant_score_task("V3", variant("V3").rules, "Sweeps cancel",
                              "each side's sweeps cancel the other side's, one for one", rng)


def _face_sum_task(rng: random.Random) -> QuizItem:
    """A face card adding up (a king takes 10+3): list its captures."""
    return captures_task("V7", rng, lambda ms: any(m.card.is_face and len(m.table_cards) >= 2
                                                   for m in ms), rules=ROYAL, loose=(3, 6))


def _ace_high_task(rng: random.Random) -> QuizItem:
    """An ace taken as 14: list its captures (the 1s and the 14s)."""
    return captures_task("V7", rng, lambda ms: any(m.value == 14 for m in ms), rules=ROYAL,
                         loose=(3, 6))


def _build_of_14_task(rng: random.Random) -> QuizItem:
    """Is this build of 14 legal? It is when an ace stays in the hand (B2, V7)."""
    want_legal = rng.random() < 0.5

    def accept(position: Position) -> str | None:
        if want_legal:
            found = [m for m in position.legal_moves() if m.kind == "build" and m.value == 14]
            return str(rng.choice(found)) if found else None
        for card in position.hand:
            for other in position.loose:
                if card.rank + other.rank != 14:
                    continue
                try:
                    check_move(position, "build", card, frozenset({other}), 14)
                except IllegalMove as error:
                    if error.rule in ("B2", "V7"):
                        return f"{card} build 14 {other}"
        return None

    position, text = sample(rng, accept, rules=ROYAL, loose=(3, 6), hand=(3, 4))
    return QuizItem(id="practice-V7", kind="legal", position=position,
                    question=legal_question(text, "Royal Casino: "), hint=HINTS["V7"],
                    rules=("V7",), move=str(text), legal=want_legal)


def _royal_most_cards(rng: random.Random) -> QuizItem:
    return goal_task("V7", "most cards", "Royal Casino: take as many cards as you can.", rng,
                     extra=lambda p: any(m.kind == "capture" and (m.card.is_face or m.value == 14)
                                         for m in p.legal_moves()),
                     rules=ROYAL, loose=(3, 6))


def royal_task(rng: random.Random) -> QuizItem:
    """V7 practice: a face card adding up, an ace as 14, a build of 14, or the biggest take."""
    return rng.choice((_face_sum_task, _ace_high_task, _build_of_14_task, _royal_most_cards))(rng)


def spade_casino_task(rng: random.Random) -> QuizItem:
    """V8 practice: score a round under Spade Casino."""
    return variant_score_task("V8", SPADE_CASINO, "Spade Casino",
                              "every spade scores (the ace, jack and two of spades 2 each, the "
                              "rest 1), and Little Casino scores no point of its own", rng)


def draw_casino_task(rng: random.Random) -> QuizItem:
    """V9 practice: the stock, or a hand, some plays into a Draw Casino round (the answer is
    worked out by playing a Game; `teaching.facts`). Near the end the stock has run out, so
    a hand may hold fewer than four."""
    players = rng.choice((2, 3, 4))
    stock = 52 - 4 - 4 * players  # a guess at where the stock runs out, to pick the plays
    if rng.random() < 0.5:
        return fact_task("V9", "draw stock", {"players": players,
                                              "plays": rng.randint(1, stock + 2)})
    return fact_task("V9", "draw hand", {"players": players,  # the end, where hands shrink
                                         "plays": rng.randint(stock - 2, 47),
                                         "seat": rng.randint(1, players)})
