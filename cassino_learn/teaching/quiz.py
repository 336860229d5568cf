"""Quiz items and quiz banks, judged by the rules core.

A bank is a JSON file (lessons/quizzes/<slug>.json) holding items; each item stores a position in
notation and a question. Whether an answer is right is decided by the legal-move generator (and
the scorer), never by a stored key: stored answers are only examples, and `check_item` proves they
agree with the generator. Item kinds:

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
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..core.cards import Card
from ..core.errors import IllegalMove, MoveSyntaxError, PositionError, shorten
from ..core.move import Move
from ..core.position import Position, find_legal
from ..core.words import count
from .goals import Goal, GoalError, parse_goal

__all__ = ["KINDS", "BankError", "Verdict", "QuizItem", "Bank", "load_bank", "parse_bank",
           "check_item", "bank_path", "round_points"]

KINDS = ("goal", "captures", "legal", "score", "number", "choice")
FACT_KINDS = ("number", "choice")  # questions about the deal and the match: no position
_FIELDS = {
    "goal": {"goal"},
    "captures": {"card"},
    "legal": {"move", "legal"},
    "score": set(),
    "number": {"ask", "given"},
    "choice": {"ask", "given"},
}
_OPTIONAL = {"id", "kind", "position", "question", "hint", "rules", "answers", "expected", "rule"}
_EMPTY_TABLE = "table:"


class BankError(ValueError):
    """A quiz bank or item that is malformed, unanswerable or disagrees with the rules core:
    `.what` is wrong, in `.source` (the bank's file name, or "") and `.item` (the item's label,
    like "item 3 (pair-7)", or "")."""

    def __init__(self, what: str, *, source: str = "", item: str = "") -> None:
        self.what, self.source, self.item = what, source, item
        super().__init__(": ".join(part for part in (source, item, what) if part))


def cited_rules(text: str) -> frozenset[str]:
    """The rule ids a text written for a learner cites, as lessons and facts cite them: "(K1)",
    "the rule B2"."""
    return frozenset(_RULE_ID.findall(text))


_RULE_ID = re.compile(r"\b([A-Z][0-9]{1,2})\b")


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or not, and what to tell the learner."""

    correct: bool
    message: str
    rule: str | None = None
    missed: tuple[str, ...] = ()   # captures kind: right answers the learner did not give
    extra: tuple[str, ...] = ()    # captures kind: answers given that are not captures of the card
    kept_back: str = ""  # the message without what gives the answer away, for the first steps
    counted: bool = True  # False when the answer is no try at all ("Choose a number.")
    headline: str = ""  # the first line alone, when the rest is a score sheet a widget draws

    # The one place a verdict's words are read: the rule ids its message cites, as lessons and
    # facts write them inline ("... (K1)"), so a widget cites the rule once.

    @property
    def names_rule(self) -> bool:
        """Whether the message cites its rule already, so that the rule is not cited twice."""
        return self.rule is not None and self.rule in cited_rules(self.message)

    @property
    def untagged(self) -> str:
        """The message without its rule's " (K1)", for a widget that shows the rule as a tag."""
        return self.message.replace(f" ({self.rule})", "") if self.rule else self.message


@dataclass(frozen=True)
class QuizItem:
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
    ask: str | None = None                  # number/choice: the fact asked (cassino_learn.teaching.facts)
    given: Mapping[str, Any] | None = None  # number/choice: what the question gives
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------------ judging

    def judge(self, answer: Any) -> Verdict:
        """Judge the learner's answer (its type depends on the kind; see the module doc)."""
        return _JUDGES[self.kind](self, answer)

    def solutions(self) -> list[Move]:
        """goal: every right move; captures: the full set of captures of the card."""
        if self.kind == "goal":
            assert self.goal is not None
            return self.goal.solutions(self.position)
        if self.kind == "captures":
            return [m for m in self.position.legal_moves()
                    if m.kind == "capture" and m.card is self.card]
        return []

    @property
    def has_table(self) -> bool:
        """Whether the question is about a position on the table (all kinds but number/choice,
        unless such an item gives a position)."""
        return self.kind not in FACT_KINDS or "position" in self.raw

    def choices(self) -> tuple[str, ...]:
        """choice: the answers offered, worked out with the right one."""
        return self.truth().choices if self.kind == "choice" else ()

    def truth(self) -> Any:
        """legal: (is_legal, IllegalMove or Move); score: {side: points}; number/choice: the
        `facts.Answer` worked out by the game modules."""
        if self.kind in FACT_KINDS:
            from .facts import answer

            assert self.ask is not None
            return answer(self.ask, self.given)
        if self.kind == "legal":
            assert self.move is not None
            try:
                return True, self.position.parse_move(self.move)
            except IllegalMove as error:
                return False, error
        if self.kind == "score":
            return round_points(self.position)
        raise TypeError(f"truth() is for legal and score items, not {self.kind}")

    def prompt(self) -> str:
        """The question, with a default wording when the bank gives none."""
        if self.question:
            return self.question
        if self.kind == "goal":
            assert self.goal is not None
            return f"Play a card to {self.goal.words}."
        if self.kind == "captures":
            assert self.card is not None
            return f"Find every capture the {self.card.name} can make."
        if self.kind == "legal":
            from .saying import text_said

            return f"Is it legal to {text_said(self.position, self.move or '')}?"
        if self.kind in FACT_KINDS:
            from .facts import question

            assert self.ask is not None
            return question(self.ask, self.given)
        return "How many points does each side score for its pile?"


