"""A class's learner in a kernel: their own progress file and record of events, written by
the running lesson (the stage runner) and by nothing outside a class."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from cassino_learn.classroom import class_events
from cassino_learn.learner import learner_context, progress
from cassino_learn.classroom.roster import ClassWarning, Classroom
from cassino_learn.ui.stages import StageRunner

SLUG = "05_building"


@pytest.fixture
def room(data):
    return Classroom.for_name("4B")


def files(folder) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_outside_a_class_nothing_is_recorded(data):
    class_events.record_visit("02_pairing")
    class_events.record_try("02_pairing", "one", True)
    class_events.record_refusal("02_pairing", "one", "P1")
    assert class_events.current() is None and class_events.current_learner() is None
    assert files(data) == []


def test_a_learner_in_use_has_their_own_progress_and_record_until_they_leave(room, data):
    ana = room.join("Ana")
    with learner_context.using(learner_context.NOBODY):  # and back to it, whatever happens
        assert class_events.use_learner(room, ana.id) == ana
        assert class_events.current_learner() == ana
        assert progress.current_path() == room.progress_path(ana.id)
        progress.load().mark_done("02_pairing")
        class_events.record_visit("02_pairing", "one")
        class_events.record_try("02_pairing", "one", False)
        class_events.record_refusal("02_pairing", "one", "P2")
        class_events.record_refusal("02_pairing", "one", "")  # no rule: not a refusal to count
        class_events.record_try("02_pairing", "one", True)
        events = class_events.read_events(room.events_path(ana.id))
        assert [(e.kind, e.lesson, e.stage, e.solved, e.rule) for e in events] == [
            ("visit", "02_pairing", "one", False, ""), ("try", "02_pairing", "one", False, ""),
            ("refusal", "02_pairing", "one", False, "P2"), ("try", "02_pairing", "one", True, "")]
        assert all(e.at.tzinfo is not None for e in events)
        class_events.leave()
        assert progress.current_path() == data / "progress.json"
        assert not progress.load().lesson("02_pairing").done  # that was Ana's, not this folder's
        class_events.record_visit("03_combining")
        assert len(class_events.read_events(room.events_path(ana.id))) == 4


def test_an_unknown_learner_changes_nothing(room):
    ana = room.join("Ana")
    with learner_context.using(learner_context.NOBODY):
        class_events.use_learner(room, ana.id)
        with pytest.raises(ValueError, match="has no learner 'ffffffffffffffff'"):
            class_events.use_learner(room, "ffffffffffffffff")
        assert class_events.current_learner() == ana
        assert progress.current_path() == room.progress_path(ana.id)


def test_two_learners_of_one_server_never_see_each_others_progress(room):
    ana, ben = room.join("Ana"), room.join("Ben")
    with learner_context.using(class_events.class_learner(room, ana.id)):
        StageRunner(SLUG).answer(True)  # stage 1 is a demo: solved
        assert progress.load().lesson(SLUG).solved("watch-a-build")
    with learner_context.using(class_events.class_learner(room, ben.id)):
        runner = StageRunner(SLUG)
        assert runner.index == 0 and progress.load().lesson(SLUG).stages == {}
        assert runner.top.stars.startswith("★ 0 of")


def test_the_stage_runner_records_visits_tries_and_refused_moves_with_their_rule(room, data):
    ana = room.join("Ana")
    with learner_context.using(class_events.class_learner(room, ana.id)):
        runner = StageRunner(SLUG)
        runner.open_stage(3)  # build 9 on the 2 and the 4 with a 3, holding the 9
        runner.table.set_state({"selected_card": "3H", "selected_table": ["2C", "4D"]})
        runner.table._handle_custom_msg({"type": "move_text", "text": "3H build 8 2C 4D"}, [])
        runner.table._handle_custom_msg({"type": "move_text", "text": "3H build 9 2C 4D"}, [])
        runner.send_from_front_end({"type": "shown"}, panel="top")
        events = class_events.read_events(room.events_path(ana.id))
        assert [(e.kind, e.stage, e.solved, e.rule) for e in events] == [
            ("visit", "watch-a-build", False, ""), ("visit", "three-cards", False, ""),
            ("refusal", "three-cards", False, "B4"), ("try", "three-cards", False, ""),
            ("try", "three-cards", True, ""), ("visit", "three-cards", False, "")]
        assert {e.lesson for e in events} == {SLUG}
        assert progress.load().lesson(SLUG).stages["three-cards"].stars == 2
        assert room.progress_path(ana.id).exists() and not (data / "progress.json").exists()


def test_unreadable_lines_of_a_record_are_left_out_with_a_warning(room):
    ana = room.join("Ana")
    log = class_events.EventLog(room.events_path(ana.id))
    log.add("try", "02_pairing", "one", solved=True,
            at=datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc))
    with open(log.path, "a", encoding="utf-8") as handle:
        handle.write('{"kind": "try", "lesson": 3}\n[]\n{"kind": "refusal", "lesson": "x", '
                     '"stage": null, "at": "2026-11-24T09:00:00"}\n{"at": "2026-11-2')
    log.add("visit", "03_combining")  # after a line cut short: still a line of its own
    with pytest.warns(ClassWarning, match="4 unreadable lines"):
        events = log.read()
    assert [(e.kind, e.lesson) for e in events] == [("try", "02_pairing"),
                                                   ("visit", "03_combining")]
    assert events[0].at == datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc)


def test_a_record_that_cannot_be_written_warns_once_and_the_lesson_goes_on(room):
    ana = room.join("Ana")
    with learner_context.using(class_events.class_learner(room, ana.id)):
        room.events_path(ana.id).mkdir(parents=True)  # something in the way
        with pytest.warns(ClassWarning, match="could not be written") as caught:
            class_events.record_try("02_pairing", "one", True)
            class_events.record_try("02_pairing", "one", True)
        assert len([w for w in caught if issubclass(w.category, ClassWarning)]) == 1


def test_an_event_line_is_plain_json(room):
    ana = room.join("Ana")
    log = class_events.EventLog(room.events_path(ana.id))
    log.add("refusal", "02_pairing", "one", rule="P2",
            at=datetime(2026, 11, 24, 9, 0, 1, 500000, tzinfo=timezone.utc))
    assert json.loads(log.path.read_text()) == {
        "at": "2026-11-24T09:00:01.500+00:00", "kind": "refusal", "lesson": "02_pairing",
        "stage": "one", "rule": "P2"}
    with pytest.raises(ValueError, match="an event is one of"):
        log.add("cheat", "02_pairing")
