"""The class store: a class in one SQLite database. Learners join and are found by id and by
code; events sent twice count once; a bad event is refused with its index and field and
nothing of its batch is stored; progress merges without losing a star; threads and processes
writing at once lose nothing; a folder of the file-based version is migrated once; the end of a
class archives it; a damaged database is set aside with a clear error; the teacher's summary
reads the same from the store as from the files it was migrated from."""

from __future__ import annotations

import json
import multiprocessing
import shutil
import sqlite3
import threading
import warnings
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from cassino_learn.classroom import class_events, class_store
from cassino_learn.learner import learner_context, progress
from cassino_learn.classroom.class_events import EventLog, answer_json, new_event_id
from cassino_learn.classroom.class_store import (DB_NAME, ClassStore, ClassStoreError,
                                                 UnknownLearner)
from cassino_learn.classroom.class_summary import course_stages, summarize, to_csv
from cassino_learn.classroom.roster import MAX_NAME, ClassWarning, Classroom, is_learner_id
from cassino_learn.teaching.stages import load_stages, stars_for

L1, L2 = "01_cards_and_points", "02_pairing"
T0 = datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc)


def ids(lesson: str) -> list[str]:
    return [s.stage for s in course_stages() if s.lesson == lesson]


def event(kind: str = "try", *, minute: int = 0, lesson: str = L1, stage: str | None = "aces",
          **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"id": new_event_id(),
                            "at": (T0 + timedelta(minutes=minute)).isoformat(),
                            "kind": kind, "lesson": lesson, "stage": stage}
    if kind == "try":
        data["solved"] = False
    if kind == "refusal":
        data["rule"] = "S3"
    data.update(extra)
    return data


def right_answer(lesson: str, stage: str) -> Any:
    """A right answer to a stage, as a page sends it with a solved try (worked out by the
    stage's own judge)."""
    return answer_json(load_stages(lesson).stage(stage).solutions()[0])


def solved(lesson: str, stage: str, stars: int, *, tries: int = 1,
           generation: int = 0) -> dict[str, Any]:
    """The progress JSON a page sends with one stage solved."""
    data: dict[str, Any] = {"version": 1, "lessons": {lesson: {
        "done": False, "best": 0, "last": None, "total": 0, "practised": 0,
        "stages": {stage: {"solved": stars > 0, "stars": stars, "tries": tries,
                           "hint": False}}}},
        "preferences": {"four_color": False, "card_size": "normal"}}
    if generation:
        data["generation"] = generation
    return data


def stars_of(data: dict[str, Any], lesson: str, stage: str) -> int:
    return progress.from_json(data).lesson(lesson).stages[stage].stars


@pytest.fixture
def store(tmp_path):
    opened = ClassStore.open(tmp_path / "year-9", name="Year 9")
    yield opened
    opened.close()


# ---------------------------------------------------------------------- the roster

def test_a_new_class_is_one_database_in_wal_mode_in_its_folder(tmp_path):
    with ClassStore.open(tmp_path / "4b") as store:
        assert store.path == tmp_path / "4b" / DB_NAME and store.path.exists()
        assert store.name == "4b"
    with sqlite3.connect(tmp_path / "4b" / DB_NAME) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with ClassStore.open(tmp_path / "4b", name="4B (blue)") as store:
        assert store.name == "4B (blue)"
    with ClassStore.open(tmp_path / "4b") as store:
        assert store.name == "4B (blue)"  # the name given last is kept
    with ClassStore.open(tmp_path / "4b", name="4B \udcff") as store:  # a byte of no UTF-8
        assert store.name == "4B \ufffd"


def test_for_name_uses_the_folder_of_the_file_based_class(data):
    with ClassStore.for_name("Year 9 (blue)") as store:
        assert store.folder == Classroom.for_name("Year 9 (blue)").folder
        assert store.name == "Year 9 (blue)"


def test_learners_join_and_are_found_by_id_and_by_code(store):
    ana = store.join("  Ana  ", now=T0)
    ben = store.join("Ana")  # a second Ana is a second learner
    anon = store.join("   ")
    assert is_learner_id(ana.id) and ana.name == "Ana" and ana.joined == T0
    assert ben.id != ana.id and ben.code != ana.code
    assert anon.name == "Learner 3"
    assert store.learners() == [ana, ben, anon]
    assert store.learner(ana.id) == ana
    spaced = f"{ana.code[:3].lower()} {ana.code[3:].lower()}"
    assert store.by_code(spaced) == ana and store.by_code(ben.code) == ben


