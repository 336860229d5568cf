"""A lesson's stages: short tasks on the card table, judged by the rules core, worth 1-3 stars.
Stages are data, one JSON file per lesson (lessons/stages/<slug>.json), so the engineer writing
a stage never writes a judge: the answer always comes from the core. Every kind but "demo" and
"points" is a quiz item (`teaching.quiz`); each kind is a class in `teaching.kinds`, which a
stage holds as `.behaviour`. The file's format and the kinds: docs/layout.md, "A lesson's
stages".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from ..core.cards import FULL_DECK, Card, parse_cards
from ..core.errors import MoveSyntaxError, PositionError
from ..core.position import Position
from .goals import GoalError
from .judged import SHOW, LOOK, StageError
from .kinds import KINDS, Kind, kind_named
from .quiz import BankError, QuizItem, Verdict, parse_bank

__all__ = ["KINDS", "MAX_WORDS", "StageError", "Stage", "LessonStages", "load_stages",
           "stages_path", "stars_for", "starred", "most_stars", "stars_earned", "has_stages"]

MAX_WORDS = 60
_COMMON = {"id", "kind", "say", "hint", "hints", "why"}
_STAGE_ONLY = {"hints", "guided", "task"}  # read here, never handed to the quiz item


def stars_for(wrong_tries: int, hints: int | bool = 0, *, shown: bool = False,
              kind: str = "goal", two_way: bool = False, guided: bool = False) -> int:
    """The stars a solved stage earns, the one rule the runner, the map, the contents page
    and the teacher's view share. Every wrong try (a refused move too) and every hint step
    taken is one help: 3 with none; 2 after one (one wrong try, or one hint step, which never
    names the move); 1 after more; a two-way question (Legal / Not legal, or a choice of two:
    `two_way`) answered wrong first at most 1. None when the move was named or shown ("Show
    me", or the answer told after the tries: the stage is then "seen", PEDAGOGY.md: "a hint
    that names the move is a shown answer"), and none for a demonstration or a guided step
    (`guided`: the clicks are shown), which are not starred at all."""
    behaviour = kind_named(kind)
    if shown or guided or not behaviour.starred:
        return 0
    helped = wrong_tries + int(hints)
    if helped == 0:
        return 3
    if wrong_tries and (two_way or behaviour.two_way):
        return 1
    return 2 if helped == 1 else 1


def starred(stages: Iterable["Stage"]) -> list["Stage"]:
    """The stages that earn stars (every kind but demonstrations, and no guided step)."""
    return [stage for stage in stages if stage.starred]


def most_stars(stages: Iterable["Stage"]) -> int:
    """The most stars a lesson's stages can earn: 3 for each starred stage."""
    return 3 * len(starred(stages))


def stars_earned(stages: Iterable["Stage"], records: Any) -> int:
    """The stars held in `records` ({stage id: StageRecord}) for the starred `stages`
    (stars a demonstration earned before demonstrations were unstarred do not count)."""
    return sum(records[s.id].stars for s in starred(stages) if s.id in records)


_RULE_ID = re.compile(r"\b([A-Z][0-9]{1,2})\b")


def words(text: str) -> int:
    return len(text.split())


@dataclass(frozen=True)
class Stage:
    """One stage: its kind's name (`kind`, as the file writes it) and what that kind reads;
    `behaviour`, the kind itself (`teaching.kinds`), looked up once when the stage is made,
    answers everything that differs between kinds."""

    id: str
    kind: str
    say: str
    hints: tuple[str, ...] = ()                # the hint ladder: each step narrower, none
                                               # naming the move ("Show me" does that)
    why: str = ""                              # the longer explanation, shown on request
    guided: bool = False                       # a first action's guided step: the clicks
                                               # may be shown, and it earns no stars
    task_words: str = ""                       # a goal's task as a person says it
    item: QuizItem | None = None               # the quiz item that judges it (most kinds)
    position: Position | None = None
    cards: tuple[Card, ...] = ()               # points
    steps: tuple[tuple[str, str], ...] = ()    # demo: (move, caption)
    stock: tuple[Card, ...] = ()               # goal under V9: the stock, top first
    behaviour: Kind = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "behaviour", kind_named(self.kind))

    @property
    def hint(self) -> str:
        """The first step of the hint ladder ("" when the stage gives none)."""
        return self.hints[0] if self.hints else ""

    @property
    def starred(self) -> bool:
        """Whether the stage earns stars (demonstrations and guided steps do not)."""
        return self.behaviour.starred and not self.guided

    def hint_steps(self) -> tuple[str, ...]:
        """The hint ladder, or one step worked out from the stage when it gives none; no step
        names the move."""
        return self.hints or self.behaviour.hint_steps(self)

    def rule(self) -> str | None:
        """The rule the stage teaches: the first rule id its "why" names (a rule of play
        before a worked example), or None."""
        ids = _RULE_ID.findall(self.why)  # in the order written
        return next((i for i in ids if not i.startswith("E")), ids[0] if ids else None)

    # ------------------------------------------------------------------ the task

    def task(self) -> str:
        """What the learner must do, worded from what the judge checks (never typed apart)."""
        return self.behaviour.task(self)

    def move_words(self) -> str:
        """legal: the move asked about, in words ("play the six of clubs to take the six of
        diamonds"); the widget draws it on the table from `item.move`."""
        from .saying import text_said

        assert self.item is not None and self.item.move is not None
        return text_said(self.item.position, self.item.move)

    def choices(self) -> tuple[str, ...]:
        """The buttons a learner answers with (legal, points, number, choice)."""
        return self.behaviour.choices(self)

    def mistakes(self) -> tuple[str, ...]:
        """The answers a learner gets by the lesson's typical error, worked out like the right
        one (number, choice: `facts.Answer.mistakes`; points: one scoring card forgotten, or
        Big Casino counted as 1); every one of them is among the choices."""
        return self.behaviour.mistakes(self)

    def truth(self) -> int:
        """points: the cards' points, as the core counts them (C3, K1)."""
        return sum(card.points for card in self.cards)

    def sides(self) -> tuple[int, ...]:
        """score: the sides to give points for."""
        assert self.item is not None
        return tuple(sorted(self.item.truth()))

    # ------------------------------------------------------------------ judging

    @property
    def two_way(self) -> bool:
        """Whether one wrong try settles the question (Legal / Not legal, or two choices)."""
        return self.behaviour.settled_by_one_try(self)

    def judge(self, answer: Any, *, reveal: bool = True, step: int | None = None) -> Verdict:
        """The verdict on an answer: a Move (goal), moves or their texts (captures), a choice's
        words (legal, number, choice, points) or {side: points} (score). A demo has no answer:
        it is right once the last step is reached (`judge(True)`).

        A wrong answer is told in steps (`cassino_learn.teaching.feedback`): `step` 1, what to
        look at again; 2, a stronger hint; 3, the answer with what makes it right. Without a
        `step`, `reveal=False` is step 1 (a first wrong try, no hint taken) and `reveal=True`
        step 3."""
        step = step if step is not None else (SHOW if reveal else LOOK)
        return self.behaviour.judge_stage(self, answer, step)

    def shown(self) -> Verdict:
        """The answer with what makes it right ("Show me"); a demo has none to show."""
        return self.behaviour.show_stage(self)

    def solutions(self) -> list[Any]:
        """Right answers worked out by the core: moves (goal), the set of captures (captures,
        as one answer), the right choice (legal, points, number, choice), {side: points}."""
        return self.behaviour.stage_solutions(self)


