"""The score kind: the points each side scores for its pile (K1, K2), worked out by the scorer.
Optional ``expected`` {side: points}. Answered with a number for each side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...core.position import Position
from ...core.words import listing
from ..judged import LOOK, BankError, Verdict
from .base import Answered, Controls, Exhibit, Kind, TextCheck

if TYPE_CHECKING:
    from ..quiz import QuizItem
    from ..stages import Stage

__all__ = ["ScoreKind", "round_score", "round_points"]


class ScoreKind(Kind):
    name = "score"
    controls = Controls(Answered.SIDES, table=False, exhibit=Exhibit.PILES)

    def check_raw(self, raw: Mapping[str, Any], text_list: TextCheck) -> None:
        expected = raw.get("expected")
        if expected is not None and not (
                isinstance(expected, dict)
                and all(k.isascii() and k.isdigit() and len(k) < 3 for k in expected)
                and all(isinstance(v, int) and not isinstance(v, bool)
                        for v in expected.values())):
            raise BankError(f"expected must give whole points per side, like "
                            f"{{\"1\": 7, \"2\": 4}}, not {_short(expected)}")

    def check(self, item: QuizItem) -> None:
        if not any(item.position.piles):
            raise BankError("a score item needs piles (pile 1: ..., pile 2: ...)")
        truth = round_points(item.position)
        if item.expected is not None:
            points = {int(k): int(v) for k, v in dict(item.expected).items()}
            if points != truth:
                raise BankError(f"expected points {points} disagree with the scorer: {truth}")

    def truth(self, item: QuizItem) -> Any:
        """{side: points}, from the scorer."""
        return round_points(item.position)

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        truth = item.truth()
        try:
            given = {int(side): int(points) for side, points in dict(answer).items()}
        except (TypeError, ValueError, OverflowError):  # OverflowError: int(float("inf"))
            return Verdict(False, "Give the points as a number for each side.", counted=False)
        wrong = [side for side in truth if given.get(side) != truth[side]]
        detail = ", ".join(f"side {side}: {points}" for side, points in sorted(truth.items()))
        from ..sheets import score_text

        showing = score_text(item.position)
        if not wrong:
            return Verdict(True, f"Right: {detail}.\n{showing}", headline=f"Right: {detail}.")
        return Verdict(False, f"Not quite: the points are {detail}.\n{showing}", "K1",
                       headline=f"Not quite: the points are {detail}.")

    def prompt(self, item: QuizItem) -> str:
        return "How many points does each side score for its pile?"

    def shown(self, item: QuizItem) -> Verdict:
        from ..sheets import score_text

        truth = item.truth()
        said = ", ".join(f"side {side}: {points}" for side, points in sorted(truth.items()))
        return Verdict(False, f"The points are {said}.\n{score_text(item.position)}", "K1",
                       headline=f"The points are {said}.")

    def told(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
        score = round_score(item.position)  # the scorer, under the position's rules
        scorer = item.position.rules.scorer
        try:
            given = {int(side): int(points) for side, points in dict(answer).items()}
        except (TypeError, ValueError, OverflowError):
            return None  # not a number a side: the plain verdict says so
        off = [f"side {side} ({'too many' if given.get(side, 0) > points else 'too few'})"
               for side, points in sorted(score.points.items()) if given.get(side) != points]
        head = f"Not yet: the points for {listing(off)} are not right."
        if step == LOOK:
            # Sweeps (taught in lesson 9) are named only when a pile holds one; an item no card
            # scores under these rules is not named (V8: Little Casino counts as a spade there).
            counted = [each for each in scorer.items if each.scores and (
                not each.sweeps or any(side.get(each.key) for side in score.items.values()))]
            rules, swept = item.position.rules, any(item.position.sweeps)
            # the variant's own twist on sweeps, the slip its stage is about (V2, V3)
            sweeps = (" Sweeps score nothing under these rules." if swept and not rules.sweeps
                      else " Sweeps cancel one for one: only the difference scores."
                      if swept and rules.sweeps_cancel else "")
            return Verdict(False, f"{head} Count each pile again, item by item: "
                                  f"{', '.join(each.said for each in counted)}.{sweeps}",
                           "K1")
        won = []
        named = {each.key: each.name.lower() for each in scorer.items}
        for side, items in sorted(score.items.items()):
            names = [named[name] for name, n in items.items() if n]
            won.append(f"side {side} wins {listing(names) if names else 'nothing'}")
        return Verdict(False, f"{head} {'; '.join(won).capitalize()}. Add up what each is "
                              f"worth.", "K1")

    # ------------------------------------------------------------------ a score stage

    def task(self, stage: Stage) -> str:
        return "How many points does each side score for its pile?"

    def stage_solutions(self, stage: Stage) -> list[Any]:
        assert stage.item is not None
        return [stage.item.truth()]

    def read_front_end(self, value: Any) -> Any:
        """{side: points}: the panels send the sides as JSON's text keys."""
        if isinstance(value, dict):
            return {int(k): v for k, v in value.items()}
        return super().read_front_end(value)


def round_score(position: Position) -> Any:
    """The scorer's RoundScore for the piles and sweeps of `position` (game.scoring)."""
    from ...game.scoring import score_round  # the scorer is the only judge of points (K1-K3)

    return score_round(position.piles, position.sweeps, rules=position.rules)


def round_points(position: Position) -> dict[int, int]:
    """Each side's points for the piles and sweeps of `position`."""
    return {int(side): int(points) for side, points in round_score(position).points.items()}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
