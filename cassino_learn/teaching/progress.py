"""The learner's progress (lessons done, stages solved with their stars, quiz scores) and
settings, kept across restarts.

Stored as JSON in the user's data folder (platformdirs' user_data_dir("cassino-learn"), or the
folder named by the environment variable CASSINO_LEARN_DATA). Every write goes to a temporary
file first and is moved into place with os.replace, so a crash never leaves half a file. A file
that cannot be read is renamed aside (progress.json.corrupt-<time>) with a warning, and the
learner starts afresh instead of seeing an error.

Settings live beside the lessons as "preferences" (see `Preferences`); a file written before
they existed loads with the defaults, and names this version does not know are kept as they are.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Sequence

__all__ = ["ENV_VAR", "data_dir", "Progress", "LessonProgress", "StageRecord", "Preferences",
           "load", "preference", "ProgressWarning", "CARD_SIZES", "export_text", "import_text"]

ENV_VAR = "CASSINO_LEARN_DATA"
FILE_NAME = "progress.json"
VERSION = 1
CARD_SIZES = ("normal", "large", "projector")


class ProgressWarning(UserWarning):
    """The progress file could not be read and was set aside."""


#: In the browser (the static edition) JupyterLite mounts the browser's own storage at /drive;
#: everything else there is memory, lost when the page is closed.
BROWSER_DATA_DIR = Path("/drive/cassino-learn")


def data_dir() -> Path:
    """Where progress is stored: $CASSINO_LEARN_DATA, else the browser's storage when running in
    the browser (Pyodide), else the platform's user data folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    if sys.platform == "emscripten":
        return BROWSER_DATA_DIR
    try:
        from platformdirs import user_data_dir
    except ImportError:  # platformdirs comes with Jupyter; fall back to the XDG default
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
        return Path(base) / "cassino-learn"
    return Path(user_data_dir("cassino-learn"))


@dataclass
class StageRecord:
    """One stage of a lesson: solved or not, its best stars (1-3), the tries of the attempt
    that solved it (or of the attempt under way) and whether a hint was used in it."""

    solved: bool = False
    stars: int = 0
    tries: int = 0
    hint: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"solved": self.solved, "stars": self.stars, "tries": self.tries,
                "hint": self.hint}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "StageRecord":
        stars = int(data.get("stars", 0))
        if not 0 <= stars <= 3:
            raise ValueError(f"a stage has 0 to 3 stars, not {stars}")
        return cls(solved=bool(data.get("solved", False)), stars=stars,
                   tries=int(data.get("tries", 0)), hint=bool(data.get("hint", False)))


