"""Quiz behaviour a learner notices: a wrong score is told in steps before the solution (which
"Show me" also gives), the solution is a drawn score sheet, and a refusal on the table replaces
the old verdict."""

from __future__ import annotations

from cassino_learn.teaching.quiz import load_bank
from cassino_learn.ui.quiz_widgets import ItemView


def _score_view():
    return ItemView(load_bank("10_scoring").item("casinos"))


def test_a_wrong_score_first_gets_a_second_try_without_the_solution():
    view = _score_view()
    view.answer({1: 5, 2: 0})
    shown = view.feedback.value
    assert "Count each pile again" in shown and "side 1" in shown
    assert "7" not in shown.replace("cl-", "")  # the right total for side 1 is not given away
    assert "cl-sheet-score" not in shown
    assert view.verdict is not None and not view.verdict.correct  # the first answer counts


def test_the_second_wrong_score_names_what_each_side_won_not_the_points():
    view = _score_view()
    view.answer({1: 5, 2: 0})
    view.answer({1: 6, 2: 0})
    shown = view.feedback.value
    assert "side 1 wins" in shown.lower() and "cl-sheet-score" not in shown
    assert "7" not in shown.replace("cl-", "")


def test_the_third_wrong_score_shows_the_solution_as_a_score_sheet():
    view = _score_view()
    for tried in (5, 6, 4):
        view.answer({1: tried, 2: 0})
    shown = view.feedback.value
    assert "side 1: 7" in shown and "cl-sheet-score" in shown and "Round total" in shown


def test_show_me_appears_after_a_try_and_shows_the_solution():
    view = _score_view()
    assert view.show_button.layout.display == "none"
    view.answer({1: 5, 2: 0})
    assert view.show_button.layout.display != "none"
    view.show_button.click()
    assert view.shown and "side 1: 7" in view.feedback.value
    assert "cl-sheet-score" in view.feedback.value


def test_a_right_score_shows_the_score_sheet_at_once():
    view = _score_view()
    view.answer({1: 7, 2: 0})
    assert view.verdict.correct and "cl-sheet-score" in view.feedback.value


def test_a_refusal_on_the_table_replaces_the_previous_verdict():
    view = ItemView(load_bank("05_building").item("e1-build-eight"))
    view.table.play("trail 8S")           # legal, but not a build: a verdict below the table
    assert "cl-wrong" in view.feedback.value
    view.table.play("3D build 9 5C")      # refused by the table itself
    assert view.table.message and view.table.message_kind == "error"
    assert view.feedback.value == ""      # one box, not the old verdict under the new refusal


def test_a_legal_answer_clears_the_tables_refusal():
    view = ItemView(load_bank("05_building").item("e1-build-eight"))
    view.table.play("3D build 9 5C")
    view.table.play("3D build 8 5C")
    assert view.verdict.correct and view.table.message == ""
