"""Homework a class's teacher sets (the teacher's page, serving/class_web.py): a title, a due
date and items, each a stage of the course (a lesson chosen whole is its stages) or a position
typed in the notation (read by the rules core). `read_form` checks what the teacher typed and
says what is wrong and where; `results` says, from one learner's record of events, how far
they are with each item: not started, tried (how often) or solved (on which try).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..core.errors import PositionError
from ..core.position import Position
from .homework_positions import (HOMEWORK_LESSON, MAX_POSITION_CHARS, POSITION_ID_PATTERN,
                                 judge_position_answer,
                                 position_id)

if TYPE_CHECKING:  # the class's modules are not loaded with a lesson page
    from .class_events import Event


def course_stages() -> list[Any]:
    from .class_summary import course_stages as every_stage

    return every_stage()

__all__ = ["Item", "Homework", "HomeworkError", "read_form", "results", "Cell", "set_homework",
           "listed", "table_csv", "cell_words",
           "MAX_TITLE", "MAX_ITEMS", "MAX_POSITION_CHARS", "stage_choices",
           "HOMEWORK_LESSON", "POSITION_ID_PATTERN", "position_id", "judge_position_answer"]

MAX_TITLE = 120
MAX_ITEMS = 40



class HomeworkError(ValueError):
    """What the teacher typed cannot be set: `field` names the form's field, the message
    says what is wrong and where."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True)
class Item:
    """One thing to do: a stage (`lesson`, `stage`) or a position (its text)."""

    kind: str  # "stage" or "position"
    lesson: str = ""
    stage: str = ""
    number: int = 0          # a stage's number within its lesson (1-based)
    lesson_title: str = ""
    position: str = ""

    @property
    def key(self) -> str:
        return f"stage:{self.lesson}/{self.stage}" if self.kind == "stage" \
            else f"position:{self.position}"

    def label(self) -> str:
        if self.kind == "stage":
            return f"{self.lesson_title}, stage {self.number}"
        return "Position: " + " · ".join(line.strip() for line in self.position.splitlines()
                                          if line.strip())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "key": self.key, "label": self.label()}
        if self.kind == "stage":
            data.update(lesson=self.lesson, stage=self.stage, number=self.number,
                        lesson_title=self.lesson_title)
        else:
            data.update(position=self.position, id=position_id(self.position))
        return data


@dataclass(frozen=True)
class Homework:
    id: int
    title: str
    due: date
    items: tuple[Item, ...]
    set_at: datetime
    from_mistakes: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "due": self.due.isoformat(),
                "set_at": self.set_at.isoformat(timespec="seconds"),
                "items": [item.to_json() for item in self.items]}


def set_homework(store: Any, title: str, due: date, items: tuple[Item, ...],
                 now: datetime | None = None) -> Homework:
    """Store homework (as `read_form` gives it) in the class's store (`ClassStore`)."""
    number, moment = store.add_homework(title, due.isoformat(), items_json(items), now)
    return Homework(number, title, due, tuple(items), datetime.fromisoformat(moment))


def listed(store: Any) -> list[Homework]:
    """The homework set in the class's store, the latest first."""
    return [Homework(row[0], row[1], date.fromisoformat(row[2]), items_from_json(row[3]),
                     datetime.fromisoformat(row[4])) for row in store.homework_rows()]


def items_json(items: Iterable[Item]) -> str:
    return json.dumps([{"kind": i.kind, "lesson": i.lesson, "stage": i.stage,
                        "position": i.position} for i in items], separators=(",", ":"))


def items_from_json(text: str) -> tuple[Item, ...]:
    """Items as stored; a stage the course no longer has is left out."""
    known = {(s.lesson, s.stage): s for s in course_stages()}
    out: list[Item] = []
    for data in json.loads(text):
        if data.get("kind") == "stage":
            found = known.get((data.get("lesson"), data.get("stage")))
            if found is not None:
                out.append(_stage_item(found))
        elif data.get("kind") == "position":
            out.append(Item("position", position=str(data.get("position", ""))))
    return tuple(out)


