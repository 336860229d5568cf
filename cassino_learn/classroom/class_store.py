"""A class kept in one SQLite database (`class.sqlite3` in the class's folder): its roster,
each learner's progress and record of events, for the class server that hands out the
in-browser edition. WAL mode, one transaction a write (`BEGIN IMMEDIATE`: writers queue), a
connection a thread: threads and processes may write at once. A learner's id is checked before
any query; a name is data. A class folder of the file-based version is read in once and its
files archived; *End the class* archives the database and empties it. The tables, backups and
a damaged database: docs/class-store.md.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import sqlite3
import threading
import warnings
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from ..core.errors import IllegalMove, MoveSyntaxError, PositionError
from ..learner import progress
from ..learner.progress import Progress
from .homework_positions import HOMEWORK_LESSON, judge_position_answer, position_id
from .class_events import Event, client_event, read_events
from .class_progress import strict_progress
from .roster import (ARCHIVE, CLASSES, LEARNERS, ROSTER, Classroom, ClassWarning, Learner,
                     class_slug, clean_name, is_learner_id, new_code, normal_code)
from ..files import set_aside
from ..filelock import locked

__all__ = ["ClassStore", "ClassStoreError", "UnknownLearner", "EventRefused", "ProgressRefused",
           "DB_NAME",
           "SCHEMA_VERSION", "MAX_PROGRESS_BYTES", "BUSY_TIMEOUT", "CLOCK_TOLERANCE"]

DB_NAME = "class.sqlite3"
SCHEMA_VERSION = 1
#: How long a write waits for another writer (seconds) before giving up.
BUSY_TIMEOUT = 30.0
#: A learner's progress JSON is a few kilobytes; anything near this is not progress.
MAX_PROGRESS_BYTES = 512 * 1024
#: How far ahead of the server's clock a page's clock may be; a later event time is taken as
#: the server's time (the latest event decides the teacher's "Lesson now").
CLOCK_TOLERANCE = timedelta(minutes=5)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS learners (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    joined TEXT NOT NULL,
    last_seen TEXT);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    learner TEXT NOT NULL REFERENCES learners(id),
    id TEXT NOT NULL,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    lesson TEXT NOT NULL,
    stage TEXT,
    solved INTEGER NOT NULL,
    rule TEXT NOT NULL,
    received TEXT NOT NULL,
    checked INTEGER NOT NULL DEFAULT 0,
    UNIQUE (learner, id));
CREATE INDEX IF NOT EXISTS events_by_learner ON events (learner, at, seq);
CREATE TABLE IF NOT EXISTS progress (
    learner TEXT PRIMARY KEY REFERENCES learners(id),
    data TEXT NOT NULL,
    saved TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS homework (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    due TEXT NOT NULL,
    items TEXT NOT NULL,
    set_at TEXT NOT NULL);
"""


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class ClassStoreError(RuntimeError):
    """The class's database cannot be used (damaged, or of a newer version)."""


class UnknownLearner(ValueError, LookupError):
    """A well-formed learner id that is not in the class."""


class EventRefused(ValueError):
    """One event of a batch refused: its place in the batch, its id (if it has one) and why."""

    def __init__(self, index: int, event_id: Any, reason: str) -> None:
        super().__init__(f"event {index}: {reason}")
        self.index = index
        self.event_id = event_id if isinstance(event_id, str) else None


class ProgressRefused(ValueError):
    """The progress a page sent is refused (and with it the batch): the message says why."""


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None \
        else moment.astimezone(timezone.utc)


def _stamp(moment: datetime) -> str:
    """A time as stored: UTC, to the microsecond, so that text order is time order."""
    return _utc(moment).isoformat(timespec="microseconds")


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _checked_id(learner_id: Any) -> str:
    if not is_learner_id(learner_id):
        raise ValueError(f"{repr(learner_id)[:40]} is not a learner id (16 hexadecimal digits)")
    return learner_id