@pytest.mark.parametrize("junk", [None, 17, "", "0" * 15, "g" * 16, "A" * 16, "../../etc/pass",
                                  "0123456789abcdef'; DROP TABLE learners;--", ["x"], {"a": 1}])
def test_junk_ids_and_codes_find_nobody_and_raise_nothing(store, junk):
    store.join("Ana")
    assert store.learner(junk) is None
    assert store.by_code(junk) is None
    assert store.last_seen(junk) is None
    assert len(store.learners()) == 1


def test_names_are_data_any_unicode_cut_as_today(store):
    odd = "Robert'); DROP TABLE learners;-- <b>Zoë</b> 🃏 \u202e"
    long = "é" * (MAX_NAME + 30)
    first, second = store.join(odd), store.join(long)
    assert store.learner(first.id).name == odd.strip()
    assert store.learner(second.id).name == "é" * MAX_NAME
    assert [x.name for x in store.learners()] == [odd.strip(), "é" * MAX_NAME]
    broken = store.join("Ana \ud800")  # a lone surrogate (no UTF-8 has it): shown replaced
    assert store.learner(broken.id).name == broken.name == "Ana \ufffd"


def test_an_unknown_learner_cannot_send_anything(store):
    with pytest.raises(UnknownLearner, match="no learner 'ffffffffffffffff'"):
        store.add_events("ffffffffffffffff", [event()])
    with pytest.raises(UnknownLearner):
        store.save_progress("ffffffffffffffff", solved(L1, "aces", 3))
    with pytest.raises(ValueError, match="is not a learner id"):
        store.add_events("../secret", [event()])
    assert store.event_count() == 0


# ---------------------------------------------------------------------- events

def test_events_sent_twice_count_once_and_come_back_in_time_order(store):
    ana = store.join("Ana")
    batch = [event("visit", minute=2), event(minute=3), event("refusal", minute=1)]
    seen = T0 + timedelta(hours=1)
    assert store.add_events(ana.id, batch, now=seen) == 3
    assert store.add_events(ana.id, batch, now=seen + timedelta(seconds=5)) == 0
    repeated = event(minute=4, solved=True)
    assert store.add_events(ana.id, [repeated, repeated, batch[0]]) == 1
    got = store.events(ana.id)
    assert [e.kind for e in got] == ["refusal", "visit", "try", "try"]
    assert [e.id for e in got] == [batch[2]["id"], batch[0]["id"], batch[1]["id"], repeated["id"]]
    assert got[-1].solved and got[0].rule == "S3"
    assert store.last_seen(ana.id) > seen  # the server's clock, not the page's


def test_the_same_event_id_of_two_learners_is_two_events(store):
    ana, ben = store.join("Ana"), store.join("Ben")
    shared = event()
    assert store.add_events(ana.id, [shared]) == 1
    assert store.add_events(ben.id, [shared]) == 1
    assert store.event_count() == 2
    assert store.events(ana.id)[0].id == store.events(ben.id)[0].id


BAD = [
    ({"id": "short"}, "field 'id'"),
    ({"id": "has space 123"}, "field 'id'"),
    ({"id": "x" * 65}, "field 'id'"),
    ({"kind": "cheat"}, "field 'kind'"),
    ({"at": "yesterday"}, "field 'at'"),
    ({"at": 1732440000}, "field 'at'"),
    ({"lesson": ""}, "field 'lesson'"),
    ({"lesson": "../../etc"}, "field 'lesson'"),
    ({"lesson": "x" * 201}, "field 'lesson'"),
    ({"stage": 3}, "field 'stage'"),
    ({"solved": "yes"}, "field 'solved'"),
    ({"kind": "visit", "solved": True}, "field 'solved'"),
    ({"kind": "refusal", "rule": ""}, "field 'rule'"),
    ({"kind": "visit", "rule": "P1"}, "field 'rule'"),
    ({"learner": "0123456789abcdef"}, "field 'learner'"),
]


@pytest.mark.parametrize("change,field", BAD, ids=[f for _, f in BAD])
def test_a_bad_event_is_refused_by_index_and_field_and_its_batch_stored_not_at_all(
        store, change, field):
    ana = store.join("Ana")
    kind = change.get("kind", "try")
    bad = {**event(kind), **change}
    if kind == "refusal" and "rule" in change:
        bad["rule"] = change["rule"]
    with pytest.raises(ValueError) as caught:
        store.add_events(ana.id, [event("visit"), event(), bad], now=T0)
    assert str(caught.value).startswith(f"event 2: {field}")
    assert store.events(ana.id) == [] and store.last_seen(ana.id) is None


