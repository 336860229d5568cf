"""What the teacher's page shows about a class, as plain JSON-able data (and a CSV of the
learners): one row per learner (last seen, lessons done, stars, where they are now), the
course's stages from the hardest (the lowest share of first-try solves among those who tried
first), and the rules the class broke most. Read from the class's database (`class_store`) or
from a file-based class's files (`classroom`, `class_events`); a corrupt progress file shows as
no progress (set aside by `progress.load`), a record loses only its unreadable lines. Each
row's fields and the order of the stages: docs/class-store.md, "What the teacher sees".
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any

from ..learner import progress
from ..teaching.catalog import LESSONS
from .homework_positions import HOMEWORK_LESSON
from .class_events import Event, read_events
from .class_store import ClassStore
from .roster import Classroom, Learner
from ..teaching.stages import Stage, StageError, has_stages, load_stages, most_stars, stars_for

__all__ = ["ClassSummary", "LearnerRow", "StageRow", "RuleRow", "CourseStage", "summarize",
           "to_csv", "course_stages", "LearnerPart", "learner_part", "assemble", "tables",
           "seen_row", "lesson_columns", "ClassTables"]


@dataclass(frozen=True)
class CourseStage:
    lesson: str
    lesson_title: str
    stage: str
    number: int  # 1-based, within its lesson
    order: int   # 0-based, within the course


def course_stages() -> list[CourseStage]:
    """Every stage of the course, in teaching order (lessons whose stages cannot be read are
    left out: the lesson tests report those). Read once: the course does not change while a
    server runs."""
    return list(_course()[0])


def _stage(lesson: str, stage: str) -> Stage | None:
    return _course()[1].get((lesson, stage))


@lru_cache(maxsize=1)
def _course() -> tuple[tuple[CourseStage, ...], dict[tuple[str, str], Stage], dict[str, int]]:
    """The course's stages in order, each stage by (lesson, stage), the most stars a lesson."""
    out: list[CourseStage] = []
    found: dict[tuple[str, str], Stage] = {}
    most: dict[str, int] = {}
    for item in LESSONS:
        if not has_stages(item.slug):
            continue
        try:
            stages = load_stages(item.slug)
        except StageError:
            continue
        most[item.slug] = most_stars(stages)
        for number, stage in enumerate(stages, 1):
            out.append(CourseStage(item.slug, item.title, stage.id, number, len(out)))
            found[(item.slug, stage.id)] = stage
    return tuple(out), found, most


@dataclass
class LearnerRow:
    name: str
    code: str
    joined: str
    last_seen: str | None
    seconds_since_seen: float | None
    lessons_done: int
    stars: dict[str, int]  # checked stars by lesson slug, every lesson with stages
    stars_total: int
    unchecked: dict[str, int]  # stages the page says are solved that the server never judged
    unchecked_total: int
    lesson_now: str | None
    lesson_title_now: str | None
    stage_now: str | None
    stage_number_now: int | None


@dataclass
class StageRow:
    lesson: str
    lesson_title: str
    stage: str
    number: int
    tried: int
    solved: int
    first_try: int
    median_tries: float | None


@dataclass
class RuleRow:
    rule: str
    refusals: int
    learners: int
    stages: list[dict[str, Any]]  # {lesson, stage, number, refusals}, most first
    taught_in: list[str]          # lesson slugs


@dataclass
class ClassSummary:
    class_name: str
    generated: str
    lessons: list[dict[str, Any]]  # {lesson, title, stages, stars}: the columns of stars
    learners: list[LearnerRow] = field(default_factory=list)
    stages: list[StageRow] = field(default_factory=list)  # hardest first
    rules: list[RuleRow] = field(default_factory=list)    # most refused first

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(timezone.utc).isoformat(
        timespec="seconds")


def _mtime(path: Any) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    except OSError:
        return None


@dataclass
class _Tries:
    """One learner's answers to one stage, from their record."""

    count: int = 0           # answers up to the first right one (all, if none was right)
    solved: bool = False     # a right answer, judged by the server (or recorded on it)
    first_right: bool = False


def _tries(events: list[Event]) -> dict[tuple[str, str], _Tries]:
    """A solve counts only when checked: a page's "solved" the server did not judge is a try."""
    out: dict[tuple[str, str], _Tries] = {}
    for event in events:
        if event.kind != "try" or event.stage is None:
            continue
        entry = out.setdefault((event.lesson, event.stage), _Tries())
        if entry.solved:
            continue  # replays after the first solve are not the stage's difficulty
        entry.count += 1
        if event.solved and event.checked:
            entry.solved = True
            entry.first_right = entry.count == 1
    return out


