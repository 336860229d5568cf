"""The quiz and practice widgets as a learner meets them: controls for every kind, feedback
with colour, icon, reason and rule, buttons like the table's, and plurals."""

from __future__ import annotations

from cassino_learn.teaching.practice import make_task
from cassino_learn.teaching.quiz import parse_bank
from cassino_learn.ui.quiz_widgets import ItemView, PracticeWidget, QuizWidget


def _item(raw):
    return parse_bank({"items": [raw]}).items[0]


def test_number_question_has_a_box_and_check_and_no_table():
    counted = []
    view = ItemView(_item({"kind": "number", "ask": "deals per round", "given": {"players": 3}}),
                    counted.append)
    assert view.table.layout.display == "none"
    assert "cl-question" in view.prompt.value and "how many deals" in view.prompt.value
    view.number.value = "6"
    view.check_button.click()
    assert "cl-wrong" in view.feedback.value and "✘" in view.feedback.value
    assert "rule D2" in view.feedback.value
    view.number.value = "4"
    view.check_button.click()
    assert "cl-right" in view.feedback.value and "✔" in view.feedback.value
    assert [v.correct for v in counted] == [False]  # the first answer counts


def test_choice_question_offers_a_button_per_choice():
    item = _item({"kind": "choice", "ask": "first to play", "given": {"players": 3, "dealer": 2}})
    view = ItemView(item)
    labels = [b.description for b in view.choice_buttons]
    assert labels == ["seat 1", "seat 2", "seat 3"]
    view.choice_buttons[2].click()
    assert view.verdict.correct and "rule D3" in view.feedback.value
    assert "cl-chosen" in view.choice_buttons[2]._dom_classes


def test_feedback_shows_the_engines_reason_and_rule_once():
    item = _item({"kind": "goal", "position": "table: 5C 3H; hand: 3D 10S 9H", "goal": "capture"})
    view = ItemView(item)
    verdict = view.answer("3D build 8 5C")
    assert not verdict.correct and verdict.rule == "B2"
    assert "cl-wrong" in view.feedback.value
    assert view.feedback.value.count("B2") == 1 and "rule B2" in view.feedback.value


def test_buttons_share_the_tables_look_and_show_full_labels():
    quiz = QuizWidget([_item({"kind": "legal", "position": "table: 5C; hand: 5D",
                              "move": "5D take 5C", "legal": True, "hint": "Pair it."})] * 2)
    view = quiz.views[0]
    for widget in (quiz.back_button, quiz.next_button, view.hint_button, *view.choice_buttons):
        assert "cl-qbutton" in widget._dom_classes and widget.layout.width == "auto"
    assert "cl-quiz" in quiz._dom_classes
    assert "<style>" in quiz.children[0].value and ".cl-qbutton" in quiz.children[0].value
    assert "cl-status" in quiz.status.value and "Question 1 of 2" in quiz.status.value
    view.hint_button.click()
    assert "Pair it." in view.feedback.value


def test_score_piles_use_singular_and_plural():
    item = _item({"kind": "score", "position": "table:; pile 1: 10D; pile 2: 3H 9C; sweeps: 1=1"})
    view = ItemView(item)
    text = " ".join(getattr(c, "value", "") for c in view.children
                    if isinstance(getattr(c, "value", None), str))
    assert "(1 card, 1 sweep)" in text and "(2 cards)" in text


def test_captures_feedback_says_one_capture_not_one_captures():
    item = _item({"kind": "captures", "position": "table: AS 2C 3D 4H; hand: 5C 9S", "card": "5C"})
    view = ItemView(item)
    verdict = view.answer("2C 3D\nAS 4H")
    assert "1 capture still to find" in verdict.message  # how many, not which (first try)
    view.answer("2C 3D\nAS 4H")
    third = view.answer("2C 3D\nAS 4H")
    assert "has 3 captures:" in third.message  # the answer, at the third try


def test_practice_widget_asks_number_and_choice_questions():
    widget = PracticeWidget(["D2", "V4"], seed=1)
    for _ in range(6):
        task = widget.next_question()
        assert task.kind in ("number", "choice")
        view = widget.view
        if task.kind == "number":
            view.number.value = str(task.truth().value)
            view.check_button.click()
        else:
            next(b for b in view.choice_buttons if b.description == task.truth().value).click()
        assert view.verdict.correct
    assert widget.right == 6 and "6 of 6" in widget.status.value


def test_practice_is_reproducible_from_the_seed():
    first = [PracticeWidget(["D3", "K3"], seed=9).task.prompt() for _ in range(2)]
    assert first[0] == first[1]
    assert make_task("D3", 4).prompt() == make_task("D3", 4).prompt()
