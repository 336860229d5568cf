"""The learner's progress (lessons done, stages solved with their stars, quiz scores) and
settings (`Preferences`), kept across restarts as JSON in the data folder ($CASSINO_LEARN_DATA,
the browser's storage in the browser, else the platform's user data folder), or in a class in
the learner's own file (the `learner_context` in use).

The learner's own deck (`deck.cards.Deck`: the moves the review marked and the stages missed on
the first try, each with its scheduler state) is part of the file, under "deck": saved, loaded,
exported, imported and merged with the rest. A file from before the deck reads as an empty
deck; a card that cannot be read is set aside inside the deck with a note (`DeckWarning`), the
rest of the file kept.

A save never leaves half a file (`files.write_atomically`) and never loses what another tab
saved: under the file's lock (`filelock`) it is merged with the file as it is now, losing no
solved stage, star or best score (`_merge_into`); a reset or an import starts a new
*generation*, so an older copy brings none of its old progress back. A file that cannot be
read is set aside (`files.set_aside`) with a warning, and the learner starts afresh.

Every `load` reads the file afresh (another tab's change is seen), except inside a `read_once`
block: there the file is read once and every `load` gets that reading (or what was saved since
in the block), for code that asks several times in one go (a stage opening reads its records,
its map's and its table's settings). In the browser each file operation is a request to the
site's service worker, so this is what a page's start saves.

In the browser a page's file is also read ahead as its kernel starts, without waiting
(`pages/read_ahead.py`, through `read_ahead`): the page's first reading of progress takes that
answer instead of a request of its own. Only the first reading may take it; any reading or
saving of progress drops every answer read ahead, and one that comes later is not kept, until
`expect_read_ahead` opens the reading ahead again (a lesson the course shell shows).
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from functools import lru_cache
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ..browser import in_browser
from . import learner_context
from .deck.cards import Deck, DeckCard
from ..files import set_aside, write_atomically
from ..filelock import locked

__all__ = ["ENV_VAR", "data_dir", "Progress", "LessonProgress", "StageRecord", "Preferences",
           "load", "preference", "ProgressWarning", "CARD_SIZES", "export_text", "import_text",
           "current_path", "from_json", "merged", "read_once", "read_ahead", "DeckWarning",
           "wrong_first_try", "hint_steps", "MOST_HINT_STEPS", "expect_read_ahead"]

ENV_VAR = "CASSINO_LEARN_DATA"
FILE_NAME = "progress.json"
VERSION = 1
CARD_SIZES = ("normal", "large", "projector")


class ProgressWarning(UserWarning):
    """The progress file could not be read and was set aside; `.reason` says why (the reading's
    error, without the file's name)."""

    def __init__(self, message: str, reason: str = "") -> None:
        self.reason = reason or message
        super().__init__(message)


class DeckWarning(UserWarning):
    """A card of the learner's deck could not be read and was set aside (the rest is kept):
    `.note` says which and why, `.path` is the progress file it was read from."""

    def __init__(self, path: str, note: str = "") -> None:
        # one argument: the whole message, as pytest-xdist rebuilds a warning from its args
        self.path, self.note = path, note
        super().__init__(f"{path}: {note}" if note else path)


#: In the browser (the static edition) JupyterLite mounts the browser's own storage at /drive;
#: everything else there is memory, lost when the page is closed.
BROWSER_DATA_DIR = Path("/drive/cassino-learn")


def data_dir() -> Path:
    """Where progress is stored: $CASSINO_LEARN_DATA, else the browser's storage when running in
    the browser (Pyodide), else the platform's user data folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    if in_browser():
        return BROWSER_DATA_DIR
    try:
        from platformdirs import user_data_dir
    except ImportError:  # platformdirs comes with Jupyter; fall back to the XDG default
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
        return Path(base) / "cassino-learn"
    return Path(user_data_dir("cassino-learn"))


def current_path() -> Path:
    """The progress file `load()` reads: the learner's own in a class (the learner's context,
    `learner_context.current()`), else the data folder's."""
    own = learner_context.current().progress_path
    return own if own is not None else data_dir() / FILE_NAME