@pytest.mark.parametrize("junk", ["not a list", {"id": "abcdefgh"}, None])
def test_events_that_are_no_list_are_refused(store, junk):
    ana = store.join("Ana")
    with pytest.raises(ValueError, match="a list"):
        store.add_events(ana.id, junk)


def test_an_event_that_is_no_object_is_refused_by_index(store):
    ana = store.join("Ana")
    with pytest.raises(ValueError, match=r"^event 1: an event is a JSON object, not str"):
        store.add_events(ana.id, [event(), "try"])
    assert store.event_count() == 0


def test_what_a_lesson_records_in_the_browser_is_what_the_store_takes(store):
    ana = store.join("Ana")
    sent: list[dict[str, Any]] = []
    with learner_context.using(learner_context.NOBODY):
        class_events.record_to(sent.append)
        class_events.record_visit(L1, "aces")
        class_events.record_try(L1, "aces", False)
        class_events.record_refusal(L1, "aces", "S3")
        class_events.record_refusal(L1, "aces", "")  # no rule: nothing
        class_events.record_try(L1, "aces", True)
        class_events.leave()
        class_events.record_visit(L2)  # after leave(): handed on no more
    assert len(sent) == 4 and len({e["id"] for e in sent}) == 4
    assert store.add_events(ana.id, sent) == 4
    assert [(e.kind, e.solved, e.rule) for e in store.events(ana.id)] == \
        [("visit", False, ""), ("try", False, ""), ("refusal", False, "S3"), ("try", True, "")]


def test_a_failing_sink_never_stops_a_lesson():
    def broken(data: dict[str, Any]) -> None:
        raise OSError("the page is gone")

    with learner_context.using(learner_context.NOBODY):
        class_events.record_to(broken)
        with pytest.warns(ClassWarning, match="could not be handed on"):
            class_events.record_try(L1, "aces", True)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            class_events.record_try(L1, "aces", True)  # warned once


# ---------------------------------------------------------------------- progress

def test_progress_starts_empty_in_the_shape_progress_reads(store):
    ana = store.join("Ana")
    empty = store.progress(ana.id)
    assert empty == progress.Progress(Path("x")).to_json()
    assert progress.from_json(empty).lessons == {}


def test_progress_merges_and_never_loses_a_star(store):
    ana = store.join("Ana")
    first = store.save_progress(ana.id, solved(L1, "aces", 3), now=T0)
    assert stars_of(first, L1, "aces") == 3
    # another computer, which had not seen that, sends a worse attempt and another stage
    other = solved(L1, "aces", 1, tries=4)
    other["lessons"][L1]["stages"]["big-casino"] = {"solved": True, "stars": 2, "tries": 2,
                                                    "hint": True}
    other["preferences"]["card_size"] = "large"
    merged = store.save_progress(ana.id, other)
    assert stars_of(merged, L1, "aces") == 3
    assert stars_of(merged, L1, "big-casino") == 2
    assert merged["preferences"]["card_size"] == "large"  # settings: the copy just sent
    assert store.progress(ana.id) == merged
    assert stars_of(store.save_progress(ana.id, solved(L2, "one-card", 0)), L1, "aces") == 3


def test_a_reset_on_one_computer_is_kept_and_a_stale_copy_brings_nothing_back(store):
    ana = store.join("Ana")
    store.save_progress(ana.id, solved(L1, "aces", 3))
    reset = store.save_progress(ana.id, solved(L2, "one-card", 1, generation=1))
    assert L1 not in reset["lessons"] and reset["generation"] == 1
    stale = store.save_progress(ana.id, solved(L1, "aces", 3))  # from before the reset
    assert stale == reset


def test_one_learners_progress_is_not_anothers(store):
    ana, ben = store.join("Ana"), store.join("Ben")
    store.save_progress(ana.id, solved(L1, "aces", 3))
    assert store.progress(ben.id)["lessons"] == {}


