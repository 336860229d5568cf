"""Feedback in steps, the answer last, for every stage of every lesson, and the one star rule.

A wrong answer is judged by the core; how much of the core's facts the learner is told depends
on the step: 1 (a first wrong try without a hint) what to look at again, never the answer;
2 a stronger hint; 3 (or "Show me") the answer with what makes it right.
"""

from __future__ import annotations

import re

import pytest

from cassino_learn.teaching import catalog
from cassino_learn.teaching.feedback import LOOK, NUDGE, SHOW, cards_said_for, step_for
from cassino_learn.teaching.saying import move_said
from cassino_learn.teaching.stages import load_stages, most_stars, stars_earned, stars_for
from cassino_learn.learner.progress import StageRecord
from cassino_learn.teaching.quiz import round_score


def _stages(*kinds):
    for item in catalog.LESSONS:
        for stage in load_stages(item.slug):
            if stage.kind in kinds:
                yield pytest.param(stage, id=f"{item.slug}:{stage.id}")


def wrong_answer(stage):
    """A wrong answer of the kind a learner gives: a legal move that misses the goal, all the
    captures but one, the other button, another number or choice, a point too many a side."""
    right = stage.solutions()[0]
    if stage.kind == "goal":
        return next(m for m in stage.position.legal_moves()
                    if not stage.item.goal.met_by(stage.position, m))
    if stage.kind == "captures":
        return list(right)[:-1]
    if stage.kind == "legal":
        return {"Legal": "Not legal", "Not legal": "Legal"}[right]
    if stage.kind in ("points", "number", "choice"):
        return next(c for c in stage.choices() if c != str(right))
    return {side: points + 1 for side, points in right.items()}


def answer_marks(stage) -> list[str]:
    """Texts that would tell the answer: every right move in words, the missing captures,
    "legal"/"not legal" and the broken rule, the right number or choice, the points a side."""
    right = stage.solutions()[0]
    if stage.kind == "goal":
        return [move_said(stage.position, m) for m in stage.solutions()]
    if stage.kind == "captures":
        return [cards_said_for(stage.item, m) for m in right]
    if stage.kind == "legal":
        marks = ["it is legal", "it is not legal", "not legal:", "is legal"]
        is_legal, detail = stage.item.truth()
        return marks + ([] if is_legal else [detail.rule, detail.reason[:30].lower()])
    if stage.kind == "score":
        return [f"side {side}: {points}" for side, points in right.items()]
    return [str(right)]


def _told(text: str, mark: str) -> bool:
    if re.fullmatch(r"\d+", mark):
        return re.search(rf"(?<![\w.]){mark}(?![\w])", text) is not None
    return mark.lower() in text.lower()


@pytest.mark.parametrize("stage", list(_stages("goal", "captures", "legal", "score", "number",
                                                "choice", "points")))
def test_a_first_wrong_try_never_tells_the_answer_and_each_step_tells_more(stage):
    wrong = wrong_answer(stage)
    if stage.kind == "captures" and not stage.solutions()[0]:
        pytest.skip("a card that captures nothing has no capture to leave out")
    first, second, third = (stage.judge(wrong, step=step) for step in (LOOK, NUDGE, SHOW))
    assert not first.correct and not second.correct and not third.correct
    marks = answer_marks(stage)
    told = [mark for mark in marks if _told(first.message, mark)]
    assert not told, f"the first wrong try tells {told}: {first.message!r}"
    if stage.kind == "legal":  # two-way: no rule id that would settle it either way
        assert not re.search(r"\b[A-Z]\d{1,2}\b", first.message) and first.rule is None
    assert second.message != first.message, "the second try gets a stronger hint"
    if stage.kind not in ("legal", "captures"):
        assert not [m for m in marks if _told(second.message, m)], second.message
    assert any(_told(third.message, mark) for mark in marks), \
        f"the third step shows the answer: {third.message!r}"
    shown = stage.shown()
    assert any(_told(shown.message, mark) for mark in marks), shown.message


@pytest.mark.parametrize("stage", list(_stages("legal")))
def test_a_first_wrong_legal_try_reads_the_same_whichever_way_the_move_goes(stage):
    """The words come from the move's cards alone: swap the truth and they would not change."""
    first = stage.judge(wrong_answer(stage), step=LOOK).message
    template = re.sub(r"the [a-z]+ of [a-z]+", "the card", first)
    assert template.startswith("Not quite. Look again at the move:")
    assert template.endswith("Check each card against the rules you know.")