@dataclass(frozen=True)
class LessonStages:
    slug: str
    path: Path
    stages: tuple[Stage, ...] = field(default_factory=tuple)

    def __len__(self) -> int:
        return len(self.stages)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.stages)

    def stage(self, stage_id: str) -> Stage:
        for stage in self.stages:
            if stage.id == stage_id:
                return stage
        raise KeyError(f"{self.path.name}: no stage {stage_id!r}")

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(stage.id for stage in self.stages)


def stages_path(slug: str) -> Path:
    from .catalog import lesson, lessons_dir

    return lessons_dir() / "stages" / f"{lesson(slug).slug}.json"


def has_stages(slug: str) -> bool:
    try:
        return stages_path(slug).exists()
    except (KeyError, FileNotFoundError):
        return False


@lru_cache(maxsize=32)
def _cached(path: Path, stamp: float) -> LessonStages:
    return _read(path)


def load_stages(source: str | Path) -> LessonStages:
    """A lesson's stages (a slug like "05_building" or a path), every one checked against the
    rules core. Raises `StageError` naming the file, the stage and what is wrong."""
    path = Path(source)
    if not path.suffix:
        path = stages_path(str(source))
    try:
        stamp = path.stat().st_mtime
    except FileNotFoundError:
        raise StageError("no such stages file", source=str(path)) from None
    return _cached(path, stamp)


def _read(path: Path) -> LessonStages:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise StageError(f"not valid JSON: line {error.lineno} column {error.colno}: "
                         f"{error.msg}", source=str(path)) from None
    if not isinstance(data, dict) or not isinstance(data.get("stages"), list):
        raise StageError("a stages file is an object with a \"stages\" list", source=str(path))
    stages: list[Stage] = []
    for number, raw in enumerate(data["stages"], 1):
        label = f"stage {number}"
        if isinstance(raw, dict) and raw.get("id"):
            label += f" ({raw['id']})"
        try:
            stage = parse_stage(raw)
        except (StageError, BankError, GoalError, PositionError, MoveSyntaxError,
                ValueError) as error:
            raise StageError(str(error), source=path.name, stage=label) from None
        if stage.id in (s.id for s in stages):
            raise StageError(f"the id {stage.id!r} is used twice", source=path.name, stage=label)
        stages.append(stage)
    if not stages:
        raise StageError("no stages", source=str(path))
    return LessonStages(str(data.get("lesson", path.stem)), path, tuple(stages))


