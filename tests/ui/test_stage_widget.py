"""The stage runner, driven as its front end (widgets/stages.js and the card table) drives it."""

from __future__ import annotations

import re

from cassino_learn.core.move import Move
from cassino_learn.core.spoken import say_move
from cassino_learn.learner import progress
from cassino_learn.teaching.catalog import LESSONS
from cassino_learn.pages.lesson import footer, header, stage_runner
from cassino_learn.pages.contents import index
from cassino_learn.teaching.saying import move_said
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.stages import StageRunner
from cassino_learn.ui.table import CardTable

TAKEN = "play the eight of diamonds to take your opponent's build of 8"

SLUG = "05_building"


def click_table(runner: StageRunner, card: str, *cards: str, action: str) -> None:
    """Select on the table and press an offered action, exactly as table.js does."""
    table = runner.table
    table.set_state({"selected_card": card, "selected_table": list(cards)})
    index = [a["label"] for a in table.actions].index(action)
    table._handle_custom_msg({"type": "action", "index": index}, [])


def go_on(runner: StageRunner) -> None:
    runner.send_from_front_end({"type": "next", "from": runner.index})


def step_demo_to_end(runner: StageRunner) -> None:
    for _ in range(runner.table.demo_length):
        runner.table._handle_custom_msg({"type": "demo", "step": 1}, [])


def test_a_stage_opens_at_once_with_its_words_task_and_table():
    runner = StageRunner(SLUG)
    first = load_stages(SLUG).stages[0]
    assert runner.index == 0 and runner.top.task == first.task()
    assert "<b>build</b>" in runner.top.say
    assert runner.table.mode == "demo" and runner.area.children == (runner.table,)
    assert [d["n"] for d in runner.top.dots] == list(range(1, len(load_stages(SLUG)) + 1))
    starred = sum(stage.kind != "demo" for stage in load_stages(SLUG))
    assert runner.top.stars.startswith(f"★ 0 of {3 * starred} ")  # demonstrations: no stars


def test_a_demo_is_seen_by_stepping_to_its_end_and_the_next_stage_opens_on_request():
    runner = StageRunner(SLUG)
    assert not runner.bottom.can_hint and not runner.bottom.can_show  # nothing to hint at
    step_demo_to_end(runner)
    assert runner.bottom.verdict_kind == "seen" and runner.bottom.next_armed
    assert "★" not in runner.bottom.verdict and "☆" not in runner.bottom.verdict
    assert not runner.bottom.next_auto  # the learner may step back before going on
    record = progress.load().lesson(SLUG).stages["watch-a-build"]
    assert record.solved and record.stars == 0
    assert runner.top.dots[0]["solved"] and runner.top.dots[0]["starred"] is False
    demo_table = runner.table
    runner.send_from_front_end({"type": "next", "from": 5})  # a stale timer: ignored
    assert runner.index == 0
    go_on(runner)
    assert runner.index == 1 and runner.table is not demo_table and runner.table.mode == "play"
    assert demo_table.comm is None  # the left stage's table is closed


def test_a_goal_stage_judges_moves_played_on_the_table_and_explains_wrong_ones():
    runner = StageRunner(SLUG)
    runner.open_stage(1)  # build 8 on the 5 with a 3, holding the 8
    click_table(runner, "8S", action="Trail")  # legal, but not a build
    assert runner.bottom.verdict_kind == "wrong" and "Try again" in runner.bottom.verdict
    assert runner.table.position == load_stages(SLUG).stages[1].position  # back to the start
    click_table(runner, "3D", "5C", action="Build 8")
    assert runner.bottom.verdict_kind == "right" and "★★☆" in runner.bottom.verdict
    record = progress.load().lesson(SLUG).stages["first-build"]
    assert record.solved and record.stars == 2 and record.tries == 2 and not record.hint


