"""A stage card's other form: a fresh practice position for the same rule. A stage missed at the
first try comes back as that stage again, and on every second review (the 2nd, 4th, ...) as a
practice position of the rule the stage teaches, when that rule has practice
(`teaching.practice.MAKERS`): a new position each time (seeded by the review's number), so the
learner learns the rule, not the stage's answer. The practice's own quiz item judges it (a
`Stage` made around it: `Stage.judge` asks the item).
"""

from __future__ import annotations

from ...teaching.kinds import quiz_kinds
from ...teaching.practice import ALIASES, MAKERS, PracticeError, make_task
from ...teaching.stages import Stage

__all__ = ["practice_rule", "practice_form", "in_practice_form", "PLAYABLE"]

#: The practice kinds the deck's runner plays as a stage (the quiz's kinds that are stages').
PLAYABLE = quiz_kinds()


def practice_rule(stage: Stage) -> str | None:
    """The rule `stage` teaches that has practice (its own rule first, then its quiz item's),
    or None."""
    rules = [stage.rule()] + list(stage.item.rules if stage.item is not None else ())
    return next((r for r in rules if r and (r in MAKERS or r in ALIASES)), None)


def in_practice_form(reviews: int) -> bool:
    """Whether a stage card answered `reviews` times comes back as a practice position (every
    second review; the first is the stage itself)."""
    return reviews % 2 == 1


def practice_form(stage: Stage, seed: int) -> Stage | None:
    """A practice position for the rule `stage` teaches, as a stage the deck plays (None: the
    rule has no practice, or its practice is of a kind the deck does not play)."""
    rule = practice_rule(stage)
    if rule is None:
        return None
    try:
        item = make_task(rule, seed)
    except PracticeError:
        return None
    if not item.behaviour.quiz:
        return None
    return Stage(id=f"practice-{rule}-{seed}", kind=item.kind,
                 say=f"Practice for the same rule ({rule}): {item.question}",
                 hints=(item.hint,) if item.hint else (), item=item, position=item.position)