def parse_stage(raw: Any) -> Stage:
    """One stage from its JSON object, checked against the core (StageError if wrong)."""
    if not isinstance(raw, dict):
        raise StageError("a stage is an object with an id, a kind and what it says")
    for name in ("id", "kind", "say"):
        if not isinstance(raw.get(name), str) or not raw[name].strip():
            raise StageError(f"a stage needs {name!r} (text)")
    name = raw["kind"]
    if name not in KINDS:
        raise StageError(f"kind must be one of {', '.join(KINDS)}, not {name!r}")
    kind = KINDS[name]
    if words(raw["say"]) > MAX_WORDS:
        raise StageError(f"'say' has {words(raw['say'])} words; a stage says at most {MAX_WORDS}")
    common = dict(id=raw["id"], kind=name, say=raw["say"].strip(), hints=_hints(raw),
                  why=str(raw.get("why", "")), guided=_guided(raw, kind),
                  task_words=_task(raw, kind))
    if not kind.quiz:  # a stage's own kind: its fields are its own
        unknown = sorted(set(raw) - _COMMON - kind.stage_fields)
        if unknown:
            raise StageError(f"a {name} stage does not take {', '.join(unknown)}")
        return Stage(**common, **kind.read_stage(raw))
    unknown = sorted(set(raw) & ({"cards", "steps", "question"} |
                                 (set() if kind.takes_stock else {"stock"})))
    if unknown:
        raise StageError(f"a {name} stage does not take {', '.join(unknown)}")
    fields = {k: v for k, v in raw.items()
              if k not in ("say", "why", "stock", "hint") and k not in _STAGE_ONLY}
    fields["question"] = raw["say"]
    try:
        item = parse_bank({"items": [fields]}, "stage").items[0]
    except BankError as error:
        raise StageError(error.what) from None
    kind.check_stage(item, common["guided"])
    stock = _stock(item.position, raw["stock"]) if "stock" in raw else ()
    return Stage(**common, item=item, position=item.position if item.has_table else None,
                 stock=stock)


def _hints(raw: dict) -> tuple[str, ...]:
    """The hint ladder: "hints", a list of steps, or one "hint" step."""
    if "hints" in raw and "hint" in raw:
        raise StageError("give \"hints\" (the ladder) or one \"hint\", not both")
    steps = raw.get("hints", [raw["hint"]] if "hint" in raw else [])
    if not isinstance(steps, list) or not all(isinstance(s, str) and s.strip() for s in steps):
        raise StageError("\"hints\" is a list of steps, each a sentence of text")
    return tuple(s.strip() for s in steps)


def _guided(raw: dict, kind: Kind) -> bool:
    guided = raw.get("guided", False)
    if not isinstance(guided, bool):
        raise StageError(f"\"guided\" is true or false, not {guided!r}")
    if guided and not kind.guidable:
        raise StageError("only a goal stage can be a guided step")
    return guided


def _task(raw: dict, kind: Kind) -> str:
    task = raw.get("task", "")
    if not isinstance(task, str):
        raise StageError(f"\"task\" is text, not {task!r}")
    if task and not kind.guidable:
        raise StageError("only a goal stage words its own task; the others are worded "
                         "from what judges them")
    return task.strip()


def _stock(position: Position, top: Any) -> tuple[Card, ...]:
    """A Draw Casino stage's stock: the `top` cards named, then the rest of the pack."""
    if not position.rules.draws_from_stock:
        raise StageError("a stock is for Draw Casino: add 'rules: deal=draw' to the position")
    if any(hand is None for hand in position.hands):
        raise StageError("a stage with a stock gives every hand ('hand 2: ...'), so that the "
                         "stock is the rest of the pack")
    if not isinstance(top, str):
        raise StageError(f"\"stock\" is the top of the stock as text, like \"QC 4S\", "
                         f"not {top!r}")
    cards = parse_cards(top)
    placed = set(position.all_cards())
    for number, card in enumerate(cards):
        if card in placed or card in cards[:number]:
            where = "already in the position" if card in placed else "named twice"
            raise StageError(f"stock: {card} is {where}")
    stock = cards + tuple(c for c in FULL_DECK if c not in placed and c not in cards)
    if not stock:
        raise StageError("stock: the position places all 52 cards, so there is none to draw")
    return stock