@pytest.mark.parametrize("junk,what", [
    ("not progress", "not a progress file"),
    ({"lessons": []}, "not a progress file"),
    ({"lessons": {L1: {"stages": {"aces": {"stars": 9}}}}}, "0 to 3 stars"),
    ({"lessons": {L1: {"best": -1}}}, "not a count"),
    ({"lessons": {L1: {"stages": {"aces": "solved"}}}}, "not a progress file"),
    ({"preferences": {"card_size": "huge"}}, "card_size"),
    ({"generation": "many"}, "generation"),
    ({"lessons": {L1: {"best": float("nan")}}}, "not a progress file"),
    ({"lessons": {f"lesson-{n}": {"practised": n} for n in range(20000)}}, "at most"),
])
def test_progress_that_is_not_progress_is_refused_and_changes_nothing(store, junk, what):
    ana = store.join("Ana")
    before = store.save_progress(ana.id, solved(L1, "aces", 2), now=T0)
    with pytest.raises(ValueError, match=what):
        store.save_progress(ana.id, junk, now=T0 + timedelta(hours=1))
    assert store.progress(ana.id) == before and store.last_seen(ana.id) == T0


def test_a_sync_stores_events_and_progress_together_or_neither(store):
    ana = store.join("Ana")
    batch = [event(minute=1), event(minute=2, solved=True)]
    with pytest.raises(ValueError, match="0 to 3 stars"):
        store.sync(ana.id, batch, solved(L1, "aces", 7), now=T0)
    with pytest.raises(ValueError, match="^event 1: field 'kind'"):
        store.sync(ana.id, [batch[0], {**batch[1], "kind": "win"}], solved(L1, "aces", 3))
    assert store.events(ana.id) == [] and store.progress(ana.id)["lessons"] == {}
    assert store.last_seen(ana.id) is None
    added, merged = store.sync(ana.id, batch, solved(L1, "aces", 3), now=T0)
    assert added == 2 and stars_of(merged, L1, "aces") == 3
    assert store.sync(ana.id, batch, solved(L1, "aces", 1), now=T0)[0] == 0
    added, kept = store.sync(ana.id, [], None, now=T0 + timedelta(minutes=1))  # a sign of life
    assert added == 0 and kept == merged == store.progress(ana.id)
    assert store.last_seen(ana.id) == T0 + timedelta(minutes=1)


# ---------------------------------------------------------------------- writers at once

THREADS, BATCHES, BATCH = 8, 10, 12


def test_threads_sending_at_once_and_twice_store_every_event_once(store):
    learners = [store.join(f"Learner {n}") for n in range(4)]
    sent = {x.id: [[event(minute=b * BATCH + i) for i in range(BATCH)] for b in range(BATCHES)]
            for x in learners}
    barrier = threading.Barrier(THREADS)
    errors: list[BaseException] = []
    added: list[int] = []

    def send(number: int) -> None:
        try:
            learner = learners[number % len(learners)]
            barrier.wait()
            for batch in sent[learner.id]:  # two threads send each learner's batches
                added.append(store.add_events(learner.id, batch))
                store.save_progress(learner.id, solved(L1, "aces", 1 + number % 3))
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=send, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors and not any(thread.is_alive() for thread in threads)
    assert sum(added) == len(learners) * BATCHES * BATCH == store.event_count()
    for learner in learners:
        assert sorted(e.id for e in store.events(learner.id)) == \
            sorted(e["id"] for batch in sent[learner.id] for e in batch)
    assert max(stars_of(store.progress(x.id), L1, "aces") for x in learners) == 3


def _send_from_process(folder: str, batches: dict[str, list[list[dict[str, Any]]]],
                       barrier: Any) -> None:
    store = ClassStore.open(Path(folder))
    try:
        barrier.wait()
        for learner_id, learner_batches in batches.items():
            for batch in learner_batches:
                store.add_events(learner_id, batch)
    finally:
        store.close()


def test_two_processes_sending_at_once_and_twice_store_every_event_once(store):
    learners = [store.join(f"Learner {n}") for n in range(3)]
    batches = {x.id: [[event(minute=b * BATCH + i) for i in range(BATCH)] for b in range(BATCHES)]
               for x in learners}
    store.close()  # the processes open their own
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    barrier = ctx.Barrier(2)
    workers = [ctx.Process(target=_send_from_process, args=(str(store.folder), batches, barrier))
               for _ in range(2)]  # both send everything: every event twice
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert [worker.exitcode for worker in workers] == [0, 0]
    with ClassStore.open(store.folder) as again:
        assert again.event_count() == len(learners) * BATCHES * BATCH
        for learner in learners:
            assert sorted(e.id for e in again.events(learner.id)) == \
                sorted(e["id"] for batch in batches[learner.id] for e in batch)


def _send_with_inherited_store(store: ClassStore, learner_id: str,
                               batch: list[dict[str, Any]]) -> None:
    store.add_events(learner_id, batch)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                    reason="no fork on this platform")
