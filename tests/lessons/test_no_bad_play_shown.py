"""Demonstrations and "Legal" verdicts teach no bad play either (issue 43, item 6).

Every move a demonstration plays for the learner's side (the seat the table is drawn for) is
valued by the expert on the position before it, as test_no_bad_play values a goal's answers,
and may not be clearly below the best legal move. A "Legal / Not legal" stage whose move is
legal but clearly below the best says so in its verdict, so that "legal" never reads as advice.
"""

from __future__ import annotations

import pytest

from cassino_learn.core.position import Position
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import Stage, load_stages
from test_no_bad_play import MARGIN, values


def _stage_at(stage_id: str, position: Position) -> Stage:
    return Stage(id=stage_id, kind="goal", say="", position=position)


def demo_moves():
    """(stage, step number, position before, move) for each of the learner's demo moves."""
    for item in catalog.LESSONS:
        for stage in load_stages(item.slug):
            if stage.kind != "demo":
                continue
            here, seat = stage.position, stage.position.turn
            for number, (text, _caption) in enumerate(stage.steps, 1):
                move = here.parse_move(text)
                if here.turn == seat and len(here.legal_moves()) > 1:
                    yield pytest.param(stage.id, number, here, move,
                                       id=f"{item.slug}:{stage.id}:{number}")
                here = here.play(move)


# The demonstrations about a mistake, which they show as one (PEDAGOGY.md: never teach bad play
# "unless the stage is about that mistake and says so"): 4.7 shows what a careless trail gives
# away ("Watch what your opponent does with it").
ABOUT_A_MISTAKE = {("risk-of-a-trail", 1)}


@pytest.mark.parametrize("stage_id,number,position,move", list(demo_moves()))
def test_a_demonstration_plays_no_move_clearly_below_the_best(stage_id, number, position, move):
    if (stage_id, number) in ABOUT_A_MISTAKE:
        pytest.skip("this step shows the mistake the stage is about")
    valued = values(_stage_at(f"{stage_id}:{number}", position))
    best_move = max(valued, key=valued.get)
    assert valued[best_move] - valued[move] <= MARGIN, (
        f"{stage_id} step {number} plays {move} ({valued[move]:+.2f}), clearly below "
        f"{best_move} ({valued[best_move]:+.2f})")


def legal_stages():
    for item in catalog.LESSONS:
        for stage in load_stages(item.slug):
            if stage.kind == "legal" and stage.item.truth()[0]:
                yield pytest.param(stage, id=f"{item.slug}:{stage.id}")


@pytest.mark.parametrize("stage", list(legal_stages()))
def test_a_legal_verdict_on_a_weak_move_says_a_better_one_exists(stage):
    move = stage.item.truth()[1]
    valued = values(_stage_at(stage.id, stage.position))
    best = max(valued.values())
    weak = best - valued[move] > MARGIN
    right = stage.judge("Legal").message
    shown = stage.shown().message
    if weak:
        for text in (right, shown):
            assert "not the best play" in text, f"{stage.id}: {move} is weak, yet: {text!r}"


def test_the_weak_legal_moves_the_newcomer_met_are_told_so():
    """4.2, 4.4, 3.5 and 8.5 ask about a legal move while a better capture lies there."""
    for slug, stage_id in (("04_trailing", "trail-anyway"), ("04_trailing", "trail-a-face"),
                           ("03_combining", "choose-less"), ("08_owning_a_build", "two-nines-free")):
        verdict = load_stages(slug).stage(stage_id).judge("Legal").message
        assert verdict.startswith("Right. It is legal to") and "not the best play" in verdict, \
            verdict
