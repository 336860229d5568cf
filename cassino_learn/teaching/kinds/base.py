"""What a stage or quiz kind is: the `Kind` every kind module subclasses, and the `Controls` it
needs on screen, which the stage runner, the quiz's question and the deck's review read.

A kind answers every question that depends on it: how its fields are read and checked, how an
answer is judged (by the rules core, through `QuizItem`'s fields), the truth and the right
answers, its prompt and task, the steps a wrong try is told in (`teaching.feedback`), its default
hint ladder and the controls it needs. Kinds never build a `QuizItem` or a `Stage`: `quiz` and
`stages` build them from what the kind reads, and hold the kind (`.behaviour`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping

from ..judged import SHOW, Verdict

if TYPE_CHECKING:
    from ..quiz import QuizItem
    from ..stages import Stage

__all__ = ["Kind", "Controls", "Answered", "Exhibit", "TextCheck"]

# checks an optional field of a raw item has a list of texts (the quiz's shape check)
TextCheck = Callable[[str], None]


class Answered(Enum):
    """How a learner answers a kind's question."""

    MOVE = "a move played on the card table"
    MOVES = "several moves: each played on the table (a stage) or typed on a line (a quiz)"
    CHOICE = "one of the kind's choices, as buttons"
    NUMBER = "a whole number: buttons around the answer (a stage) or a typed box (a quiz)"
    SIDES = "a number of points for each side"
    STEPS = "nothing: the learner steps through a demonstration to its end"


class Exhibit(Enum):
    """What is drawn beside the table for the question."""

    NONE = "nothing"
    MOVE = "the move asked about, drawn as cards (and raised on the table)"
    CARDS = "the stage's cards, to count"
    PILES = "each side's pile, to score"


@dataclass(frozen=True)
class Controls:
    """The controls a kind's question needs: a widget reads this, never the kind's name."""

    answer: Answered
    table: bool = True             # the position is shown on the card table (when it has one)
    exhibit: Exhibit = Exhibit.NONE
    placeholder: str = ""          # what a typed answer's empty box says (in a quiz)


