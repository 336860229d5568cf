"""What judging gives back, shared by the quiz, the stages and their kinds: the `Verdict` on an
answer, the steps a wrong try is told in, and the errors of a quiz bank or a stages file. A leaf:
it imports nothing of the package, so every kind module can use it."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Verdict", "BankError", "StageError", "cited_rules", "LOOK", "NUDGE", "SHOW"]

# The steps of feedback (`teaching.feedback`): what to look at again, a stronger hint, the answer.
LOOK, NUDGE, SHOW = 1, 2, 3

_RULE_ID = re.compile(r"\b([A-Z][0-9]{1,2})\b")


def cited_rules(text: str) -> frozenset[str]:
    """The rule ids a text written for a learner cites, as lessons and facts cite them: "(K1)",
    "the rule B2"."""
    return frozenset(_RULE_ID.findall(text))


class BankError(ValueError):
    """A quiz bank or item that is malformed, unanswerable or disagrees with the rules core:
    `.what` is wrong, in `.source` (the bank's file name, or "") and `.item` (the item's label,
    like "item 3 (pair-7)", or "")."""

    def __init__(self, what: str, *, source: str = "", item: str = "") -> None:
        self.what, self.source, self.item = what, source, item
        super().__init__(": ".join(part for part in (source, item, what) if part))


class StageError(ValueError):
    """A stages file or stage that is malformed, unsolvable or disagrees with the rules core:
    `.what` is wrong, in `.source` (the stages file, or "") and `.stage` (the stage's label,
    like "stage 2 (pair-7)", or "")."""

    def __init__(self, what: str, *, source: str = "", stage: str = "") -> None:
        self.what, self.source, self.stage = what, source, stage
        super().__init__(": ".join(part for part in (source, stage, what) if part))


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or not, and what to tell the learner."""

    correct: bool
    message: str
    rule: str | None = None
    missed: tuple[str, ...] = ()   # captures kind: right answers the learner did not give
    extra: tuple[str, ...] = ()    # captures kind: answers given that are not captures of the card
    kept_back: str = ""  # the message without what gives the answer away, for the first steps
    counted: bool = True  # False when the answer is no try at all ("Choose a number.")
    headline: str = ""  # the first line alone, when the rest is a score sheet a widget draws

    # The one place a verdict's words are read: the rule ids its message cites, as lessons and
    # facts write them inline ("... (K1)"), so a widget cites the rule once.

    @property
    def names_rule(self) -> bool:
        """Whether the message cites its rule already, so that the rule is not cited twice."""
        return self.rule is not None and self.rule in cited_rules(self.message)

    @property
    def untagged(self) -> str:
        """The message without its rule's " (K1)", for a widget that shows the rule as a tag."""
        return self.message.replace(f" ({self.rule})", "") if self.rule else self.message
