"""The demo kind, a stage's alone: a demonstration stepped through on the table (``position``
and ``steps``, each [move, caption]); nothing to answer, and no stars."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...core.errors import IllegalMove, MoveSyntaxError
from ...core.position import Position
from ..judged import StageError, Verdict
from .base import Answered, Controls, Kind

if TYPE_CHECKING:
    from ..stages import Stage

__all__ = ["DemoKind"]


class DemoKind(Kind):
    name = "demo"
    controls = Controls(Answered.STEPS)
    quiz = False
    starred = False
    stage_fields = frozenset({"position", "steps"})

    def read_stage(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        position = Position.parse(str(raw.get("position", "")))
        return {"position": position, "steps": _steps(position, raw.get("steps"))}

    def task(self, stage: Stage) -> str:
        return "Press Next ▶ to step through."

    def hint_steps(self, stage: Stage) -> tuple[str, ...]:
        return ()  # nothing to hint at

    def judge_stage(self, stage: Stage, answer: Any, step: int) -> Verdict:
        """Right once the last step is reached (`judge(True)`)."""
        return Verdict(bool(answer), "You have seen it to the end." if answer else
                       "Step through to the end first.")

    def show_stage(self, stage: Stage) -> Verdict:
        return Verdict(False, "Press Next ▶ to step through to the end.")

    def stage_solutions(self, stage: Stage) -> list[Any]:
        return [True]


def _steps(start: Position, steps: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(steps, list) or not steps:
        raise StageError("a demo stage needs \"steps\": a list of [move, caption]")
    here, checked = start, []
    for number, step in enumerate(steps, 1):
        if not (isinstance(step, list) and len(step) == 2 and all(isinstance(s, str)
                                                                   for s in step)):
            raise StageError(f"step {number}: give [move, caption], not {step!r}")
        try:
            move = here.parse_move(step[0])
        except (IllegalMove, MoveSyntaxError) as error:
            raise StageError(f"step {number} ({step[0]!r}): {error}") from None
        here = here.play(move)
        checked.append((step[0], step[1]))
    return tuple(checked)