def _judge_goal(item: QuizItem, answer: Any) -> Verdict:
    assert item.goal is not None
    try:
        if isinstance(answer, Move):
            move = find_legal(item.position, answer)
        else:
            move = item.position.parse_move(str(answer))
    except IllegalMove as error:
        return Verdict(False, f"That move is not allowed: {error.reason} ({error.rule})", error.rule)
    except MoveSyntaxError as error:
        return Verdict(False, f"I could not read that move: {error}")
    from .saying import you_played

    miss = item.goal.miss(item.position, move)
    said = you_played(item.position, move)
    if miss is None:
        return Verdict(True, f"Right! {said}")
    return Verdict(False, f"{said} But {miss.said}.",
                   kept_back=f"{said} But {miss.kept_back}.")


def read_capture_answer(item: QuizItem, line: str) -> str:
    """A line of a captures answer as move text: "3C 4H" means "<card> take 3C 4H"."""
    words = line.replace(",", " ").split()
    verbs = {"take", "takes", "capture", "captures", "trail", "build", "builds", "x"}
    if any(w.lower() in verbs for w in words):
        return line
    return f"{item.card} take {line}"


def _line_said(item: QuizItem, text: str) -> str:
    from .saying import text_said

    return text_said(item.position, text)


def _judge_captures(item: QuizItem, answer: Any) -> Verdict:
    lines = answer.splitlines() if isinstance(answer, str) else list(answer)
    lines = [str(line).strip() for line in lines if str(line).strip()]
    right = set(item.solutions())
    given: set[Move] = set()
    extra: list[str] = []
    for line in lines:
        text = read_capture_answer(item, line)
        try:
            move = item.position.parse_move(text)
        except IllegalMove as error:
            extra.append(f"{_line_said(item, text)}: {error.reason} ({error.rule})")
            continue
        except MoveSyntaxError as error:
            extra.append(f"{line.strip()}: {error}")
            continue
        if move not in right:
            from .saying import move_said

            extra.append(f"{move_said(item.position, move)}: legal, but not a capture with the "
                         f"{item.card.name}" if item.card else move_said(item.position, move))
        else:
            given.add(move)
    missed = tuple(sorted((str(m) for m in right - given)))
    correct = not missed and not extra
    from .saying import move_said

    missed_words = [move_said(item.position, m) for m in sorted(right - given, key=str)]
    if correct:
        message = (f"Right: all {len(right)} of them." if len(right) > 1 else
                   "Right: that is its only capture.") if right else \
            "Right: that card captures nothing here."
    else:
        parts = []
        if missed:
            parts.append(f"You missed {count(len(missed), 'capture')}: "
                         + "; ".join(missed_words) + ".")
        if extra:
            parts.append("Not right: " + "; ".join(extra) + ".")
        message = " ".join(parts)
    return Verdict(correct, message, missed=missed, extra=tuple(extra))


def _judge_legal(item: QuizItem, answer: Any) -> Verdict:
    is_legal, detail = item.truth()
    said = _as_bool(answer)
    if is_legal:
        message = legal_words(item)
        rule = None
    else:
        message = f"It is not legal: {detail.reason} ({detail.rule})"
        rule = detail.rule
    return Verdict(said == is_legal, ("Right. " if said == is_legal else "Not quite. ") + message,
                   rule)


def legal_words(item: QuizItem) -> str:
    """A legal item's move told legal, in words; a weak one says that a better play exists
    ("It is legal, but taking ... brings more"), so that legal never reads as advice."""
    from .saying import move_said

    is_legal, move = item.truth()
    assert is_legal
    said = move_said(item.position, move)
    better = better_capture(item.position, move)
    if better is None:
        return f"It is legal: you may {said}."
    return (f"It is legal to {said}, but it is not the best play: you could "
            f"{move_said(item.position, better)}, which takes more.")


