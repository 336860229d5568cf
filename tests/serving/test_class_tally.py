"""The teacher's view kept up to date as the class sends (teaching/class_tally.py): a sync
works out again only its own learner's part, a refresh reads no learner's records, and the
teacher's page asks only for the rows changed since the version it has."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from class_case import ClassServerCase, event

from cassino_learn.teaching import class_tally


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
