"""A learner's homework in a class: the contents page shows it at the top with the learner's
own state on each item (names and titles as text), a stage item links to its lesson, and the
lesson opens at the homework's stage not yet solved (not at its first unsolved stage)."""

from __future__ import annotations

import json

import pytest

from cassino_learn.pages import browser_class
from cassino_learn.pages.contents import homework_html
from cassino_learn.teaching import homework
from cassino_learn.teaching.catalog import lesson
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.stages import StageRunner

SLUG = "02_pairing"
IDS = load_stages(SLUG).ids


def stage_item(number: int, state: str = "not started", solved_on: int | None = None) -> dict:
    return {"kind": "stage", "key": f"stage:{SLUG}/{IDS[number - 1]}", "lesson": SLUG,
            "stage": IDS[number - 1], "number": number, "lesson_title": "Pairing",
            "label": f"Pairing, stage {number}", "state": state, "tries": solved_on or 0,
            "solved_on": solved_on}


WORK = [{"id": 1, "title": "Week <1> & more", "due": "2026-12-01", "set_at": "x",
         "items": [stage_item(2, "solved", 2), stage_item(3)]}]


@pytest.fixture
def in_class():
    answers = {browser_class.HOMEWORK_PATH: (200, json.dumps({"homework": WORK}))}
    homework.ask_with(lambda: browser_class.ask_homework(lambda path: answers[path]))
    yield answers
    homework.ask_with(None)


def test_the_contents_page_shows_the_homework_with_the_learners_state(in_class) -> None:
    shown = homework_html(homework.assigned())
    assert "Homework: Week &lt;1&gt; &amp; more" in shown.markup
    assert "Due 2026-12-01 · 1 of 2 done" in shown.markup
    assert f'href="{lesson(SLUG).notebook}">Pairing, stage 3</a>' in shown.markup
    assert '<li class="cl-hw-item" data-state="solved"' in shown.markup
    assert "✔ solved (try 2)" in shown.markup
    assert shown.text == "Homework: Week <1> & more, due 2026-12-01, 1 of 2 done."


def test_outside_a_class_or_with_the_server_away_there_is_no_homework(in_class) -> None:
    in_class[browser_class.HOMEWORK_PATH] = (401, "{}")
    assert homework.assigned() == []
    homework.ask_with(None)
    assert homework_html(homework.assigned()).markup == ""


def test_a_lesson_opens_at_its_homework_stage_not_solved_yet(in_class) -> None:
    runner = StageRunner(SLUG)
    assert runner.stage.id == IDS[2]  # stage 2 is solved as homework: stage 3 is next
    homework.ask_with(None)
    assert StageRunner(SLUG).index == 0  # without homework: the first unsolved