def test_a_right_move_is_told_once_by_the_table_and_the_verdict_adds_the_rule_and_stars():
    """Lesson 13, stage 10: the table's line says the move; the verdict does not repeat it."""
    slug = "13_variants_and_etiquette"
    runner = StageRunner(slug)
    stage = next(i for i, s in enumerate(load_stages(slug).stages) if s.id == "ace-as-fourteen")
    runner.open_stage(stage)
    move = load_stages(slug).stages[stage].solutions()[0]
    runner.table.play(str(move))
    told = runner.table.message
    assert told.startswith("You played the ace of spades"), told
    assert runner.bottom.verdict_kind == "right"
    assert runner.bottom.verdict == "Right! ★★★" and runner.bottom.rule == "V7"
    assert str(move) not in runner.bottom.verdict


def test_an_illegal_try_on_the_table_is_a_wrong_answer_with_its_rule():
    runner = StageRunner(SLUG)
    runner.open_stage(1)
    runner.table.set_state({"selected_card": "3D", "selected_table": ["5C"]})
    # a typed move the core refuses: 3 + 5 is not 9
    runner.table._handle_custom_msg({"type": "move_text", "text": "3D build 9 5C"}, [])
    assert runner.bottom.verdict_kind == "wrong" and runner.bottom.rule == "B4"
    assert "make 8, not 9" in runner.bottom.verdict and "B4" not in runner.bottom.verdict
    assert runner.table.message == ""  # one place for the refusal: the stage's verdict
    assert progress.load().lesson(SLUG).stages["first-build"].tries == 1
    runner.table._handle_custom_msg({"type": "move_text", "text": "3D build 8 5C"}, [])
    assert progress.load().lesson(SLUG).stages["first-build"].stars == 2


def test_a_hint_costs_a_star_and_is_saved_at_once():
    runner = StageRunner(SLUG)
    runner.open_stage(2)  # legal or not: building 8 without an 8
    runner.send_from_front_end({"type": "hint"})
    assert runner.bottom.hint_shown and "8" in runner.bottom.hint
    assert progress.load().lesson(SLUG).stages["hold-the-value"].hint
    runner.send_from_front_end({"type": "answer", "value": "Not legal"})
    assert runner.bottom.verdict_kind == "right" and "(B2)" in runner.bottom.verdict
    assert progress.load().lesson(SLUG).stages["hold-the-value"].stars == 2


def test_every_capture_is_collected_on_the_table_then_checked():
    runner = StageRunner(SLUG)
    last = len(load_stages(SLUG)) - 1
    runner.open_stage(last)  # 8D: the build, 6 + 2, or both
    click_table(runner, "8D", "5H", "3S", action="Take")
    assert runner.bottom.answers == [TAKEN]  # in words, never in notation
    assert runner.table.position == load_stages(SLUG).stages[last].position
    runner.send_from_front_end({"type": "check"})
    assert runner.bottom.verdict_kind == "wrong"
    assert "2 captures still to find" in runner.bottom.verdict  # how many, not which
    assert "6C" not in runner.bottom.verdict and "2D" not in runner.bottom.verdict
    assert runner.bottom.answers == [TAKEN]  # what was found stays
    for cards in (("5H", "3S"), ("6C", "2D"), ("6C", "2D", "5H", "3S")):
        click_table(runner, "8D", *cards, action="Take")
    click_table(runner, "8D", "6C", "2D", action="Take")  # twice is once
    assert len(runner.bottom.answers) == 3
    runner.send_from_front_end({"type": "remove", "index": 2})
    assert len(runner.bottom.answers) == 2
    click_table(runner, "8D", "6C", "2D", "5H", "3S", action="Take")
    runner.send_from_front_end({"type": "check"})
    assert runner.bottom.verdict_kind == "right"
    assert progress.load().lesson(SLUG).stages["build-and-more"].stars == 2


def test_the_lesson_resumes_at_the_first_unsolved_stage_with_stars_kept():
    runner = StageRunner(SLUG)
    step_demo_to_end(runner)
    go_on(runner)
    click_table(runner, "3D", "5C", action="Build 8")
    again = StageRunner(SLUG)  # a reload, a kernel or a server restart
    assert again.index == 2
    assert [d["stars"] for d in again.top.dots[:3]] == [0, 3, 0]  # the demo: seen, unstarred
    assert [d["solved"] for d in again.top.dots[:3]] == [True, True, False]
    assert again.top.stars.startswith("★ 3 of 27")


