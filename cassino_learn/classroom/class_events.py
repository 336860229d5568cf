"""What a learner of a class does, for the teacher's page: stages tried, moves refused (with
the rule they break) and pages opened. The running lesson calls `record_try`, `record_refusal`
and `record_visit`; they go to the record and the sink of the learner's context
(`learner_context`: a JSON-lines file a learner on one server, see `class_learner`; the page's
outbox in the browser, see `record_to`), and nowhere outside a class. Recording never stops a
lesson. The format of a record and of an event a page sends: docs/class-store.md.
"""

from __future__ import annotations

import json
import re
import secrets
import warnings
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from ..learner import learner_context
from .roster import Classroom, ClassWarning, Learner, append_line
from ..filelock import locked
from .homework_positions import HOMEWORK_LESSON, POSITION_ID_PATTERN
from ..learner.learner_context import LearnerContext, Record

__all__ = ["EventLog", "Event", "KINDS", "class_learner", "context_of", "use_learner", "act_as",
           "leave", "current", "current_learner",
           "record_try", "record_refusal", "record_visit", "read_events", "EVENT_ID_PATTERN",
           "NAME_PATTERN", "CLIENT_FIELDS", "client_event", "new_event_id", "record_to",
           "answer_json", "MAX_ANSWER", "stage_ids", "lesson_stages"]

KINDS = ("try", "refusal", "visit")
MAX_TEXT = 200  # lesson and stage ids and rule ids are short; anything longer is not ours
#: The id a page gives an event it sends ("sending twice counts once").
EVENT_ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: A lesson's slug, a stage's id or a rule's id as a page sends them.
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,%d}" % (MAX_TEXT - 1))
#: The fields of an event a page sends; `at` and `kind` and `lesson` and `id` are required.
CLIENT_FIELDS = ("id", "at", "kind", "lesson", "stage", "solved", "rule", "answer")
#: The most an answer a page sends may hold (its JSON): a move, a few captures, a few numbers.
MAX_ANSWER = 2000


@dataclass(frozen=True)
class Event:
    at: datetime
    kind: str
    lesson: str
    stage: str | None = None
    solved: bool = False
    rule: str = ""
    id: str | None = None  # made by the page that sent it (the class store's events)
    #: The learner's answer to a solved try, as a page sends it (JSON), for the server to judge.
    answer: Any = None
    #: Whether a solved try was judged right by this server (a file-based class's events are
    #: recorded by the lesson running on the server itself: checked).
    checked: bool = True

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"at": self.at.isoformat(timespec="milliseconds"),
                                "kind": self.kind, "lesson": self.lesson, "stage": self.stage}
        if self.kind == "try":
            data["solved"] = self.solved
        if self.kind == "refusal":
            data["rule"] = self.rule
        if self.id is not None:
            data["id"] = self.id
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Event":
        """ValueError when a line is not an event."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError("not an event")
        lesson, stage = data.get("lesson"), data.get("stage")
        if not isinstance(lesson, str) or not (stage is None or isinstance(stage, str)):
            raise ValueError("an event names its lesson and stage")
        at = datetime.fromisoformat(str(data.get("at")))
        if at.tzinfo is None:
            at = at.replace(tzinfo=timezone.utc)
        solved = data.get("solved", False)
        rule = data.get("rule", "")
        if not isinstance(solved, bool) or not isinstance(rule, str):
            raise ValueError("solved is true or false, a rule is text")
        if data["kind"] == "refusal" and not rule:
            raise ValueError("a refusal names its rule")
        return cls(at, data["kind"], lesson, stage, solved, rule)


def new_event_id() -> str:
    """A fresh id for an event a page sends (22 characters of EVENT_ID_PATTERN)."""
    return secrets.token_urlsafe(16)


def client_event(data: Any) -> Event:
    """The event a page sent, checked field by field: ValueError naming the field and what is
    wrong with it. Times without a zone are UTC."""
    if not isinstance(data, dict):
        raise ValueError(f"an event is a JSON object, not {type(data).__name__}")
    unknown = sorted(str(key)[:40] for key in data if key not in CLIENT_FIELDS)
    if unknown:
        raise ValueError(f"field {unknown[0]!r}: not a field of an event (the fields are "
                         f"{', '.join(CLIENT_FIELDS)})")
    event_id = data.get("id")
    if not isinstance(event_id, str) or not EVENT_ID_PATTERN.fullmatch(event_id):
        raise ValueError(f"field 'id': {_shown(event_id)} is not an event id (8 to 64 letters, "
                         f"digits, '-' or '_')")
    kind = data.get("kind")
    if kind not in KINDS:
        raise ValueError(f"field 'kind': {_shown(kind)} is not one of {', '.join(KINDS)}")
    at = _client_time(data.get("at"))
    lesson = data.get("lesson")
    stage = data.get("stage")
    if lesson == HOMEWORK_LESSON:  # a try at a homework position: its stage is the item's id
        if kind != "try" or not isinstance(stage, str) or \
                not POSITION_ID_PATTERN.fullmatch(stage):
            raise ValueError(f"field 'stage': {_shown(stage)} is not a homework position's id "
                             f"(a try at a position names it)")
    elif not _is_name(lesson) or lesson not in _lesson_slugs():
        raise ValueError(f"field 'lesson': {_shown(lesson)} is not a lesson of the course")
    elif stage is not None and (not _is_name(stage) or stage not in stage_ids(lesson)):
        raise ValueError(f"field 'stage': {_shown(stage)} is not a stage of {lesson} (or null)")
    if kind == "try" and stage is None:
        raise ValueError("field 'stage': a try names the stage it answers")
    solved = data.get("solved", False)
    if not isinstance(solved, bool):
        raise ValueError(f"field 'solved': {_shown(solved)} is not true or false")
    if solved and kind != "try":
        raise ValueError(f"field 'solved': only a try is solved, not a {kind}")
    rule = data.get("rule", "")
    if kind == "refusal":
        if not _is_name(rule):
            raise ValueError(f"field 'rule': {_shown(rule)} is not a rule's id (a refusal "
                             f"names the rule the move breaks)")
    elif rule not in ("", None):
        raise ValueError(f"field 'rule': only a refusal names a rule, not a {kind}")
    answer = data.get("answer")
    if answer is not None:
        if not solved:
            raise ValueError("field 'answer': only a solved try carries its answer")
        try:
            size = len(json.dumps(answer, allow_nan=False))
        except (TypeError, ValueError, RecursionError):
            raise ValueError(f"field 'answer': {_shown(answer)} is not an answer") from None
        if size > MAX_ANSWER:
            raise ValueError(f"field 'answer': {size} characters; an answer holds at most "
                             f"{MAX_ANSWER}")
    return Event(at, kind, lesson, stage, solved, rule or "", event_id, answer, checked=False)


@lru_cache(maxsize=1)
def _lesson_slugs() -> frozenset[str]:
    from ..teaching.catalog import INDEX, LESSONS

    return frozenset([INDEX.slug, *(item.slug for item in LESSONS)])


@lru_cache(maxsize=None)
def lesson_stages(lesson: str) -> Any:
    """A lesson's stages (`stages.LessonStages`), read once; None for a lesson without."""
    from ..teaching.stages import StageError, has_stages, load_stages

    if not has_stages(lesson):
        return None
    try:
        return load_stages(lesson)
    except StageError:
        return None


