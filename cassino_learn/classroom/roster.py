"""A class on one server: its learners (a roster), each learner's own progress file and record
of events, and the end of the class (everything archived, the class afresh).

On disk, in the class's folder (`<data folder>/classes/<slug of the class name>/`):

    roster.jsonl              one learner a line: {"id", "name", "code", "joined"}
    learners/<id>.json        the learner's progress (learner.progress)
    learners/<id>.events      the learner's events, one JSON object a line (class_events)
    archive/<YYYY-MM-DD_HHMMSS>/   an ended class: its roster.jsonl and learners/

A learner's id is made here (`secrets`) and checked against `ID_PATTERN` before any path is made
of it; the name a learner types is data, kept in the roster and never part of a path. The short
`code` lets a learner continue on another computer. Joining is a read-append under the roster's
lock, so thirty learners joining at once all get in, with ids and codes unique in the class.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import unicodedata
import warnings
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..files import set_aside, write_atomically
from ..filelock import locked
from ..learner.progress import ProgressWarning, data_dir

__all__ = ["Classroom", "Learner", "ClassWarning", "class_slug", "ID_PATTERN", "CODE_ALPHABET",
           "CODE_LENGTH", "MAX_NAME", "is_learner_id", "normal_code", "append_line", "clean_name",
           "new_code"]

#: A learner's id: 16 lowercase hexadecimal digits (64 random bits).
ID_PATTERN = re.compile(r"[0-9a-f]{16}")
#: Codes use no letters or digits that look alike (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Names longer than this are cut (a name is for a table row, not a letter).
MAX_NAME = 80
MAX_SLUG = 60

ROSTER = "roster.jsonl"
LEARNERS = "learners"
ARCHIVE = "archive"
CLASSES = "classes"


class ClassWarning(ProgressWarning):
    """A class's file could not be read in full; what was unreadable was set aside."""


def class_slug(name: str) -> str:
    """The folder name of a class: its name's letters and digits, lower case, with hyphens
    between words ("Year 4 (blue)" -> "year-4-blue"). ValueError for a name without any."""
    if not isinstance(name, str):
        raise TypeError(f"a class name is text, not {type(name).__name__}")
    folded = unicodedata.normalize("NFKC", name).casefold()
    words = [w for w in re.split(r"[\W_]+", folded) if w]
    slug = "-".join(words)[:MAX_SLUG].strip("-")
    if not slug:
        raise ValueError(f"the class name {name[:40]!r} has no letters or digits; give the class "
                         f"a name like \"4B\" or \"Tuesday club\"")
    return slug


def is_learner_id(text: Any) -> bool:
    return isinstance(text, str) and ID_PATTERN.fullmatch(text) is not None


def normal_code(code: Any) -> str | None:
    """A typed learner code as stored ("ab3 d7k" -> "AB3D7K"), or None if it cannot be one."""
    if not isinstance(code, str):
        return None
    text = re.sub(r"[\s-]+", "", code).upper()
    if len(text) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in text):
        return None
    return text


def _visible(name: str) -> bool:
    """Whether a name shows anything (not only spaces, invisible or control characters)."""
    return any(unicodedata.category(c)[0] not in "ZC" for c in name)