def test_a_page_prepared_in_advance_resumes_where_the_learner_is_when_shown():
    early = StageRunner(SLUG)  # a preheated kernel, run before the learner's progress
    later = StageRunner(SLUG)
    step_demo_to_end(later)
    assert early.index == 0
    early.send_from_front_end({"type": "shown"}, panel="top")
    assert early.index == 1 and early.top.dots[0]["solved"]


def test_solving_every_stage_finishes_the_lesson_with_its_stars_and_the_next_lesson():
    runner = stage_runner("01_cards_and_points")
    for stage in load_stages("01_cards_and_points"):
        assert runner.stage.id == stage.id
        answer = stage.solutions()[0]
        if stage.kind == "demo":
            step_demo_to_end(runner)
        elif stage.kind == "goal":
            runner.table._handle_custom_msg({"type": "move_text", "text": str(answer)}, [])
        elif stage.kind == "captures":
            for move in answer:
                runner.table._handle_custom_msg({"type": "move_text", "text": str(move)}, [])
            runner.send_from_front_end({"type": "check"})
        elif stage.kind == "score":
            runner.send_from_front_end({"type": "answer",
                                        "value": {str(k): v for k, v in answer.items()}})
        else:
            runner.send_from_front_end({"type": "answer", "value": str(answer)})
        kind = "seen" if stage.kind == "demo" else "right"
        assert runner.bottom.verdict_kind == kind, (stage.id, runner.bottom.verdict)
        if runner.bottom.next_armed:
            go_on(runner)
    entry = progress.load().lesson("01_cards_and_points")
    most = 3 * sum(stage.kind != "demo" for stage in load_stages("01_cards_and_points"))
    assert entry.done and entry.stars() == most
    assert "Lesson done!" in runner.bottom.complete and f"★ {most} of {most}" in runner.bottom.complete
    assert 'href="02_pairing.ipynb"' in runner.bottom.complete
    assert not runner.bottom.next_armed  # nothing left to go on to
    reopened = stage_runner("01_cards_and_points")
    assert reopened.index == -1 and "Lesson done!" in reopened.bottom.complete
    reopened.send_from_front_end({"type": "goto", "n": 2}, panel="top")
    assert reopened.stage.id == "big-casino"  # any stage can be replayed


def test_the_footer_links_on_and_declares_nothing():
    end = footer("02_pairing")
    assert "03_combining.ipynb" in end._repr_html_() and not hasattr(end, "button")
    assert "last lesson" in repr(footer("13_variants_and_etiquette"))


def test_practice_counts_toward_the_learners_streak_and_nothing_else():
    from cassino_learn.pages.lesson import practice

    launcher = practice(SLUG, seed=1)
    launcher.children[0].press()
    (widget,) = launcher.children
    for right in (True, True, False, True):
        task = widget.next_question()
        view = widget.view
        truth = task.solutions()[0] if task.kind == "goal" else None
        if task.kind == "goal":
            view.answer(str(truth) if right else str(next(
                m for m in task.position.legal_moves() if not task.goal.met_by(task.position, m))))
        else:
            raise AssertionError(f"building practice asked a {task.kind} question")
        assert view.verdict.correct is right
    assert (widget.streak, widget.best_streak) == (1, 2)
    assert "streak 1 (best 2)" in widget.status.value
    entry = progress.load().lesson(SLUG)
    assert entry.practised == 3 and not entry.done and entry.stages == {}


def answer(runner: StageRunner, value) -> str:
    runner.send_from_front_end({"type": "answer", "value": value})
    return runner.bottom.verdict


