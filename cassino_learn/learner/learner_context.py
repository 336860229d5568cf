"""Whose lessons run in this process: where their progress is kept, where what they do is
recorded, and who hears of it. One `LearnerContext` is in use at a time (`current()`); outside
a class it is `NOBODY` (the data folder's progress file, nothing recorded). A class's page
makes its learner's context and puts it in use once (`use`); a test or a tool does so for a
block (`with using(context):`), which puts back the one before."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol

__all__ = ["LearnerContext", "Record", "NOBODY", "current", "use", "using"]

Listener = Callable[[dict[str, Any]], None]


class Record(Protocol):
    """A learner's record of events (class_events.EventLog)."""

    def add(self, kind: str, lesson: str, stage: str | None = None, *, solved: bool = False,
            rule: str = "") -> None: ...


@dataclass(frozen=True)
class LearnerContext:
    """One learner's lessons. Every field may be left out: `LearnerContext()` is nobody's."""

    learner: Any = None  # the class's learner (classroom.Learner); None outside a class
    progress_path: Path | None = None  # their own progress file; None: the data folder's
    record: Record | None = None  # their record of events (a class on one server)
    sink: Listener | None = None  # hears of every event (a class in the browser)
    after_save: tuple[Listener, ...] = ()  # hear of every save, with the progress saved


NOBODY = LearnerContext()
_current = NOBODY


def current() -> LearnerContext:
    """The context in use."""
    return _current


def use(context: LearnerContext) -> LearnerContext:
    """Put `context` in use for the rest of the process (`NOBODY` to leave a class); returns
    the one it replaces."""
    global _current
    if not isinstance(context, LearnerContext):
        raise TypeError(f"a learner's context is a LearnerContext, not "
                        f"{type(context).__name__}")
    before, _current = _current, context
    return before


@contextmanager
def using(context: LearnerContext) -> Iterator[LearnerContext]:
    """Put `context` in use inside the block, and the one before back after it (whatever the
    block put in use meanwhile)."""
    before = use(context)
    try:
        yield context
    finally:
        use(before)
