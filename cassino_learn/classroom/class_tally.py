"""The teacher's view of a class kept up to date as the class sends (`ClassTally`): each
learner's part of the summary (`class_summary.learner_part`) is worked out once when the class
is opened, then again only for the learner who just sent something or joined, from that
learner's records alone. The teacher's page then costs the class nothing it did not already
pay: no refresh reads every learner's records or goes through the class (the stages' and rules'
tables are counts a learner's change moves, `ClassTables`), and it asks only for the rows
changed since the version it has (`changes`). Used from the class store's one thread.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from .class_store import ClassStore
from .class_decks import DeckPart, common_mistakes, deck_part, deck_rows, rules_behind
from .homework import Homework, listed, results
from .class_summary import ClassTables, LearnerPart, learner_part, lesson_columns

__all__ = ["ClassTally"]


class ClassTally:
    """Every learner's part of the teacher's summary, each stamped with the version of the
    class it last changed at."""

    def __init__(self, store: ClassStore) -> None:
        self.store = store
        self.version = 0
        self.epoch = 0  # a new one when the class is emptied: the page starts over
        self.parts: dict[str, LearnerPart] = {}
        self.changed: dict[str, int] = {}
        self.homework: list[Homework] = []
        self.homework_cells: dict[str, dict[str, Any]] = {}  # learner id -> homework.results
        self.decks: dict[str, DeckPart] = {}  # learner id -> their deck's part
        self._homework_table: tuple[int, dict[str, Any]] | None = None
        self._tables: tuple[int, Any] | None = None
        # learner id -> (the version it was made at, the row's JSON without "seconds since
        # seen"): a row is turned into JSON once a change, not at each refresh of the page
        self._rows: dict[str, tuple[int, dict[str, Any]]] = {}
        self.reload()
        store.on_change.append(self.changed_for)

    def changed_for(self, learner_id: str | None) -> None:
        """The store wrote for this learner (None: for the whole class)."""
        if learner_id is None:
            self.reload()
        else:
            self.refresh(learner_id)

    def reload(self) -> None:
        """Every learner again (at start, when the class has ended, and when another process
        or connection wrote to the class)."""
        self._seen_version = self._data_version()
        self.epoch += 1
        records = self.store.records()
        self.parts = {record[0].id: learner_part(*record) for record in records}
        self.counts = ClassTables()
        for part in self.parts.values():
            self.counts.add(part)
        self.homework = listed(self.store)
        self.homework_cells = {record[0].id: results(self.homework, record[2])
                               for record in records}
        self.decks = {record[0].id: deck_part(record[1].deck) for record in records}
        self.version += 1
        self.changed = dict.fromkeys(self.parts, self.version)
        self._tables = None
        self._rows = {}

    def refresh(self, learner_id: str) -> None:
        """The learner sent something, or joined: their part again, from their records."""
        record = self.store.record(learner_id)
        self.version += 1
        before = self.parts.get(learner_id)
        if before is not None:
            self.counts.remove(before)
        if record is None:
            self.parts.pop(learner_id, None)
            self.changed.pop(learner_id, None)
            self.homework_cells.pop(learner_id, None)
            self.decks.pop(learner_id, None)
            self._rows.pop(learner_id, None)
        else:
            self.parts[learner_id] = part = learner_part(*record)
            self.counts.add(part)
            self.homework_cells[learner_id] = results(self.homework, record[2])
            self.decks[learner_id] = deck_part(record[1].deck)
            self.changed[learner_id] = self.version

    def changes(self, since: int | None, epoch: int | None, now: datetime) -> dict[str, Any]:
        """The summary's JSON: every learner's row, or (given the `since` version and `epoch`
        the page has) only the rows changed after it; the stages' and rules' tables whole
        (they are small), made again from the kept counts only when something changed."""
        if now.tzinfo is None:
            now = now.replace(tzinfo=timezone.utc)
        if self._data_version() != self._seen_version:
            self.reload()  # written by another connection than the server's own: rare
        whole = since is None or epoch != self.epoch or since > self.version
        ids = list(self.parts) if whole or since is None else \
            [i for i, version in self.changed.items() if version > since]
        if self._tables is None or self._tables[0] != self.version:
            stage_rows, rule_rows = self.counts.rows()
            self._tables = (self.version, ([_plain(r) for r in stage_rows],
                                           [_plain(r) for r in rule_rows]))
        stage_json, rule_json = self._tables[1]
        return {"class_name": self.store.name, "generated": now.isoformat(timespec="seconds"),
                "version": self.version, "epoch": self.epoch, "whole": whole,
                "count": len(self.parts), "lessons": lesson_columns(),
                "learners": [self._row_json(i, now) for i in ids],
                "stages": stage_json, "rules": rule_json}

    def _row_json(self, learner_id: str, now: datetime) -> dict[str, Any]:
        """The learner's row as JSON (as `seen_row` makes it, at `now`)."""
        version = self.changed.get(learner_id, self.version)
        kept = self._rows.get(learner_id)
        if kept is None or kept[0] != version:
            kept = (version, _plain(self.parts[learner_id].row))
            self._rows[learner_id] = kept
        seen = self.parts[learner_id].seen
        return {**kept[1], "seconds_since_seen": None if seen is None
                else max(0.0, (now - seen).total_seconds())}

    def _data_version(self) -> int:
        """SQLite's count of commits by other connections than this thread's."""
        return int(self.store._db().execute("PRAGMA data_version").fetchone()[0])

    def homework_table(self, since: int | None = None,
                       now: datetime | None = None) -> dict[str, Any]:
        """The homework set and each learner's results, item by item (from the cells kept up
        to date by `refresh`), with the class's decks (`class_decks`); {"version": V,
        "unchanged": true} when the page has version `since` already."""
        if self._data_version() != self._seen_version:
            self.reload()
        if since == self.version:
            return {"version": self.version, "unchanged": True}
        if since is not None and self._homework_table is not None \
                and self._homework_table[0] == self.version:
            return self._homework_table[1]
        now = now or datetime.now(timezone.utc)
        learners = [{"name": part.row.name, "code": part.row.code,
                     "results": self.homework_cells.get(learner_id, {})}
                    for learner_id, part in self.parts.items()]
        decks = [self.decks[i] for i in self.parts if i in self.decks]
        self._homework_table = (self.version, {
            "version": self.version, "homework": [w.to_json() for w in self.homework],
            "learners": learners,
            "decks": deck_rows(((p.row.name, p.row.code, self.decks[i])
                                for i, p in self.parts.items() if i in self.decks), now),
            "deck_rules": rules_behind(decks),
            "common_mistakes": common_mistakes(decks, set_already=self._open_stages(now),
                                               positions_set=self._open_positions(now))})
        return self._homework_table[1]

    def _open_stages(self, now: datetime) -> set[tuple[str, str]]:
        """The stages of homework not yet past its due date."""
        return {(item.lesson, item.stage) for work in self.homework if work.due >= now.date()
                for item in work.items if item.kind == "stage"}

    def _open_positions(self, now: datetime) -> set[str]:
        """The positions of homework not yet past its due date."""
        return {item.position for work in self.homework if work.due >= now.date()
                for item in work.items if item.kind == "position"}

    def summary(self, now: datetime) -> Any:
        """The whole summary (`class_summary.ClassSummary`), for the CSV."""
        from .class_summary import assemble

        if self._data_version() != self._seen_version:
            self.reload()
        return assemble(self.store.name, list(self.parts.values()), now)


def _plain(row: Any) -> dict[str, Any]:
    """A row of the summary (a dataclass of JSON values) as a JSON object; its lists and
    tables are shared, not copied (dataclasses.asdict's deep copy cost more than the rest
    of a teacher's refresh)."""
    from dataclasses import fields

    return {f.name: getattr(row, f.name) for f in fields(row)}