@lru_cache(maxsize=None)
def stage_ids(lesson: str) -> frozenset[str]:
    """The ids of a lesson's stages (none for a lesson without stages)."""
    stages = lesson_stages(lesson)
    return frozenset(stages.ids) if stages is not None else frozenset()


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and NAME_PATTERN.fullmatch(value) is not None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _client_time(value: Any) -> datetime:
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError(f"field 'at': {_shown(value)} is not a time (ISO 8601 text, e.g. "
                         f"2026-11-24T11:05:03.120Z)")
    text = value[:-1] + "+00:00" if value.endswith(("Z", "z")) else value
    try:
        at = datetime.fromisoformat(text)
        # In UTC: a time near the calendar's ends may not be one (0001-01-01T00:00+14:00)
        return at.replace(tzinfo=timezone.utc) if at.tzinfo is None \
            else at.astimezone(timezone.utc)
    except (ValueError, OverflowError):
        raise ValueError(f"field 'at': {_shown(value)} is not a time (ISO 8601 text, e.g. "
                         f"2026-11-24T11:05:03.120Z)") from None


class EventLog:
    """One learner's record of events (a JSON-lines file)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._warned = False

    def add(self, kind: str, lesson: str, stage: str | None = None, *, solved: bool = False,
            rule: str = "", at: datetime | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"an event is one of {', '.join(KINDS)}, not {kind!r}")
        event = Event(at or datetime.now(timezone.utc), kind, str(lesson)[:MAX_TEXT],
                      None if stage is None else str(stage)[:MAX_TEXT], bool(solved),
                      str(rule)[:MAX_TEXT])
        try:
            with locked(self.path):  # two tabs of one learner append whole lines in turn
                append_line(self.path, event.to_json())
        except OSError as error:
            if not self._warned:
                self._warned = True
                warnings.warn(f"the class's record {self.path} could not be written ({error}); "
                              f"the lesson goes on, the teacher will not see this",
                              ClassWarning, stacklevel=3)

    def read(self) -> list[Event]:
        return read_events(self.path)


def read_events(path: Path) -> list[Event]:
    """The events of a record, in the order written; lines that are not events (a line cut by
    a crash) are left out with a warning. No file: no events."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return []
    events: list[Event] = []
    bad = 0
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            events.append(Event.from_json(json.loads(line.decode("utf-8"))))
        except (ValueError, TypeError, RecursionError, OverflowError):
            bad += 1
    if bad:
        warnings.warn(f"{bad} unreadable line{'s' if bad != 1 else ''} in {path} left out",
                      ClassWarning, stacklevel=2)
    return events


