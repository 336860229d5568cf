"""Feedback in steps, the answer last: how much of the core's verdict a wrong try is told.

The rules core (through `QuizItem.judge`) decides whether an answer is right and knows why; the
item's kind (`teaching.kinds`, `Kind.told` and `Kind.shown`) words how much of that to show at
each step, the way a coach does:

1. `LOOK`, a first wrong try without a hint: what to look at again (the rule's condition, which
   cards to count, how many captures are still missing), never the answer.
2. `NUDGE`, a second wrong try (or a first one after the hint): a stronger hint, the card or
   the step that leads to the answer.
3. `SHOW`, after that, or when the learner asks ("Show me"): the answer, with what makes it
   right (`shown`).

A two-way question (Legal / Not legal) is settled by any wrong try, so its first step names no
rule that would tell which way it goes, and words it the same whichever way it goes.
"""

from __future__ import annotations

from typing import Any

from .judged import LOOK, NUDGE, SHOW, Verdict
from .kinds.captures import cards_said_for
from .quiz import QuizItem

__all__ = ["LOOK", "NUDGE", "SHOW", "step_for", "stepped", "shown", "cards_said_for"]


def step_for(wrong_tries: int, hint_used: bool) -> int:
    """The step a wrong try gets: `wrong_tries` counts it; a hint taken moves one step on."""
    return max(LOOK, min(SHOW, wrong_tries + (1 if hint_used else 0)))


def stepped(item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict:
    """A wrong `verdict` on `answer`, told as far as `step` allows (a right one as it is): the
    item's kind words each step (`teaching.kinds`)."""
    return item.behaviour.stepped(item, answer, verdict, step)


def shown(item: QuizItem) -> Verdict:
    """The answer, with what makes it right (the "Show me" button, or the third try)."""
    return item.behaviour.shown(item)
