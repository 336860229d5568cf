"""Endless practice: each rule's positions really exercise the rule, and are reproducible."""

from __future__ import annotations

import re

import pytest

from cassino_learn.teaching.catalog import LESSONS
from cassino_learn.teaching.feedback import LOOK, SHOW, stepped
from cassino_learn.teaching.practice import (PracticeError, make_task, practice_rules,
                                             rules_for_lesson)
from cassino_learn.teaching.quiz import check_item

SEEDS = range(8)


@pytest.mark.parametrize("rule", practice_rules())
def test_each_task_is_answerable_and_reproducible(rule):
    for seed in SEEDS:
        task = make_task(rule, seed)
        check_item(task)  # a right answer exists; a legal/illegal claim agrees with the core
        assert task.hint and task.prompt()
        assert str(make_task(rule, seed).position) == str(task.position)
    questions = {(str(make_task(rule, seed).position), make_task(rule, seed).prompt())
                 for seed in SEEDS}
    assert len(questions) > 1


def _moves(task):
    return task.position.legal_moves()


def test_raise_tasks_have_a_raise():
    for seed in SEEDS:
        assert any(m.raised is not None for m in _moves(make_task("B5", seed)))


def test_multiple_build_tasks_can_make_a_multiple_build():
    for seed in SEEDS:
        task = make_task("B8", seed)
        right = task.solutions()
        assert right and all(task.judge(m).correct for m in right)
        assert len(right) < len(_moves(task))  # some move is wrong: a real question


def test_owner_tasks_give_the_mover_a_build_and_ask_about_o1():
    for seed in SEEDS:
        task = make_task("O1", seed)
        assert task.position.owned_builds(1)
        legal, detail = task.truth()
        assert legal == task.legal
        if not legal:
            assert detail.rule == "O1"


def test_partnership_tasks_build_without_holding_the_value():
    for seed in SEEDS:
        task = make_task("B9", seed)
        assert task.position.partners
        move = task.solutions()[0]
        others = [c for c in task.position.hand if c is not move.card]
        assert all(c.value != move.value for c in others)


def test_feedback_for_a_wrong_practice_answer_explains():
    task = make_task("W1", 3)
    wrong = next(m for m in _moves(task) if not task.judge(m).correct)
    assert not task.judge(wrong).correct and task.judge(wrong).message


def test_every_lesson_with_rules_has_practice():
    for lesson in LESSONS:
        assert rules_for_lesson(lesson.slug), lesson.slug


def test_unknown_rule_is_a_clear_error():
    with pytest.raises(PracticeError, match="no practice for rule 'Z9'"):
        make_task("Z9", 1)


from cassino_learn.teaching.feedback import cards_said_for  # noqa: E402
from cassino_learn.teaching.saying import move_said  # noqa: E402


def _first_wrong_try(task):
    """A wrong answer a learner gives (a legal move that misses the goal, the other button, all
    the captures but one) and the texts that would tell the right one; None when no answer
    is wrong (a goal every legal play meets)."""
    if task.kind == "goal":
        wrong = [m for m in _moves(task) if not task.judge(m).correct]
        return (wrong[0], [move_said(task.position, m) for m in task.solutions()]) \
            if wrong else None
    if task.kind == "legal":
        is_legal, detail = task.truth()
        marks = ["it is legal", "it is not legal", "is legal", "not legal:"]
        return ("Not legal" if is_legal else "Legal",
                marks + ([] if is_legal else [f"({detail.rule})", detail.reason[:30].lower()]))
    if task.kind == "captures":
        moves = task.solutions()
        right = [str(m) for m in moves]
        return ("\n".join(right[:-1]), [cards_said_for(task, moves[-1])]) if right else None
    return None


@pytest.mark.parametrize("lesson", [x for x in LESSONS[:10]], ids=lambda x: x.slug)
def test_a_first_wrong_practice_try_never_tells_the_answer(lesson):
    for rule in rules_for_lesson(lesson.slug):
        for seed in range(6):
            task = make_task(rule, seed)
            tried = _first_wrong_try(task)
            if tried is None:
                continue
            answer, marks = tried
            first = stepped(task, answer, task.judge(answer), LOOK)
            assert not first.correct
            told = [mark for mark in marks if mark.lower() in first.message.lower()]
            assert not told, f"{rule}:{seed} tells {told}: {first.message!r}"
            shown = stepped(task, answer, task.judge(answer), SHOW)
            assert any(mark.lower() in shown.message.lower() for mark in marks), shown.message


NOTATION = re.compile(r"\bV[0-9]\b|\w=\w|\b(?:take|build|trail)\s+[0-9AJQK]|"
                      r"\b(?:10|[2-9AJQK])[CDHS]\b|[\[\]|“”]")


@pytest.mark.parametrize("rule", practice_rules())
def test_a_practice_question_reads_without_notation(rule):
    """Moves in words, variants by their names and what they do ("Variant V3
    (sweeps_cancel=on)" read as a code); the notation stays on the item for the judge."""
    for seed in SEEDS:
        task = make_task(rule, seed)
        if task.ask is not None:
            continue  # a fact's question is worded by teaching.facts, not by practice
        # a captures question is answered in the typing box, whose example is notation
        asked = re.sub(r"\(just the table cards it takes, e\.g\. “[^”]*”\)", "", task.prompt())
        assert not NOTATION.search(asked), (rule, seed, task.prompt())
