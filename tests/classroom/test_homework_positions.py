"""A position item of homework is a puzzle judged by the expert as a deck's move card is: the
best move (a sweep here) is right, a move that gives points away is wrong; a page's try at it
names the item's id, and the class server judges a solved try's answer itself before the
teacher's table counts it (solved on which try, in the table and its CSV)."""

from __future__ import annotations

import os
from datetime import date, datetime, timedelta, timezone

import pytest

from cassino_learn.classroom.class_events import client_event, new_event_id
from cassino_learn.classroom.class_store import ClassStore, EventRefused
from cassino_learn.classroom.class_summary import summarize
from cassino_learn.learner.deck.judging import judge_position
from cassino_learn.classroom.homework import (HOMEWORK_LESSON, listed, position_id, read_form,
                                              results, set_homework, table_csv)

TODAY = date(2026, 11, 28)
# 7S takes 5D and 2C: a sweep; trailing the 5H leaves a 5 and a 2 and takes nothing
POSITION = "table: 5D 2C\nhand: 7S 5H"
BEST, WORSE = "7S take 2C+5D", "trail 5H"


def test_the_expert_judges_a_lone_position_the_best_move_right_a_worse_one_wrong() -> None:
    right = judge_position(POSITION, BEST)
    assert right.right
    wrong = judge_position(POSITION, WORSE)
    assert not wrong.right
    assert wrong.review.better is not None and str(wrong.review.better.move) == \
        str(right.move)


def test_a_try_at_a_position_names_its_id_and_nothing_else_passes() -> None:
    at = datetime.now(timezone.utc).isoformat()
    item = position_id(POSITION)
    event = client_event({"id": new_event_id(), "at": at, "kind": "try",
                          "lesson": HOMEWORK_LESSON, "stage": item, "solved": False})
    assert (event.lesson, event.stage, event.checked) == (HOMEWORK_LESSON, item, False)
    for stage, kind in (("../etc", "try"), ("p123", "try"), (None, "try"), (item, "visit")):
        with pytest.raises(ValueError, match="not a homework position's id"):
            client_event({"id": new_event_id(), "at": at, "kind": kind,
                          "lesson": HOMEWORK_LESSON, "stage": stage})


def _send(store: ClassStore, learner: str, move: str | None, at: datetime,
          position: str = POSITION, item: str = POSITION) -> None:
    """A try at position item `item` as a page sends it; a solved one (`move`) carries
    `position` and the move as its answer."""
    data = {"id": new_event_id(), "at": at.isoformat(), "kind": "try",
            "lesson": HOMEWORK_LESSON, "stage": position_id(item), "solved": move is not None}
    if move is not None:
        data["answer"] = {"position": position, "move": move}
    store.add_events(learner, [data], now=at)


def test_the_server_judges_a_solved_position_before_the_teachers_table_counts_it(
        tmp_path) -> None:
    store = ClassStore.open(tmp_path / "c", name="4B")
    try:
        ada, ben = store.join("Ada"), store.join("Ben")
        set_at = datetime.now(timezone.utc)
        work = set_homework(store, *read_form("Positions", "2026-12-01", positions=POSITION,
                                              today=TODAY), now=set_at)
        later = set_at + timedelta(seconds=1)
        _send(store, ada.id, None, later)  # a wrong try, as the page sends it
        _send(store, ada.id, BEST, later + timedelta(seconds=1))
        # a page claiming a worse move solved it, or another position's answer: refused whole
        with pytest.raises(EventRefused, match="not a right answer to homework position"):
            _send(store, ben.id, WORSE, later)
        with pytest.raises(EventRefused, match="not the position of item"):
            _send(store, ben.id, "9S take 9D", later, position="table: 9D\nhand: 9S")
        with pytest.raises(EventRefused, match="not a position of this class's homework"):
            _send(store, ben.id, None, later, item="table: 9D\nhand: 9S")  # no one set it
        assert store.events(ben.id) == []
        key = f"position:{POSITION}"
        cells = {who.name: results(listed(store), store.events(who.id))[str(work.id)]
                 for who in (ada, ben)}
        assert cells["Ada"][key] == {"state": "solved", "tries": 2, "solved_on": 2}
        assert cells["Ben"][key]["state"] == "not started"
        table = {"homework": [work.to_json()],
                 "learners": [{"name": "Ada", "code": ada.code,
                               "results": {str(work.id): cells["Ada"]}}]}
        line = table_csv(table).splitlines()[1]
        assert line.startswith("Positions,2026-12-01,Position: table: 5D 2C · hand: 7S 5H,Ada,")
        assert line.endswith(",solved,2,2")
        # the class's summary says where Ada is, in words, and its tables stay the course's
        summary = summarize(store, datetime.now(timezone.utc))
        row = next(r for r in summary.learners if r.name == "Ada")
        assert row.lesson_title_now == "Homework: a position"
        assert all(s.lesson != HOMEWORK_LESSON for s in summary.stages)
    finally:
        store.close()