class ClassStore:
    """One class's database. Open it with `ClassStore.open(folder)` (or `for_name`)."""

    def __init__(self, path: Path, name: str) -> None:
        self.path = Path(path)
        self.folder = self.path.parent
        self.name = name
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._closed = False
        self._pid = os.getpid()
        #: Called after each write with the learner written for (None: the whole class),
        #: in the writer's thread (the teacher's tally, `class_tally`).
        self.on_change: list[Any] = []

    def _changed(self, learner_id: str | None) -> None:
        for listener in self.on_change:
            try:
                listener(learner_id)
            except Exception as error:  # noqa: BLE001 - what was written stays written
                warnings.warn(f"after a write to the class {self.name!r}: {error!r}",
                              ClassWarning, stacklevel=3)

    def __repr__(self) -> str:
        return f"ClassStore({str(self.path)!r}, name={self.name!r})"

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, folder: Path, name: str | None = None) -> "ClassStore":
        """The class in `folder` (made if missing). A folder the file-based version wrote is
        migrated into the database once. ClassStoreError for a damaged database (then it is
        set aside beside itself, never deleted) or one of a newer version."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        name = _LONE_SURROGATE.sub("\ufffd", name) if name else None  # bytes of a command line
        store = cls(folder / DB_NAME, name or folder.name)
        try:
            with locked(folder / DB_NAME):  # one opener at a time makes, checks and migrates
                store._prepare()
                stored_name = store._meta("name")
                if name is not None and name != stored_name:
                    with store._write() as db:
                        db.execute("INSERT OR REPLACE INTO meta VALUES ('name', ?)", (name,))
                elif name is None and stored_name is not None:
                    store.name = stored_name
                _migrate(store)
        except BaseException:
            store.close()
            raise
        return store

    @classmethod
    def for_name(cls, name: str, root: Path | None = None) -> "ClassStore":
        """The class called `name`, in the folder `Classroom.for_name(name)` uses."""
        folder = (root if root is not None else progress.data_dir()) / CLASSES / class_slug(name)
        return cls.open(folder, name=name)

    def _prepare(self) -> None:
        """Make the tables (if new) and check the file: a damaged one is set aside."""
        try:
            db = self._db()
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise _Damaged(f"its check found: {check}")
            mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise ClassStoreError(f"the class database {self.path} cannot be written in "
                                      f"WAL mode here (it stays in {mode!r} mode); keep the "
                                      f"data folder on a local disk")
            with self._write() as db:
                for statement in _SCHEMA.split(";"):  # not executescript: it would commit
                    if statement.strip():
                        db.execute(statement)
                columns = {row[1] for row in db.execute("PRAGMA table_info(events)")}
                if "checked" not in columns:  # a database of the version before judging
                    db.execute("ALTER TABLE events ADD COLUMN checked INTEGER NOT NULL "
                               "DEFAULT 0")
                version = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if version is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                    db.execute("INSERT OR IGNORE INTO meta VALUES ('created', ?)",
                               (_stamp(_now()),))
                elif not version[0].isdigit() or int(version[0]) > SCHEMA_VERSION:
                    raise ClassStoreError(
                        f"the class database {self.path} was written by a newer version of "
                        f"cassino-learn (its schema {version[0]!r}, this version reads up to "
                        f"{SCHEMA_VERSION}); update cassino-learn to open it")
        except sqlite3.DatabaseError as error:
            self.close()
            if not _is_damage(error):  # busy, read-only, no room left: the file is not at fault
                raise ClassStoreError(f"the class database {self.path} could not be opened: "
                                      f"{error}") from error
            aside = self._set_aside()
            raise ClassStoreError(
                f"the class database {self.path} is damaged ({error}); it was moved to "
                f"{aside.name} beside it and nothing was deleted. Open the class again to start "
                f"it empty, or put a backup in its place (see docs/class-store.md)") from error

    def _set_aside(self) -> Path:
        return set_aside(self.path, companions=("-wal", "-shm"))

    # ------------------------------------------------------------------ connections

    def _db(self) -> sqlite3.Connection:
        """This thread's connection (autocommit: transactions are opened by `_write`)."""
        if self._closed:
            raise ClassStoreError(f"the class database {self.path} is closed")
        if os.getpid() != self._pid:  # a forked child: a connection must not cross a fork
            self._local, self._connections, self._pid = threading.local(), [], os.getpid()
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                 check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA synchronous=FULL")  # what was answered for survives a power cut
            self._local.db = db
            with self._lock:
                self._connections.append(db)
        return db

    def _write(self) -> "_Transaction":
        """One write transaction: committed when the block ends, rolled back on an error.
        Inside `batch`, a savepoint of the batch's transaction."""
        if getattr(self._local, "batch", False):
            return _Savepoint(self._db())
        return _Transaction(self._db(), "BEGIN IMMEDIATE")

    def _read(self) -> "_Transaction":
        """One read transaction: the queries in the block see one state of the class."""
        if getattr(self._local, "batch", False):
            return _Savepoint(self._db())
        return _Transaction(self._db(), "BEGIN")

    def batch(self) -> "_Batch":
        """One transaction for several writes of this thread (group commit: one sync to the
        disk for all of them): each write in it is a savepoint, undone alone when it fails;
        nothing of the batch is on disk, nor to be answered for, before the block ends."""
        return _Batch(self)

    def close(self) -> None:
        """Close every thread's connection (a closed store raises ClassStoreError when used)."""
        self._closed = True
        with self._lock:
            connections, self._connections = self._connections, []
        for db in connections:
            try:
                db.close()
            except sqlite3.Error:
                pass

    def __enter__(self) -> "ClassStore":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _meta(self, key: str) -> str | None:
        row = self._db().execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else row[0]

    # ------------------------------------------------------------------ the roster

    def join(self, name: str = "", now: datetime | None = None) -> Learner:
        """A new learner called `name` (cleaned as `Classroom.join` does; "Learner <n>" when
        it shows nothing). Two joins with one name are two learners."""
        # SQLite keeps text as UTF-8, which has no lone surrogates: those show as U+FFFD
        name = _LONE_SURROGATE.sub("\ufffd", clean_name(name))
        joined = _utc(now or _now())
        with self._write() as db:
            count = db.execute("SELECT COUNT(*) FROM learners").fetchone()[0]
            while True:
                learner_id = secrets.token_hex(8)
                code = new_code()
                taken = db.execute("SELECT 1 FROM learners WHERE id=? OR code=?",
                                   (learner_id, code)).fetchone()
                if taken is None:
                    break
            learner = Learner(learner_id, name or f"Learner {count + 1}", code, joined)
            db.execute("INSERT INTO learners (id, name, code, joined) VALUES (?, ?, ?, ?)",
                       (learner.id, learner.name, learner.code, _stamp(joined)))
        self._changed(learner.id)
        return learner

    def learner(self, learner_id: Any) -> Learner | None:
        """The learner with this id, or None (also for anything that is no id at all)."""
        if not is_learner_id(learner_id):
            return None
        row = self._db().execute("SELECT id, name, code, joined FROM learners WHERE id=?",
                                 (learner_id,)).fetchone()
        return None if row is None else _learner(row)

    def by_code(self, code: Any) -> Learner | None:
        """The learner whose code this is (any case, spaces and hyphens ignored), or None."""
        wanted = normal_code(code)
        if wanted is None:
            return None
        row = self._db().execute("SELECT id, name, code, joined FROM learners WHERE code=?",
                                 (wanted,)).fetchone()
        return None if row is None else _learner(row)

    def learners(self) -> list[Learner]:
        """Everyone who has joined, in the order they joined."""
        rows = self._db().execute("SELECT id, name, code, joined FROM learners ORDER BY seq")
        return [_learner(row) for row in rows.fetchall()]

    def last_seen(self, learner_id: Any) -> datetime | None:
        """When the server last heard from the learner (events or progress), by its own clock;
        None for a learner not seen yet, unknown, or no id at all."""
        if not is_learner_id(learner_id):
            return None
        row = self._db().execute("SELECT last_seen FROM learners WHERE id=?",
                                 (learner_id,)).fetchone()
        return None if row is None else _time(row[0])

    def _known(self, db: sqlite3.Connection, learner_id: Any) -> str:
        learner_id = _checked_id(learner_id)
        if db.execute("SELECT 1 FROM learners WHERE id=?", (learner_id,)).fetchone() is None:
            raise UnknownLearner(f"the class {self.name!r} has no learner {learner_id!r}")
        return learner_id

    # ------------------------------------------------------------------ events

    def add_events(self, learner_id: str, events: list[dict[str, Any]],
                   now: datetime | None = None) -> int:
        """Store the events a learner's page sent (`class_events.client_event` shape), each
        once: one already stored (same learner, same id) is skipped. All or nothing: the first
        bad event raises ValueError naming its index and field, and nothing is stored.
        Returns how many were new; the learner is seen at `now`."""
        return self.sync(learner_id, events, None, now)[0]

    def sync(self, learner_id: str, events: list[dict[str, Any]],
             data: dict[str, Any] | None = None,
             now: datetime | None = None) -> tuple[int, dict[str, Any]]:
        """What a page sends at once, in one transaction: its events (as `add_events`) and its
        progress, if any (as `save_progress`). Everything is checked first: ValueError (events
        named by index and field, progress by what is wrong) and nothing stored. Returns how
        many events were new and the learner's progress as stored now."""
        learner_id = _checked_id(learner_id)
        clock = _utc(now or _now())
        checked = _client_events(events, clock, self.homework_positions)
        newer = None if data is None else _client_progress(data)
        moment = _stamp(clock)
        with self._write() as db:
            self._known(db, learner_id)
            added = 0
            for event in checked:
                cursor = db.execute(
                    "INSERT OR IGNORE INTO events (learner, id, at, kind, lesson, stage, solved,"
                    " rule, received, checked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (learner_id, event.id, _stamp(event.at), event.kind, event.lesson,
                     event.stage, int(event.solved), event.rule, moment, int(event.checked)))
                added += cursor.rowcount
            row = db.execute("SELECT data FROM progress WHERE learner=?",
                             (learner_id,)).fetchone()
            if newer is None:
                text = None if row is None else row[0]
            else:
                result = newer if row is None else progress.merged(
                    _stored(row[0], learner_id), newer)
                text = json.dumps(result.to_json(), separators=(",", ":"))
                db.execute("INSERT INTO progress VALUES (?, ?, ?) ON CONFLICT (learner) DO "
                           "UPDATE SET data=excluded.data, saved=excluded.saved",
                           (learner_id, text, moment))
            _seen(db, learner_id, moment)
        self._changed(learner_id)
        if newer is not None:  # what was just stored, not read back from its text again
            return added, result.to_json()
        stored = progress.Progress(Path(progress.FILE_NAME)) if text is None \
            else _stored(text, learner_id)
        return added, stored.to_json()

    def events(self, learner_id: str) -> list[Event]:
        """The learner's events by their time (ties in the order received); [] for a learner
        not in the class. ValueError for anything that is no learner id."""
        learner_id = _checked_id(learner_id)
        rows = self._db().execute(
            "SELECT at, kind, lesson, stage, solved, rule, id, checked FROM events "
            "WHERE learner=? ORDER BY at, seq", (learner_id,)).fetchall()
        return [_event(row) for row in rows]

    def event_count(self) -> int:
        """How many events the class holds (all learners)."""
        return self._db().execute("SELECT COUNT(*) FROM events").fetchone()[0]

    # ------------------------------------------------------------------ progress

    def save_progress(self, learner_id: str, data: dict[str, Any],
                      now: datetime | None = None) -> dict[str, Any]:
        """Merge the progress a learner's page sent (the JSON of a progress file) with what
        is stored, by `progress.merged`'s rules (no solved stage, star or best score is ever
        lost), store it and return it. ValueError for what is not progress (nothing changes
        then); the learner is seen at `now`."""
        return self.sync(learner_id, [], data, now)[1]

    def progress(self, learner_id: str) -> dict[str, Any]:
        """The learner's progress JSON (that of an empty progress file when there is none, or
        for a learner not in the class). ValueError for anything that is no learner id."""
        return self._progress(learner_id).to_json()

    def _progress(self, learner_id: str) -> Progress:
        learner_id = _checked_id(learner_id)
        row = self._db().execute("SELECT data FROM progress WHERE learner=?",
                                 (learner_id,)).fetchone()
        if row is None:
            return progress.Progress(Path(progress.FILE_NAME))
        return _stored(row[0], learner_id)

    def records(self) -> list[tuple[Learner, Progress, list[Event], datetime | None]]:
        """Every learner with their progress, events and last seen, as of one moment (three
        queries, whatever the size of the class)."""
        with self._read() as db:
            roster = db.execute("SELECT id, name, code, joined, last_seen FROM learners "
                                "ORDER BY seq").fetchall()
            saved = dict(db.execute("SELECT learner, data FROM progress").fetchall())
            events: dict[str, list[Event]] = {}
            for row in db.execute("SELECT learner, at, kind, lesson, stage, solved, rule, id, "
                                  "checked FROM events ORDER BY learner, at, seq"):
                events.setdefault(row[0], []).append(_event(row[1:]))
        return [(_learner(row[:4]),
                 _stored(saved[row[0]], row[0]) if row[0] in saved
                 else progress.Progress(Path(progress.FILE_NAME)),
                 events.get(row[0], []), _time(row[4])) for row in roster]

    def record(self, learner_id: Any) -> tuple[Learner, Progress, list[Event],
                                               datetime | None] | None:
        """One learner with their progress, events and last seen (as `records` gives each),
        or None for a learner the class has not: three indexed queries."""
        if not is_learner_id(learner_id):
            return None
        with self._read() as db:
            row = db.execute("SELECT id, name, code, joined, last_seen FROM learners "
                             "WHERE id=?", (learner_id,)).fetchone()
            if row is None:
                return None
            saved = db.execute("SELECT data FROM progress WHERE learner=?",
                               (learner_id,)).fetchone()
            events = [_event(r) for r in db.execute(
                "SELECT at, kind, lesson, stage, solved, rule, id, checked FROM events "
                "WHERE learner=? ORDER BY at, seq", (learner_id,))]
        record = _stored(saved[0], learner_id) if saved is not None \
            else progress.Progress(Path(progress.FILE_NAME))
        return _learner(row[:4]), record, events, _time(row[4])

    # ------------------------------------------------------------------ homework

    def add_homework(self, title: str, due: str, items: str,
                     now: datetime | None = None) -> tuple[int, str]:
        """Store homework the teacher set (checked by `homework.read_form`; `items` its JSON):
        its id and the time it was set. The teacher's tally works every learner's results out
        again."""
        moment = _stamp(now or _now())
        with self._write() as db:
            cursor = db.execute("INSERT INTO homework (title, due, items, set_at) "
                                "VALUES (?, ?, ?, ?)", (title, due, items, moment))
            number = int(cursor.lastrowid or 0)
        self._changed(None)
        return number, moment

    def homework_positions(self) -> frozenset[str]:
        """The ids of the positions set as this class's homework (`position_id`)."""
        return frozenset(position_id(str(item.get("position", "")))
                         for row in self.homework_rows() for item in json.loads(row[3])
                         if isinstance(item, dict) and item.get("kind") == "position")

    def homework_rows(self) -> list[tuple[int, str, str, str, str]]:
        """The homework set in this class, the latest first: (id, title, due, items, set_at)."""
        return self._db().execute("SELECT id, title, due, items, set_at FROM homework "
                                  "ORDER BY id DESC").fetchall()

    # ------------------------------------------------------------------ the end of a class

    def end(self, now: datetime) -> Path:
        """Copy the class into `archive/<YYYY-MM-DD_HHMMSS>/class.sqlite3` (of `now`) and
        empty it: nobody is in the class after this. Returns the archive's folder. An event
        sent meanwhile is either in the archive or refused (its learner is gone), never lost
        between the two."""
        stamp = now.strftime("%Y-%m-%d_%H%M%S")
        archive = self.folder / ARCHIVE
        target = archive / stamp
        number = 1
        while target.exists():  # two ends in one second
            number += 1
            target = archive / f"{stamp}-{number}"
        target.mkdir(parents=True)
        source = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            with self._write() as db:
                # This transaction holds the write lock: no one writes between the copy (made by
                # another connection, as a reader, of what is committed) and the emptying.
                # VACUUM INTO writes a compact copy, one file, without the free pages.
                source.execute("VACUUM INTO ?", (str(target / DB_NAME),))
                db.execute("DELETE FROM events")
                db.execute("DELETE FROM progress")
                db.execute("DELETE FROM learners")
                db.execute("DELETE FROM homework")
                db.execute("INSERT OR REPLACE INTO meta VALUES ('ended', ?)", (_stamp(now),))
        finally:
            source.close()
        self._db().execute("VACUUM")  # the emptied class gives its pages back to the disk
        self._changed(None)
        return target

    def archives(self) -> list[Path]:
        """The ended classes (and the files of a migrated older version), oldest first."""
        archive = self.folder / ARCHIVE
        if not archive.exists():
            return []
        return sorted(p for p in archive.iterdir() if p.is_dir())


