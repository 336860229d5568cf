"""The quiz, practice and sandbox widgets, driven from Python as the front end would."""

from __future__ import annotations

from cassino_learn.learner import progress


def _opened_quiz(slug: str):
    """The lesson's quiz, after the learner pressed its button (it is dealt on request)."""
    from cassino_learn.pages.lesson import quiz

    launcher = quiz(slug)
    launcher.children[-1].press()
    return launcher.children[-1]

def _right_answer(item):
    """A right answer of any kind, taken from the rules core."""
    if item.kind == "legal":
        return item.truth()[0]
    if item.kind == "score":
        return item.truth()
    if item.kind == "captures":
        return [str(move) for move in item.solutions()]
    return item.solutions()[0]


def test_a_finished_quiz_is_saved_and_the_first_answer_counts():
    widget = _opened_quiz("04_trailing")
    assert widget.views[0].item.kind == "legal"
    for number, view in enumerate(widget.views):
        right = _right_answer(view.item)
        if number == 0:
            view.answer(not right)  # the first question answered wrongly
        view.answer(right)          # a retry does not count
    assert widget.score == len(widget.items) - 1
    assert progress.load().lesson("04_trailing").best == len(widget.items) - 1


def test_a_finished_quiz_is_saved_before_it_says_finished():
    """The page shows "finished" only once the score is in the progress file, so a learner
    (or a browser test) who leaves at that moment cannot take the kernel down before it saves."""
    from cassino_learn.ui.quiz_widgets import QuizWidget

    seen_when_saved = []
    widget = QuizWidget(_opened_quiz("02_pairing").items, slug="02_pairing",
                        record=lambda *_: seen_when_saved.append(widget.status.value))
    for view in widget.views:
        view.answer(_right_answer(view.item))
    assert len(seen_when_saved) == 1 and "finished" not in seen_when_saved[0]
    assert "finished" in widget.status.value


def test_a_practice_point_is_counted_before_its_tick_is_shown():
    """Practice saves a right answer (on_right) before the tick appears, so leaving the page
    at the tick cannot lose the point."""
    from cassino_learn.ui.quiz_widgets import PracticeWidget

    feedback_when_counted = []
    widget = PracticeWidget(["P1"], seed=5,
                            on_right=lambda: feedback_when_counted.append(widget.view.feedback.value))
    widget.view.answer(_right_answer(widget.task))
    assert feedback_when_counted == [""]
    assert "cl-right" in widget.view.feedback.value


def test_goal_answered_on_the_table_is_judged_and_the_table_resets():
    view = _opened_quiz("05_building").views[0]
    view.table.play(str(view.item.solutions()[0]))
    assert view.verdict.correct
    assert view.table.position == view.item.position


def test_sandbox_keeps_its_position_on_bad_text_and_steps_back():
    from cassino_learn.pages.lesson import sandbox

    box = sandbox("table: 2C 5D; hand: 7S 3D")
    before = box.share.value
    assert not box.load("table: 5C 5C")
    assert "5C appears twice" in box.error.value and box.share.value == before
    assert box.play("7S take 2C 5D")
    assert box.share.value != before
    box.step_back()
    assert box.share.value == before


def test_quiz_builds_a_question_only_when_it_is_shown():
    widget = _opened_quiz("08_owning_a_build")
    assert list(widget._views) == [0]  # one question's table on the page, not one per question
    widget.go(3)
    assert sorted(widget._views) == [0, 3] and widget.holder.children == (widget.view(3),)
    first = widget.view(0)
    widget.go(0)
    assert widget.holder.children == (first,)  # a question keeps its state when revisited


def test_the_quiz_is_dealt_when_the_learner_asks_for_it():
    from cassino_learn.pages.lesson import QUIZ_BUTTON, quiz
    from cassino_learn.teaching.quiz import load_bank
    from cassino_learn.ui import CardTable
    from cassino_learn.ui.quiz_widgets import QuizWidget

    launcher = quiz("02_pairing")
    (start,) = launcher.children
    assert not any(isinstance(child, (QuizWidget, CardTable)) for child in launcher.children)
    count = len(load_bank("02_pairing").items)
    assert start.intro == f"{count} questions on this lesson's rules; your best score is kept."
    assert start.label == QUIZ_BUTTON
    start.press()
    (widget,) = launcher.children  # in the button's place; the quiz says the rest itself
    assert isinstance(widget, QuizWidget) and len(widget.items) == count
    assert "Question 1 of" in widget.status.value and start.comm is None


def test_a_broken_quiz_bank_fails_when_the_lesson_runs_not_when_the_quiz_is_opened(
        tmp_path, monkeypatch):
    import pytest

    from cassino_learn.teaching import quiz as quizzes
    from cassino_learn.pages.lesson import quiz

    broken = tmp_path / "02_pairing.json"
    broken.write_text('{"items": [')
    monkeypatch.setattr(quizzes, "bank_path", lambda slug: broken)
    with pytest.raises(quizzes.BankError, match="02_pairing.json"):
        quiz("02_pairing")


def test_practice_is_built_only_when_the_learner_starts_it():
    from cassino_learn.pages.lesson import practice
    from cassino_learn.ui.quiz_widgets import PracticeWidget

    launcher = practice("05_building", seed=3)
    assert not any(isinstance(child, PracticeWidget) for child in launcher.children)
    (start,) = launcher.children
    assert start.label == "Start practising"
    start.press()
    (widget,) = launcher.children
    assert isinstance(widget, PracticeWidget) and widget.rules == ["B1", "B2", "B3", "B4", "S3"]


def test_buttons_share_one_layout_and_style_model_and_a_closed_one_is_made_again():
    from cassino_learn.ui.quiz_widgets import button

    first, second = button("One"), button("Two", primary=True)
    assert first.layout is second.layout and first.style is second.style
    assert first.layout.width == "auto"
    first.layout.close()  # e.g. every widget closed by a notebook front end
    third = button("Three")
    assert third.layout is not first.layout and third.layout.comm is not None


def test_practice_tables_offer_only_the_plays_taught_by_the_rules_lesson():
    """Lesson 2's practice (pairing) offers no build and no trail; lesson 4's (trailing) no
    build: the table offers only what the lesson of the question's rule has taught."""
    from cassino_learn.teaching.practice import make_task, rules_for_lesson
    from cassino_learn.ui.quiz_widgets import ItemView

    for slug, allowed in (("02_pairing", {"Take", "Try take"}),
                          ("04_trailing", {"Take", "Try take", "Trail", "Try trail"})):
        for rule in rules_for_lesson(slug):
            for seed in range(6):
                task = make_task(rule, seed)
                if task.kind != "goal":
                    continue
                view = ItemView(task)
                offered = set()
                for card in task.position.hand:
                    for chosen in [[]] + [[str(c)] for c in task.position.loose]:
                        view.table.set_state({"selected_card": str(card),
                                              "selected_table": chosen})
                        offered |= {a["label"] for a in view.table.actions}
                assert offered and offered <= allowed, (rule, seed, offered)