def test_a_position_is_judged_alike_in_any_process_so_the_page_and_the_server_agree() -> None:
    """The same verdict and loss in processes with different string hashing (the page's
    Python and the server's are different processes), at a budget no clock bounds."""
    import subprocess
    import sys

    code = ("from cassino_learn.learner.deck.judging import judge_position as j\n"
            f"for m in ({BEST!r}, {WORSE!r}, '5H take 5D', 'trail 7S'):\n"
            f"    r = j({POSITION!r}, m); print(m, r.right, round(r.loss, 9))\n")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}, check=True).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1] and runs[0].count("True") >= 1, runs


def test_the_browsers_clock_does_not_bound_a_positions_search(monkeypatch) -> None:
    """In the browser the hints' search stops by the clock (`expert.default_budget`); a
    homework position's judge searches at a fixed budget instead, as the server does, so a
    slow page reaches the server's verdict."""
    from cassino_learn.game import coach, expert

    budgets: list = []
    searching = coach.expert_values_steps

    def recorded(observation, **options):
        budgets.append((options.get("iterations"), options.get("seconds")))
        return (yield from searching(observation, **options))

    coach.forget()
    monkeypatch.setattr(expert, "in_browser", lambda: True)
    monkeypatch.setattr(coach, "expert_values_steps", recorded)
    assert judge_position(POSITION, BEST).right
    assert budgets and all(seconds is None for _, seconds in budgets), budgets
    coach.forget()


def test_an_answer_judged_ahead_is_not_searched_again_when_stored(tmp_path, monkeypatch) -> None:
    """The class server judges a position's answer on a reader thread first (`judge_ahead`);
    the store's writer then finds the verdict kept. Positions the class has not set are not
    judged ahead."""
    from cassino_learn.classroom import homework_positions
    from cassino_learn.learner.deck import judging

    searched: list[str] = []
    real = judging.judge_position

    def counted(position, move, **options):
        searched.append(move)
        return real(position, move, **options)

    monkeypatch.setattr(judging, "judge_position", counted)
    homework_positions._verdict.cache_clear()
    store = ClassStore.open(tmp_path / "c", name="4B")
    try:
        ada = store.join("Ada")
        set_homework(store, *read_form("P", "2026-12-01", positions=POSITION, today=TODAY))
        at = datetime.now(timezone.utc)
        right = {"id": new_event_id(), "at": at.isoformat(), "kind": "try",
                 "lesson": HOMEWORK_LESSON, "stage": position_id(POSITION), "solved": True,
                 "answer": {"position": POSITION, "move": BEST}}
        other = "table: 9D\nhand: 9S"
        unset = {**right, "id": new_event_id(), "stage": position_id(other),
                 "answer": {"position": other, "move": "9S take 9D"}}
        assert homework_positions.judge_ahead([right, unset], store.homework_positions) == 1
        assert searched == [BEST]
        store.add_events(ada.id, [right], now=at)
        assert searched == [BEST]  # the writer found it kept
        assert store.events(ada.id)[0].checked
    finally:
        store.close()
        homework_positions._verdict.cache_clear()