def checked_stars(key: tuple[str, str], claimed: int, mine: "_Tries | None") -> int:
    """The stars shown for a stage: those the progress claims, at most what the checked tries
    allow (3 at a checked first try, fewer after wrong tries), none without a checked solve."""
    stage = _stage(*key)
    if stage is None or mine is None or not mine.solved:
        return 0
    allowed = stars_for(mine.count - 1, False, kind=stage.kind, two_way=stage.two_way)
    return min(claimed, allowed)


_Record = tuple[Learner, progress.Progress, list[Event], "datetime | None"]


def _records(klass: ClassStore | Classroom) -> list[_Record]:
    """Each learner with their progress, events and when last seen."""
    if isinstance(klass, ClassStore):
        return klass.records()
    out: list[_Record] = []
    for learner in klass.learners():
        path = klass.progress_path(learner.id)
        events = read_events(klass.events_path(learner.id))
        moments = [e.at for e in events] + [m for m in [_mtime(path)] if m is not None]
        out.append((learner, progress.load(path), events, max(moments) if moments else None))
    return out


@dataclass
class LearnerPart:
    """What one learner adds to the teacher's tables, worked out from their records alone:
    their row (its "seconds since seen" filled in when shown), the stages they tried with
    (solved, solved at the first try, tries to the solve) and their refused moves. A class's
    tally (`class_tally`) keeps one a learner and works out again only the learner who sent
    something."""

    id: str
    row: LearnerRow
    seen: datetime | None
    stages: dict[tuple[str, str], tuple[bool, bool, int]]
    refusals: Counter[tuple[str, str, str | None]]


def learner_part(learner: Learner, record: progress.Progress, events: list[Event],
                 seen: datetime | None, *, trusted: bool = False) -> LearnerPart:
    """`learner`'s part of the summary (`trusted`: a file-based class, whose progress the
    lessons running on the server wrote; a store's came from the pages: only what the server
    judged counts there)."""
    course = _course()[1]
    answers = _tries(events)
    keys = set(answers)
    for slug, entry in record.lessons.items():
        keys.update((slug, stage_id) for stage_id in entry.stages)
    stages: dict[tuple[str, str], tuple[bool, bool, int]] = {}
    for key in keys:
        if key not in course:
            continue
        stage = record.lesson(key[0]).stages.get(key[1])
        mine = answers.get(key)
        if mine is None and not trusted:
            continue  # no try the server saw: what a page's progress claims is not the stage's
        if mine is None and stage is not None and not stage.solved and stage.tries == 0:
            continue  # a hint taken, nothing answered
        if mine is not None and mine.solved:
            stages[key] = (True, mine.first_right, mine.count)
        elif trusted and stage is not None and stage.solved:
            # a file-based class: solved before the record began (an imported file)
            count = max(1, stage.tries)
            stages[key] = (True, count == 1, count)
        else:
            stages[key] = (False, False, 0)
    refusals: Counter[tuple[str, str, str | None]] = Counter(
        (e.rule, e.lesson, e.stage) for e in events if e.kind == "refusal")
    row = _learner_row(learner, record, events, answers, seen, _by_lesson(), _titles(),
                       trusted)
    return LearnerPart(learner.id, row, seen, stages, refusals)


@lru_cache(maxsize=1)
def _by_lesson() -> dict[str, list[CourseStage]]:
    by_lesson: dict[str, list[CourseStage]] = defaultdict(list)
    for item in _course()[0]:
        by_lesson[item.lesson].append(item)
    return dict(by_lesson)


@lru_cache(maxsize=1)
def _titles() -> dict[str, str]:
    return {item.slug: item.title for item in LESSONS}


def summarize(classroom: ClassStore | Classroom, now: datetime) -> ClassSummary:
    """The class (a class store, or a file-based class) as it is at `now` (a timezone-aware
    time; naive means UTC)."""
    trusted = not isinstance(classroom, ClassStore)
    parts = [learner_part(*record, trusted=trusted) for record in _records(classroom)]
    return assemble(classroom.name, parts, now)