@dataclass
class LessonProgress:
    done: bool = False
    best: int = 0            # best quiz score
    last: int | None = None  # last finished quiz score
    total: int = 0           # number of quiz items
    practised: int = 0       # practice questions answered right
    stages: dict[str, StageRecord] = field(default_factory=dict)  # by stage id

    def stars(self) -> int:
        return sum(record.stars for record in self.stages.values())

    def solved(self, stage_id: str) -> bool:
        record = self.stages.get(stage_id)
        return bool(record and record.solved)

    def to_json(self) -> dict[str, Any]:
        data = {"done": self.done, "best": self.best, "last": self.last, "total": self.total,
                "practised": self.practised}
        if self.stages:
            data["stages"] = {key: record.to_json() for key, record in self.stages.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "LessonProgress":
        return cls(done=bool(data.get("done", False)), best=int(data.get("best", 0)),
                   last=None if data.get("last") is None else int(data["last"]),
                   total=int(data.get("total", 0)), practised=int(data.get("practised", 0)),
                   stages={str(key): StageRecord.from_json(record)
                           for key, record in dict(data.get("stages", {})).items()})


@dataclass
class Preferences:
    """The learner's settings. Add a field (with a default) to add a setting."""

    four_color: bool = False  # spades black, hearts red, diamonds blue, clubs green
    card_size: str = "normal"  # one of CARD_SIZES: "large" and "projector" draw bigger cards
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)  # a newer version's, kept

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls) if f.name != "unknown")

    def to_json(self) -> dict[str, Any]:
        return {**self.unknown, **{name: getattr(self, name) for name in self.names()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Preferences":
        """Raises ValueError naming a known setting whose stored value has the wrong type."""
        known = cls.names()
        values = {}
        for name in known:
            if name in data:
                values[name] = _checked(name, data[name])
        unknown = {str(k): v for k, v in data.items() if k not in known}
        return cls(**values, unknown=unknown)


def _known(name: str) -> str:
    if name not in Preferences.names():
        raise ValueError(f"there is no setting {name!r}; the settings are "
                         f"{', '.join(Preferences.names())}")
    return name


def _checked(name: str, value: Any) -> Any:
    """`value` if it suits the setting `name`; otherwise a ValueError saying what is wrong."""
    default = getattr(Preferences(), _known(name))
    if type(value) is not type(default):
        raise ValueError(f"the setting {name!r} takes a {type(default).__name__}, "
                         f"not {value!r}")
    if name == "card_size" and value not in CARD_SIZES:
        raise ValueError(f"the setting 'card_size' is one of {', '.join(CARD_SIZES)}, "
                         f"not {value!r}")
    return value


class Progress:
    """All lessons' progress and the learner's settings; every change is saved at once."""

    def __init__(self, path: Path, lessons: dict[str, LessonProgress] | None = None,
                 preferences: Preferences | None = None) -> None:
        self.path = path
        self.lessons: dict[str, LessonProgress] = lessons or {}
        self.preferences: Preferences = preferences or Preferences()

    def set_preference(self, name: str, value: Any) -> None:
        """Change one setting (e.g. `set_preference("four_color", True)`) and save at once.
        An unknown name or a value of the wrong type raises ValueError and changes nothing."""
        setattr(self.preferences, name, _checked(name, value))
        self.save()

    def lesson(self, slug: str) -> LessonProgress:
        return self.lessons.get(slug) or LessonProgress()

    def mark_done(self, slug: str, done: bool = True) -> None:
        self._entry(slug).done = done
        self.save()

    def record_quiz(self, slug: str, score: int, total: int) -> None:
        """A finished quiz: keeps the best score (a lesson is done by its stages, not its quiz)."""
        entry = self._entry(slug)
        entry.last, entry.total = score, total
        entry.best = max(entry.best, score)
        self.save()

    def record_stage(self, slug: str, stage_id: str, *, solved: bool, stars: int, tries: int,
                     hint: bool, stage_ids: Sequence[str]) -> StageRecord:
        """Save a stage's attempt as it happens: its tries and hint so far, and once solved
        its stars (the best ever earned are kept). The lesson is done when every one of
        `stage_ids` is solved. Returns the stored record."""
        if not 0 <= stars <= 3:
            raise ValueError(f"a stage earns 0 to 3 stars, not {stars}")
        entry = self._entry(slug)
        old = entry.stages.get(stage_id, StageRecord())
        record = StageRecord(solved=old.solved or solved,
                             stars=max(old.stars, stars if solved else 0),
                             tries=tries, hint=hint)
        entry.stages[stage_id] = record
        if stage_ids and all(entry.solved(key) for key in stage_ids):
            entry.done = True
        self.save()
        return record

    def record_practice(self, slug: str) -> None:
        self._entry(slug).practised += 1
        self.save()

    def reset(self) -> None:
        """Forget the lessons' progress (the settings stay)."""
        self.lessons.clear()
        self.save()

    def _entry(self, slug: str) -> LessonProgress:
        return self.lessons.setdefault(slug, LessonProgress())

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION,
                "lessons": {slug: entry.to_json() for slug, entry in sorted(self.lessons.items())},
                "preferences": self.preferences.to_json()}

    def save(self) -> None:
        """Write atomically: a temporary file in the same folder, then os.replace."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".progress-", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self.to_json(), handle, indent=1)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, self.path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise


def load(path: Path | None = None) -> Progress:
    """The stored progress (empty if there is none). A corrupt file is set aside with a warning."""
    path = path or data_dir() / FILE_NAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Progress(path)
    except OSError as error:
        warnings.warn(f"could not read progress from {path}: {error}", ProgressWarning,
                      stacklevel=2)
        return Progress(path)
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
        if not isinstance(data, dict) or not isinstance(data.get("lessons", {}), dict):
            raise ValueError("not a progress file")
        if not isinstance(data.get("preferences", {}), dict):
            raise ValueError("its preferences are not a table of settings")
        lessons = {str(slug): _lesson_entry(slug, entry)
                   for slug, entry in data.get("lessons", {}).items()}
        preferences = Preferences.from_json(data.get("preferences", {}))
    except (ValueError, TypeError, AttributeError, OverflowError, RecursionError) as error:
        # UnicodeDecodeError and JSONDecodeError are ValueErrors; RecursionError comes from
        # deeply nested brackets, OverflowError from numbers like 1e999
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, aside)
            where = f"it was renamed to {aside.name}"
        except OSError:
            where = "it could not be renamed"
        warnings.warn(f"the progress file {path} could not be read ({error}); {where} and "
                      f"progress starts afresh", ProgressWarning, stacklevel=2)
        return Progress(path)
    return Progress(path, lessons, preferences)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a progress file holds")


def _lesson_entry(slug: str, entry: Any) -> LessonProgress:
    """One lesson's stored progress, or ValueError saying which lesson and what is impossible."""
    if not isinstance(entry, dict):
        raise ValueError(f"lesson {slug!r}: not a table of progress")
    for name in ("best", "last", "total", "practised"):
        value = entry.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 0):
            raise ValueError(f"lesson {slug!r}: {name} {value!r} is not a count")
    lesson = LessonProgress.from_json(entry)
    if lesson.best > lesson.total or (lesson.last or 0) > lesson.total:
        raise ValueError(f"lesson {slug!r}: a score above the {lesson.total} questions")
    return lesson


def preference(name: str) -> Any:
    """One setting as stored right now (read afresh, so another page's change is seen)."""
    return getattr(load().preferences, _known(name))


def export_text(path: Path | None = None) -> str:
    """The stored progress as the text of a progress file, for the learner to keep (in the
    browser the progress lives in that browser only)."""
    return json.dumps(load(path).to_json(), indent=1) + "\n"


def import_text(text: str, path: Path | None = None) -> Progress:
    """Replace the stored progress with a file saved by `export_text`. Text that is not such a
    file raises ValueError saying what is wrong, and the stored progress stays as it was."""
    path = path or data_dir() / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".import-", suffix=".json", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    try:
        # The same reading, checks and all, as a stored file gets.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ProgressWarning)
            loaded = load(Path(temp))
        problems = [w for w in caught if issubclass(w.category, ProgressWarning)]
        if problems:
            reason = str(problems[0].message)
            reason = reason[reason.find("(") + 1:reason.rfind(")")] or reason
            raise ValueError(f"this is not a cassino-learn progress file: {reason}")
    finally:
        for leftover in Path(temp).parent.glob(Path(temp).name + "*"):
            leftover.unlink(missing_ok=True)
    imported = Progress(path, loaded.lessons, loaded.preferences)
    imported.save()
    return imported