class Kind:
    """A stage or quiz kind. Subclasses set the class attributes and override what differs;
    one instance of each is in the registry (`teaching.kinds.KINDS`)."""

    name: ClassVar[str]
    controls: ClassVar[Controls]
    quiz: ClassVar[bool] = True              # a quiz item's kind (banks, practice, stages)
    needs_position: ClassVar[bool] = True    # a quiz item of it must give a position
    fields: ClassVar[frozenset[str]] = frozenset()  # the fields its quiz item must give
    stage_fields: ClassVar[frozenset[str]] = frozenset()  # a stage-only kind's own fields
    starred: ClassVar[bool] = True           # a stage of it earns stars
    two_way: ClassVar[bool] = False          # one wrong try settles it (Legal / Not legal)
    guidable: ClassVar[bool] = False         # a stage of it may be guided and word its task
    takes_stock: ClassVar[bool] = False      # a stage of it may give a Draw Casino stock
    drawn_question: ClassVar[str] = ""       # the question when its move is drawn, not said

    def __repr__(self) -> str:
        return f"<kind {self.name}>"

    # ------------------------------------------------------------------ a quiz item's fields

    def read(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The `QuizItem` fields of this kind read from a raw item (its shapes checked)."""
        return {}

    def check_raw(self, raw: Mapping[str, Any], text_list: TextCheck) -> None:
        """BankError unless the raw item's own fields have the shapes this kind reads."""

    def check(self, item: QuizItem) -> None:
        """BankError unless the item has a right answer and its stored answers agree with the
        rules core (the legal-move generator, the scorer, the game modules)."""

    # ------------------------------------------------------------------ judging a quiz item

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        """The core's verdict on `answer`, told in full."""
        raise NotImplementedError

    def solutions(self, item: QuizItem) -> list[Any]:
        """The right moves, when the answer is moves."""
        return []

    def truth(self, item: QuizItem) -> Any:
        """What the core works out as the answer, for the kinds that have one to tell."""
        raise TypeError(f"truth() is for legal, score and fact items, not {self.name}")

    def item_choices(self, item: QuizItem) -> tuple[str, ...]:
        """The answers offered as buttons in a quiz (none unless the answer is a choice)."""
        return ()

    def prompt(self, item: QuizItem) -> str:
        """The question when the bank words none."""
        raise NotImplementedError

    # ------------------------------------------------------------------ feedback in steps

    def shown(self, item: QuizItem) -> Verdict:
        """The answer, with what makes it right ("Show me", or the third try)."""
        raise NotImplementedError

    def told(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
        """A wrong verdict told as far as `step` (LOOK, NUDGE) allows; None: as it is."""
        return None

    def this_try(self, verdict: Verdict) -> str | None:
        """What the third step says of this try before the answer (None: only the answer)."""
        return None

    def stepped(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict:
        """A wrong `verdict` on `answer`, told as far as `step` allows (a right one as it is)."""
        if verdict.correct:
            return verdict
        if step >= SHOW:
            return self.with_answer(item, verdict)
        return self.told(item, answer, verdict, step) or verdict

    def with_answer(self, item: QuizItem, verdict: Verdict) -> Verdict:
        """The third step: what was wrong with this try (when the core says), then the answer."""
        answer = self.shown(item)
        first = self.this_try(verdict)
        if first is not None and verdict.message:
            text = f"{first} {answer.message}".strip()
            return Verdict(False, text, answer.rule or verdict.rule, verdict.missed, verdict.extra)
        return Verdict(False, answer.message, answer.rule or verdict.rule, verdict.missed,
                       verdict.extra, headline=answer.headline)

    # ------------------------------------------------------------------ a stage of the kind

    def read_stage(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A stage-only kind's `Stage` fields read from its raw stage (StageError if wrong)."""
        return {}

    def check_stage(self, item: QuizItem, guided: bool) -> None:
        """StageError unless a stage of this kind around `item` tests something."""

    def task(self, stage: Stage) -> str:
        """What the learner must do, worded from what the judge checks."""
        assert stage.item is not None
        return stage.item.prompt()

    def choices(self, stage: Stage) -> tuple[str, ...]:
        """The buttons a stage is answered with (none unless its answer is a choice)."""
        return ()

    def mistakes(self, stage: Stage) -> tuple[str, ...]:
        """The answers a learner gets by the lesson's typical error (all among the choices)."""
        return ()

    def settled_by_one_try(self, stage: Stage) -> bool:
        """Whether one wrong try settles the stage's question."""
        return self.two_way

    def hint_steps(self, stage: Stage) -> tuple[str, ...]:
        """The hint ladder of a stage that gives none; no step names the move."""
        return ("Read the stage's words again: the answer follows from them.",)

    def stage_answer(self, answer: Any) -> Any:
        """A stage's answer as its quiz item reads it."""
        return answer

    def right_on_stage(self, stage: Stage, verdict: Verdict) -> Verdict:
        """A right verdict as a stage tells it."""
        return verdict

    def judge_stage(self, stage: Stage, answer: Any, step: int) -> Verdict:
        """The verdict on a stage's answer, a wrong one told as far as `step` allows."""
        assert stage.item is not None
        answer = self.stage_answer(answer)
        verdict = stage.item.judge(answer)
        if verdict.correct:
            return self.right_on_stage(stage, verdict)
        return self.stepped(stage.item, answer, verdict, step)

    def show_stage(self, stage: Stage) -> Verdict:
        """A stage's answer with what makes it right ("Show me")."""
        assert stage.item is not None
        return self.shown(stage.item)

    def stage_solutions(self, stage: Stage) -> list[Any]:
        """A stage's right answers, each as `Stage.judge` takes it."""
        raise NotImplementedError

    def not_collected(self, stage: Stage, move: Any) -> str:
        """Why a move played on a stage answered by several moves does not join its answer
        ("" when it does)."""
        return ""

    def read_front_end(self, value: Any) -> Any:
        """An answer as the panels send it (JSON), as `Stage.judge` takes it; None: no answer."""
        return value if isinstance(value, str) else None
