"""Nothing is lost when writers meet: many tabs of one learner, and thirty learners joining and
saving at once, in threads and in processes. Every solved stage and every practice answer is in
the files afterwards."""

from __future__ import annotations

import multiprocessing
import threading
from datetime import datetime, timezone
from pathlib import Path

import pytest

from cassino_learn.classroom import class_events
from cassino_learn.learner import progress
from cassino_learn.classroom.class_summary import course_stages, summarize
from cassino_learn.classroom.roster import Classroom

TABS = 6
STAGES_A_TAB = 8
PRACTICE_A_TAB = 4
LEARNERS = 30
LESSON = "01_cards_and_points"


def _ctx():
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def one_tab(path: str, tab: int, barrier) -> None:
    """A tab of one learner: half the tabs keep the copy they opened with (as a page does
    between reloads), half read afresh before each save (as the stage runner does)."""
    barrier.wait()
    kept = progress.load(Path(path))
    for n in range(STAGES_A_TAB):
        store = kept if tab % 2 else progress.load(Path(path))
        store.record_stage("02_pairing", f"tab{tab}-{n}", solved=True, stars=1 + n % 3,
                           tries=1, hint=False, stage_ids=[])
    for _ in range(PRACTICE_A_TAB):
        (kept if tab % 2 else progress.load(Path(path))).record_practice("02_pairing")


def one_learner(folder: str, number: int, stage_ids: list[str], barrier) -> None:
    """A learner of a class: joins, then solves as many stages as their number says (1 to 4),
    with a wrong try first on the first one, every event recorded."""
    room = Classroom(Path(folder))
    barrier.wait()
    learner = room.join(f"Learner number {number}")
    class_events.use_learner(room, learner.id)
    class_events.record_visit(LESSON)
    for n, stage in enumerate(stage_ids[:1 + number % 4]):
        if n == 0:
            progress.load().record_stage(LESSON, stage, solved=False, stars=0, tries=1,
                                         hint=False, stage_ids=stage_ids)
            class_events.record_try(LESSON, stage, False)
            class_events.record_refusal(LESSON, stage, "P1")
        progress.load().record_stage(LESSON, stage, solved=True, stars=3 if n else 2,
                                     tries=2 if n == 0 else 1, hint=False, stage_ids=stage_ids)
        class_events.record_try(LESSON, stage, True)
    class_events.leave()


def check_tabs(path: Path) -> None:
    entry = progress.load(path).lesson("02_pairing")
    expected = {f"tab{t}-{n}" for t in range(TABS) for n in range(STAGES_A_TAB)}
    assert {key for key, record in entry.stages.items() if record.solved} == expected
    assert all(entry.stages[f"tab{t}-{n}"].stars == 1 + n % 3
               for t in range(TABS) for n in range(STAGES_A_TAB))
    assert entry.practised == TABS * PRACTICE_A_TAB
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no lock or temp left


def check_class(room: Classroom, stage_ids: list[str]) -> None:
    learners = room.learners()
    assert len(learners) == LEARNERS
    assert len({x.id for x in learners}) == len({x.code for x in learners}) == LEARNERS
    assert sorted(x.name for x in learners) == sorted(f"Learner number {n}"
                                                     for n in range(LEARNERS))
    summary = summarize(room, datetime.now(timezone.utc))
    for learner, row in zip(learners, summary.learners):
        number = int(learner.name.rsplit(" ", 1)[1])
        solved = 1 + number % 4
        entry = progress.load(room.progress_path(learner.id)).lesson(LESSON)
        assert [entry.solved(s) for s in stage_ids[:solved]] == [True] * solved
        assert row.stars[LESSON] == 2 + 3 * (solved - 1)
        assert len(class_events.read_events(room.events_path(learner.id))) == 3 + solved
    first = next(r for r in summary.stages if (r.lesson, r.stage) == (LESSON, stage_ids[0]))
    assert (first.tried, first.solved, first.first_try, first.median_tries) == (30, 30, 0, 2)
    assert summary.rules[0].rule == "P1" and summary.rules[0].refusals == LEARNERS


@pytest.fixture
def stage_ids() -> list[str]:
    return [s.stage for s in course_stages() if s.lesson == LESSON]


def test_many_tabs_of_one_learner_in_threads_lose_nothing(data):
    path = data / "tabs" / "progress.json"
    barrier = threading.Barrier(TABS)
    threads = [threading.Thread(target=one_tab, args=(str(path), t, barrier)) for t in range(TABS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    check_tabs(path)


def test_many_tabs_of_one_learner_in_processes_lose_nothing(data):
    path = data / "tabs" / "progress.json"
    ctx = _ctx()
    barrier = ctx.Barrier(TABS)
    workers = [ctx.Process(target=one_tab, args=(str(path), t, barrier)) for t in range(TABS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert [worker.exitcode for worker in workers] == [0] * TABS
    check_tabs(path)


def test_thirty_learners_joining_and_saving_at_once_in_threads_lose_nothing(data, stage_ids):
    room = Classroom.for_name("threads")
    barrier = threading.Barrier(LEARNERS)
    errors: list[BaseException] = []

    def run(number: int) -> None:
        try:
            # one process, thirty learners: each thread writes its own learner's files
            one_learner_in_thread(str(room.folder), number, stage_ids, barrier)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(LEARNERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors and not any(thread.is_alive() for thread in threads)
    check_class(room, stage_ids)


def one_learner_in_thread(folder: str, number: int, stage_ids: list[str], barrier) -> None:
    """As `one_learner`, without the process-wide current learner (threads share it)."""
    room = Classroom(Path(folder))
    barrier.wait()
    learner = room.join(f"Learner number {number}")
    log = class_events.EventLog(room.events_path(learner.id))
    path = room.progress_path(learner.id)
    log.add("visit", LESSON)
    for n, stage in enumerate(stage_ids[:1 + number % 4]):
        if n == 0:
            progress.load(path).record_stage(LESSON, stage, solved=False, stars=0, tries=1,
                                             hint=False, stage_ids=stage_ids)
            log.add("try", LESSON, stage, solved=False)
            log.add("refusal", LESSON, stage, rule="P1")
        progress.load(path).record_stage(LESSON, stage, solved=True, stars=3 if n else 2,
                                         tries=2 if n == 0 else 1, hint=False,
                                         stage_ids=stage_ids)
        log.add("try", LESSON, stage, solved=True)


def test_thirty_learners_joining_and_saving_at_once_in_processes_lose_nothing(data, stage_ids):
    room = Classroom.for_name("processes")
    ctx = _ctx()
    barrier = ctx.Barrier(LEARNERS)
    workers = [ctx.Process(target=one_learner, args=(str(room.folder), n, stage_ids, barrier))
               for n in range(LEARNERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert [worker.exitcode for worker in workers] == [0] * LEARNERS
    check_class(room, stage_ids)