def test_a_forked_child_writes_through_a_connection_of_its_own(store):
    ana = store.join("Ana")
    store.add_events(ana.id, [event()])  # the parent's connection is open
    batch = [event(minute=n) for n in range(1, 6)]
    child = multiprocessing.get_context("fork").Process(
        target=_send_with_inherited_store, args=(store, ana.id, batch))
    child.start()
    child.join(timeout=60)
    assert child.exitcode == 0
    assert store.add_events(ana.id, [event(minute=9)]) == 1  # the parent's still works
    assert len(store.events(ana.id)) == 7


# ---------------------------------------------------------------------- a file-based class

class Player:
    """A learner of a file-based class playing stages as today's stage runner records them."""

    clock = T0

    def __init__(self, room: Classroom, name: str) -> None:
        self.learner = room.join(name, now=T0)
        self.store = progress.load(room.progress_path(self.learner.id))
        self.log = EventLog(room.events_path(self.learner.id))

    def tick(self) -> datetime:
        Player.clock += timedelta(minutes=1)
        return Player.clock

    def answers(self, lesson: str, number: int, *answers: bool) -> None:
        stage = ids(lesson)[number - 1]
        wrong = 0
        for right in answers:
            self.log.add("try", lesson, stage, solved=right, at=self.tick())
            self.store.record_stage(lesson, stage, solved=right,
                                    stars=stars_for(wrong, False) if right else 0,
                                    tries=wrong + 1, hint=False, stage_ids=ids(lesson))
            wrong = 0 if right else wrong + 1

    def refused(self, lesson: str, number: int, rule: str) -> None:
        self.log.add("refusal", lesson, ids(lesson)[number - 1], rule=rule, at=self.tick())


def old_class(folder: Path) -> Classroom:
    """A class folder as today's file-based version writes it."""
    Player.clock = T0
    room = Classroom(folder, name="Year 4")
    ana, ben, cy = Player(room, "Ana"), Player(room, "Ben 🃏"), Player(room, "Cy")
    Player(room, "Dee")  # joined, did nothing yet
    ana.answers(L1, 1, True)
    ben.answers(L1, 1, False, True)
    ben.refused(L1, 1, "S3")
    cy.answers(L1, 1, True)
    ana.refused(L1, 2, "S3")
    ana.answers(L1, 2, False, False, True)
    ben.answers(L1, 2, True)
    cy.answers(L1, 2, False, True)
    cy.refused(L2, 1, "P2")
    cy.answers(L2, 1, True)
    cy.store.mark_done(L2)
    cy.log.add("visit", L2, None, at=cy.tick())
    ana.answers(L1, 3, False)  # stuck
    return room


def test_a_file_based_class_is_migrated_once_with_everything(tmp_path):
    room = old_class(tmp_path / "year-4")
    before = {x.id: (x, progress.load(room.progress_path(x.id)).to_json(),
                     EventLog(room.events_path(x.id)).read()) for x in room.learners()}
    with ClassStore.open(room.folder) as store:
        assert store.name == "year-4"
        assert store.learners() == [entry[0] for entry in before.values()]
        for learner_id, (learner, saved, events) in before.items():
            assert store.by_code(learner.code) == learner
            assert store.progress(learner_id) == saved
            assert [(e.at, e.kind, e.lesson, e.stage, e.solved, e.rule)
                    for e in store.events(learner_id)] == \
                [(e.at, e.kind, e.lesson, e.stage, e.solved, e.rule) for e in events]
        dee = next(x for x, _, e in before.values() if x.name == "Dee")
        assert store.last_seen(dee.id) is None
        cy = next(x for x, _, e in before.values() if x.name == "Cy")
        assert store.last_seen(cy.id) >= before[cy.id][2][-1].at
    # the old files are in the archive, as they were
    moved = [p for p in (room.folder / "archive").iterdir() if p.name.endswith("-migrated")]
    assert len(moved) == 1 and (moved[0] / "roster.jsonl").exists()
    assert len(list((moved[0] / "learners").glob("*.events"))) == 3
    assert not room.roster_path.exists() and not room.learners_dir.exists()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with ClassStore.open(room.folder) as again:  # a second open migrates nothing again
            assert again.event_count() == sum(len(e) for _, _, e in before.values())
            assert len(again.learners()) == 4
            assert again.archives() == moved