def better_capture(position: Position, move: Move) -> Move | None:
    """A capture that takes more points, or as many and more cards, than `move` (a trail or
    a capture), or None. What one capture decides of K1 (`goals.points_taken`)."""
    from .goals import cards_taken, points_taken

    if move.kind == "build":
        return None
    def worth(m: Move) -> tuple[int, int]:
        return points_taken(m), cards_taken(m)
    best = max((m for m in position.legal_moves() if m.kind == "capture"), key=worth,
               default=None)
    if best is None or worth(best) <= worth(move):
        return None
    return best


def _judge_score(item: QuizItem, answer: Any) -> Verdict:
    truth = item.truth()
    try:
        given = {int(side): int(points) for side, points in dict(answer).items()}
    except (TypeError, ValueError, OverflowError):  # OverflowError: int(float("inf"))
        return Verdict(False, "Give the points as a number for each side.", counted=False)
    wrong = [side for side in truth if given.get(side) != truth[side]]
    detail = ", ".join(f"side {side}: {points}" for side, points in sorted(truth.items()))
    from .sheets import score_text

    showing = score_text(item.position)
    if not wrong:
        return Verdict(True, f"Right: {detail}.\n{showing}", headline=f"Right: {detail}.")
    return Verdict(False, f"Not quite: the points are {detail}.\n{showing}", "K1",
                   headline=f"Not quite: the points are {detail}.")


def _judge_number(item: QuizItem, answer: Any) -> Verdict:
    truth = item.truth()
    try:
        given = int(str(answer).strip())
    except ValueError:
        said = str(answer).strip()
        return Verdict(False, f"Give a whole number, not {said!r}." if said else
                       "Type a whole number first.")
    if given == truth.value:
        return Verdict(True, f"Right: {truth.value}. {truth.why}", truth.rule)
    return Verdict(False, f"Not quite: it is {truth.value}, not {given}. {truth.why}", truth.rule)


def _judge_choice(item: QuizItem, answer: Any) -> Verdict:
    truth = item.truth()
    said = str(answer).strip()
    if said.lower() not in (c.lower() for c in truth.choices):
        return Verdict(False, f"Choose one of: {'; '.join(truth.choices)}.")
    if said.lower() == str(truth.value).lower():
        return Verdict(True, f"Right: {truth.value}. {truth.why}", truth.rule)
    return Verdict(False, f"Not quite: {truth.value}. {truth.why}", truth.rule)


_JUDGES = {"goal": _judge_goal, "captures": _judge_captures, "legal": _judge_legal,
           "score": _judge_score, "number": _judge_number, "choice": _judge_choice}


def _as_bool(answer: Any) -> bool:
    if isinstance(answer, str):
        return answer.strip().lower() in ("yes", "y", "true", "legal", "1")
    return bool(answer)


def round_score(position: Position) -> Any:
    """The scorer's RoundScore for the piles and sweeps of `position` (cassino_learn.game.scoring)."""
    from ..game.scoring import (
        score_round,  # the scorer is the only judge of points (K1-K3)
    )

    return score_round(position.piles, position.sweeps, rules=position.rules)


def round_points(position: Position) -> dict[int, int]:
    """Each side's points for the piles and sweeps of `position`."""
    return {int(side): int(points) for side, points in round_score(position).points.items()}


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
    kind = raw.get("kind")
    if kind not in KINDS:
        raise BankError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    needed = ({"position"} if kind not in FACT_KINDS else set()) | _FIELDS[kind]
    missing = sorted(name for name in needed if name not in raw)
    if missing:
        raise BankError(f"a {kind} item needs {', '.join(missing)}")
    unknown = sorted(set(raw) - _OPTIONAL - set().union(*_FIELDS.values()))
    if unknown:
        raise BankError(f"unknown field(s) {', '.join(unknown)}")
    position = Position.parse(str(raw.get("position", _EMPTY_TABLE)))
    answers = raw.get("answers", [])
    if not isinstance(answers, list):
        raise BankError("answers must be a list of moves")
    legal = raw.get("legal")
    if kind == "legal" and not isinstance(legal, bool):
        raise BankError("legal must be true or false")
    _check_shapes(raw, kind)
    if kind in FACT_KINDS:
        from .facts import FACTS

        if raw["ask"] not in FACTS:
            raise BankError(f"unknown fact {raw['ask']!r} to ask; known: {', '.join(FACTS)}")
        if FACTS[raw["ask"]].kind != kind:
            raise BankError(f"{raw['ask']!r} is a {FACTS[raw['ask']].kind} question, not {kind}")
        if not isinstance(raw["given"], dict):
            raise BankError("given must be an object, e.g. {\"players\": 3}")
    return QuizItem(
        id=str(raw.get("id", f"item-{number}")), kind=kind, position=position,
        question=str(raw.get("question", "")), hint=str(raw.get("hint", "")),
        rules=tuple(raw.get("rules", ())),
        goal=parse_goal(raw["goal"]) if kind == "goal" else None,
        card=Card.parse(str(raw["card"])) if kind == "captures" else None,
        move=str(raw["move"]) if kind == "legal" else None,
        legal=legal if kind == "legal" else None,
        rule=raw.get("rule"), answers=tuple(str(a) for a in answers),
        expected=raw.get("expected"), raw=raw,
        ask=str(raw["ask"]) if kind in FACT_KINDS else None,
        given=dict(raw["given"]) if kind in FACT_KINDS else None)


