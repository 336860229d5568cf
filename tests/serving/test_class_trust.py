"""Stars a teacher can trust (serving/class_api.py, classroom/class_store.py): a solved try is
judged by the stage's own judge before it counts; events and progress are checked with exact
types against the course's catalogue; what a page claims and the server could not check is
shown as unchecked, never as stars; a refused event is named so the page sets aside only it;
the teacher's token never reaches the log; an ended class's archive is compact."""

from __future__ import annotations

import json
import logging
import sqlite3
from datetime import datetime, timedelta, timezone
from typing import Any

from class_case import ClassServerCase, event

from cassino_learn.classroom.class_events import answer_json
from cassino_learn.classroom.class_summary import course_stages
from cassino_learn.teaching.stages import load_stages

L1 = "01_cards_and_points"


def right(lesson: str, stage: str) -> Any:
    """A right answer, as the page sends it (worked out by the stage's judge)."""
    return answer_json(load_stages(lesson).stage(stage).solutions()[0])


def progress_with(stages: dict[str, dict[str, dict]]) -> dict:
    return {"version": 1, "preferences": {"four_color": False, "card_size": "normal"},
            "lessons": {lesson: {"done": False, "best": 0, "last": None, "total": 0,
                                 "practised": 0, "stages": records}
                        for lesson, records in stages.items()}}


def stage_record(stars: int = 3, **more: Any) -> dict:
    return {"solved": True, "stars": stars, "tries": 1, "hint": False, **more}


class TrustCase(ClassServerCase):
    def summary(self) -> dict:
        response = self.get(f"/class/teacher/summary.json?token={self.token}")
        assert response.code == 200
        return json.loads(response.body)

    def row(self, name: str) -> dict:
        return next(r for r in self.summary()["learners"] if r["name"] == name)


class TestJudged(TrustCase):
    def test_a_solve_with_a_right_answer_is_a_checked_star(self) -> None:
        ada = self.join("Ada")
        body = {"learner": ada.id,
                "events": [event(1, solved=True, answer=right(L1, "aces"))],
                "progress": progress_with({L1: {"aces": stage_record(3)}})}
        assert ada.sync(body).code == 200
        row = self.row("Ada")
        assert row["stars"][L1] == 3 and row["unchecked_total"] == 0
        assert self.db(lambda s: s.events(ada.id))[0].checked

    def test_a_solve_with_a_wrong_answer_is_refused_naming_the_event_and_the_field(self) -> None:
        ada = self.join("Ada")
        wrong = event(2, solved=True, answer="5")  # the aces stage's cards score 2
        body = {"learner": ada.id, "events": [event(1), wrong]}
        response = ada.sync(body)
        assert response.code == 400
        why = json.loads(response.body)
        assert why["event"] == 1 and why["id"] == wrong["id"]
        assert "field 'answer'" in why["error"]
        assert self.db(lambda s: s.events(ada.id)) == []

    def test_the_good_events_of_a_refused_batch_go_through_once_the_bad_one_is_set_aside(
            self) -> None:
        ada = self.join("Ada")
        bad = event(2, at="0001-01-01T00:00:00+14:00")
        events = [event(1), bad, event(3, "visit")]
        why = json.loads(ada.sync({"learner": ada.id, "events": events}).body)
        rest = [e for e in events if e["id"] != why["id"]]  # what class-client.js does
        assert ada.sync({"learner": ada.id, "events": rest}).code == 200
        assert len(self.db(lambda s: s.events(ada.id))) == 2

    def test_three_forged_stars_on_every_stage_show_as_unchecked_not_as_stars(self) -> None:
        ada = self.join("Forger")
        stages: dict[str, dict[str, dict]] = {}
        for item in course_stages():
            stages.setdefault(item.lesson, {})[item.stage] = stage_record(3)
        assert sum(len(v) for v in stages.values()) == 122
        response = ada.sync({"learner": ada.id, "progress": progress_with(stages)})
        assert response.code == 200  # a progress file may hold it; the teacher is not fooled
        row = self.row("Forger")
        assert row["stars_total"] == 0 and row["unchecked_total"] == 122
        assert all(n == 0 for n in row["stars"].values())
        # nor do its claims make the stages look tried and hard
        assert all(s["solved"] == s["tried"] == 0 for s in self.summary()["stages"])

    def test_a_page_solve_without_an_answer_counts_no_star(self) -> None:
        ada = self.join("Ada")
        body = {"learner": ada.id, "events": [event(1, solved=True)],
                "progress": progress_with({L1: {"aces": stage_record(3)}})}
        assert ada.sync(body).code == 200
        row = self.row("Ada")
        assert row["stars_total"] == 0 and row["unchecked"][L1] == 1

    def test_stars_are_capped_by_the_tries_the_server_saw(self) -> None:
        ada = self.join("Ada")
        body = {"learner": ada.id,
                "events": [event(1), event(2), event(3, solved=True, answer=right(L1, "aces"))],
                "progress": progress_with({L1: {"aces": stage_record(3)}})}
        assert ada.sync(body).code == 200
        assert self.row("Ada")["stars"][L1] == 1  # two wrong tries first: one star