def test_the_steps_follow_the_tries_and_the_hint():
    assert step_for(1, False) == LOOK
    assert step_for(2, False) == NUDGE and step_for(1, True) == NUDGE
    assert step_for(3, False) == SHOW and step_for(2, True) == SHOW and step_for(9, True) == SHOW


def test_stars_mean_mastery():
    """Every help costs: a wrong try (a refused move too) or a hint step. PEDAGOGY.md: a hint
    that names the move is a shown answer, and a shown answer earns none."""
    assert stars_for(0, 0) == 3  # first try, no hint: the only way to three stars
    assert stars_for(0, 1) == 2 and stars_for(1, 0) == 2  # one help of either kind
    assert stars_for(1, 1) == 1 and stars_for(0, 2) == 1 and stars_for(2, 0) == 1
    assert stars_for(5, 3) == 1
    # a two-way question answered wrong first: at most one star
    assert stars_for(1, 0, kind="legal") == 1 and stars_for(0, 1, kind="legal") == 2
    assert stars_for(0, 0, kind="legal") == 3
    assert stars_for(1, 0, kind="choice", two_way=True) == 1  # a choice of two
    assert stars_for(1, 0, kind="choice") == 2
    # an answer that was shown (or named) earns none, however it came about
    assert stars_for(0, 0, shown=True) == 0 and stars_for(2, 1, shown=True) == 0
    # a demonstration and a guided step are not starred
    assert stars_for(0, 0, kind="demo") == 0 and stars_for(0, 0, guided=True) == 0
    # the same rule for every starred kind
    for kind in ("goal", "captures", "score", "number", "points"):
        assert [stars_for(w, h, kind=kind) for w, h in ((0, 0), (1, 0), (0, 1), (1, 1))] == \
            [3, 2, 2, 1]


def test_a_choice_of_two_is_a_two_way_question_and_more_choices_are_not():
    stages = [s for item in catalog.LESSONS for s in load_stages(item.slug)
              if s.kind == "choice"]
    assert any(s.two_way for s in stages) and any(not s.two_way for s in stages)
    assert all(s.two_way == (len(s.choices()) == 2) for s in stages)
    assert all(s.two_way for item in catalog.LESSONS for s in load_stages(item.slug)
               if s.kind == "legal")


def test_a_lesson_counts_only_its_starred_stages():
    lesson = load_stages("05_building")
    demos = [s for s in lesson if s.kind == "demo"]
    assert demos, "lesson 5 has a demonstration"
    guided = [s for s in lesson if s.guided]
    assert most_stars(lesson) == 3 * (len(lesson) - len(demos) - len(guided))
    records = {s.id: StageRecord(solved=True, stars=3) for s in lesson}  # an old file: demos 3
    assert stars_earned(lesson, records) == most_stars(lesson)
    trailing = load_stages("04_trailing")
    guided = [s for s in trailing if s.guided]
    assert guided, "lesson 4 shows its first trail in a guided step"
    assert most_stars(trailing) == 3 * (len(trailing) - len(guided) - sum(
        s.kind == "demo" for s in trailing))


def test_points_stage_steps():
    stage = load_stages("01_cards_and_points").stage("specials-together")
    first = stage.judge("0", reveal=False)
    assert "Count again" in first.message and not _told(first.message, "5")
    assert first.message.count("K1") == 1  # the rule cited once
    second = stage.judge("0", step=NUDGE)
    assert "ten of diamonds" in second.message and not _told(second.message, "5")
    assert stage.judge("0").message.startswith("It is 5")



@pytest.mark.parametrize("stage", list(_stages("goal", "score")))
def test_a_wrong_try_speaks_only_of_what_its_lesson_has_taught(stage):
    """A goal stage's verdict on a legal miss does not call the move legal (a trail is legal by
    R1, taught in lesson 4), and the score steps name sweeps (lesson 9) only where a pile holds
    one."""
    swept = stage.kind == "score" and (any(
        items.get("sweeps") for items in round_score(stage.position).items.values())
        or any(stage.position.sweeps))  # held but scoring nothing (V2): the stage's point
    for step in (LOOK, NUDGE):
        message = stage.judge(wrong_answer(stage), step=step).message
        assert "That is legal" not in message
        if stage.kind == "score" and not swept:
            assert "Sweeps" not in message, message