def _check_shapes(raw: dict, kind: str) -> None:
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
    if kind in FACT_KINDS and not isinstance(raw["ask"], str):
        raise BankError(f"ask must name a fact, not {_short(raw['ask'])}")
    expected = raw.get("expected")
    if expected is None:
        return
    if kind == "captures":
        text_list("expected")
    elif kind == "score":
        if not (isinstance(expected, dict)
                and all(k.isascii() and k.isdigit() and len(k) < 3 for k in expected)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in
                        expected.values())):
            raise BankError(f"expected must give whole points per side, like "
                            f"{{\"1\": 7, \"2\": 4}}, not {_short(expected)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def check_item(item: QuizItem) -> None:
    """Raise `BankError` unless the item has a right answer and its stored answers agree with
    the legal-move generator (and the scorer)."""
    position = item.position
    if item.kind == "goal":
        assert item.goal is not None
        if not item.goal.possible(position):
            raise BankError(f"no legal move can {item.goal.words}")
        for text in item.answers:
            try:
                move = position.parse_move(text)
            except (IllegalMove, MoveSyntaxError) as error:
                raise BankError(f"stored answer {text!r} is not a legal move: {error}") from None
            why = item.goal.why_not(position, move)
            if why is not None:
                raise BankError(f"stored answer {text!r} does not {item.goal.words}: {why}")
    elif item.kind == "captures":
        if item.card not in position.hand:
            raise BankError(f"the mover does not hold {item.card}")
        right = {str(m) for m in item.solutions()}
        if item.expected is not None:
            stored: set[str] = set()
            for text in item.expected:
                try:
                    stored.add(str(position.parse_move(read_capture_answer(item, text))))
                except (IllegalMove, MoveSyntaxError) as error:
                    raise BankError(f"expected capture {text!r} is not legal: {error}") from None
            if stored != right:
                raise BankError(
                    f"expected captures disagree with the generator: missing "
                    f"{sorted(right - stored) or 'none'}, not captures {sorted(stored - right) or 'none'}")
    elif item.kind == "legal":
        is_legal, detail = item.truth()
        if is_legal != item.legal:
            why = f": {detail.reason} ({detail.rule})" if not is_legal else ""
            raise BankError(f"the bank says {item.move!r} is {'legal' if item.legal else 'illegal'}, "
                            f"the rules core says it is {'legal' if is_legal else 'illegal'}{why}")
        if not is_legal and item.rule and item.rule != detail.rule:
            raise BankError(f"the bank says {item.move!r} breaks {item.rule}, the rules core "
                            f"says {detail.rule}: {detail.reason}")
    elif item.kind in FACT_KINDS:
        truth = item.truth()  # FactError (a ValueError) when `given` does not fit the fact
        item.prompt()
        if item.kind == "choice" and truth.value not in truth.choices:
            raise BankError(f"the answer {truth.value!r} is not among the choices")
        if item.expected is not None:
            same = (str(item.expected).strip().lower() == str(truth.value).lower()
                    if item.kind == "choice" else item.expected == truth.value)
            if not same:
                raise BankError(f"expected {item.expected!r} disagrees with the game modules: "
                                f"{truth.value!r} ({truth.why})")
    elif item.kind == "score":
        if not any(position.piles):
            raise BankError("a score item needs piles (pile 1: ..., pile 2: ...)")
        truth = round_points(position)
        if item.expected is not None:
            points = {int(k): int(v) for k, v in dict(item.expected).items()}
            if points != truth:
                raise BankError(f"expected points {points} disagree with the scorer: {truth}")


def all_banks(slugs: Iterable[str] | None = None) -> list[Path]:
    """The bank files that exist for the lessons (all of them by default)."""
    from .catalog import LESSONS

    paths = [bank_path(slug) for slug in (slugs or [lesson.slug for lesson in LESSONS])]
    return [path for path in paths if path.exists()]