def test_a_first_wrong_legal_verdict_does_not_settle_the_question_and_earns_one_star():
    runner = StageRunner(SLUG)
    runner.open_stage(2)  # "hold-the-value": building 8 without an 8 is not legal (B2)
    first = answer(runner, "Legal")
    assert runner.bottom.verdict_kind == "wrong" and runner.bottom.rule == ""
    assert "B2" not in first and "hold an 8" not in first  # no rule that settles it
    assert "not legal" not in first.lower() and "it is" not in first.lower()
    assert "three of diamonds" in first and "five of clubs" in first  # what to look at
    assert runner.bottom.choices == ["Legal", "Not legal"]  # still open to a real retry
    assert runner.bottom.can_show  # "Show me" once a try has gone wrong
    second = answer(runner, "Legal")  # wrong again: the rule's condition, a stronger hint
    assert "hold an 8" in second and "It is not legal" not in second
    assert answer(runner, "Not legal").startswith("Right")
    assert progress.load().lesson(SLUG).stages["hold-the-value"].stars == 1


def test_a_legal_move_judged_illegal_gets_the_same_kind_of_words_as_an_illegal_one():
    runner = stage_runner("02_pairing")
    runner.open_stage(load_stages("02_pairing").ids.index("kings-pair"))
    first = answer(runner, "Not legal")
    assert "king of spades from the hand" in first and "king of diamonds on the table" in first
    assert "legal:" not in first.lower() and "to take the" not in first
    assert answer(runner, "Legal").startswith("Right")
    assert progress.load().lesson("02_pairing").stages["kings-pair"].stars == 1  # two-way


def test_a_wrong_score_is_told_in_steps_and_the_third_shows_the_points():
    slug = "10_scoring"
    runner = stage_runner(slug)
    runner.open_stage(load_stages(slug).ids.index("most-cards"))  # side 1: 3, side 2: 0
    first = answer(runner, {"1": 4, "2": 0})
    assert runner.bottom.verdict_kind == "wrong" and runner.bottom.rule == "K1"
    assert "side 1 (too many)" in first and "side 2" not in first
    assert "3" not in first and "Most cards" in first  # the items to count, not the answer
    second = answer(runner, {"1": 2, "2": 0})
    assert "side 1 wins most cards" in second.lower() and "3" not in second  # the step
    third = answer(runner, {"1": 1, "2": 0})
    assert runner.bottom.verdict_kind == "shown" and "side 1: 3" in third
    assert runner.bottom.next_armed and not runner.bottom.next_auto  # read it, then go on
    record = progress.load().lesson(slug).stages["most-cards"]
    assert record.solved and record.stars == 0 and record.shown
    assert runner.top.dots[runner.index]["seen"]


def test_a_hint_first_makes_the_first_wrong_try_a_stronger_hint_not_the_answer():
    runner = StageRunner(SLUG)
    runner.open_stage(2)
    runner.send_from_front_end({"type": "hint"})
    said = answer(runner, "Legal")
    assert "hold an 8" in said and "It is not legal" not in said
    assert "It is not legal" in answer(runner, "Legal")  # the third step shows it


def test_showing_the_page_keeps_the_stage_drawn_when_nothing_changed():
    runner = StageRunner(SLUG)
    table = runner.table
    runner.send_from_front_end({"type": "shown"}, panel="top")
    assert runner.table is table and table.comm is not None  # not rebuilt for nothing


def test_a_stage_table_shows_nothing_about_an_absent_opponent():
    runner = StageRunner(SLUG)
    runner.open_stage(1)  # "table: 5C; hand: 3D 8S": no one else at the table
    drawn = runner.table.table_html
    assert 'data-zone="seat-2"' not in drawn and "not shown" not in drawn
    assert "seat 2 pile" not in drawn and 'data-zone="hand"' in drawn
    hidden = CardTable("table: 5C; hand: 3D 8S; hand 2: 4H 6H")  # there, hand face down
    assert 'data-zone="seat-2"' in hidden.table_html and "face down" in hidden.table_html
    owner = CardTable("table: [6@2: 3C 3D]; hand: 2S 8H")  # seat 2 owns a build: present
    assert 'data-zone="seat-2"' in owner.table_html


