"""The points kind, a stage's alone: how many points are these ``cards`` worth (C3, K1), as the
core counts them. Answered by a number button."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...core.cards import parse_cards
from ..judged import LOOK, SHOW, StageError, Verdict
from .base import Answered, Controls, Exhibit, Kind

if TYPE_CHECKING:
    from ..stages import Stage

__all__ = ["PointsKind"]


class PointsKind(Kind):
    name = "points"
    controls = Controls(Answered.CHOICE, table=False, exhibit=Exhibit.CARDS)
    quiz = False
    stage_fields = frozenset({"cards"})

    def read_stage(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        cards = parse_cards(str(raw.get("cards", "")))
        if not cards:
            raise StageError("a points stage needs \"cards\"")
        return {"cards": cards}

    def task(self, stage: Stage) -> str:
        return "How many points are these cards worth?"

    def choices(self, stage: Stage) -> tuple[str, ...]:
        return tuple(str(n) for n in range(0, max(6, stage.truth() + 3)))

    def mistakes(self, stage: Stage) -> tuple[str, ...]:
        """One scoring card forgotten, or Big Casino counted as 1."""
        truth = stage.truth()
        off = {truth - card.points for card in stage.cards if card.points}
        off |= {truth - 1 for card in stage.cards if card.points == 2}
        return tuple(str(n) for n in sorted(off - {truth}))

    def judge_stage(self, stage: Stage, answer: Any, step: int) -> Verdict:
        truth = stage.truth()
        try:
            given = int(str(answer).strip())
        except ValueError:
            return Verdict(False, "Choose a number.", counted=False)
        if given == truth:
            return Verdict(True, f"Right: {truth}. {_detail(stage)}.", "K1")
        if step >= SHOW:
            return Verdict(False, self.show_stage(stage).message, "K1")
        if step == LOOK:
            return Verdict(False, f"Not {given}. Count again: only aces, Big Casino (the ten of "
                                  f"diamonds) and Little Casino (the two of spades) score "
                                  f"points (K1).", "K1")
        scoring = [card.name for card in stage.cards if card.points]
        if not scoring:
            return Verdict(False, f"Not {given}. Look at each card: is any of them an ace, Big "
                                  f"Casino or Little Casino (K1)?", "K1")
        return Verdict(False, f"Not {given}. The cards that score here: {', '.join(scoring)}. "
                              f"What is each one worth (K1)?", "K1")

    def show_stage(self, stage: Stage) -> Verdict:
        return Verdict(False, f"It is {stage.truth()}: {_detail(stage)} (K1).", "K1")

    def stage_solutions(self, stage: Stage) -> list[Any]:
        return [str(stage.truth())]


def _detail(stage: Stage) -> str:
    return "; ".join(f"{card.name}: {card.points}" for card in stage.cards
                     if card.points) or "none of them scores"
