"""Lesson stages: every stage of every lesson is solvable, judged by the rules core, asks no
more and no less than its task says, and the first task of a lesson comes within 120 words."""

from __future__ import annotations

import json
import re

import nbformat
import pytest

from cassino_learn import Position
from cassino_learn.core.words import count
from cassino_learn.teaching import catalog
from cassino_learn.pages.lesson import header
from cassino_learn.teaching.stages import (MAX_WORDS, StageError, load_stages, parse_stage,
                                           stars_for, words)

RULE_LESSONS = [x for x in catalog.LESSONS if x.slug != "11_full_game"]
STAGED = [x.slug for x in catalog.LESSONS]


def all_stages():
    for slug in STAGED:
        for stage in load_stages(slug):
            yield pytest.param(slug, stage, id=f"{slug}:{stage.id}")


@pytest.mark.parametrize("slug", STAGED)
def test_every_lesson_has_its_stages(slug):
    lesson = load_stages(slug)
    least = 4 if slug == "11_full_game" else 8
    assert len(lesson) >= least, f"{slug} has {count(len(lesson), 'stage')}, wants {least}+"
    assert all(words(stage.say) <= MAX_WORDS for stage in lesson)


@pytest.mark.parametrize("slug,stage", list(all_stages()))
def test_every_stage_is_solvable_by_what_the_core_says(slug, stage):
    """Each right answer the core works out is judged right; the stage says what it checks."""
    solutions = stage.solutions()
    assert solutions, f"{slug}:{stage.id} has no right answer"
    for answer in solutions:
        assert stage.judge(answer).correct, (slug, stage.id, answer)
    task = stage.task()
    if stage.kind == "goal":
        goal = stage.item.goal
        # the task is a person's words for the goal, or worded from the very goal that judges
        assert stage.task_words == task or goal.words in task
        wrong = [m for m in stage.position.legal_moves() if not goal.met_by(stage.position, m)]
        assert wrong or stage.guided, "a goal every legal move meets tests nothing"
        if wrong:
            assert not stage.judge(wrong[0]).correct
    elif stage.kind == "captures":
        assert stage.item.card.name in task
        full = solutions[0]
        if full:
            assert not stage.judge(full[:-1]).correct  # missing one is not enough
    elif stage.kind == "legal":
        assert stage.move_words() in task and stage.item.move not in task  # words only
        other = {"Legal": "Not legal", "Not legal": "Legal"}[solutions[0]]
        assert not stage.judge(other).correct
    elif stage.kind in ("points", "number", "choice"):
        wrong_choice = next(c for c in stage.choices() if c != str(solutions[0]))
        assert not stage.judge(wrong_choice).correct
        assert str(solutions[0]) in stage.choices()
    elif stage.kind == "score":
        truth = solutions[0]
        off = {side: points + 1 for side, points in truth.items()}
        assert not stage.judge(off).correct
        assert max(truth.values()) <= 12  # the buttons offer 0 to 12 a side
    assert stage.hint or stage.kind == "demo", f"{slug}:{stage.id} gives no hint"


@pytest.mark.parametrize("slug", STAGED)
def test_the_first_exercise_comes_before_120_words(slug):
    """Everything a learner reads before the first task: the notebook's first cell is the
    header (title, links, the folded line of its rules), then the stage map and the first stage's words and task."""
    nb = nbformat.read(catalog.lessons_dir() / f"{slug}.ipynb", as_version=4)
    assert f'header("{slug}")' in nb.cells[0].source  # nothing is shown before the header
    shown = header(slug)
    lesson = load_stages(slug)
    # a folded <details> shows its summary only (the header's list of the lesson's rules)
    folded = re.sub(r"(<summary>.*?</summary>).*?</details>", r"\1", shown._repr_html_(),
                    flags=re.S)
    text = re.sub(r"<[^>]+>", " ", folded)
    stage_map = len(lesson) + 8  # a number a stage, then "★ 0 of N · 0 of N stages"
    before = words(text) + stage_map + words(lesson.stages[0].say) + \
        words(lesson.stages[0].task())
    assert before < 120, f"{slug}: {before} words before the first exercise"


def test_stars_follow_tries_and_hints():
    assert stars_for(0, 0) == 3
    assert stars_for(0, 1) == 2 and stars_for(1, 0) == 2 and stars_for(1, 1) == 1
    assert stars_for(0, 2) == 1 and stars_for(2, 0) == 1 and stars_for(5, 3) == 1


def test_a_stage_that_asks_the_impossible_is_refused_with_its_place(tmp_path):
    bad = {"lesson": "x", "stages": [
        {"id": "ok", "kind": "points", "say": "Count.", "cards": "AS"},
        {"id": "no-build", "kind": "goal", "say": "Build.", "position": "table: 5C; hand: 3D 9S",
         "goal": "build 8"}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(StageError, match=r"bad.json: stage 2 \(no-build\): no legal move can "
                                         r"make a build of 8"):
        load_stages(path)


@pytest.mark.parametrize("raw,message", [
    ({"id": "a", "kind": "guess", "say": "x"}, "kind must be one of"),
    ({"id": "a", "kind": "points", "say": "word " * 61, "cards": "AS"}, "61 words"),
    ({"id": "a", "kind": "points", "say": "x", "cards": "AS", "steps": []}, "does not take steps"),
    ({"id": "a", "kind": "legal", "say": "x", "position": "table: 5C; hand: 5D",
      "move": "5D take 5C", "legal": False}, "the rules core says it is legal"),
    ({"id": "a", "kind": "demo", "say": "x", "position": "table: 5C; hand: 3D 9S",
      "steps": [["3D build 8 5C", "no 8 held"]]}, r"step 1 \('3D build 8 5C'\)"),
    ({"id": "a", "kind": "goal", "say": "x", "position": "table: 5C; hand: 5D 9S",
      "goal": "legal", "question": "?"}, "does not take question"),
    ({"id": "a", "kind": "goal", "say": "x", "position": "table:; hand: 5D",
      "goal": "trail"}, "every legal move can trail a card"),
    ({"kind": "points", "say": "x", "cards": "AS"}, "needs 'id'"),
])
def test_bad_stages_say_what_is_wrong(raw, message):
    with pytest.raises(StageError, match=message):
        parse_stage(raw)


def test_a_file_that_is_not_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"stages": [\n  {"id": }\n]}')
    with pytest.raises(StageError, match=r"broken.json: not valid JSON: line 2 column"):
        load_stages(path)


def test_goal_stages_judge_with_the_cores_reason():
    stage = load_stages("05_building").stage("first-build")
    wrong = stage.judge(Position.parse("table: 5C; hand: 3D 8S").parse_move("trail 3D"))
    assert not wrong.correct and "does not make a build" in wrong.message or \
        "build" in wrong.message
    assert stage.judge("3D build 8 5C").correct
    illegal = stage.judge("3D build 9 5C")
    assert not illegal.correct and illegal.rule in ("B2", "B4")


@pytest.mark.parametrize("slug,stage", [p for p in all_stages()
                                        if p.values[1].kind in ("number", "choice")])
def test_a_number_or_choice_stage_asks_with_the_data_that_judges_it(slug, stage):
    """The task is the fact's question worded from `given` (the scores, the players...), so
    the learner sees what the answer depends on, not the stage's words a second time."""
    from cassino_learn.teaching.facts import question

    assert stage.task() == question(stage.item.ask, stage.item.given) != stage.say
    for value in stage.item.given.values():
        if isinstance(value, int):
            assert str(value) in stage.task()