def test_old_files_put_back_after_the_migration_are_not_migrated_again(tmp_path):
    room = old_class(tmp_path / "year-4")
    with ClassStore.open(room.folder) as store:
        events = store.event_count()
    moved = next((room.folder / "archive").glob("*-migrated"))
    shutil.copytree(moved / "learners", room.learners_dir)
    shutil.copy(moved / "roster.jsonl", room.roster_path)
    with pytest.warns(ClassWarning, match="although it was migrated"):
        with ClassStore.open(room.folder) as again:
            assert again.event_count() == events and len(again.learners()) == 4
    assert room.roster_path.exists()  # left as they are: nothing deleted, nothing doubled


def test_a_migration_stopped_before_the_files_moved_moves_them_on_the_next_open(tmp_path):
    room = old_class(tmp_path / "year-4")
    with ClassStore.open(room.folder) as store:
        events = store.event_count()
    moved = next((room.folder / "archive").glob("*-migrated"))
    shutil.move(str(moved / "learners"), room.learners_dir)  # as if it stopped in between
    shutil.move(str(moved / "roster.jsonl"), room.roster_path)
    with sqlite3.connect(room.folder / DB_NAME) as db:
        db.execute("DELETE FROM meta WHERE key='migrated_files'")
    db.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with ClassStore.open(room.folder) as again:
            assert again.event_count() == events and len(again.learners()) == 4
    assert not room.roster_path.exists() and (moved / "roster.jsonl").exists()


def test_a_broken_old_file_warns_and_loses_nothing_else(tmp_path):
    room = old_class(tmp_path / "year-4")
    ana, ben, cy, dee = room.learners()
    good = len(EventLog(room.events_path(ana.id)).read())
    with open(room.events_path(ana.id), "ab") as handle:
        handle.write(b'{"at": "2026-11-24T10:00:00+00:00", "kind": "tr\n')  # cut by a crash
    room.progress_path(ben.id).write_text("{not json")
    with open(room.roster_path, "ab") as handle:
        handle.write(b"garbage line\n")
    counts = {x.id: len(EventLog(room.events_path(x.id)).read()) for x in (ben, cy)}
    with pytest.warns(ClassWarning) as caught:
        store = ClassStore.open(room.folder)
    text = " ".join(str(w.message) for w in caught)
    assert "roster" in text and ana.id in text and ben.id in text  # which files, said
    with store:
        assert store.learners() == [ana, ben, cy, dee]
        assert len(store.events(ana.id)) == good  # its good lines
        assert store.events(ben.id) and len(store.events(ben.id)) == counts[ben.id]
        assert store.progress(ben.id)["lessons"] == {}  # the unreadable file: none
        assert stars_of(store.progress(cy.id), L2, ids(L2)[0]) == 3
    moved = next((room.folder / "archive").glob("*-migrated"))
    assert list((moved / "learners").glob(f"{ben.id}.json.corrupt-*"))  # kept, not deleted


# ---------------------------------------------------------------------- the end of a class

def test_the_end_archives_the_class_and_starts_afresh(store):
    ana = store.join("Ana")
    store.add_events(ana.id, [event(solved=True)])
    store.save_progress(ana.id, solved(L1, "aces", 3))
    archive = store.end(datetime(2026, 11, 24, 15, 30, 5))
    assert archive == store.folder / "archive" / "2026-11-24_153005"
    assert store.learners() == [] and store.learner(ana.id) is None and store.event_count() == 0
    with pytest.raises(UnknownLearner):
        store.add_events(ana.id, [event()])  # an open page of the ended class is refused
    assert store.end(datetime(2026, 11, 24, 15, 30, 5)).name == "2026-11-24_153005-2"
    assert store.archives() == [archive, archive.with_name("2026-11-24_153005-2")]
    with ClassStore.open(archive) as old:  # an archive is a class database of its own
        assert [x.name for x in old.learners()] == ["Ana"]
        assert stars_of(old.progress(ana.id), L1, "aces") == 3
        assert old.events(ana.id)[0].solved
    assert store.join("Ben").name == "Ben"  # joining starts at one again
    assert store.join("").name == "Learner 2"