def test_links_to_other_lessons_open_in_the_same_tab():
    runner = stage_runner("01_cards_and_points")
    for stage in load_stages("01_cards_and_points"):
        runner.open_stage(runner.lesson.ids.index(stage.id))
        runner.answer(stage.solutions()[0])
    assert 'target="_self" href="02_pairing.ipynb"' in runner.bottom.complete
    course = index()._repr_html_()
    links = re.findall(r"<a [^>]*>", course)
    assert links and all('target="_self"' in link for link in links)
    assert all('target="_self"' in link
               for link in re.findall(r"<a [^>]*>", header(SLUG).markup + footer(SLUG).markup))


def test_a_number_or_choice_stage_asks_its_question_with_the_figures():
    slug = "13_variants_and_etiquette"
    runner = stage_runner(slug)
    stages = load_stages(slug)
    runner.open_stage(stages.ids.index("lurch-score"))
    assert runner.top.task != runner.stage.say and "**" not in runner.top.task
    assert "side 1: 3, side 2: 2" in runner.top.task and runner.top.task.endswith("?")
    runner.open_stage(stages.ids.index("a-lurch"))
    assert "Who has won?" in runner.top.task and "**" not in runner.top.task


def test_the_move_to_judge_is_raised_on_the_table_hand_card_included():
    runner = StageRunner(SLUG)
    runner.open_stage(2)  # "3D build 8 5C" without an 8
    assert runner.table.selected_card == "3D" and runner.table.selected_table == ["5C"]


# ---------------------------------------------------------------------- feedback in steps

def test_wrong_wrong_then_the_answer_is_shown_and_the_stage_is_seen_without_a_star():
    slug = "10_scoring"
    runner = stage_runner(slug)
    at = next(i for i, s in enumerate(load_stages(slug)) if s.kind == "number")
    runner.open_stage(at)
    stage = runner.stage
    truth = str(stage.solutions()[0])
    wrong = [c for c in stage.choices() if c != truth]
    first = answer(runner, wrong[0])
    second = answer(runner, wrong[1])
    for said in (first, second):
        assert runner.bottom.verdict_kind == "wrong" or said is first
        assert not re.search(rf"(?<!\d){truth}(?!\d)", said), said  # never the answer
    assert first != second  # the second try is told more
    assert runner.bottom.can_show and not runner.bottom.next_armed
    runner.send_from_front_end({"type": "show"})
    assert runner.bottom.verdict_kind == "shown" and f"It is {truth}" in runner.bottom.verdict
    assert "★" not in runner.bottom.verdict and runner.bottom.choices == []
    assert runner.bottom.next_armed and not runner.bottom.next_auto and not runner.bottom.can_show
    record = progress.load().lesson(slug).stages[stage.id]
    assert record.solved and record.stars == 0 and record.shown and record.seen
    dot = runner.top.dots[at]
    assert dot["seen"] and dot["stars"] == 0
    assert answer(runner, truth) == runner.bottom.verdict  # done: no more answers judged
    assert progress.load().lesson(slug).stages[stage.id].stars == 0


def test_show_me_on_a_goal_stage_raises_the_right_move_on_the_table():
    runner = StageRunner(SLUG)
    runner.open_stage(1)  # build 8 with the 3
    assert not runner.bottom.can_show  # not before a try or a hint
    runner.send_from_front_end({"type": "hint"})
    assert runner.bottom.can_show
    runner.send_from_front_end({"type": "show"})
    move = runner.stage.solutions()[0]
    assert runner.bottom.verdict_kind == "shown" and str(move) not in runner.bottom.verdict
    assert move_said(runner.stage.position, move) in runner.bottom.verdict  # said in words
    assert runner.table.mode == "watch" and runner.table.selected_card == str(move.card)
    assert runner.bottom.verdict_kind == "shown"  # raising the move does not clear it
    assert progress.load().lesson(SLUG).stages["first-build"].stars == 0


