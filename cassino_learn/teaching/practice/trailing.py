"""Practice for the trailing lesson (R1, R2), on tables with no build (so O1, taught with a
build's owner, never forbids a trail) and where no play builds or sweeps."""

from __future__ import annotations

import random

from ...core.errors import IllegalMove
from ...core.position import Position, check_move
from ..goals import parse_goal
from ..quiz import QuizItem
from .hints import HINTS
from .kinds import candidate, legal_question
from .positions import no_build_or_sweep, sample

__all__ = ["trail_or_capture", "only_trails"]

# rules an illegal capture breaks in the trailing lesson: pairing and combining, taught before
CAPTURE_RULES = frozenset({"P2", "S1", "S2"})


def trail_or_capture(rng: random.Random) -> QuizItem:
    """Trail or capture, is it legal? A trail always is (R1), also when the card could
    capture; a capture only when it pairs or adds up. Half the moves asked about are legal."""
    want_legal = rng.random() < 0.5

    def accept(position: Position) -> str | None:
        moves = position.legal_moves()
        if not no_build_or_sweep(position):
            return None
        captures = [m for m in moves if m.kind == "capture"]
        if not captures:  # a trail must be a choice, not the only play (that is R2)
            return None
        if want_legal:
            if rng.random() < 0.6:
                capturers = {m.card for m in captures}
                return str(rng.choice([m for m in moves
                                       if m.kind == "trail" and m.card in capturers]))
            return str(rng.choice(captures))
        for _ in range(30):
            move = candidate(position, rng)
            if move.kind != "capture" or move.card not in position.hand:
                continue
            try:
                check_move(position, move.kind, move.card, move.table_cards, move.value)
            except IllegalMove as error:
                if error.rule in CAPTURE_RULES:
                    return str(move)
        return None

    position, text = sample(rng, accept, loose=(2, 5), hand=(2, 4))
    return QuizItem(id="practice-R1", kind="legal", position=position,
                    question=legal_question(text), hint=HINTS["R1"], rules=("R1",),
                    move=str(text), legal=want_legal)


def only_trails(rng: random.Random) -> QuizItem:
    """R2: a hand that can do nothing but trail; any legal play is right, a capture attempt is
    explained by the core."""
    def accept(position: Position) -> bool:
        return all(m.kind == "trail" for m in position.legal_moves())

    position, _ = sample(rng, accept, loose=(2, 4), hand=(2, 3))
    return QuizItem(id="practice-R2", kind="goal", position=position,
                    question="Make your play: any legal play is right here (look carefully: "
                             "can you capture anything?).",
                    hint=HINTS["R2"], rules=("R2",), goal=parse_goal("legal"))
