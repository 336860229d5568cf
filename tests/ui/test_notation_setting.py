"""The "Show notation" box is one stored setting: off at first, the same box under the game's
table and a lesson's stage table, and a choice made on one page holds after a reload and on
every other page."""

from __future__ import annotations

import json

from cassino_learn.learner import progress
from cassino_learn.ui.game import GameWidget
from cassino_learn.ui.notation_setting import LABEL, SHOWN_CLASS
from cassino_learn.ui.stages import StageRunner

SLUG = "05_building"


def _goal_stage(runner: StageRunner) -> int:
    return next(i for i, s in enumerate(runner.lesson.stages) if s.kind == "goal")


def test_the_notation_is_hidden_at_first_on_the_game_and_the_stages():
    game, runner = GameWidget(seed=1), StageRunner(SLUG)
    for widget in (game, runner):
        assert not widget.notation_box.value and widget.notation_box.description == LABEL
        assert SHOWN_CLASS not in widget._dom_classes


def test_a_stage_with_a_table_shows_the_box_after_the_verdict():
    runner = StageRunner(SLUG)
    runner.open_stage(_goal_stage(runner))
    assert runner.children.index(runner.notation_box) > runner.children.index(runner.bottom)
    points = StageRunner("01_cards_and_points")
    points.open_stage(0)  # cards to count: no move, no notation
    assert points.table is None and points.notation_box is None
    runner.open_stage(next(i for i, s in enumerate(runner.lesson.stages) if s.kind == "demo"))
    assert runner.notation_box in runner.children


def test_the_choice_made_in_the_game_holds_on_a_lesson_page_and_after_a_reload(data):
    game = GameWidget(seed=1)
    game.notation_box.value = True
    assert SHOWN_CLASS in game._dom_classes
    saved = json.loads((data / progress.FILE_NAME).read_text())
    assert saved["preferences"]["show_notation"] is True
    runner = StageRunner(SLUG)  # another page, or this one reloaded
    assert runner.notation_box.value and SHOWN_CLASS in runner._dom_classes
    runner.notation_box.value = False  # turned off on the lesson page
    assert SHOWN_CLASS not in runner._dom_classes
    again = GameWidget(seed=1)
    assert not again.notation_box.value and SHOWN_CLASS not in again._dom_classes


def test_an_old_file_without_the_setting_reads_it_as_off(data):
    (data / progress.FILE_NAME).write_text(json.dumps(
        {"version": progress.VERSION, "lessons": {}, "preferences": {"four_color": True}}))
    assert progress.preference("show_notation") is False
    assert progress.preference("four_color") is True
