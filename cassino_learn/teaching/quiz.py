"""Quiz items and quiz banks, judged by the rules core.

A bank is a JSON file (lessons/quizzes/<slug>.json) holding items; each item stores a position in
notation and a question. Whether an answer is right is decided by the legal-move generator (and
the scorer), never by a stored key: stored answers are only examples, and `check_item` proves they
agree with the generator. Item kinds, each a class in `teaching.kinds` (which judges, words the
feedback and says what controls it needs):

- ``goal``: make a move that achieves a goal (cassino_learn.teaching.goals); any legal move meeting the goal
  is right. Optional ``answers``: moves that should meet it.
- ``captures``: find every capture that ``card`` can make. Optional ``expected``: the full list.
- ``legal``: is ``move`` legal here? Required ``legal`` (true/false); optional ``rule`` (the rule
  id an illegal move breaks).
- ``score``: the points each side scores for its pile (K1, K2). Optional ``expected`` {side: points}.
- ``number`` and ``choice``: a question about the deal or the match (``ask``, a fact of
  `cassino_learn.teaching.facts`, with ``given``, e.g. {"players": 3}); the dealing, game and scoring
  modules work the answer out. No position needed. Optional ``expected``: the answer (a number,
  or the words of one choice), checked against those modules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..core.cards import Card
from ..core.errors import MoveSyntaxError, PositionError, shorten
from ..core.move import Move
from ..core.position import Position
from .goals import Goal, GoalError
from .judged import BankError, Verdict, cited_rules
from .kinds import KINDS, Kind, kind_named, quiz_kinds
from .kinds.captures import read_capture_answer
from .kinds.legal import better_capture, legal_words
from .kinds.score import round_points, round_score

__all__ = ["KINDS", "BankError", "Verdict", "QuizItem", "Bank", "load_bank", "parse_bank",
           "check_item", "bank_path", "round_points", "round_score", "cited_rules",
           "read_capture_answer", "legal_words", "better_capture"]

_OPTIONAL = {"id", "kind", "position", "question", "hint", "rules", "answers", "expected", "rule"}
_EMPTY_TABLE = "table:"


@dataclass(frozen=True)
class QuizItem:
    """One question: its kind's name (`kind`, as the bank writes it) and the fields that kind
    reads; `behaviour`, the kind itself (`teaching.kinds`), is looked up once, when it is made."""

    id: str
    kind: str
    position: Position
    question: str
    hint: str = ""
    rules: tuple[str, ...] = ()
    goal: Goal | None = None
    card: Card | None = None
    move: str | None = None
    legal: bool | None = None
    rule: str | None = None
    answers: tuple[str, ...] = ()
    expected: Any = None
    ask: str | None = None                  # number/choice: the fact asked (teaching.facts)
    given: Mapping[str, Any] | None = None  # number/choice: what the question gives
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    behaviour: Kind = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "behaviour", kind_named(self.kind))

    # ------------------------------------------------------------------ judging

    def judge(self, answer: Any) -> Verdict:
        """Judge the learner's answer (its type depends on the kind; see the module doc)."""
        return self.behaviour.judge(self, answer)

    def solutions(self) -> list[Move]:
        """goal: every right move; captures: the full set of captures of the card."""
        return self.behaviour.solutions(self)

    @property
    def has_table(self) -> bool:
        """Whether the question is about a position on the table (all kinds but number/choice,
        unless such an item gives a position)."""
        return self.behaviour.needs_position or "position" in self.raw

    def choices(self) -> tuple[str, ...]:
        """The answers offered as buttons (legal: Legal / Not legal; choice: worked out with
        the right one); none for the other kinds."""
        return self.behaviour.item_choices(self)

    def truth(self) -> Any:
        """legal: (is_legal, IllegalMove or Move); score: {side: points}; number/choice: the
        `facts.Answer` worked out by the game modules."""
        return self.behaviour.truth(self)

    def prompt(self) -> str:
        """The question, with a default wording when the bank gives none."""
        return self.question or self.behaviour.prompt(self)


# ---------------------------------------------------------------------- loading and checking

@dataclass(frozen=True)
class Bank:
    path: Path
    lesson: str
    items: tuple[QuizItem, ...]

    def item(self, item_id: str) -> QuizItem:
        for item in self.items:
            if item.id == item_id:
                return item
        raise KeyError(f"{self.path.name}: no item {item_id!r}")


def bank_path(slug: str) -> Path:
    from .catalog import lesson, lessons_dir

    return lessons_dir() / lesson(slug).quiz_bank