@dataclass
class StageRecord:
    """One stage of a lesson: done or not (`solved`: solved, or its answer shown, or a
    demonstration seen to the end), its best stars (0-3), the tries of the attempt that ended
    it (or of the attempt under way), the steps of its hint ladder taken in that attempt
    (`hint`: each step costs a star, `stages.stars_for`), and whether its answer was shown
    (`shown`: the stage is "seen", it earned no stars)."""

    solved: bool = False
    stars: int = 0
    tries: int = 0
    hint: int = 0
    shown: bool = False

    @property
    def seen(self) -> bool:
        """Done without a star earned: the answer was shown (or it is a demonstration)."""
        return self.solved and self.stars == 0

    def to_json(self) -> dict[str, Any]:
        data = {"solved": self.solved, "stars": self.stars, "tries": self.tries,
                "hint": self.hint}
        if self.shown:  # written only when true: a file without it reads as before
            data["shown"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "StageRecord":
        stars = int(data.get("stars", 0))
        if not 0 <= stars <= 3:
            raise ValueError(f"a stage has 0 to 3 stars, not {stars}")
        return cls(solved=bool(data.get("solved", False)), stars=stars,
                   tries=int(data.get("tries", 0)), hint=hint_steps(data.get("hint", 0)),
                   shown=bool(data.get("shown", False)))


MOST_HINT_STEPS = 20  # far more than any ladder has: a count above it is not a learner's


def hint_steps(value: Any) -> int:
    """A stage record's hint steps as stored: a whole number of 0 to `MOST_HINT_STEPS`, or
    true / false as files before the ladder held them (one step or none). ValueError
    otherwise."""
    if isinstance(value, bool):
        return int(value)
    if not isinstance(value, int) or not 0 <= value <= MOST_HINT_STEPS:
        raise ValueError(f"a stage's hint steps are a whole number of 0 to {MOST_HINT_STEPS}, "
                         f"not {value!r}")
    return value


def wrong_first_try(record: StageRecord) -> bool:
    """Whether the attempt `record` holds went wrong at its first try (or its answer was
    shown): a try was counted before the one that solved it. A demonstration, seen to the end
    in one step, never is."""
    return record.shown or record.tries > (1 if record.solved else 0)


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
        data: dict[str, Any] = {"done": self.done, "best": self.best, "last": self.last, "total": self.total,
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
    deck_inaccuracies: bool = False  # the review's inaccuracies join the deck too
    next_by_itself: bool = True  # a solved stage opens the next after a countdown (off: by Next)
    show_notation: bool = False  # moves' notation beside their words (the game, the stages)
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)  # a newer version's, kept

    @classmethod
    @lru_cache(maxsize=None)  # read at every progress parsed (a class's server: each sync)
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


@lru_cache(maxsize=1)
def _defaults() -> dict[str, Any]:
    """Each setting's default value."""
    defaults = Preferences()
    return {name: getattr(defaults, name) for name in Preferences.names()}


def _checked(name: str, value: Any) -> Any:
    """`value` if it suits the setting `name`; otherwise a ValueError saying what is wrong."""
    default = _defaults()[_known(name)]
    if type(value) is not type(default):
        raise ValueError(f"the setting {name!r} takes a {type(default).__name__}, "
                         f"not {value!r}")
    if name == "card_size" and value not in CARD_SIZES:
        raise ValueError(f"the setting 'card_size' is one of {', '.join(CARD_SIZES)}, "
                         f"not {value!r}")
    return value


Change = Callable[["Progress"], None]


class Progress:
    """All lessons' progress and the learner's settings; every change is saved at once."""

    def __init__(self, path: Path, lessons: dict[str, LessonProgress] | None = None,
                 preferences: Preferences | None = None, generation: int = 0,
                 deck: Deck | None = None) -> None:
        self.path = path
        self.lessons: dict[str, LessonProgress] = lessons or {}
        self.preferences: Preferences = preferences or Preferences()
        self.deck: Deck = deck if deck is not None else Deck()
        self.generation = generation  # raised by every reset and import (see `save`)
        self._changes: list[Change] = []  # made since the file was last read or written
        self._restart = False  # a reset or import is among them

    def _change(self, change: Change) -> None:
        """Make a change here, remember it for the merge, and save."""
        change(self)
        self._changes.append(change)
        self.save()

    def set_preference(self, name: str, value: Any) -> None:
        """Change one setting (e.g. `set_preference("four_color", True)`) and save at once.
        An unknown name or a value of the wrong type raises ValueError and changes nothing."""
        value = _checked(name, value)
        self._change(lambda p: setattr(p.preferences, name, value))

    def lesson(self, slug: str) -> LessonProgress:
        return self.lessons.get(slug) or LessonProgress()

    def mark_done(self, slug: str, done: bool = True) -> None:
        self._change(lambda p: setattr(p._entry(slug), "done", done))

    def record_quiz(self, slug: str, score: int, total: int) -> None:
        """A finished quiz: keeps the best score (a lesson is done by its stages, not its quiz)."""
        def change(p: Progress) -> None:
            entry = p._entry(slug)
            entry.last, entry.total = score, total
            entry.best = max(entry.best, score)
        self._change(change)

    def record_stage(self, slug: str, stage_id: str, *, solved: bool, stars: int, tries: int,
                     hint: int, stage_ids: Sequence[str], shown: bool = False) -> StageRecord:
        """Save a stage's attempt as it happens: its tries and hint steps so far (the most
        either tab took, while the stage is unsolved), whether its answer
        was shown, and once solved (or shown) its stars (the best ever earned are kept). The
        lesson is done when every one of `stage_ids` is solved. Returns the stored record
        (merged with what another tab saved)."""
        if not 0 <= stars <= 3:
            raise ValueError(f"a stage earns 0 to 3 stars, not {stars}")
        steps = hint_steps(hint)
        ids = tuple(stage_ids)

        def change(p: Progress) -> None:
            entry = p._entry(slug)
            old = entry.stages.get(stage_id, StageRecord())
            # an attempt under way in two tabs: the steps either took were both seen
            taken = steps if old.solved else max(old.hint, steps)
            entry.stages[stage_id] = StageRecord(solved=old.solved or solved,
                                                 stars=max(old.stars, stars if solved else 0),
                                                 tries=tries, hint=taken, shown=shown)
            if ids and all(entry.solved(key) for key in ids):
                entry.done = True
            if not old.solved and wrong_first_try(entry.stages[stage_id]):
                # missed on the first try: the stage joins the learner's deck
                p.deck.add(DeckCard.for_stage(slug, stage_id, _now()))
        self._change(change)
        return self.lesson(slug).stages[stage_id]

    def add_deck_cards(self, cards: Sequence[DeckCard]) -> list[str]:
        """Add cards not in the deck yet (a card already there keeps its schedule) and save;
        returns the ids of those added."""
        added = [card.id for card in cards if card.id not in self.deck.cards]
        if added:
            def add(p: Progress) -> None:
                for card in cards:
                    p.deck.add(card)
            self._change(add)
        return added

    def keep_deck_card(self, card: DeckCard, day: str | None = None) -> DeckCard:
        """Save a card's new state (an answer, on `day`), unless the file holds a newer state
        of it (another tab's answer); returns the state kept."""
        self._change(lambda p: p.deck.put(card, day))
        return self.deck.cards[card.id]

    def record_practice(self, slug: str) -> None:
        def change(p: Progress) -> None:
            p._entry(slug).practised += 1
        self._change(change)

    def reset(self) -> None:
        """Forget the lessons' progress (the settings stay), in every tab: a copy read before
        the reset brings back only what it changes after it."""
        self._restart = True

        def change(p: Progress) -> None:
            p.lessons.clear()
            p.deck = Deck()
        self._change(change)

    def replace_with(self, other: "Progress") -> None:
        """Replace the lessons and settings with `other`'s (an imported file), as a reset does."""
        lessons = {slug: LessonProgress.from_json(entry.to_json())
                   for slug, entry in other.lessons.items()}
        settings = other.preferences.to_json()
        deck = other.deck.to_json()

        def change(p: Progress) -> None:
            p.lessons = {slug: LessonProgress.from_json(entry.to_json())
                         for slug, entry in lessons.items()}
            p.preferences = Preferences.from_json(settings)
            p.deck = Deck.from_json(deck)
        self._restart = True
        self._change(change)

    def _entry(self, slug: str) -> LessonProgress:
        return self.lessons.setdefault(slug, LessonProgress())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "version": VERSION,
            "lessons": {slug: entry.to_json() for slug, entry in sorted(self.lessons.items())},
            "preferences": self.preferences.to_json()}
        if self.deck:  # written only when there is one: a file without it reads as before
            data["deck"] = self.deck.to_json()
        if self.generation:
            data["generation"] = self.generation
        return data

    def save(self) -> None:
        """Merge with the file as it is now (under its lock) and write the result atomically
        (`files.write_atomically`). This copy then holds the result."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with locked(self.path) as held:
            if held:
                self._merge(_read(self.path, holding_lock=True))
            _remember(self.path, _write(self.path, self.to_json()))
        self._changes.clear()
        self._restart = False
        # the learner's context's listeners (in a class in the browser: on to the server); one
        # that fails is warned about, the save stands
        for hook in learner_context.current().after_save:
            try:
                hook(self.to_json())
            except Exception as error:  # noqa: BLE001 - a listener never undoes a save
                warnings.warn(f"progress was saved, but passing it on failed: {error}",
                              ProgressWarning, stacklevel=2)

    def merge_json(self, data: dict[str, Any]) -> None:
        """Add what another copy of this learner's progress holds (its JSON, e.g. from a
        class's server), losing nothing either has earned, and save. ValueError (nothing
        changes) for data that is not progress."""
        other = _parse(self.path, json.dumps(data).encode("utf-8"))
        self._change(lambda p: _merge_into(p, other))

    def _merge(self, disk: "Progress | None") -> None:
        """Become what is on disk with this copy's changes made again, and (unless a reset or
        import there came after this copy was read) with this copy merged in."""
        if disk is None:  # nothing there (or it was set aside): this copy is the file
            if self._restart:
                self.generation += 1
            return
        for change in self._changes:
            change(disk)
        if self._restart:
            disk.generation = max(disk.generation, self.generation) + 1
        elif self.generation >= disk.generation:
            _merge_into(disk, self)
            disk.generation = self.generation
        self.lessons, self.preferences, self.generation = (disk.lessons, disk.preferences,
                                                           disk.generation)
        self.deck = disk.deck


def _merge_into(target: Progress, other: Progress) -> None:
    """Add to `target` what `other` holds, losing nothing either has earned: solved and done
    from either, the larger stars, best score, number of questions and practice count, and
    of an attempt under way in both, the more hint steps. Where they differ otherwise (an attempt's tries, the last score), `target` is newer.
    The decks merge card by card (`Deck.merge`): a card of either is kept, its later state."""
    target.deck.merge(other.deck)
    for slug, theirs in other.lessons.items():
        mine = target.lessons.setdefault(slug, LessonProgress())
        mine.done = mine.done or theirs.done
        mine.best = max(mine.best, theirs.best)
        mine.total = max(mine.total, theirs.total)
        mine.last = mine.last if mine.last is not None else theirs.last
        mine.practised = max(mine.practised, theirs.practised)
        for stage_id, record in theirs.stages.items():
            kept = mine.stages.get(stage_id)
            if kept is None:
                mine.stages[stage_id] = StageRecord(**vars(record))
                continue
            if record.solved and not kept.solved:
                kept.tries, kept.hint, kept.shown = record.tries, record.hint, record.shown
            elif not record.solved and not kept.solved:  # one attempt under way in both
                kept.hint = max(kept.hint, record.hint)
            kept.solved = kept.solved or record.solved
            kept.stars = max(kept.stars, record.stars)


def _write(path: Path, data: dict[str, Any]) -> bytes:
    """Write the file (a learner's own: only its owner may read it); returns what was written."""
    _take_ahead(path)  # what was read ahead is older than this
    raw = json.dumps(data, indent=1).encode("utf-8")
    write_atomically(path, raw, mode=0o600)
    return raw


def load(path: Path | None = None) -> Progress:
    """The stored progress (empty if there is none). A corrupt file is set aside with a warning."""
    path = path or current_path()
    return _read(path) or Progress(path)


# The readings of a `read_once` block, by file (None: no file there), or None outside a block;
# a thread's own, so that a block never hands its reading to another thread's code.
_readings = threading.local()


@contextmanager
def read_once() -> Iterator[None]:
    """Inside the block each progress file is read at most once: every `load` of it gets what
    that read found, or what a save in the block wrote. Saves still merge with the file as it
    is then (under its lock). A block inside a block is part of the outer one."""
    if getattr(_readings, "files", None) is not None:
        yield
        return
    _readings.files = {}
    try:
        yield
    finally:
        _readings.files = None


class _Ahead:
    """Files read ahead (`read_ahead`): what each held (None: no file), until the first reading
    or saving of progress closes it."""

    def __init__(self) -> None:
        self.open = True
        self.files: dict[Path, bytes | None] = {}


_ahead = _Ahead()


def read_ahead(path: Path, raw: bytes | None) -> None:
    """What the file at `path` held (None: no file there), read ahead of the page's first look
    at its progress; kept for that first reading, dropped if it came too late."""
    if _ahead.open:
        _ahead.files[path] = raw


def expect_read_ahead() -> None:
    """Let the next reading of progress take a file read ahead again, as a page's first reading
    does: the browser's course shell shows a new lesson in the same Python and reads its file
    ahead (`pages/course.py`). What was read ahead before is dropped."""
    _ahead.open = True
    _ahead.files.clear()


def _take_ahead(path: Path) -> tuple[bool, bytes | None]:
    """(True, what was read ahead) for `path` if it was, else (False, None); closes the reading
    ahead either way."""
    _ahead.open = False
    found = path in _ahead.files
    raw = _ahead.files.get(path)
    _ahead.files.clear()
    return found, raw


def _remember(path: Path, raw: bytes | None) -> None:
    """What the file holds now, for the rest of a `read_once` block (if one is open)."""
    files = getattr(_readings, "files", None)
    if files is not None:
        files[path] = raw


def _read(path: Path, *, holding_lock: bool = False, stacklevel: int = 2) -> Progress | None:
    """The file's progress; None when there is none, it cannot be read, or it is corrupt (then
    it is renamed aside with a warning). Under the lock the file itself is read, never a
    `read_once` block's reading."""
    files = None if holding_lock else getattr(_readings, "files", None)
    ahead, raw = _take_ahead(path)
    if holding_lock:
        ahead = False  # under the lock only the file as it is now will do
    if files is not None and path in files:
        raw = files[path]
    elif ahead:
        if files is not None:
            files[path] = raw
    else:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raw = None
        except OSError as error:
            warnings.warn(ProgressWarning(f"could not read progress from {path}: {error}",
                                          str(error)), stacklevel=stacklevel + 1)
            return None
        if files is not None:
            files[path] = raw
    if raw is None:
        return None
    try:
        return _parse(path, raw)
    except (ValueError, TypeError, AttributeError, OverflowError, RecursionError) as error:
        # UnicodeDecodeError and JSONDecodeError are ValueErrors; RecursionError comes from
        # deeply nested brackets, OverflowError from numbers like 1e999
        if files is not None:
            files.pop(path, None)  # set aside (or written again): the next load reads the file
        where = _set_aside(path, raw, holding_lock)
        warnings.warn(ProgressWarning(f"the progress file {path} could not be read ({error}); "
                                      f"{where} and progress starts afresh", str(error)),
                      stacklevel=stacklevel + 1)
        return None


def _parse(path: Path, raw: bytes) -> Progress:
    data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    if not isinstance(data, dict) or not isinstance(data.get("lessons", {}), dict):
        raise ValueError("not a progress file")
    if not isinstance(data.get("preferences", {}), dict):
        raise ValueError("its preferences are not a table of settings")
    generation = data.get("generation", 0)
    if isinstance(generation, bool) or not isinstance(generation, int) or generation < 0:
        raise ValueError(f"generation {generation!r} is not a count")
    lessons = {str(slug): _lesson_entry(slug, entry)
               for slug, entry in data.get("lessons", {}).items()}
    preferences = Preferences.from_json(data.get("preferences", {}))
    deck = Deck.from_json(data.get("deck"), note=lambda text: warnings.warn(
        DeckWarning(str(path), text), stacklevel=4))
    return Progress(path, lessons, preferences, generation, deck)


def _set_aside(path: Path, raw: bytes, holding_lock: bool) -> str:
    """Rename the unreadable file aside, unless a writer has replaced it meanwhile (checked
    under the file's lock, so that a good file just written is never the one set aside)."""
    try:
        if holding_lock:
            aside = set_aside(path)
        else:
            with locked(path):
                if path.read_bytes() != raw:
                    return "it has been written again meanwhile"
                aside = set_aside(path)
        return f"it was renamed to {aside.name}"
    except OSError:
        return "it could not be renamed"


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


def _now() -> datetime:
    return datetime.now(timezone.utc)


def preference(name: str) -> Any:
    """One setting as stored right now (read afresh, so another page's change is seen; inside
    a `read_once` block, as the block read it)."""
    return getattr(load().preferences, _known(name))


def export_text(path: Path | None = None) -> str:
    """The stored progress as the text of a progress file, for the learner to keep (in the
    browser the progress lives in that browser only)."""
    return json.dumps(load(path).to_json(), indent=1) + "\n"


def import_text(text: str, path: Path | None = None) -> Progress:
    """Replace the stored progress with a file saved by `export_text`. Text that is not such a
    file raises ValueError saying what is wrong, and the stored progress stays as it was."""
    path = path or current_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".import-", suffix=".json", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    try:
        # The same reading, checks and all, as a stored file gets.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ProgressWarning)
            loaded = load(Path(temp))
        problems = [w.message for w in caught if isinstance(w.message, ProgressWarning)]
        if problems:
            raise ValueError(f"this is not a cassino-learn progress file: {problems[0].reason}")
        for caught_one in caught:  # a deck's card set aside: imported all the same, and said
            if isinstance(caught_one.message, DeckWarning):
                warnings.warn(DeckWarning("the imported file", caught_one.message.note),
                              stacklevel=2)
    finally:
        for leftover in Path(temp).parent.glob(Path(temp).name + "*"):
            leftover.unlink(missing_ok=True)
    imported = load(path)
    imported.replace_with(loaded)
    return imported


__all__ += ["from_json", "merged"]  # for a class's server (classroom.class_store)


def from_json(data: Any, path: Path | None = None) -> Progress:
    """The progress in `data`, the JSON of a progress file (as a learner's browser sends it to
    a class server), checked as a stored file is: ValueError saying what is wrong."""
    try:
        raw = json.dumps(data, allow_nan=True).encode("utf-8")
        return _parse(path or Path(FILE_NAME), raw)
    except (ValueError, TypeError, AttributeError, OverflowError, RecursionError) as error:
        raise ValueError(f"not a progress file: {error}") from None


def merged(stored: Progress, newer: Progress) -> Progress:
    """`newer` (a copy that was just sent) merged with `stored` by the rules of `save`, losing no
    solved stage, star or best score of either; where they differ otherwise `newer` wins. A copy
    of a later generation (reset or imported since) is taken as it is; one of an earlier
    generation brings none of its progress back: `stored` stays as it is."""
    if newer.generation > stored.generation:
        return from_json(newer.to_json(), stored.path)
    if newer.generation < stored.generation:
        return from_json(stored.to_json(), stored.path)
    result = from_json(newer.to_json(), stored.path)
    _merge_into(result, stored)
    return result