class TestStrict(TrustCase):
    def refusal(self, body: dict) -> tuple[int, dict]:
        ada = self.join("Ada")
        response = ada.sync({"learner": ada.id, **body})
        return response.code, json.loads(response.body)

    def test_an_event_time_that_overflows_in_utc_is_a_400_naming_at(self) -> None:
        code, why = self.refusal({"events": [event(1, at="0001-01-01T00:00:00+14:00")]})
        assert code == 400 and "field 'at'" in why["error"] and why["event"] == 0

    def test_events_outside_the_catalogue_or_of_inexact_types_are_refused(self) -> None:
        for change, field in [({"lesson": "99_cheating"}, "'lesson'"),
                              ({"stage": "no-such-stage"}, "'stage'"),
                              ({"solved": "no"}, "'solved'"),
                              ({"solved": 1}, "'solved'"),
                              ({"answer": "2"}, "'answer'")]:  # an answer to an unsolved try
            code, why = self.refusal({"events": [{**event(1), **change}]})
            assert code == 400 and f"field {field}" in why["error"], (change, why)

    def test_progress_of_inexact_types_or_outside_the_catalogue_is_refused(self) -> None:
        for record, field in [(stage_record("3"), "stars"), (stage_record(2.9), "stars"),
                              (stage_record(True), "stars"), (stage_record(4), "stars"),
                              ({**stage_record(0), "solved": "no"}, "solved"),
                              ({**stage_record(1), "tries": -1}, "tries")]:
            code, why = self.refusal({"progress": progress_with({L1: {"aces": record}})})
            assert code == 400 and why["field"] == "progress", (record, why)
            assert f"aces.{field}" in why["error"] or "not a progress file" in why["error"], why
        for stages, where in [({"99_x": {}}, "99_x"), ({L1: {"nope": stage_record()}}, "nope")]:
            code, why = self.refusal({"progress": progress_with(stages)})
            assert code == 400 and where in why["error"], why
        stored = self.db(lambda s: [s.progress(x.id) for x in s.learners()])
        assert all(p["lessons"] == {} for p in stored)

    def test_a_time_ahead_of_the_servers_clock_is_taken_as_the_servers(self) -> None:
        ada = self.join("Ada")
        future = (datetime.now(timezone.utc) + timedelta(days=400)).isoformat()
        assert ada.sync({"learner": ada.id, "events": [event(1, at=future)]}).code == 200
        stored = self.db(lambda s: s.events(ada.id))[0].at
        assert stored <= datetime.now(timezone.utc)


class TestSecretsAndArchive(TrustCase):
    def test_the_teachers_token_never_reaches_the_log(self) -> None:
        lines: list[str] = []

        class Keep(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                lines.append(record.getMessage())

        handler = Keep()
        loggers = [logging.getLogger(n) for n in ("tornado.general", "tornado.access",
                                                  "tornado.application")]
        for logger in loggers:
            logger.addHandler(handler)
        try:
            # refused for want of the XSRF field: tornado logs the request, query and all
            response = self.fetch(f"/class/teacher/end?token={self.token}", method="POST",
                                  body="confirm=yes")
            assert response.code == 403
        finally:
            for logger in loggers:
                logger.removeHandler(handler)
        assert lines, "the refusal was logged"
        assert not any(self.token in line for line in lines), lines
        assert any("token=[hidden]" in line for line in lines), lines

    def test_an_archive_is_one_compact_file(self) -> None:
        def fill(store: Any) -> None:
            learners = [store.join(f"L{n}") for n in range(60)]
            big = progress_with({L1: {"aces": stage_record(3)}})
            big["preferences"]["from-a-newer-version"] = "x" * 20000
            for learner in learners:
                store.save_progress(learner.id, big)
            small = progress_with({L1: {"aces": stage_record(3)}})
            small["preferences"]["from-a-newer-version"] = ""
            for learner in learners:  # the big copies' pages are now free
                store.save_progress(learner.id, small)

        self.db(fill)
        self.db(lambda s: s._db().execute("PRAGMA wal_checkpoint(TRUNCATE)"))
        live = (self.folder / "class.sqlite3").stat().st_size
        archive = self.db(lambda s: s.end(datetime.now(timezone.utc)))
        copy = archive / "class.sqlite3"
        assert not (archive / "class.sqlite3-wal").exists()
        with sqlite3.connect(copy) as db:
            assert db.execute("PRAGMA freelist_count").fetchone()[0] == 0
            assert db.execute("SELECT COUNT(*) FROM learners").fetchone()[0] == 60
        assert copy.stat().st_size < live / 2