def _stage_item(stage: Any) -> Item:
    return Item("stage", stage.lesson, stage.stage, stage.number, stage.lesson_title)


def stage_choices() -> list[dict[str, Any]]:
    """The course's lessons with their stages, for the form."""
    lessons: dict[str, dict[str, Any]] = {}
    for stage in course_stages():
        entry = lessons.setdefault(stage.lesson, {"lesson": stage.lesson,
                                                  "title": stage.lesson_title, "stages": []})
        entry["stages"].append({"value": f"{stage.lesson}/{stage.stage}",
                                "number": stage.number})
    return list(lessons.values())


def read_form(title: str, due: str, stages: Iterable[str] = (), lessons: Iterable[str] = (),
              positions: str = "", today: date | None = None) -> tuple[str, date, tuple[Item, ...]]:
    """The title, due date and items of the form, checked: HomeworkError naming the field and
    what is wrong (a stage the course has not, a date that is no date or is past, a position
    the core cannot read, with its number and line)."""
    title = " ".join(str(title).split())
    if not title:
        raise HomeworkError("title", "Give the homework a title.")
    if len(title) > MAX_TITLE:
        raise HomeworkError("title", f"The title is {len(title)} characters; at most "
                                     f"{MAX_TITLE}.")
    due_date = _due(due, today or date.today())
    known = {f"{s.lesson}/{s.stage}": s for s in course_stages()}
    by_lesson: dict[str, list[Any]] = {}
    for stage in known.values():
        by_lesson.setdefault(stage.lesson, []).append(stage)
    chosen: list[Item] = []
    seen: set[str] = set()

    def add(item: Item) -> None:
        if item.key not in seen:
            seen.add(item.key)
            chosen.append(item)

    for lesson in lessons:
        if lesson not in by_lesson:
            raise HomeworkError("lessons", f"The course has no lesson with stages called "
                                           f"{str(lesson)[:60]!r}.")
        for stage in by_lesson[lesson]:
            add(_stage_item(stage))
    for value in stages:
        if value not in known:
            raise HomeworkError("stages", f"The course has no stage {str(value)[:60]!r} "
                                          f"(lesson/stage).")
        add(_stage_item(known[value]))
    for item in _positions(positions):
        add(item)
    if not chosen:
        raise HomeworkError("items", "Choose at least one lesson or stage, or type a position.")
    if len(chosen) > MAX_ITEMS:
        raise HomeworkError("items", f"That is {len(chosen)} items; homework holds at most "
                                     f"{MAX_ITEMS}.")
    return title, due_date, tuple(chosen)


def _due(text: str, today: date) -> date:
    text = str(text).strip()
    if not text:
        raise HomeworkError("due", "Give a due date (year-month-day, like 2026-12-01).")
    try:
        due = date.fromisoformat(text)
    except ValueError:
        raise HomeworkError("due", f"{text[:30]!r} is not a date; write year-month-day, like "
                                   f"2026-12-01.") from None
    if due < today:
        raise HomeworkError("due", f"The due date {due.isoformat()} is already past.")
    return due


def _positions(text: str) -> list[Item]:
    """The positions typed, one after another with a blank line between them, each read by
    the rules core."""
    text = str(text).replace("\r", "")
    if len(text) > MAX_POSITION_CHARS * 5:
        raise HomeworkError("positions", "The positions are too long.")
    blocks: list[list[str]] = [[]]
    for line in text.split("\n"):
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    out = []
    for number, block in enumerate((b for b in blocks if b), 1):
        position = "\n".join(line.strip() for line in block)
        try:
            read = Position.parse(position)
        except PositionError as error:
            raise HomeworkError("positions", f"Position {number}: {error}") from None
        if not read.legal_moves():
            raise HomeworkError("positions", f"Position {number}: the player to move has no "
                                             f"move in it, so there is nothing to find.")
        out.append(Item("position", position=position))
    return out