def test_a_right_answer_after_the_answer_was_shown_on_a_replay_still_earns_stars_again():
    runner = StageRunner(SLUG)
    runner.open_stage(1)
    runner.send_from_front_end({"type": "hint"})
    runner.send_from_front_end({"type": "show"})
    runner.open_stage(1)  # replay: a fresh attempt
    click_table(runner, "3D", "5C", action="Build 8")
    record = progress.load().lesson(SLUG).stages["first-build"]
    assert record.stars == 3 and runner.top.dots[1]["seen"] is False


def test_a_refusal_is_shown_once_and_goes_when_the_learner_picks_again():
    slug = "02_pairing"
    runner = stage_runner(slug)
    runner.open_stage(load_stages(slug).ids.index("several-pairs"))  # 8H, table 8C 8D 3S
    runner.table.set_state({"selected_card": "8H", "selected_table": ["3S"]})
    runner.table._handle_custom_msg({"type": "move_text", "text": "8H take 3S"}, [])
    assert runner.bottom.verdict_kind == "wrong" and runner.bottom.rule
    assert runner.table.message == ""  # not under the table as well
    rule = runner.bottom.rule
    assert rule not in runner.bottom.verdict  # cited once, as the verdict's tag
    runner.table.set_state({"selected_card": "8H", "selected_table": ["8C"]})  # a new pick
    assert runner.bottom.verdict == "" and runner.bottom.verdict_kind == ""
    assert "Take" in [a["label"] for a in runner.table.actions]


def test_a_wrong_goal_verdict_goes_when_the_learner_picks_again():
    runner = StageRunner(SLUG)
    runner.open_stage(1)
    click_table(runner, "8S", action="Trail")
    assert runner.bottom.verdict_kind == "wrong"
    runner.table.set_state({"selected_card": "3D", "selected_table": []})
    assert runner.bottom.verdict == ""


def test_a_rule_named_in_the_verdict_is_not_tagged_again():
    runner = stage_runner("01_cards_and_points")
    runner.open_stage(0)  # a points stage: its first step names K1 in its words
    answer(runner, "0")
    assert runner.bottom.verdict.count("K1") == 1 and runner.bottom.rule == ""


# ---------------------------------------------------------------------- demonstrations

def test_a_demo_has_no_stars_no_hint_and_steps_back():
    runner = StageRunner(SLUG)
    table = runner.table
    assert not runner.bottom.can_hint and runner.bottom.hint == ""
    table._handle_custom_msg({"type": "demo", "step": 1}, [])
    caption = table.caption
    assert caption and table.message == ""  # the caption is the play's one description
    step_demo_to_end(runner)
    assert runner.bottom.verdict_kind == "seen"
    table._handle_custom_msg({"type": "demo", "step": -1}, [])  # back, after the end
    assert table.demo_index == table.demo_length - 1 and runner.index == 0
    table._handle_custom_msg({"type": "demo", "step": 1}, [])  # and forward again
    assert runner.bottom.verdict_kind == "seen" and runner.bottom.verdict.count("Seen") == 1
    assert progress.load().lesson(SLUG).stages["watch-a-build"].stars == 0
    assert "★" not in runner.bottom.verdict


# ---------------------------------------------------------------------- the contents page

def test_the_contents_page_leads_on_where_continue_does():
    from cassino_learn.pages.contents import continue_target

    store = progress.load()
    for item in LESSONS[:11]:
        lesson = load_stages(item.slug)
        for stage in lesson:
            store.record_stage(item.slug, stage.id, solved=True, stars=3, tries=1, hint=False,
                               stage_ids=lesson.ids)
    target = continue_target()
    assert target is not None and target.slug == "12_more_players"
    top = header("00_index").markup
    assert 'href="12_more_players.ipynb"' in top and "01_cards_and_points.ipynb" not in top
    course = index()._repr_html_()
    assert 'class="cl-continue"' in course and "Lesson 12" in course


def test_the_contents_page_counts_stars_as_the_map_does():
    runner = StageRunner(SLUG)
    step_demo_to_end(runner)  # a demonstration: done, no stars
    go_on(runner)
    click_table(runner, "3D", "5C", action="Build 8")
    course = index()._repr_html_()
    most = 3 * sum(s.kind != "demo" for s in load_stages(SLUG))
    assert f"★ 3 of {most}" in course and runner.top.stars.startswith(f"★ 3 of {most}")