def test_events_sent_while_the_class_ends_are_archived_or_refused_never_lost(store):
    learners = [store.join(f"Learner {n}") for n in range(4)]
    accepted: set[str] = set()
    refused: list[str] = []
    started = threading.Barrier(len(learners) + 1)

    def send(learner_id: str) -> None:
        started.wait()
        while True:
            one = event()
            try:
                if store.add_events(learner_id, [one]) == 1:
                    accepted.add(one["id"])
            except UnknownLearner:  # the class has ended: its learners are gone
                refused.append(one["id"])
                return

    threads = [threading.Thread(target=send, args=(x.id,)) for x in learners]
    for thread in threads:
        thread.start()
    started.wait()
    while len(accepted) < 20:  # some events are in before the end
        threading.Event().wait(0.01)
    archive = store.end(T0)
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads) and len(refused) == len(learners)
    with ClassStore.open(archive) as old:
        archived = {e.id for x in learners for e in old.events(x.id)}
    assert archived == accepted and store.event_count() == 0


# ---------------------------------------------------------------------- a damaged database

@pytest.mark.parametrize("damage", ["not a database", "cut in half"])
def test_a_damaged_database_gives_a_clear_error_and_is_set_aside(tmp_path, damage):
    folder = tmp_path / "year-9"
    with ClassStore.open(folder) as store:
        for n in range(40):  # pages enough that half the file misses some
            learner = store.join(f"Learner {n}")
            data = solved(L1, ids(L1)[n % len(ids(L1))], 1 + n % 3)
            data["preferences"]["from-a-newer-version"] = "x" * 4000
            store.save_progress(learner.id, data)
    path = folder / DB_NAME
    whole = path.read_bytes()
    damaged = (b"this is not a database, a disk went wrong " * 200 if damage == "not a database"
               else whole[:len(whole) // 2])
    path.write_bytes(damaged)
    with pytest.raises(ClassStoreError, match="is damaged") as caught:
        ClassStore.open(folder)
    assert str(path) in str(caught.value) and "nothing was deleted" in str(caught.value)
    aside = [p for p in folder.glob(f"{DB_NAME}.corrupt-*")
             if not p.name.endswith(("-wal", "-shm"))]
    assert [p.read_bytes() for p in aside] == [damaged]
    with ClassStore.open(folder) as fresh:  # opened again: an empty class
        assert fresh.learners() == []


def test_a_busy_database_is_not_taken_for_a_damaged_one(tmp_path, monkeypatch):
    folder = tmp_path / "year-9"
    with ClassStore.open(folder) as store:
        store.join("Ana")
    monkeypatch.setattr(class_store, "BUSY_TIMEOUT", 0.2)
    other = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the database
    try:
        with pytest.raises(ClassStoreError, match="could not be opened: database is locked"):
            ClassStore.open(folder)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert not list(folder.glob(f"{DB_NAME}.corrupt-*"))
    with ClassStore.open(folder) as store:
        assert [x.name for x in store.learners()] == ["Ana"]


def test_a_database_of_a_newer_version_is_refused_and_kept(tmp_path):
    folder = tmp_path / "year-9"
    with ClassStore.open(folder):
        pass
    with sqlite3.connect(folder / DB_NAME) as db:
        db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    db.close()
    with pytest.raises(ClassStoreError, match="newer version"):
        ClassStore.open(folder)


# ---------------------------------------------------------------------- the teacher's summary

def test_the_summary_of_a_migrated_class_is_that_of_its_files(tmp_path):
    room = old_class(tmp_path / "files")
    copy = tmp_path / "migrated"
    shutil.copytree(room.folder, copy)
    now = T0 + timedelta(days=1)
    from_files = summarize(room, now).to_json()
    with ClassStore.open(copy, name="year-4") as store:
        from_store = summarize(store, now).to_json()
    from_files["class_name"] = from_store["class_name"] = ""
    # "last seen" of a file-based class is the progress file's time, as migrated
    assert from_store == from_files
    assert [r["name"] for r in from_store["learners"]] == ["Ana", "Ben 🃏", "Cy", "Dee"]
    assert [r["rule"] for r in from_store["rules"]] == ["S3", "P2"]


def test_the_summary_of_a_class_sent_by_pages_counts_what_they_sent(store):
    ana, ben = store.join("Ana"), store.join("Ben")
    aces, big = ids(L1)[0], ids(L1)[1]
    store.add_events(ana.id, [event(minute=1, stage=aces, solved=True,
                                    answer=right_answer(L1, aces)),
                              event(minute=2, stage=big),
                              event("refusal", minute=3, stage=big),
                              event(minute=4, stage=big, solved=True,
                                    answer=right_answer(L1, big))], now=T0)
    store.add_events(ben.id, [event(minute=1, stage=aces), event(minute=2, stage=aces),
                              event("refusal", minute=3, stage=aces, rule="P1")], now=T0)
    progress_ana = solved(L1, aces, 3)
    progress_ana["lessons"][L1]["stages"][big] = {"solved": True, "stars": 2, "tries": 2,
                                                 "hint": False}
    store.save_progress(ana.id, progress_ana, now=T0 + timedelta(minutes=5))
    summary = summarize(store, T0 + timedelta(minutes=10))
    rows = {r.name: r for r in summary.learners}
    assert rows["Ana"].stars_total == 5 and rows["Ana"].seconds_since_seen == 300
    assert rows["Ana"].stage_now == ids(L1)[2]  # after a solve, the next stage
    assert rows["Ben"].stars_total == 0 and rows["Ben"].stage_now == aces
    stages = {(s.lesson, s.stage): s for s in summary.stages}
    assert (stages[(L1, aces)].tried, stages[(L1, aces)].solved,
            stages[(L1, aces)].first_try) == (2, 1, 1)
    assert stages[(L1, big)].median_tries == 2
    assert [(r.rule, r.refusals, r.learners) for r in summary.rules] == [("P1", 1, 1),
                                                                         ("S3", 1, 1)]
    lines = to_csv(summary).splitlines()
    assert lines[1].startswith("Ana,") and lines[2].startswith("Ben,")


class Twin(Player):
    """A learner doing the same in a file-based class and, as a page sends it, in a store."""

    def __init__(self, room: Classroom, store: ClassStore, name: str) -> None:
        super().__init__(room, name)
        self.class_store = store
        self.twin = store.join(name, now=T0)

    def answers(self, lesson: str, number: int, *answers: bool) -> None:
        for right in answers:
            super().answers(lesson, number, right)
            self.send()

    def refused(self, lesson: str, number: int, rule: str) -> None:
        super().refused(lesson, number, rule)
        self.send()

    def send(self) -> None:
        last = self.log.read()[-1].to_json()
        if last.get("solved"):  # a page sends its right answer with a solve: the server judges
            last["answer"] = right_answer(last["lesson"], last["stage"])
        self.class_store.add_events(self.twin.id, [{**last, "id": new_event_id()}],
                                    now=Player.clock)
        self.class_store.save_progress(self.twin.id, self.store.to_json(), now=Player.clock)


def test_the_summary_of_a_class_sent_by_pages_is_that_of_the_same_class_in_files(store,
                                                                                  tmp_path):
    Player.clock = T0
    room = Classroom(tmp_path / "files", name="Year 9")
    ana, ben, cy = (Twin(room, store, name) for name in ("Ana", "Ben", "Cy"))
    Twin(room, store, "Dee")
    ana.answers(L1, 1, True)
    ben.answers(L1, 1, False, True)
    ben.refused(L1, 1, "S3")
    cy.answers(L1, 1, False, False, False, True)
    ana.refused(L1, 2, "S3")
    ana.answers(L1, 2, False, True)
    cy.refused(L2, 1, "P2")
    cy.answers(L2, 1, True)
    cy.answers(L2, 1, True)  # a replay
    now = Player.clock + timedelta(minutes=5)
    from_files, from_store = summarize(room, now).to_json(), summarize(store, now).to_json()
    for summary in (from_files, from_store):
        for row in summary["learners"]:
            # codes differ; a file-based class sees a learner by its files' times, a store
            # by its own clock
            del row["code"], row["last_seen"], row["seconds_since_seen"]
    # Stars: a file-based class shows its progress files' (the server's lessons wrote them);
    # a store shows what the pages claim, capped by the tries the server judged.
    stars = {row["name"]: row.pop("stars_total") for row in from_store["learners"]}
    assert stars == {"Ana": 3 + 2, "Ben": 2, "Cy": 1 + 3, "Dee": 0}
    for summary in (from_store, from_files):
        for row in summary["learners"]:
            row.pop("stars"), row.pop("stars_total", None)
    assert from_store == from_files
    first = next(r for r in from_store["stages"] if r["lesson"] == L1 and r["number"] == 1)
    assert (first["tried"], first["solved"], first["first_try"], first["median_tries"]) == \
        (3, 3, 1, 2)
    assert [(r["rule"], r["refusals"], r["learners"]) for r in from_store["rules"]] == \
        [("S3", 2, 2), ("P2", 1, 1)]
    seen = {r.name: r.seconds_since_seen for r in summarize(store, now).learners}
    assert seen == {"Ana": 480.0, "Ben": 900.0, "Cy": 300.0, "Dee": None}  # the last sending