# ---------------------------------------------------------------------- a learner's results


@dataclass
class Cell:
    """One learner's state on one item."""

    tries: int = 0
    solved_on: int | None = None  # the try that solved it (1: the first)

    @property
    def state(self) -> str:
        return "solved" if self.solved_on else "started" if self.tries else "not started"

    def to_json(self) -> dict[str, Any]:
        return {"state": self.state, "tries": self.tries, "solved_on": self.solved_on}


def results(homework: Iterable[Homework], events: list[Event]) -> dict[str, dict[str, Any]]:
    """Per homework id and item key, the learner's cell, from their events (tries of a stage,
    or of a position item, after the homework was set; a solve counts when the server judged
    it, as stars do)."""
    out: dict[str, dict[str, Any]] = {}
    for work in homework:
        stage_keys = {(i.lesson, i.stage) if i.kind == "stage"
                      else (HOMEWORK_LESSON, position_id(i.position)): i.key for i in work.items}
        cells: dict[str, Cell] = {i.key: Cell() for i in work.items}
        for event in events:
            if event.kind != "try" or event.at < work.set_at:
                continue
            key = stage_keys.get((event.lesson, event.stage or ""))
            if key is None or key not in cells or cells[key].solved_on:
                continue
            cell = cells[key]
            cell.tries += 1
            if event.solved and event.checked:
                cell.solved_on = cell.tries
        out[str(work.id)] = {key: cell.to_json() for key, cell in cells.items()}
    return out


def summary_line(cells: dict[str, Any]) -> str:
    solved = sum(1 for c in cells.values() if c["state"] == "solved")
    return f"{solved} of {len(cells)} done"


def cell_words(cell: dict[str, Any] | None) -> str:
    """A learner's cell as the teacher reads it."""
    if not cell or cell["state"] == "not started":
        return "not started"
    if cell["state"] == "solved":
        return f"solved on try {cell['solved_on']}"
    return f"tried {cell['tries']} times, not solved" if cell["tries"] != 1 \
        else "tried once, not solved"


def table_csv(table: dict[str, Any]) -> str:
    """The teacher's homework table (`ClassTally.homework_table`) as CSV: one row a learner
    and item of each homework."""
    import csv
    import io

    from .class_summary import _cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["Homework", "Due", "Item", "Name", "Code", "State", "Tries",
                     "Solved on try"])
    for work in table.get("homework", []):
        for item in work["items"]:
            for learner in table.get("learners", []):
                cell = learner["results"].get(str(work["id"]), {}).get(item["key"]) \
                    or {"state": "not started", "tries": 0, "solved_on": None}
                writer.writerow([_cell(x) for x in
                                 [work["title"], work["due"], item["label"], learner["name"],
                                  learner["code"], cell["state"], cell["tries"],
                                  cell["solved_on"] or ""]])
    return out.getvalue()


# ---------------------------------------------------------------------- the learner's side

_asker: Callable[[], list[dict[str, Any]]] | None = None


def ask_with(asker: Callable[[], list[dict[str, Any]]] | None) -> None:
    """How this page asks for its learner's homework (set by the page when it is in a class:
    pages/browser_class.py); None: no class, no homework."""
    global _asker
    _asker = asker


def assigned() -> list[dict[str, Any]]:
    """The class's homework with this learner's own state on each item (the class server's
    `class/api/homework`), [] outside a class or when the server cannot be reached."""
    if _asker is None:
        return []
    try:
        return _asker()
    except (OSError, ValueError):
        return []


def stage_to_open(slug: str, work: list[dict[str, Any]] | None = None) -> str | None:
    """The first stage of lesson `slug` that is homework and not solved yet (None: none): the
    lesson opens there."""
    for homework in (assigned() if work is None else work):
        for item in homework.get("items", []):
            if item.get("kind") == "stage" and item.get("lesson") == slug \
                    and item.get("state") != "solved":
                return str(item.get("stage"))
    return None