def clean_name(name: Any) -> str:
    """A typed name as kept: spaces around it dropped, cut to MAX_NAME characters; "" when it
    shows nothing. TypeError for what is not text."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise TypeError(f"a learner's name is text, not {type(name).__name__}")
    name = name.strip()[:MAX_NAME]
    return name if _visible(name) else ""


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class Learner:
    """One learner of a class. `name` is what they typed (or an anonymous name), as data."""

    id: str
    name: str
    code: str
    joined: datetime

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "code": self.code,
                "joined": self.joined.isoformat()}

    @classmethod
    def from_json(cls, data: Any) -> "Learner":
        """ValueError when a roster line is not a learner."""
        if not isinstance(data, dict):
            raise ValueError("not a learner")
        if not is_learner_id(data.get("id")):
            raise ValueError("no valid id")
        if not isinstance(data.get("name"), str):
            raise ValueError("no name")
        if normal_code(data.get("code")) != data.get("code"):
            raise ValueError("no valid code")
        joined = datetime.fromisoformat(str(data.get("joined")))
        if joined.tzinfo is None:
            joined = joined.replace(tzinfo=timezone.utc)
        return cls(data["id"], data["name"], data["code"], joined)


class Classroom:
    """A class's folder: its roster, its learners' files, its archive."""

    def __init__(self, folder: Path, name: str | None = None) -> None:
        self.folder = Path(folder)
        self.name = name if name is not None else self.folder.name

    @classmethod
    def for_name(cls, name: str, root: Path | None = None) -> "Classroom":
        """The class called `name` (from the teacher's command line): the folder
        `<root or data folder>/classes/<class_slug(name)>`. Names that differ only in case,
        spaces or punctuation are the same class."""
        return cls((root if root is not None else data_dir()) / CLASSES / class_slug(name),
                   name=name)

    # ------------------------------------------------------------------ where things are

    @property
    def roster_path(self) -> Path:
        return self.folder / ROSTER

    @property
    def learners_dir(self) -> Path:
        return self.folder / LEARNERS

    @property
    def archive_dir(self) -> Path:
        return self.folder / ARCHIVE

    def _checked_id(self, learner_id: Any) -> str:
        if not is_learner_id(learner_id):
            shown = repr(learner_id)[:40]
            raise ValueError(f"{shown} is not a learner id (16 hexadecimal digits)")
        return learner_id

    def progress_path(self, learner_id: str) -> Path:
        """The learner's progress file. ValueError for anything but a well-formed id."""
        return self.learners_dir / f"{self._checked_id(learner_id)}.json"

    def events_path(self, learner_id: str) -> Path:
        """The learner's record of events. ValueError for anything but a well-formed id."""
        return self.learners_dir / f"{self._checked_id(learner_id)}.events"

    # ------------------------------------------------------------------ the roster

    def learners(self) -> list[Learner]:
        """Everyone who has joined, in the order they joined."""
        return self._roster()

    def learner(self, learner_id: Any) -> Learner | None:
        """The learner with this id, or None (also for text that is no id at all)."""
        if not is_learner_id(learner_id):
            return None
        return next((x for x in self._roster() if x.id == learner_id), None)

    def by_code(self, code: Any) -> Learner | None:
        """The learner whose code this is (any case, spaces and hyphens ignored), or None."""
        wanted = normal_code(code)
        if wanted is None:
            return None
        return next((x for x in self._roster() if x.code == wanted), None)

    def join(self, name: str = "", now: datetime | None = None) -> Learner:
        """A new learner called `name` (spaces around it dropped, cut to MAX_NAME characters;
        "Learner <n>" when it shows nothing). Two joins with one name are two learners."""
        name = clean_name(name)
        with locked(self.roster_path):
            roster = self._roster(holding_lock=True)
            ids = {x.id for x in roster}
            codes = {x.code for x in roster}
            learner_id = secrets.token_hex(8)
            while learner_id in ids:
                learner_id = secrets.token_hex(8)
            code = new_code()
            while code in codes:
                code = new_code()
            learner = Learner(learner_id, name or f"Learner {len(roster) + 1}", code,
                              now or _now())
            append_line(self.roster_path, learner.to_json())
        return learner

    def _roster(self, holding_lock: bool = False) -> list[Learner]:
        try:
            raw = self.roster_path.read_bytes()
        except FileNotFoundError:
            return []
        learners, bad = _parse_roster(raw)
        if bad:
            if not holding_lock:
                with locked(self.roster_path):
                    return self._roster(holding_lock=True)
            self._repair_roster(raw, learners, bad)
        return learners

    def _repair_roster(self, raw: bytes, learners: list[Learner], bad: list[int]) -> None:
        """Keep the unreadable roster aside as it was, and the readable learners in place."""
        aside = set_aside(self.roster_path, copy=True)  # as read: the caller holds the lock
        _write_lines(self.roster_path, [x.to_json() for x in learners])
        lines = ", ".join(str(n) for n in bad[:10]) + (" ..." if len(bad) > 10 else "")
        warnings.warn(f"the class roster {self.roster_path} had unreadable lines ({lines}); "
                      f"the whole file was copied to {aside.name} and those lines were left "
                      f"out, the {len(learners)} other learners kept", ClassWarning, stacklevel=4)

    # ------------------------------------------------------------------ the end of a class

    def end(self, now: datetime) -> Path:
        """Archive the class (roster, progress, events) in `archive/<YYYY-MM-DD_HHMMSS>/` of
        `now` and start afresh: nobody is in the class after this. Returns the archive."""
        with locked(self.roster_path):
            stamp = now.strftime("%Y-%m-%d_%H%M%S")
            target = self.archive_dir / stamp
            number = 1
            while target.exists():  # two ends in one second
                number += 1
                target = self.archive_dir / f"{stamp}-{number}"
            target.mkdir(parents=True)
            if self.learners_dir.exists():
                os.replace(self.learners_dir, target / LEARNERS)
            for path in sorted(self.folder.glob(f"{ROSTER}*")):
                shutil.move(str(path), str(target / path.name))
        return target

    def archives(self) -> list[Path]:
        """The ended classes, oldest first."""
        if not self.archive_dir.exists():
            return []
        return sorted(p for p in self.archive_dir.iterdir() if p.is_dir())


def new_code() -> str:
    """A fresh learner code (CODE_LENGTH characters of CODE_ALPHABET)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _parse_roster(raw: bytes) -> tuple[list[Learner], list[int]]:
    """The learners of a roster file, and the numbers of its lines that are none (a repeated
    id or code counts as unreadable: the first one keeps it)."""
    learners: list[Learner] = []
    bad: list[int] = []
    ids: set[str] = set()
    codes: set[str] = set()
    for number, line in enumerate(raw.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            learner = Learner.from_json(json.loads(line.decode("utf-8")))
            if learner.id in ids or learner.code in codes:
                raise ValueError("a repeated id or code")
        except (ValueError, TypeError, RecursionError, OverflowError):
            bad.append(number)
            continue
        ids.add(learner.id)
        codes.add(learner.code)
        learners.append(learner)
    return learners, bad


def _line(data: dict[str, Any]) -> bytes:
    # ensure_ascii: a name may hold anything, even a lone surrogate, and still be one line
    return (json.dumps(data, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")


def append_line(path: Path, data: dict[str, Any]) -> None:
    """Append one JSON line (call under the file's lock): one write, synced; a line left
    unfinished by a crash is ended first, so that it spoils only itself."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = _line(data)
    with open(path, "ab") as handle:
        if handle.tell() and _last_byte(path) != b"\n":
            text = b"\n" + text
        handle.write(text)  # one write of a whole line
        handle.flush()
        os.fsync(handle.fileno())


def _last_byte(path: Path) -> bytes:
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1)


def _write_lines(path: Path, rows: list[dict[str, Any]]) -> None:
    """Replace a JSON-lines file atomically."""
    write_atomically(path, b"".join(_line(row) for row in rows))