class _Damaged(sqlite3.DatabaseError):
    """The database's own check found damage."""


#: SQLite's result codes for a damaged file: SQLITE_CORRUPT and SQLITE_NOTADB.
_DAMAGE_CODES = {11, 26}


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the file itself is damaged (not busy, not read-only, not full)."""
    if isinstance(error, _Damaged):
        return True
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11 and later
    if code is not None:
        return code & 0xFF in _DAMAGE_CODES
    text = str(error).lower()
    return "malformed" in text or "not a database" in text


class _Transaction:
    def __init__(self, db: sqlite3.Connection, begin: str) -> None:
        self.db, self.begin = db, begin

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute(self.begin)
        return self.db

    def __exit__(self, kind: Any, *rest: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


class _Savepoint(_Transaction):
    def __init__(self, db: sqlite3.Connection) -> None:
        super().__init__(db, "SAVEPOINT one")

    def __exit__(self, kind: Any, *rest: Any) -> None:
        if kind is not None:
            self.db.execute("ROLLBACK TO one")
        self.db.execute("RELEASE one")


class _Batch:
    def __init__(self, store: ClassStore) -> None:
        self.store = store

    def __enter__(self) -> ClassStore:
        self.store._db().execute("BEGIN IMMEDIATE")
        self.store._local.batch = True
        return self.store

    def __exit__(self, kind: Any, *rest: Any) -> None:
        self.store._local.batch = False
        self.store._db().execute("COMMIT" if kind is None else "ROLLBACK")


def _learner(row: tuple[str, str, str, str]) -> Learner:
    return Learner(row[0], row[1], row[2], datetime.fromisoformat(row[3]))


def _client_events(events: Any, now: datetime,
                   positions: Callable[[], frozenset[str]] = frozenset) -> list[Event]:
    """The events a page sent, each checked (`client_event`), its time no later than the
    server's clock allows, and a solved try's answer judged: EventRefused for the first bad
    one. `positions`: the ids of the class's homework positions (asked for when a try at
    one comes: only those are judged)."""
    known: list[frozenset[str]] = []
    if not isinstance(events, list):
        raise ValueError(f"the events are a list, not {type(events).__name__}")
    checked: list[Event] = []
    latest = now + CLOCK_TOLERANCE
    for index, data in enumerate(events):
        try:
            event = client_event(data)
            if event.at > latest:
                event = replace(event, at=now)
            if event.lesson == HOMEWORK_LESSON and not known:
                known.append(positions())
            checked.append(_judged(event, known[0] if known else frozenset()))
        except ValueError as error:
            raise EventRefused(index, data.get("id") if isinstance(data, dict) else None,
                               str(error)) from None
    return checked


def _judged(event: Event, positions: frozenset[str] = frozenset()) -> Event:
    """A solved try with its answer judged by the stage's own judge (the rules core), or a
    homework position's by the expert: right, it is checked; wrong, ValueError. Without an
    answer it stays unchecked: stored, and shown to the teacher as what the page says, never
    as a star. A try at a position that is not among the class's homework `positions` is
    refused."""
    if event.lesson == HOMEWORK_LESSON and event.stage not in positions:
        raise ValueError(f"field 'stage': {event.stage!r} is not a position of this class's "
                         f"homework")
    if event.kind != "try" or not event.solved or event.answer is None:
        return event
    from .class_events import lesson_stages

    if event.lesson == HOMEWORK_LESSON:
        try:
            right = judge_position_answer(str(event.stage), event.answer)
        except (ValueError, PositionError, IllegalMove, MoveSyntaxError) as error:
            raise ValueError(f"field 'answer': {error}") from None
        if not right:
            raise ValueError(f"field 'answer': {_answer_shown(event.answer)} is not a right "
                             f"answer to homework position {event.stage}, so it is not solved")
        return replace(event, checked=True)
    try:
        stage = lesson_stages(event.lesson).stage(str(event.stage))
        verdict = stage.judge(event.answer)
    except (AttributeError, KeyError):
        raise ValueError(f"field 'stage': {event.stage!r} cannot be judged here") from None
    except Exception:  # noqa: BLE001 - whatever a judge makes of junk, it is no answer
        verdict = None
    if verdict is None or not verdict.correct:
        raise ValueError(f"field 'answer': {_answer_shown(event.answer)} is not a right answer "
                         f"to stage {event.stage} of {event.lesson}, so it is not solved")
    return replace(event, checked=True)


def _answer_shown(answer: Any) -> str:
    shown = repr(answer)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _client_progress(data: Any) -> progress.Progress:
    try:
        size = len(json.dumps(data, allow_nan=True))
    except (TypeError, ValueError, RecursionError) as error:
        raise ProgressRefused(f"not a progress file: {error}") from None
    if size > MAX_PROGRESS_BYTES:
        raise ProgressRefused(f"the progress is {size} bytes; a learner's progress is at most "
                              f"{MAX_PROGRESS_BYTES}")
    try:
        read = progress.from_json(data)  # a progress file at all (its own messages)
        strict_progress(data)               # and one a page of this course could have sent
        return read
    except ValueError as error:
        raise ProgressRefused(str(error)) from None


def _event(row: tuple[Any, ...]) -> Event:
    at, kind, lesson, stage, solved, rule, event_id, checked = row
    return Event(datetime.fromisoformat(at), kind, lesson, stage, bool(solved), rule, event_id,
                 checked=bool(checked))


def _seen(db: sqlite3.Connection, learner_id: str, moment: str) -> None:
    db.execute("UPDATE learners SET last_seen=max(coalesce(last_seen, ''), ?) WHERE id=?",
               (moment, learner_id))


def _stored(text: str, learner_id: str) -> progress.Progress:
    """Stored progress; what this version cannot read (it was checked when saved) is kept as
    it is and the learner shown with none, with a warning."""
    try:
        return progress.from_json(json.loads(text))
    except ValueError as error:
        warnings.warn(f"the stored progress of learner {learner_id} could not be read "
                      f"({error}); it is shown as none", ClassWarning, stacklevel=3)
        return progress.Progress(Path(progress.FILE_NAME))


# ---------------------------------------------------------------------- migration

MIGRATED = "migrated"


def _old_files(folder: Path) -> list[Path]:
    """What the file-based version keeps in a class folder (its roster and learners' files)."""
    return sorted(folder.glob(f"{ROSTER}*")) + \
        ([folder / LEARNERS] if (folder / LEARNERS).is_dir() else [])


def _migrate(store: ClassStore) -> None:
    """Read a class folder of the file-based version into the database (once: the meta row
    `migrated` says it was), then move its files to `archive/<stamp>-migrated/`."""
    folder = store.folder
    old = _old_files(folder)
    done = store._meta(MIGRATED)
    if done is not None:
        if old and store._meta("migrated_files") is None:  # moved not yet: a crash in between
            _move_aside(store, old, done)
        elif old:
            warnings.warn(f"the class folder {folder} holds files of the file-based version "
                          f"({', '.join(p.name for p in old)}) although it was migrated on "
                          f"{done}; they were left as they are", ClassWarning, stacklevel=3)
        return
    if not old:
        return
    room = Classroom(folder, name=store.name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _copy_roster(store, room)
    for warning in caught:  # said again, with what happened
        warnings.warn(f"migrating the class {store.name!r}: {warning.message}", ClassWarning,
                      stacklevel=3)
    _move_aside(store, _old_files(folder), store._meta(MIGRATED) or "")


def _copy_roster(store: ClassStore, room: Classroom) -> None:
    stamp = _stamp(_now())
    # The roster first: a damaged roster is repaired (and its lines kept aside) by Classroom.
    learners = room.learners()
    with store._write() as db:
        for learner in learners:
            db.execute("INSERT OR IGNORE INTO learners (id, name, code, joined) "
                       "VALUES (?, ?, ?, ?)", (learner.id, learner.name, learner.code,
                                               _stamp(learner.joined)))
            events = read_events(room.events_path(learner.id))
            for number, event in enumerate(events):
                # The old record had no ids: its place in the record is the event's id.
                # Recorded by the lesson running on the server itself: checked.
                db.execute(
                    "INSERT OR IGNORE INTO events (learner, id, at, kind, lesson, stage, solved,"
                    " rule, received, checked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
                    (learner.id, f"migrated-{number:08d}", _stamp(event.at), event.kind,
                     event.lesson, event.stage, int(event.solved), event.rule, stamp))
            path = room.progress_path(learner.id)
            moments = [e.at for e in events]
            if path.exists():
                moments.append(datetime.fromtimestamp(path.stat().st_mtime, timezone.utc))
                record = progress.load(path)  # a corrupt file is set aside with a warning
                db.execute("INSERT OR REPLACE INTO progress VALUES (?, ?, ?)",
                           (learner.id, json.dumps(record.to_json(), separators=(",", ":")),
                            stamp))
            if moments:
                db.execute("UPDATE learners SET last_seen=? WHERE id=?",
                           (_stamp(max(moments)), learner.id))
        db.execute("INSERT INTO meta VALUES (?, ?)", (MIGRATED, stamp))


def _move_aside(store: ClassStore, old: list[Path], stamp: str) -> None:
    when = datetime.fromisoformat(stamp) if stamp else _now()
    target = store.folder / ARCHIVE / f"{when.strftime('%Y-%m-%d_%H%M%S')}-migrated"
    target.mkdir(parents=True, exist_ok=True)
    for path in old:
        destination = target / path.name
        if destination.exists():
            destination = target / f"{path.name}.{secrets.token_hex(3)}"
        shutil.move(str(path), str(destination))
    with store._write() as db:
        db.execute("INSERT OR REPLACE INTO meta VALUES ('migrated_files', ?)", (str(target),))