def test_pressing_the_open_stages_number_keeps_an_untouched_stage_and_restarts_a_tried_one():
    runner = StageRunner(SLUG)
    demo_table = runner.table
    runner.send_from_front_end({"type": "goto", "n": 1}, panel="top")
    assert runner.table is demo_table  # nothing done yet: the learner's table stays
    demo_table._handle_custom_msg({"type": "demo", "step": 1}, [])
    runner.send_from_front_end({"type": "goto", "n": 1}, panel="top")
    assert runner.table is not demo_table and runner.table.demo_index == 0  # from the start


def _every_offer(runner: StageRunner) -> set[str]:
    """The kinds of play a stage's table offers for any hand card with any one table card or
    none (what a learner's first clicks can reach)."""
    table = runner.table
    position = runner.stage.position
    kinds = set()
    for card in position.hand:
        for chosen in [[]] + [[str(c)] for c in position.table_cards]:
            table.set_state({"selected_card": str(card), "selected_table": chosen})
            kinds |= {a.get("kind") or {"Take": "capture", "Trail": "trail"}.get(
                a["label"], "build") for a in table.actions}
    return kinds


def test_a_stage_table_offers_only_the_plays_its_lesson_has_taught():
    """Lessons 2 and 3 offer no build and no trail (not even "Try build 10" or a legal trail);
    lesson 5 offers all three kinds."""
    for slug in ("02_pairing", "03_combining"):
        runner = StageRunner(slug)
        for index, stage in enumerate(runner.lesson.stages):
            if stage.kind in ("goal", "captures"):
                runner.open_stage(index)
                assert _every_offer(runner) <= {"capture"}, (slug, stage.id)
    runner = StageRunner("05_building")
    kinds = set()
    for index, stage in enumerate(runner.lesson.stages):
        if stage.kind in ("goal", "captures"):
            runner.open_stage(index)
            kinds |= _every_offer(runner)
    assert kinds == {"capture", "trail", "build"}


NOTATION = re.compile(r"\b(?:take|build|trail)\b\s+[0-9AJQK]|\b(?:10|[2-9AJQK])[CDHS]\b|[\[\]|]")


def test_a_legal_question_shows_its_move_as_cards_not_notation():
    """Every Legal / Not legal question of the course asks about the move drawn as cards (the
    card played, what it does, the cards it names), with its notation hidden."""
    for lesson in LESSONS:
        runner = StageRunner(lesson.slug)
        for index, stage in enumerate(runner.lesson.stages):
            if stage.kind != "legal":
                continue
            runner.open_stage(index)
            assert not NOTATION.search(runner.top.task), (lesson.slug, runner.top.task)
            shown = runner.bottom.exhibit
            words = re.sub(r"<code[^>]*>.*?</code>|<[^>]*>", " ", shown)
            assert not NOTATION.search(words), (lesson.slug, words)
            move = Move.parse(stage.item.move)
            assert f'<code class="cl-notation" lang="zxx">{stage.item.move}</code>' in shown
            assert shown.count("<svg") == 1 + len(move.table_cards), stage.item.move
            verb = {"trail": "trails", "capture": "takes", "build": f"builds {move.value}"}
            assert f"→ {verb[move.kind]}" in shown, shown


def test_the_table_line_and_the_verdict_tell_a_move_without_notation():
    runner = StageRunner(SLUG)
    runner.open_stage(1)
    click_table(runner, "3D", "5C", action="Build 8")
    assert runner.bottom.verdict_kind == "right"
    assert not NOTATION.search(runner.bottom.verdict), runner.bottom.verdict


