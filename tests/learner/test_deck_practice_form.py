"""A stage card's practice form: every stage of the course whose rule has practice gets, every
second review, a fresh practice position for that rule that the deck can play, judged right on
the practice's own answer; a stage without a practised rule stays itself."""

from __future__ import annotations

from cassino_learn.teaching.catalog import LESSONS
from cassino_learn.learner.deck.practice_form import (PLAYABLE, in_practice_form, practice_form,
                                                      practice_rule)
from cassino_learn.teaching.stages import has_stages, load_stages


def test_every_second_review_is_the_practice_form() -> None:
    assert [in_practice_form(n) for n in range(5)] == [False, True, False, True, False]


def test_each_stage_with_a_practised_rule_gets_a_playable_practice_position() -> None:
    made = 0
    for lesson in (item.slug for item in LESSONS if has_stages(item.slug)):
        for stage in load_stages(lesson).stages:
            practice = practice_form(stage, seed=3)
            if practice_rule(stage) is None:
                assert practice is None and stage.kind in ("demo", "legal"), stage.id
                continue
            assert practice is not None and practice.kind in PLAYABLE, (lesson, stage.id)
            assert practice.task()
            assert practice.judge(practice.solutions()[0]).correct, (lesson, stage.id)
            again = practice_form(stage, seed=5)
            assert again is not None and again.id != practice.id  # a fresh one each time
            made += 1
    assert made > 100
