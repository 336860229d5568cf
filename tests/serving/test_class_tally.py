"""The teacher's view kept up to date as the class sends (classroom/class_tally.py): a sync
works out again only its own learner's part, a refresh reads no learner's records, and the
teacher's page asks only for the rows changed since the version it has."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from class_case import ClassServerCase, event

from cassino_learn.classroom import class_tally


class TestTally(ClassServerCase):
    def summary(self, query: str = "") -> dict:
        response = self.get(f"/class/teacher/summary.json?token={self.token}{query}")
        assert response.code == 200
        return json.loads(response.body)

    def test_the_teacher_gets_only_the_rows_changed_since_the_version_it_has(self) -> None:
        ada, ben, cy = (self.join(name) for name in ("Ada", "Ben", "Cy"))
        whole = self.summary()
        assert whole["whole"] and [r["name"] for r in whole["learners"]] == ["Ada", "Ben", "Cy"]
        assert ben.sync({"learner": ben.id, "events": [event(1)]}).code == 200
        since = f"&since={whole['version']}&epoch={whole['epoch']}"
        changed = self.summary(since)
        assert not changed["whole"] and [r["name"] for r in changed["learners"]] == ["Ben"]
        assert changed["count"] == 3
        tried = {(s["lesson"], s["stage"]): s["tried"] for s in changed["stages"]}
        assert tried[("01_cards_and_points", "aces")] == 1
        later = self.summary(f"&since={changed['version']}&epoch={changed['epoch']}")
        assert later["learners"] == []
        dee = self.join("Dee")
        assert [r["name"] for r in self.summary(
            f"&since={changed['version']}&epoch={changed['epoch']}")["learners"]] == ["Dee"]
        assert cy and ada and dee

    def test_an_ended_class_sends_the_whole_again(self) -> None:
        self.join("Ada")
        first = self.summary()
        self.db(lambda s: s.end(datetime.now(timezone.utc)))
        after = self.summary(f"&since={first['version']}&epoch={first['epoch']}")
        assert after["whole"] and after["learners"] == []

    def test_a_sync_reads_its_own_learners_records_and_a_refresh_reads_none(self) -> None:
        learners = [self.join(f"L{n}") for n in range(20)]
        reads: list[str] = []
        parts = class_tally.learner_part

        def counted(learner: Any, *rest: Any, **more: Any) -> Any:
            reads.append(learner.name)
            return parts(learner, *rest, **more)

        class_tally.learner_part = counted
        try:
            first = self.summary()
            ada = learners[3]
            assert ada.sync({"learner": ada.id, "events": [event(1)]}).code == 200
            assert reads == ["L3"]
            for _ in range(5):
                self.summary(f"&since={first['version']}&epoch={first['epoch']}")
            assert reads == ["L3"]
        finally:
            class_tally.learner_part = parts

    def test_the_rows_sent_are_the_class_summarys_after_each_change(self) -> None:
        """The rows the page gets (whole or changed since) are those the class's records
        make now, however often a learner changed since the row was first sent."""
        from cassino_learn.classroom.class_events import answer_json
        from cassino_learn.classroom.class_summary import summarize
        from cassino_learn.teaching.stages import load_stages

        lesson = "01_cards_and_points"
        stages = load_stages(lesson).stages
        ada, ben = self.join("Ada"), self.join("Ben")
        seen = self.summary()
        for number, (who, stage) in enumerate([(ada, stages[0]), (ben, stages[0]),
                                               (ada, stages[1])]):
            solved = event(number + 1, solved=True, stage=stage.id,
                           answer=answer_json(stage.solutions()[0]))
            done = {s.id: {"solved": True, "stars": 3, "tries": 1, "hint": False}
                    for s in stages[:number // 2 + 1]}
            sent = {"version": 1, "lessons": {lesson: {
                "done": False, "best": 0, "last": None, "total": 0, "practised": 0,
                "stages": done}}}
            assert who.sync({"learner": who.id, "events": [solved],
                             "progress": sent}).code == 200
            since = self.summary(f"&since={seen['version']}&epoch={seen['epoch']}")
            whole = self.summary()
            made = {row["name"]: row for row in self.db(lambda store: summarize(
                store, datetime.now(timezone.utc)).to_json())["learners"]}
            for row in [*since["learners"], *whole["learners"]]:
                expected = dict(made[row["name"]])
                shown, made_now = row.pop("seconds_since_seen"), expected.pop(
                    "seconds_since_seen")
                assert (shown is None) == (made_now is None)
                assert shown is None or abs(shown - made_now) < 60
                assert row == expected
            assert [r["name"] for r in since["learners"]] == [["Ada", "Ben", "Ada"][number]]
            self.assert_tables_as_made_from_every_learner(since)
            seen = since
        stars = {row["name"]: row["stars"][lesson] for row in self.summary()["learners"]}
        assert stars["Ada"] > stars["Ben"] > 0

    def assert_tables_as_made_from_every_learner(self, sent: dict) -> None:
        """The stages' and rules' tables the page got are those every learner's records make."""
        from cassino_learn.classroom.class_summary import summarize

        made = self.db(lambda store: summarize(store, datetime.now(timezone.utc)).to_json())
        assert sent["stages"] == made["stages"]
        assert sent["rules"] == made["rules"]

    def test_the_tables_follow_refusals_and_solves_as_each_learner_changes(self) -> None:
        """Kept as counts a learner's change adds and takes away (`ClassTables`), the tables
        stay those the whole class's records make: refusals of two rules by two learners, one
        learner solving after tries, another at the first."""
        from cassino_learn.classroom.class_events import answer_json
        from cassino_learn.teaching.stages import load_stages

        stage = load_stages("01_cards_and_points").stages[0]
        right = answer_json(stage.solutions()[0])
        ada, ben, cy = self.join("Ada"), self.join("Ben"), self.join("Cy")
        steps = [(ada, [event(1, "refusal", rule="C1", stage=stage.id)]),
                 (ben, [event(2, "refusal", rule="C1", stage=stage.id),
                        event(3, "refusal", rule="T2", stage=stage.id)]),
                 (ada, [event(4, stage=stage.id), event(5, stage=stage.id)]),
                 (ada, [event(6, solved=True, stage=stage.id, answer=right)]),
                 (cy, [event(7, solved=True, stage=stage.id, answer=right)]),
                 (ben, [event(8, "refusal", rule="C1", stage=stage.id)])]
        for who, events in steps:
            assert who.sync({"learner": who.id, "events": events}).code == 200
            self.assert_tables_as_made_from_every_learner(self.summary())
        rules = {row["rule"]: (row["refusals"], row["learners"])
                 for row in self.summary()["rules"]}
        assert rules["C1"] == (3, 2) and rules["T2"] == (1, 1)
        row = next(r for r in self.summary()["stages"] if r["stage"] == stage.id)
        assert (row["tried"], row["solved"], row["first_try"]) == (2, 2, 1)  # Ben only refused

    def test_a_sync_counts_only_its_own_learner_in_and_out_of_the_tables(self) -> None:
        """The tables cost a change the size of one learner's part, not the class's."""
        from cassino_learn.classroom.class_summary import ClassTables

        learners = [self.join(f"L{n}") for n in range(20)]
        first = self.summary()
        counted: list[tuple[str, int]] = []
        add = ClassTables.add

        def counting(tables: Any, part: Any, sign: int = 1) -> None:
            counted.append((part.id, sign))
            add(tables, part, sign)

        ClassTables.add = counting  # type: ignore[method-assign]
        try:
            ada = learners[3]
            assert ada.sync({"learner": ada.id, "events": [event(1)]}).code == 200
            self.summary(f"&since={first['version']}&epoch={first['epoch']}")
        finally:
            ClassTables.add = add  # type: ignore[method-assign]
        assert counted == [(ada.id, -1), (ada.id, 1)]
