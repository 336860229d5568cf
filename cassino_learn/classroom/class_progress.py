"""The strict check of the progress a learner's page sends to a class's server: exact types
(stars 0 to 3 as a whole number, never "3", 2.9 or true; solved true or false; counts whole
and not negative; hint steps a small whole number, or true / false as older pages sent), and only the course's lessons and stages. Fields it does not know (a newer
version's) are left to the progress file's own reading. The progress file's own reading
(`progress.from_json`) is lenient, as a file on the learner's own disk may be; a server that
shows a class to its teacher is not. ValueError naming the field, e.g.
"progress: lessons.02_pairing.stages.one-card.stars: '3' is not a whole number of 0 to 3
 stars".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

__all__ = ["strict_progress"]

_STAGE_COUNTS = {"stars": 3, "tries": None}
_STAGE_FLAGS = ("solved", "shown")
_LESSON_COUNTS = ("best", "total", "practised")


def strict_progress(data: Any) -> None:
    """ValueError naming the first field of `data` (a progress file's JSON) that a page could
    not have written; None when every lesson and stage in it is the course's, of exact types."""
    if not isinstance(data, dict):
        raise ValueError(f"progress: a JSON object, not {type(data).__name__}")
    lessons = data.get("lessons", {})
    if not isinstance(lessons, dict):
        raise ValueError("progress: lessons: a JSON object of lessons")
    for slug, entry in lessons.items():
        where = f"lessons.{_short(slug)}"
        if slug not in _lessons():
            raise ValueError(f"progress: {where}: not a lesson of the course")
        if not isinstance(entry, dict):
            raise ValueError(f"progress: {where}: a JSON object")
        _flag(entry, "done", where)
        for name in _LESSON_COUNTS:
            _count(entry, name, where, None)
        if entry.get("last") is not None:
            _count(entry, "last", where, None)
        stages = entry.get("stages", {})
        if not isinstance(stages, dict):
            raise ValueError(f"progress: {where}.stages: a JSON object of stages")
        known = _stages(slug)
        for stage_id, record in stages.items():
            here = f"{where}.stages.{_short(stage_id)}"
            if stage_id not in known:
                raise ValueError(f"progress: {here}: not a stage of {slug}")
            if not isinstance(record, dict):
                raise ValueError(f"progress: {here}: a JSON object")
            for name in _STAGE_FLAGS:
                _flag(record, name, here)
            for name, most in _STAGE_COUNTS.items():
                _count(record, name, here, most)
            _hint_steps(record, here)
            if record.get("stars", 0) and not record.get("solved", False):
                raise ValueError(f"progress: {here}.stars: stars for a stage not solved")


def _flag(entry: dict, name: str, where: str) -> None:
    if name in entry and not isinstance(entry[name], bool):
        raise ValueError(f"progress: {where}.{name}: {_value(entry[name])} is not true or "
                         f"false")


def _hint_steps(record: dict, where: str) -> None:
    """The steps of a stage's hint ladder taken: a whole number, or true / false as pages
    wrote before the ladder (one step or none)."""
    from ..learner.progress import MOST_HINT_STEPS

    value = record.get("hint", 0)
    if isinstance(value, bool):
        return
    if not isinstance(value, int) or not 0 <= value <= MOST_HINT_STEPS:
        raise ValueError(f"progress: {where}.hint: {_value(value)} is not true, false or a "
                         f"whole number of 0 to {MOST_HINT_STEPS} hint steps")


def _count(entry: dict, name: str, where: str, most: int | None) -> None:
    if name not in entry:
        return
    value = entry[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or \
            (most is not None and value > most):
        span = f"of 0 to {most} stars" if most is not None else "(a count: 0 or more)"
        raise ValueError(f"progress: {where}.{name}: {_value(value)} is not a whole number "
                         f"{span}")


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 40 else text[:37] + "..."


def _value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@lru_cache(maxsize=1)
def _lessons() -> frozenset[str]:
    from ..teaching.catalog import LESSONS

    return frozenset(item.slug for item in LESSONS)


def _stages(slug: str) -> frozenset[str]:
    from .class_events import stage_ids

    return stage_ids(slug)
