"""The questions a class was asked in demonstrations, kept in the class's folder.

One small SQLite file, `demonstrations.sqlite`, beside the class's other files: a row a question
(its id, when it was asked, and the question as JSON: position, answers, reveal), written in
one transaction each time the question changes (asked, closed, revealed); and one row for the
demonstration going on (its table, moves and current question), so that a restarted server
shows the same table. Until the class
store has a table of its own for questions, this is their home; `DemoStore` is the whole
interface, so moving them there changes only this module.

Back it up like the class's store: `sqlite3 demonstrations.sqlite ".backup copy.sqlite"`, or
copy the file while the server is stopped.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

__all__ = ["DemoStore", "FILE_NAME", "CSV_FIELDS"]

FILE_NAME = "demonstrations.sqlite"
CSV_FIELDS = ("question", "asked", "position", "learner", "name", "move", "value", "loss",
              "mark", "best")


class DemoStore:
    """Questions by id: `save(question_dict)`, `questions()` (oldest first), `csv_text()`;
    the demonstration now: `save_current(dict)`, `current()`."""

    def __init__(self, folder: Path | str) -> None:
        self.path = Path(folder) / FILE_NAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS questions (id TEXT PRIMARY KEY, "
                         "opened REAL NOT NULL, data TEXT NOT NULL)")
        self._db.execute("CREATE TABLE IF NOT EXISTS current (id INTEGER PRIMARY KEY "
                         "CHECK (id = 1), data TEXT NOT NULL)")

    def save_current(self, demonstration: dict[str, Any]) -> None:
        """The demonstration going on now (one row, replaced), to pick up after a restart."""
        text = json.dumps(demonstration, ensure_ascii=False)
        with self._lock:
            self._db.execute("INSERT INTO current (id, data) VALUES (1, ?) "
                             "ON CONFLICT(id) DO UPDATE SET data = excluded.data", (text,))

    def current(self) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT data FROM current WHERE id = 1").fetchone()
        return json.loads(row[0]) if row else None

    def save(self, question: dict[str, Any]) -> None:
        text = json.dumps(question, ensure_ascii=False)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("INSERT INTO questions (id, opened, data) VALUES (?, ?, ?) "
                                 "ON CONFLICT(id) DO UPDATE SET data = excluded.data",
                                 (question["id"], float(question["opened"]), text))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def questions(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT data FROM questions ORDER BY opened, id").fetchall()
        return [json.loads(data) for (data,) in rows]

    def csv_text(self) -> str:
        """One row an answer (a question nobody answered: one row without a learner)."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(CSV_FIELDS)
        for q in self.questions():
            asked = datetime.fromtimestamp(q["opened"], timezone.utc).isoformat(timespec="seconds")
            reveal = q.get("reveal") or {}
            by_move = {m["move"]: m for m in reveal.get("moves", [])}
            rows = q["answers"] or [None]
            for a in rows:
                entry = by_move.get(a["move"], {}) if a else {}
                writer.writerow([q["id"], asked, q["position"], a["learner"] if a else "",
                                 _cell(a["name"]) if a else "", a["move"] if a else "",
                                 entry.get("value", ""), entry.get("loss", ""),
                                 entry.get("mark") or "", reveal.get("best", "")])
        return out.getvalue()

    def archive_to(self, folder: Path) -> Path:
        """Copy everything into `folder`/demonstrations.sqlite (the class has ended), then
        start empty."""
        target = Path(folder) / FILE_NAME
        with self._lock:
            copy = sqlite3.connect(target)
            try:
                self._db.backup(copy)
            finally:
                copy.close()
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM questions")
            self._db.execute("DELETE FROM current")
            self._db.execute("COMMIT")
        return target

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _cell(text: str) -> str:
    """A spreadsheet reads a cell starting with =, +, - or @ as a formula: quote it."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