def class_learner(classroom: Classroom, learner_id: str) -> LearnerContext:
    """The context of the class's learner with this id (found in the roster): their progress
    file and record of events. ValueError for an id that is not one of the class's learners."""
    learner = classroom.learner(learner_id)
    if learner is None:
        raise ValueError(f"the class {classroom.name!r} has no learner {str(learner_id)[:40]!r}")
    return context_of(classroom, learner)


def context_of(classroom: Classroom, learner: Learner) -> LearnerContext:
    """`learner`'s context without reading the roster (a page's kernel is told its learner by
    the class server). ValueError for an id that is no id."""
    return LearnerContext(learner=learner, progress_path=classroom.progress_path(learner.id),
                          record=EventLog(classroom.events_path(learner.id)))


def use_learner(classroom: Classroom, learner_id: str) -> Learner:
    """Make this process the learner's (`class_learner`, put in use): `progress.load()` reads
    and writes their progress file and the record_* calls append to their record. ValueError
    for an id that is not one of the class's learners (nothing changes then)."""
    context = class_learner(classroom, learner_id)
    learner_context.use(context)
    return context.learner


def act_as(classroom: Classroom, learner: Learner) -> Learner:
    """Make this process `learner`'s without reading the roster (`context_of`, put in use)."""
    learner_context.use(context_of(classroom, learner))
    return learner


def leave() -> None:
    """Back to no class: progress in the data folder, nothing recorded (nor handed on)."""
    learner_context.use(learner_context.NOBODY)


def current() -> EventLog | None:
    """The record events go to now (None outside a class)."""
    record = learner_context.current().record
    return record if isinstance(record, EventLog) else None


def current_learner() -> Learner | None:
    return learner_context.current().learner


def record_to(sink: Callable[[dict[str, Any]], None] | None) -> None:
    """Hand every event recorded from now on to `sink` as the dict a page sends to the class
    server (with a fresh id; see `client_event`), besides any record in use; None stops it.
    An error in `sink` is warned about once and never stops the lesson."""
    learner_context.use(replace(learner_context.current(),
                                sink=None if sink is None else _WarnOnce(sink)))


class _WarnOnce:
    """A sink whose first error is warned about, and none after it."""

    def __init__(self, sink: Callable[[dict[str, Any]], None]) -> None:
        self.sink, self.warned = sink, False

    def __call__(self, data: dict[str, Any]) -> None:
        try:
            self.sink(data)
        except Exception as error:  # noqa: BLE001 - recording never stops a lesson
            if not self.warned:
                self.warned = True
                warnings.warn(f"an event could not be handed on ({error!r}); the lesson goes "
                              f"on", ClassWarning, stacklevel=4)


def _to_sink(kind: str, lesson: str, stage: str | None, solved: bool = False,
             rule: str = "", answer: Any = None) -> None:
    sink = learner_context.current().sink
    if sink is None:
        return
    data: dict[str, Any] = {"id": new_event_id(),
                            "at": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
                            "kind": kind, "lesson": str(lesson)[:MAX_TEXT],
                            "stage": None if stage is None else str(stage)[:MAX_TEXT]}
    if kind == "try":
        data["solved"] = bool(solved)
        if solved and answer is not None:
            data["answer"] = answer_json(answer)
    if kind == "refusal":
        data["rule"] = str(rule)[:MAX_TEXT]
    sink(data)


def answer_json(answer: Any) -> Any:
    """A stage's answer as JSON the server's judge reads back (`Stage.judge`): a move as its
    text, captures as a list of texts, a score as {side: points}, a choice as its words."""
    if isinstance(answer, (bool, int, str)) or answer is None:
        return answer
    if isinstance(answer, dict):
        return {str(key): answer_json(value) for key, value in answer.items()}
    if isinstance(answer, (list, set, frozenset)) or type(answer) is tuple:
        return [answer_json(item) for item in answer]
    return str(answer)  # a move (a named tuple of the core) as its text


def _record() -> Record | None:
    return learner_context.current().record


def record_try(lesson: str, stage: str, solved: bool, answer: Any = None) -> None:
    """A stage answered (a move played or an answer given): right or not. A solved try hands
    on its `answer`, which a class's server judges again before it counts the solve."""
    record = _record()
    if record is not None:
        record.add("try", lesson, stage, solved=solved)
    _to_sink("try", lesson, stage, solved=solved, answer=answer)


def record_refusal(lesson: str, stage: str | None, rule: str) -> None:
    """A move the rules refused, with the id of the rule it breaks."""
    record = _record()
    if record is not None and rule:
        record.add("refusal", lesson, stage, rule=rule)
    if rule:
        _to_sink("refusal", lesson, stage, rule=rule)


def record_visit(lesson: str, stage: str | None = None) -> None:
    """A lesson's page (or one of its stages) opened."""
    record = _record()
    if record is not None:
        record.add("visit", lesson, stage)
    _to_sink("visit", lesson, stage)