def test_an_answer_pressed_on_a_stage_since_left_is_not_judged_on_the_next():
    """A click during the change of stage (the old buttons still on screen) costs no star."""
    runner = StageRunner(SLUG)
    runner.open_stage(2)  # legal or not: building 8 without an 8
    runner.send_from_front_end({"type": "answer", "value": "Legal", "stage": 1})
    assert runner.bottom.verdict == ""
    assert "hold-the-value" not in progress.load().lesson(SLUG).stages
    runner.send_from_front_end({"type": "hint", "stage": 1})
    assert not runner.bottom.hint_shown
    runner.send_from_front_end({"type": "answer", "value": "Not legal", "stage": 2})
    assert runner.bottom.verdict_kind == "right"
    assert progress.load().lesson(SLUG).stages["hold-the-value"].stars == 3


def test_the_countdown_to_the_next_stage_can_be_turned_off_and_the_setting_is_kept():
    """WCAG 2.2.1: "Next stage by itself" unticked, a solved stage waits for Next; the choice
    is the learner's setting, kept in the progress file for every lesson."""
    runner = StageRunner(SLUG)
    runner.open_stage(2)  # legal or not
    assert runner.bottom.go_on  # by default a solved stage goes on after the countdown
    runner.send_from_front_end({"type": "answer", "value": "Not legal"})
    assert runner.bottom.next_armed and runner.bottom.next_auto
    runner.send_from_front_end({"type": "go_on", "on": False})  # during the countdown
    assert not runner.bottom.next_auto and runner.bottom.next_armed  # Next still opens it
    assert progress.preference("next_by_itself") is False
    go_on(runner)
    assert runner.index != 2

    later = StageRunner("02_pairing")  # another lesson: the same setting
    assert not later.bottom.go_on
    stage = next(i for i, s in enumerate(later.lesson.stages) if s.kind == "legal")
    later.open_stage(stage)
    later.send_from_front_end({"type": "answer", "value": later.stage.solutions()[0]})
    assert later.bottom.verdict_kind == "right"
    assert later.bottom.next_armed and not later.bottom.next_auto  # waits for Next

    later.send_from_front_end({"type": "go_on", "on": True})  # ticked again: it goes on
    assert later.bottom.next_auto and progress.preference("next_by_itself") is True


def test_a_reload_in_the_middle_of_the_hint_ladder_keeps_the_steps_taken():
    """Two steps of the ladder taken, the page reloaded: both steps are shown again, the next
    is not offered twice, and solving earns the one star two steps leave."""
    stage = load_stages(SLUG).stages[1]
    assert len(stage.hint_steps()) >= 2
    runner = StageRunner(SLUG)
    runner.open_stage(1)
    runner.send_from_front_end({"type": "hint"})
    runner.send_from_front_end({"type": "hint"})
    assert progress.load().lesson(SLUG).stages[stage.id].hint == 2
    again = StageRunner(SLUG)  # the reload: a new runner reads the file
    again.open_stage(1)
    assert again.hint_text() == "\n".join(stage.hint_steps()[:2])
    assert again.bottom.hint_shown
    again.table.play(str(stage.solutions()[0]))
    assert again.bottom.verdict_kind == "right"
    assert progress.load().lesson(SLUG).stages[stage.id].stars == 1


def test_the_reading_box_sits_under_the_verdict_and_reads_the_stages_table():
    """On a phone the verdict must sit right under the table: the stage's table draws no
    reading box of its own; the runner's, after the panel with the verdict, passes what is
    typed to the open stage's table."""
    runner = StageRunner(SLUG)
    runner.open_stage(1)
    assert runner.table.reading_box is False
    assert runner.children[:3] == (runner.top, runner.area, runner.bottom)
    assert runner.children[3] is runner.reading and runner.reading.active
    assert runner.children[4] is runner.notation_box
    runner.reading._handle_custom_msg({"type": "reading", "text": "hand"}, [])
    assert runner.table.message.startswith("Your hand: ")
    move = runner.stage.solutions()[0]
    runner.reading._handle_custom_msg({"type": "reading", "text": say_move(move)}, [])
    assert runner.bottom.verdict_kind == "right"


def test_a_table_elsewhere_keeps_its_own_reading_box():
    table = CardTable("table: 5C; hand: 5D 9S", mode="play")
    assert table.reading_box is True