def load_bank(source: str | Path, *, verify: bool = True) -> Bank:
    """Read a bank (a slug like "02_pairing" or a path) and check every item against the core.

    Raises `BankError` naming the file and the item.
    """
    path = Path(source)
    if not path.suffix:
        try:
            path = bank_path(str(source))
        except KeyError as error:
            raise BankError(str(error.args[0])) from None
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BankError("no such quiz bank", source=str(path)) from None
    except OSError as error:
        raise BankError(f"cannot be read: {error.strerror or error}",
                        source=str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise BankError(f"not UTF-8 text: byte {error.start + 1} (line {line}) "
                        f"is {raw[error.start]:#04x}", source=str(path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BankError(f"not valid JSON: line {error.lineno} column {error.colno}: "
                        f"{error.msg}", source=str(path)) from None
    except RecursionError:
        raise BankError("not a quiz bank: its brackets are nested too deeply",
                        source=str(path)) from None
    except ValueError as error:  # a number too long to read
        raise BankError(f"not valid JSON: {shorten(str(error), 120)}",
                        source=str(path)) from None
    return parse_bank(data, path, verify=verify)


def parse_bank(data: Any, path: Path | str = "<bank>", *, verify: bool = True) -> Bank:
    path = Path(path)
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise BankError("a bank is an object with an \"items\" list", source=str(path))
    items: list[QuizItem] = []
    seen: set[str] = set()
    for number, raw in enumerate(data["items"], 1):
        label = f"item {number}"
        if isinstance(raw, dict) and raw.get("id"):
            label += f" ({shorten(str(raw['id']), 40)})"
        try:
            if not isinstance(raw, dict):
                raise BankError("an item is an object with a kind and a position")
            item = _parse_item(raw, number)
            if item.id in seen:
                raise BankError(f"the id {item.id!r} is used twice")
            seen.add(item.id)
            if verify:
                check_item(item)
        except (BankError, GoalError, PositionError, MoveSyntaxError, ValueError) as error:
            raise BankError(str(error), source=path.name, item=label) from None
        items.append(item)
    return Bank(path, str(data.get("lesson", path.stem)), tuple(items))


def _parse_item(raw: Any, number: int) -> QuizItem:
    if not isinstance(raw, dict):
        raise BankError("an item is an object with a kind and a position")
    name = raw.get("kind")
    if not isinstance(name, str) or name not in quiz_kinds():
        raise BankError(f"kind must be one of {', '.join(quiz_kinds())}, not {name!r}")
    kind = KINDS[name]
    needed = ({"position"} if kind.needs_position else set()) | kind.fields
    missing = sorted(wanted for wanted in needed if wanted not in raw)
    if missing:
        raise BankError(f"a {name} item needs {', '.join(missing)}")
    own = set().union(*(KINDS[other].fields for other in quiz_kinds()))
    unknown = sorted(set(raw) - _OPTIONAL - own)
    if unknown:
        raise BankError(f"unknown field(s) {', '.join(unknown)}")
    position = Position.parse(str(raw.get("position", _EMPTY_TABLE)))
    answers = raw.get("answers", [])
    if not isinstance(answers, list):
        raise BankError("answers must be a list of moves")
    _check_shapes(raw, kind)
    return QuizItem(
        id=str(raw.get("id", f"item-{number}")), kind=name, position=position,
        question=str(raw.get("question", "")), hint=str(raw.get("hint", "")),
        rules=tuple(raw.get("rules", ())), rule=raw.get("rule"),
        answers=tuple(str(a) for a in answers), expected=raw.get("expected"), raw=raw,
        **kind.read(raw))


def _check_shapes(raw: dict, kind: Kind) -> None:
    """BankError unless the optional fields have the shapes their kind reads."""
    def text_list(name: str) -> None:
        value = raw.get(name)
        if value is not None and not (isinstance(value, list)
                                      and all(isinstance(x, str) for x in value)):
            raise BankError(f"{name} must be a list of texts, not {_short(value)}")

    text_list("rules")
    text_list("answers")
    if raw.get("rule") is not None and not isinstance(raw["rule"], str):
        raise BankError(f"rule must be a rule id like \"B2\", not {_short(raw['rule'])}")
    kind.check_raw(raw, text_list)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def check_item(item: QuizItem) -> None:
    """Raise `BankError` unless the item has a right answer and its stored answers agree with
    the legal-move generator (and the scorer, and the game modules)."""
    item.behaviour.check(item)


def all_banks(slugs: Iterable[str] | None = None) -> list[Path]:
    """The bank files that exist for the lessons (all of them by default)."""
    from .catalog import LESSONS

    paths = [bank_path(slug) for slug in (slugs or [lesson.slug for lesson in LESSONS])]
    return [path for path in paths if path.exists()]
