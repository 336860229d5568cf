"""Homework a teacher sets: the form checked (a title, a due date that is a date and not past,
stages and lessons the course has, positions the rules core reads, each error naming its field
and where), stored in the class's database (a database of the version before homework gets the
table when opened, nothing else changed), and each learner's results item by item from their
own events (tries after the homework was set; a solve counts when the server judged it)."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime, timedelta, timezone

import pytest

from cassino_learn.classroom.class_events import answer_json, new_event_id
from cassino_learn.classroom.class_store import DB_NAME, ClassStore
from cassino_learn.classroom.class_summary import course_stages
from cassino_learn.classroom.homework import (HomeworkError, listed, read_form, results,
                                              set_homework, table_csv)
from cassino_learn.teaching.stages import load_stages

TODAY = date(2026, 11, 28)
L1, L2 = "01_cards_and_points", "02_pairing"
POSITION = "table: 5D 2C\nhand: 7S 5H"


def stage_ids(lesson: str) -> list[str]:
    return [s.stage for s in course_stages() if s.lesson == lesson]


def test_a_stage_and_a_whole_lesson_become_items_in_course_order_once() -> None:
    first = f"{L2}/{stage_ids(L2)[0]}"
    title, due, items = read_form("  Week  1 ", "2026-12-01", stages=[first], lessons=[L1],
                                  today=TODAY)
    assert (title, due) == ("Week 1", date(2026, 12, 1))
    keys = [(i.lesson, i.stage) for i in items]
    assert keys == [(L1, s) for s in stage_ids(L1)] + [(L2, stage_ids(L2)[0])]
    again = read_form("x", "2026-12-01", stages=[f"{L1}/{stage_ids(L1)[0]}"], lessons=[L1],
                      today=TODAY)[2]
    assert len(again) == len(stage_ids(L1))  # a stage of a ticked lesson is not twice


@pytest.mark.parametrize("due, says", [
    ("", "Give a due date"), ("2026-13-01", "'2026-13-01' is not a date"),
    ("next friday", "'next friday' is not a date"), ("2026-02-30", "is not a date"),
    ("2026-11-27", "already past")])
def test_a_bad_due_date_is_refused_naming_the_field(due: str, says: str) -> None:
    with pytest.raises(HomeworkError, match=says) as caught:
        read_form("Week 1", due, lessons=[L1], today=TODAY)
    assert caught.value.field == "due"


def test_today_is_a_due_date() -> None:
    assert read_form("Week 1", TODAY.isoformat(), lessons=[L1], today=TODAY)[1] == TODAY


def test_an_unknown_stage_or_lesson_is_refused_by_name() -> None:
    with pytest.raises(HomeworkError, match="no stage '02_pairing/nonsense'") as caught:
        read_form("Week 1", "2026-12-01", stages=[f"{L2}/nonsense"], today=TODAY)
    assert caught.value.field == "stages"
    with pytest.raises(HomeworkError, match="no lesson with stages called '../etc'") as caught:
        read_form("Week 1", "2026-12-01", lessons=["../etc"], today=TODAY)
    assert caught.value.field == "lessons"


def test_nothing_to_do_or_no_title_is_refused() -> None:
    with pytest.raises(HomeworkError, match="at least one") as caught:
        read_form("Week 1", "2026-12-01", positions="  \n ", today=TODAY)
    assert caught.value.field == "items"
    with pytest.raises(HomeworkError, match="title") as caught:
        read_form("   ", "2026-12-01", lessons=[L1], today=TODAY)
    assert caught.value.field == "title"


def test_a_malformed_position_is_refused_with_its_number_and_line() -> None:
    typed = f"{POSITION}\n\ntable: 5D 2C\nhand: 7S ZZ"
    with pytest.raises(HomeworkError) as caught:
        read_form("Week 1", "2026-12-01", positions=typed, today=TODAY)
    assert caught.value.field == "positions"
    assert str(caught.value).startswith("Position 2: line 2")
    assert "ZZ" in str(caught.value)


def test_positions_are_read_by_the_core_one_item_each() -> None:
    items = read_form("Week 1", "2026-12-01", positions=f"{POSITION}\n\n\ntable: 9S\nhand: 9D",
                      today=TODAY)[2]
    assert [i.kind for i in items] == ["position", "position"]
    assert items[0].position == POSITION


def test_a_title_with_markup_is_kept_as_typed(tmp_path) -> None:
    title = '<script>alert("x")</script> & <b>'
    store = ClassStore.open(tmp_path / "c", name="4B")
    try:
        _, due, items = read_form(title, "2026-12-01", lessons=[L1], today=TODAY)
        set_homework(store, title, due, items)
        assert [w.title for w in listed(store)] == [title]
    finally:
        store.close()


def test_homework_is_stored_latest_first_and_emptied_with_the_class(tmp_path) -> None:
    store = ClassStore.open(tmp_path / "c", name="4B")
    try:
        for title in ("One", "Two"):
            set_homework(store, *read_form(title, "2026-12-01", lessons=[L1],
                                          positions=POSITION, today=TODAY))
        read = listed(store)
        assert [w.title for w in read] == ["Two", "One"]
        assert read[0].items[-1].position == POSITION
        assert len(read[0].items) == len(stage_ids(L1)) + 1
        store.end(datetime.now(timezone.utc))
        assert listed(store) == []
    finally:
        store.close()


def test_a_database_of_the_version_before_homework_gets_the_table(tmp_path) -> None:
    folder = tmp_path / "c"
    store = ClassStore.open(folder, name="4B")
    ada = store.join("Ada")
    store.close()
    with sqlite3.connect(folder / DB_NAME) as db:  # as the version before homework left it
        db.execute("DROP TABLE homework")
    store = ClassStore.open(folder, name="4B")
    try:
        assert listed(store) == []
        assert [x.id for x in store.learners()] == [ada.id]
        set_homework(store, *read_form("One", "2026-12-01", lessons=[L1], today=TODAY))
        assert [w.title for w in listed(store)] == ["One"]
    finally:
        store.close()


def _try(store: ClassStore, learner: str, lesson: str, stage: str, right: bool | None,
         at: datetime) -> None:
    data = {"id": new_event_id(), "at": at.isoformat(), "kind": "try", "lesson": lesson,
            "stage": stage, "solved": bool(right)}
    if right:
        data["answer"] = answer_json(load_stages(lesson).stage(stage).solutions()[0])
    store.add_events(learner, [data], now=at)


def test_results_say_item_by_item_who_solved_on_which_try_and_who_has_not_started(
        tmp_path) -> None:
    store = ClassStore.open(tmp_path / "c", name="4B")
    try:
        ada, ben, cy = (store.join(n) for n in ("Ada", "Ben", "Cy"))
        one, two = stage_ids(L2)[:2]
        set_at = datetime.now(timezone.utc)
        work = set_homework(store, *read_form(
            "Week 1", "2026-12-01", stages=[f"{L2}/{one}", f"{L2}/{two}"], today=TODAY),
            now=set_at)
        later = set_at + timedelta(seconds=1)
        _try(store, ada.id, L2, one, True, set_at - timedelta(hours=1))  # before: not homework
        _try(store, ada.id, L2, one, False, later)
        _try(store, ada.id, L2, one, True, later + timedelta(seconds=1))
        _try(store, ben.id, L2, two, False, later)
        cells = {who.name: results(listed(store), store.events(who.id))[str(work.id)]
                 for who in (ada, ben, cy)}
        key_one, key_two = (f"stage:{L2}/{s}" for s in (one, two))
        assert cells["Ada"][key_one] == {"state": "solved", "tries": 2, "solved_on": 2}
        assert cells["Ada"][key_two]["state"] == "not started"
        assert cells["Ben"][key_two] == {"state": "started", "tries": 1, "solved_on": None}
        assert {c["state"] for c in cells["Cy"].values()} == {"not started"}
        table = {"homework": [work.to_json()],
                 "learners": [{"name": "=Ada", "code": ada.code,
                               "results": {str(work.id): cells["Ada"]}}]}
        lines = table_csv(table).splitlines()
        assert lines[0] == "Homework,Due,Item,Name,Code,State,Tries,Solved on try"
        assert lines[1].endswith(f",'=Ada,{ada.code},solved,2,2")
    finally:
        store.close()
