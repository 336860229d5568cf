"""The number and choice kinds: a question about the deal or the match (``ask``, a fact of
`teaching.facts`, with ``given``, e.g. {"players": 3}); the dealing, game and scoring modules
work the answer out. No position needed. Optional ``expected``: the answer (a number, or the
words of one choice), checked against those modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..judged import LOOK, BankError, Verdict
from .base import Answered, Controls, Kind, TextCheck

if TYPE_CHECKING:
    from ..quiz import QuizItem
    from ..stages import Stage

__all__ = ["FactKind", "NumberKind", "ChoiceKind"]


class FactKind(Kind):
    """A question whose answer the game modules work out (`facts.answer`)."""

    needs_position = False
    fields = frozenset({"ask", "given"})

    def read(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"ask": str(raw["ask"]), "given": dict(raw["given"])}

    def check_raw(self, raw: Mapping[str, Any], text_list: TextCheck) -> None:
        from ..facts import FACTS

        if not isinstance(raw["ask"], str):
            raise BankError(f"ask must name a fact, not {_short(raw['ask'])}")
        if raw["ask"] not in FACTS:
            raise BankError(f"unknown fact {raw['ask']!r} to ask; known: {', '.join(FACTS)}")
        if FACTS[raw["ask"]].kind != self.name:
            raise BankError(f"{raw['ask']!r} is a {FACTS[raw['ask']].kind} question, "
                            f"not {self.name}")
        if not isinstance(raw["given"], dict):
            raise BankError("given must be an object, e.g. {\"players\": 3}")

    def check(self, item: QuizItem) -> None:
        truth = item.truth()  # FactError (a ValueError) when `given` does not fit the fact
        item.prompt()
        self.check_answer(item, truth)

    def check_answer(self, item: QuizItem, truth: Any) -> None:
        if item.expected is not None and not self.same(item.expected, truth.value):
            raise BankError(f"expected {item.expected!r} disagrees with the game modules: "
                            f"{truth.value!r} ({truth.why})")

    def same(self, expected: Any, value: Any) -> bool:
        """Whether a bank's expected answer is the one worked out."""
        return bool(expected == value)

    def truth(self, item: QuizItem) -> Any:
        """The `facts.Answer` worked out by the game modules."""
        from ..facts import answer

        assert item.ask is not None
        return answer(item.ask, item.given)

    def prompt(self, item: QuizItem) -> str:
        from ..facts import question

        assert item.ask is not None
        return question(item.ask, item.given)

    def shown(self, item: QuizItem) -> Verdict:
        truth = item.truth()
        return Verdict(False, f"It is {truth.value}. {truth.why}", truth.rule)

    def not_it(self, said: str) -> str:
        """The start of a wrong try's words: "Not 4." """
        return f"Not “{said}”."

    def readable(self, said: str, truth: Any) -> bool:
        """Whether `said` is an answer at all (else the core's words say what is wanted)."""
        return True

    def told(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
        truth = item.truth()
        said = str(answer).strip()
        if not self.readable(said, truth):
            return verdict
        look = truth.look or f"Read the question again: what does rule {truth.rule} say?"
        text = look if step == LOOK else (truth.step or look)
        return Verdict(False, f"{self.not_it(said)} {text}", truth.rule)

    # ------------------------------------------------------------------ a fact stage

    def task(self, stage: Stage) -> str:
        assert stage.item is not None
        return self.prompt(stage.item)  # the fact's question carries its data

    def mistakes(self, stage: Stage) -> tuple[str, ...]:
        assert stage.item is not None
        return tuple(str(m) for m in stage.item.truth().mistakes)

    def stage_solutions(self, stage: Stage) -> list[Any]:
        assert stage.item is not None
        return [str(stage.item.truth().value)]


class NumberKind(FactKind):
    name = "number"
    controls = Controls(Answered.NUMBER, placeholder="a number")

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        truth = item.truth()
        try:
            given = int(str(answer).strip())
        except ValueError:
            said = str(answer).strip()
            return Verdict(False, f"Give a whole number, not {said!r}." if said else
                           "Type a whole number first.")
        if given == truth.value:
            return Verdict(True, f"Right: {truth.value}. {truth.why}", truth.rule)
        return Verdict(False, f"Not quite: it is {truth.value}, not {given}. {truth.why}",
                       truth.rule)

    def readable(self, said: str, truth: Any) -> bool:
        try:
            int(said)
        except ValueError:
            return False  # not a number: the core's words say so
        return True

    def not_it(self, said: str) -> str:
        return f"Not {said}."

    def choices(self, stage: Stage) -> tuple[str, ...]:
        """Eight numbers around the answer, and the typical errors' answers."""
        assert stage.item is not None
        window = set(_window(int(stage.item.truth().value), stage.id))
        return tuple(str(n) for n in sorted(window | {int(m) for m in self.mistakes(stage)}))


class ChoiceKind(FactKind):
    name = "choice"
    controls = Controls(Answered.CHOICE)

    def check_answer(self, item: QuizItem, truth: Any) -> None:
        if truth.value not in truth.choices:
            raise BankError(f"the answer {truth.value!r} is not among the choices")
        super().check_answer(item, truth)

    def same(self, expected: Any, value: Any) -> bool:
        return str(expected).strip().lower() == str(value).lower()

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        truth = item.truth()
        said = str(answer).strip()
        if said.lower() not in (c.lower() for c in truth.choices):
            return Verdict(False, f"Choose one of: {'; '.join(truth.choices)}.")
        if said.lower() == str(truth.value).lower():
            return Verdict(True, f"Right: {truth.value}. {truth.why}", truth.rule)
        return Verdict(False, f"Not quite: {truth.value}. {truth.why}", truth.rule)

    def item_choices(self, item: QuizItem) -> tuple[str, ...]:
        """The answers offered, worked out with the right one."""
        return tuple(item.truth().choices)

    def readable(self, said: str, truth: Any) -> bool:
        return said.lower() in (c.lower() for c in truth.choices)  # else: which there are

    def choices(self, stage: Stage) -> tuple[str, ...]:
        assert stage.item is not None
        return stage.item.choices()

    def settled_by_one_try(self, stage: Stage) -> bool:
        return len(self.choices(stage)) == 2


def _window(truth: int, seed: str, size: int = 8) -> range:
    """Eight numbers holding `truth`, not always in the same place (fixed by the stage id)."""
    shift = sum(map(ord, seed)) % (size - 2) + 1
    low = max(0, truth - shift)
    return range(low, low + size)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