def seen_row(part: LearnerPart, now: datetime) -> LearnerRow:
    """The learner's row with how long ago they were seen, at `now`."""
    seen = part.seen
    return replace(part.row, seconds_since_seen=None if seen is None
                   else max(0.0, (now - seen).total_seconds()))


def assemble(name: str, parts: list[LearnerPart], now: datetime) -> ClassSummary:
    """The summary of a class made of these learners' parts, at `now`."""
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)
    rows = [seen_row(part, now) for part in parts]
    stage_rows, rule_rows = tables(parts)
    return ClassSummary(name, _iso(now) or "", lesson_columns(), rows, stage_rows, rule_rows)


def lesson_columns() -> list[dict[str, Any]]:
    most = _course()[2]
    titles = _titles()
    return [{"lesson": slug, "title": titles.get(slug, slug), "stages": len(stages),
             "stars": most[slug]} for slug, stages in _by_lesson().items()]


def tables(parts: list[LearnerPart]) -> tuple[list["StageRow"], list["RuleRow"]]:
    """The stages, hardest first, and the rules refused, most first, of these learners."""
    counts = ClassTables()
    for part in parts:
        counts.add(part)
    return counts.rows()


class ClassTables:
    """The counts behind the stages' and rules' tables, kept as learners' parts come and go
    (`add`, `remove`): a learner's change costs the size of their part, not the class's, and
    the rows are made from the counts (the course's stages and the rules refused)."""

    def __init__(self) -> None:
        self.tried: Counter[tuple[str, str]] = Counter()
        self.solved: Counter[tuple[str, str]] = Counter()
        self.first: Counter[tuple[str, str]] = Counter()
        # stage -> tries to the solve -> how many learners took that many
        self.tries: dict[tuple[str, str], Counter[int]] = defaultdict(Counter)
        self.refusals: Counter[str] = Counter()
        self.refusers: Counter[str] = Counter()  # learners who broke the rule at least once
        self.refused_at: dict[str, Counter[tuple[str, str | None]]] = defaultdict(Counter)

    def add(self, part: LearnerPart, sign: int = 1) -> None:
        """Count `part` in (or out, with `sign` -1)."""
        for key, (done, at_first, count) in part.stages.items():
            _bump(self.tried, key, sign)
            if done:
                _bump(self.solved, key, sign)
                _bump(self.first, key, sign * at_first)
                _bump(self.tries[key], count, sign)
        for (rule, lesson, stage), n in part.refusals.items():
            _bump(self.refusals, rule, sign * n)
            _bump(self.refused_at[rule], (lesson, stage), sign * n)
        for rule in {rule for rule, _, _ in part.refusals}:
            _bump(self.refusers, rule, sign)

    def remove(self, part: LearnerPart) -> None:
        """Count `part` out (it was added before)."""
        self.add(part, -1)

    def rows(self) -> tuple[list["StageRow"], list["RuleRow"]]:
        """The stages, hardest first, and the rules refused, most first."""
        course = list(_course()[0])
        where = {(s.lesson, s.stage): s for s in course}
        stage_rows = [StageRow(s.lesson, s.lesson_title, s.stage, s.number, self.tried[key],
                               self.solved[key], self.first[key], _median(self.tries.get(key)))
                      for s in course for key in [(s.lesson, s.stage)]]
        stage_rows.sort(key=lambda row: _hardness(row, where))

        taught: dict[str, list[str]] = defaultdict(list)
        for item in LESSONS:
            for rule in item.rules:
                taught[rule].append(item.slug)
        rule_rows = []
        for rule, count in sorted(self.refusals.items(), key=lambda kv: (-kv[1], kv[0])):
            places = sorted(self.refused_at[rule].items(),
                            key=lambda kv: (-kv[1], _place(kv[0], where)))
            rule_rows.append(RuleRow(rule, count, self.refusers[rule], [
                {"lesson": lesson, "stage": stage,
                 "number": where[(lesson, stage)].number
                 if stage is not None and (lesson, stage) in where else None,
                 "refusals": n}
                for (lesson, stage), n in places], taught.get(rule, [])))
        return stage_rows, rule_rows


def _bump(counts: Counter[Any], key: Any, by: int) -> None:
    """`counts[key] += by`, the key dropped at zero (so a table lists only what is there)."""
    value = counts[key] + by
    if value:
        counts[key] = value
    else:
        del counts[key]


