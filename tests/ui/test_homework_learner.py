"""A learner's homework in a class: the contents page shows it at the top with the learner's
own state on each item (names and titles as text), a stage item links to its lesson, and the
lesson opens at the homework's stage not yet solved (not at its first unsolved stage)."""

from __future__ import annotations

import json

import pytest

from cassino_learn.pages import browser_class
from cassino_learn.pages.contents import homework_html, your_review
from cassino_learn.classroom import class_events, homework
from cassino_learn.teaching.catalog import lesson
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.homework_position import HomeworkPosition
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


def test_the_homework_is_the_first_thing_under_the_contents_pages_title(in_class, data,
                                                                       monkeypatch) -> None:
    """Above the welcome paragraph: with the header (the first cell), not the lessons' path."""
    from IPython import display as ipython_display

    from cassino_learn.pages.contents import index
    from cassino_learn.pages.lesson import header

    shown: list = []
    monkeypatch.setattr(ipython_display, "display", lambda *parts: shown.extend(parts))
    head = header("00_index")
    head._ipython_display_()
    assert "<h1>" in shown[0].markup  # the title first, then the homework
    tops = [part for part in shown if "cl-homework" in getattr(part, "markup", "")]
    assert tops == [head.top] and "Homework: Week &lt;1&gt; &amp; more" in head.top.markup
    assert "cl-homework" not in index().markup  # not again below the welcome
    homework.ask_with(None)
    assert header("00_index").top.markup == ""  # outside a class: nothing


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


# ---------------------------------------------------------------------- a position item

POSITION = "table: 5D 2C\nhand: 7S 5H"
POSITION_ITEM = {"kind": "position", "key": f"position:{POSITION}", "position": POSITION,
                 "label": "Position: table: 5D 2C · hand: 7S 5H", "state": "not started",
                 "tries": 0, "solved_on": None}


@pytest.fixture
def sent():
    events: list[dict] = []
    class_events.record_to(events.append)
    yield events
    class_events.record_to(None)


def test_a_position_item_links_to_its_table_and_is_set_on_one(in_class) -> None:
    work = [{**WORK[0], "items": [*WORK[0]["items"], POSITION_ITEM]}]
    in_class[browser_class.HOMEWORK_PATH] = (200, json.dumps({"homework": work}))
    shown = homework_html(homework.assigned())
    assert '<a target="_self" href="#homework-positions">Find the best move' in shown.markup
    assert "Work out at a table" not in shown.markup
    page = your_review()
    found = [c for c in page.children if isinstance(c, HomeworkPosition)]
    assert [w.text for w in found] == [POSITION]
    assert 'id="homework-positions"' in page.children[0].value


def test_a_position_is_played_on_the_table_judged_and_each_try_sent(sent) -> None:
    puzzle = HomeworkPosition(POSITION_ITEM)
    assert puzzle.table.position.hands[1] is None  # the other hand stays hidden
    assert puzzle.show_button.layout.display == "none"
    puzzle.table.play("trail 5H")  # as the learner plays it on the table
    assert "Not the best" in puzzle.verdict.value and "Try again" in puzzle.verdict.value
    assert puzzle.table.position == puzzle.seen  # back to the position for another try
    assert puzzle.show_button.layout.display == ""
    puzzle.table.play("7S take 2C+5D")
    assert "Right!" in puzzle.verdict.value and puzzle.table.mode == "watch"
    assert [(e["lesson"], e["stage"], e["solved"]) for e in sent] == \
        [(homework.HOMEWORK_LESSON, homework.position_id(POSITION), False)] * 1 + \
        [(homework.HOMEWORK_LESSON, homework.position_id(POSITION), True)]
    assert sent[1]["answer"] == {"position": POSITION, "move": "7S take 2C+5D"}
    for data in sent:  # what the page sends, the server reads
        class_events.client_event(data)
    # its buttons hidden alone: every other button of the page stays shown
    from cassino_learn.ui.quiz_widgets import button
    assert puzzle.show_button.layout.display == "none"
    assert button("Review 1 card ▶").layout.display != "none"


def test_show_me_after_a_wrong_try_shows_the_better_move_and_it_is_not_solved(sent) -> None:
    puzzle = HomeworkPosition(POSITION_ITEM)
    puzzle.answer("5H take 5D")
    puzzle.show_answer()
    assert "A better move" in puzzle.verdict.value and puzzle.over and not puzzle.solved
    assert [e["solved"] for e in sent] == [False]