def _median(histogram: Counter[int] | None) -> float | None:
    """The median of the values counted in `histogram` (value -> how many), as
    `statistics.median` of them all would give; None when there are none."""
    if not histogram:
        return None
    values = sorted(histogram.items())
    total = sum(histogram.values())
    middle = [(total - 1) // 2, total // 2]  # the one or two middle positions, 0-based
    found: list[int] = []
    seen = 0
    for value, n in values:
        while len(found) < 2 and middle[len(found)] < seen + n:
            found.append(value)
        seen += n
    return found[0] if total % 2 else (found[0] + found[1]) / 2


def _place(key: tuple[str, str | None], where: dict[tuple[str, str], CourseStage]) -> int:
    found = where.get(key) if key[1] is not None else None  # type: ignore[arg-type]
    return found.order if found else len(where)


def _hardness(row: StageRow, where: dict[tuple[str, str], CourseStage]) -> tuple:
    order = where[(row.lesson, row.stage)].order
    if not row.tried:
        return (1, 0.0, 0.0, 0.0, order)
    median = row.median_tries if row.median_tries is not None else 0.0
    return (0, row.first_try / row.tried, row.solved / row.tried, -median, order)


def _learner_row(learner: Learner, record: progress.Progress, events: list[Event],
                 answers: dict[tuple[str, str], _Tries], seen: datetime | None,
                 by_lesson: dict[str, list[CourseStage]], titles: dict[str, str],
                 trusted: bool = False) -> LearnerRow:
    stars: dict[str, int] = {}
    unchecked: dict[str, int] = {}
    for slug in by_lesson:
        held = record.lesson(slug).stages
        stars[slug] = unchecked[slug] = 0
        for stage_id, kept in held.items():
            key = (slug, stage_id)
            mine = answers.get(key)
            if _stage(*key) is None or not kept.solved:
                continue
            if trusted:
                stars[slug] += kept.stars if _stage(*key).behaviour.starred else 0  # type: ignore[union-attr]
            elif mine is not None and mine.solved:
                stars[slug] += checked_stars(key, kept.stars, mine)
            elif kept.stars or _stage(*key).behaviour.starred:  # type: ignore[union-attr]
                unchecked[slug] += 1
    done = sum(1 for item in LESSONS if record.lesson(item.slug).done)
    lesson_now = stage_now = None
    number_now = None
    if events:
        last = events[-1]
        lesson_now, stage_now = last.lesson, last.stage
        if last.kind == "try" and last.solved:  # on to the next unsolved stage, if any
            stages = by_lesson.get(last.lesson, [])
            ids = [s.stage for s in stages]
            after = ids.index(last.stage) + 1 if last.stage in ids else 0
            ahead = [s for s in ids[after:] + ids[:after]
                     if not record.lesson(last.lesson).solved(s)]
            stage_now = ahead[0] if ahead else None
        numbers = {s.stage: s.number for s in by_lesson.get(lesson_now, [])}
        number_now = numbers.get(stage_now) if stage_now is not None else None
    return LearnerRow(
        name=learner.name, code=learner.code, joined=_iso(learner.joined) or "",
        last_seen=_iso(seen),
        seconds_since_seen=None,  # filled in when shown (`seen_row`)
        lessons_done=done, stars=stars, stars_total=sum(stars.values()),
        unchecked=unchecked, unchecked_total=sum(unchecked.values()),
        lesson_now=lesson_now, lesson_title_now=titles.get(lesson_now or "") or (
            "Homework: a position" if lesson_now == HOMEWORK_LESSON else lesson_now),
        stage_now=stage_now, stage_number_now=number_now)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text: one starting like a formula gets an apostrophe."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def to_csv(summary: ClassSummary) -> str:
    """The learners' table as CSV: name, code, last seen, lessons done, stars, one column of
    stars per lesson, and where each learner is now."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    lessons = summary.lessons
    writer.writerow([_cell(x) for x in
                     ["Name", "Code", "Last seen (UTC)", "Lessons done", "Stars",
                      *(f"{item['title']} (of {item['stars']})" for item in lessons),
                      "Lesson now", "Stage now"]])
    for row in summary.learners:
        writer.writerow([_cell(x) for x in
                         [row.name, row.code, row.last_seen or "", row.lessons_done,
                          row.stars_total, *(row.stars.get(item["lesson"], 0) for item in lessons),
                          row.lesson_title_now or "", row.stage_number_now or ""]])
    return out.getvalue()
