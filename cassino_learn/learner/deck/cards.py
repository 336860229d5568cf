"""A deck card and the deck, as data: what the progress file holds under "deck".

A card is a *move card* (a move the review marked: the position as the learner saw it, the
move played, the better one and why) or a *stage card* (a lesson's stage missed on the first
try, played again as that stage). Every card carries its scheduler state (`schedule`, the
`fsrs` card as its own `to_dict` writes it), how often it was answered, whether it is learnt,
and the last answers (`log`). Reading needs no scheduler: the fields are checked here.

A card that cannot be read is set aside (`Deck.aside`, kept in the file with a note saying
why) and the rest of the deck is kept. Two copies merge card by card, losing nothing: a card
in either is kept, and of two states of one card the one answered more often (then later)
wins; the days with answers are joined.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable

__all__ = ["DeckCard", "MovePuzzle", "StagePuzzle", "Verdicts", "Deck", "new_schedule",
           "card_id_for", "local_now", "LOG_KEPT", "DAYS_KEPT", "LEARNT_AFTER"]

LOG_KEPT = 20     # answers kept a card (the teacher's "failed this week" needs the recent ones)
DAYS_KEPT = 400   # days with answers kept (the streak)
LEARNT_AFTER = timedelta(days=21)  # a card whose next interval passes this is learnt
KINDS = ("move", "stage")
MARKS = ("inaccuracy", "mistake", "blunder")
STATES = (1, 2, 3)  # fsrs.State: Learning, Review, Relearning

Note = Callable[[str], None]


def local_now() -> datetime:
    """The time now, in the local zone (the learner's days are local days)."""
    return datetime.now().astimezone()


def card_id_for(kind: str, *parts: str) -> str:
    """A card's id: "stage:<lesson>/<stage>", or "move:" and a digest of the position and the
    move played (the same mistake in the same position is one card)."""
    if kind == "stage":
        return f"stage:{parts[0]}/{parts[1]}"
    digest = hashlib.sha1("|".join(parts).encode("utf-8")).hexdigest()[:16]
    return f"move:{digest}"


def new_schedule(card_id: str, now: datetime) -> dict[str, Any]:
    """The scheduler state of a card never answered, due `now` (as fsrs.Card().to_dict())."""
    number = int(hashlib.sha1(card_id.encode("utf-8")).hexdigest()[:12], 16)
    return {"card_id": number, "state": 1, "step": 0, "stability": None, "difficulty": None,
            "due": _aware(now).isoformat(), "last_review": None}


@dataclass(frozen=True)
class MovePuzzle:
    """A marked move: the position the learner saw (their hand only; the other hands and the
    stock are counts), what they played and what was better, and why."""

    position: str            # notation, the seat's view (Observation.position.one_line())
    seat: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    dealer: int
    round_number: int
    deal_number: int
    deals_per_round: int
    scores: tuple[tuple[int, int], ...]
    number: int              # the move's number in its game (the review's seed)
    played: str
    better: str
    mark: str
    loss: float
    reasons: tuple[str, ...] = ()
    # every legal move's verdict, worked out once by the judge (`deck.verdicts`): None until
    # then (a card made before them, or not yet worked out)
    verdicts: "Verdicts | None" = None

    def to_json(self) -> dict[str, Any]:
        data = {"position": self.position, "seat": self.seat,
                "hand_sizes": list(self.hand_sizes), "stock_size": self.stock_size,
                "dealer": self.dealer, "round": self.round_number, "deal": self.deal_number,
                "deals": self.deals_per_round, "scores": [list(s) for s in self.scores],
                "number": self.number, "played": self.played, "better": self.better,
                "mark": self.mark, "loss": self.loss, "reasons": list(self.reasons)}
        if self.verdicts is not None:
            data["verdicts"] = self.verdicts.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "MovePuzzle":
        from ...core.position import Position  # only a deck with a move card reads one

        position = _text(data, "position")
        parsed = Position.parse(position)  # the core's own check: PositionError is a ValueError
        seat = _count(data, "seat", least=1)
        if seat > parsed.players or parsed.hands[seat - 1] is None:
            raise ValueError(f"seat {seat} has no hand in its position")
        if any(h is not None for i, h in enumerate(parsed.hands) if i != seat - 1):
            raise ValueError("its position shows another seat's hand")
        mark = _text(data, "mark")
        if mark not in MARKS:
            raise ValueError(f"mark {mark!r} is not one of {', '.join(MARKS)}")
        sizes = data.get("hand_sizes")
        scores = data.get("scores")
        if not isinstance(sizes, list) or len(sizes) != parsed.players:
            raise ValueError("hand_sizes is not a count for each seat")
        if not isinstance(scores, list) or not all(isinstance(s, list) and len(s) == 2
                                                   for s in scores):
            raise ValueError("scores is not a list of [side, points]")
        reasons = data.get("reasons", [])
        if not isinstance(reasons, list) or not all(isinstance(r, str) for r in reasons):
            raise ValueError("reasons is not a list of sentences")
        return cls(position=position, seat=seat,
                   hand_sizes=tuple(_int(n, "hand_sizes") for n in sizes),
                   stock_size=_count(data, "stock_size"), dealer=_count(data, "dealer", least=1),
                   round_number=_count(data, "round", least=1),
                   deal_number=_count(data, "deal", least=1),
                   deals_per_round=_count(data, "deals", least=1),
                   scores=tuple((_int(a, "scores"), _int(b, "scores")) for a, b in scores),
                   number=_count(data, "number", least=1), played=_text(data, "played"),
                   better=_text(data, "better"), mark=mark, loss=_number(data, "loss"),
                   reasons=tuple(reasons),
                   verdicts=None if data.get("verdicts") is None
                   else Verdicts.from_json(data["verdicts"]))


@dataclass(frozen=True)
class Verdicts:
    """The judge's verdict on every legal move of a move card's position, worked out once
    (`deck.verdicts.verdict_steps`) at the judge's `budget` (a look's iterations): each move's
    text with its loss against the best and its mark (None: the move is right). Kept with the
    card in the progress file, so an answer is looked up, not searched for."""

    budget: int
    moves: tuple[tuple[str, float, str | None], ...]

    def find(self, move: str) -> tuple[float, str | None] | None:
        """The loss and mark of the move whose text is `move`, or None if it is not here."""
        for text, loss, mark in self.moves:
            if text == move:
                return loss, mark
        return None

    def to_json(self) -> dict[str, Any]:
        return {"budget": self.budget,
                "moves": {text: [loss, mark] for text, loss, mark in self.moves}}

    @classmethod
    def from_json(cls, data: Any) -> "Verdicts":
        if not isinstance(data, dict) or not isinstance(data.get("moves"), dict):
            raise ValueError("verdicts is not a table of the moves' verdicts")
        budget = _count(data, "budget", least=1)
        moves = []
        for text, entry in data["moves"].items():
            if not isinstance(entry, list) or len(entry) != 2 or entry[0] is None:
                raise ValueError(f"verdicts: {text!r} is not [loss, mark]")
            loss = _number({"loss": entry[0]}, "loss")
            mark = entry[1]
            if mark is not None and mark not in MARKS:
                raise ValueError(f"verdicts: {text!r}'s mark {mark!r} is not one of "
                                 f"{', '.join(MARKS)} or null")
            moves.append((str(text), loss, mark))
        return cls(budget, tuple(moves))


@dataclass(frozen=True)
class StagePuzzle:
    """A lesson's stage, played again."""

    lesson: str
    stage: str

    def to_json(self) -> dict[str, Any]:
        return {"lesson": self.lesson, "stage": self.stage}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "StagePuzzle":
        return cls(lesson=_text(data, "lesson"), stage=_text(data, "stage"))


@dataclass(frozen=True)
class DeckCard:
    """One card of the deck: its puzzle and its scheduler state."""

    id: str
    puzzle: MovePuzzle | StagePuzzle
    made: datetime
    schedule: dict[str, Any]
    reviews: int = 0
    learnt: bool = False
    log: tuple[tuple[str, int], ...] = ()  # (when, fsrs rating 1-4), the last LOG_KEPT

    @property
    def kind(self) -> str:
        return "move" if isinstance(self.puzzle, MovePuzzle) else "stage"

    @property
    def due(self) -> datetime:
        return datetime.fromisoformat(self.schedule["due"])

    @property
    def last_review(self) -> datetime | None:
        last = self.schedule.get("last_review")
        return datetime.fromisoformat(last) if last else None

    @classmethod
    def for_move(cls, puzzle: MovePuzzle, now: datetime) -> "DeckCard":
        card_id = card_id_for("move", puzzle.position, puzzle.played)
        return cls(card_id, puzzle, _aware(now), new_schedule(card_id, now))

    @classmethod
    def for_stage(cls, lesson: str, stage: str, now: datetime) -> "DeckCard":
        card_id = card_id_for("stage", lesson, stage)
        return cls(card_id, StagePuzzle(lesson, stage), _aware(now), new_schedule(card_id, now))

    def answered(self, schedule: dict[str, Any], rating: int, when: datetime) -> "DeckCard":
        """This card after an answer rated `rating`, with the scheduler's new `schedule`."""
        learnt = datetime.fromisoformat(schedule["due"]) - _aware(when) > LEARNT_AFTER
        log = (*self.log, (_aware(when).isoformat(), int(rating)))[-LOG_KEPT:]
        return replace(self, schedule=dict(schedule), reviews=self.reviews + 1,
                       learnt=self.learnt or learnt, log=log)

    def to_json(self) -> dict[str, Any]:
        data = {"kind": self.kind, **self.puzzle.to_json(), "made": self.made.isoformat(),
                "schedule": dict(self.schedule), "reviews": self.reviews}
        if self.learnt:
            data["learnt"] = True
        if self.log:
            data["log"] = [list(entry) for entry in self.log]
        return data

    @classmethod
    def from_json(cls, card_id: str, data: Any) -> "DeckCard":
        """The card stored as `data`, or ValueError saying what is wrong with it."""
        if not isinstance(data, dict):
            raise ValueError("not a table of a card's fields")
        kind = data.get("kind")
        if kind not in KINDS:
            raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
        puzzle = MovePuzzle.from_json(data) if kind == "move" else StagePuzzle.from_json(data)
        log = data.get("log", [])
        if not isinstance(log, list) or not all(
                isinstance(e, list) and len(e) == 2 and isinstance(e[0], str)
                and _int(e[1], "log") in (1, 2, 3, 4) for e in log):
            raise ValueError("log is not a list of [time, rating 1-4]")
        for when, _ in log:
            _time(when, "log")
        learnt = data.get("learnt", False)
        if not isinstance(learnt, bool):
            raise ValueError(f"learnt {learnt!r} is not true or false")
        return cls(card_id, puzzle, _time(data.get("made"), "made"),
                   _schedule(data.get("schedule")), _count(data, "reviews"), learnt,
                   tuple((when, int(rating)) for when, rating in log[-LOG_KEPT:]))

    def newer_than(self, other: "DeckCard") -> bool:
        """Whether this state of the card is the later one: answered more often, then later."""
        mine = (self.reviews, self.last_review or self.made, self.learnt, self._judged)
        theirs = (other.reviews, other.last_review or other.made, other.learnt, other._judged)
        return mine > theirs

    @property
    def _judged(self) -> bool:
        return isinstance(self.puzzle, MovePuzzle) and self.puzzle.verdicts is not None

    def judged_as(self, other: "DeckCard") -> "DeckCard":
        """This card, with `other`'s verdicts if it has none of its own (a state saved by a
        tab that had not worked them out keeps those another had)."""
        if (isinstance(self.puzzle, MovePuzzle) and self.puzzle.verdicts is None
                and isinstance(other.puzzle, MovePuzzle) and other.puzzle.verdicts is not None
                and other.puzzle.position == self.puzzle.position
                and other.puzzle.number == self.puzzle.number):
            return replace(self, puzzle=replace(self.puzzle, verdicts=other.puzzle.verdicts))
        return self


@dataclass
class Deck:
    """The learner's cards by id, the days on which they answered any (ISO dates), and the
    entries that could not be read (each {"id", "note", "entry"}), kept as they were."""

    cards: dict[str, DeckCard] = field(default_factory=dict)
    days: set[str] = field(default_factory=set)
    aside: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.cards or self.days or self.aside)

    def add(self, card: DeckCard) -> bool:
        """Add a card not in the deck yet (True); a card already there stays as it is."""
        if card.id in self.cards:
            return False
        self.cards[card.id] = card
        return True

    def put(self, card: DeckCard, day: str | None = None) -> None:
        """Keep `card` unless the deck holds a newer state of it; `day`: an answer's date."""
        kept = self.cards.get(card.id)
        if kept is None:
            self.cards[card.id] = card
        elif card.newer_than(kept):
            self.cards[card.id] = card.judged_as(kept)
        else:
            self.cards[card.id] = kept.judged_as(card)
        if day:
            self.days.add(day)
            self._trim_days()

    def merge(self, other: "Deck") -> None:
        """Add what `other` holds, losing nothing (module docstring)."""
        for card in other.cards.values():
            self.put(card)
        self.days |= other.days
        self._trim_days()
        notes = {(a.get("id"), a.get("note")) for a in self.aside}
        self.aside.extend(a for a in other.aside if (a.get("id"), a.get("note")) not in notes)

    def _trim_days(self) -> None:
        if len(self.days) > DAYS_KEPT:
            self.days = set(sorted(self.days)[-DAYS_KEPT:])

    def copy(self) -> "Deck":
        return Deck.from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"cards": {key: card.to_json()
                                          for key, card in sorted(self.cards.items())}}
        if self.days:
            data["days"] = sorted(self.days)
        if self.aside:
            data["aside"] = list(self.aside)
        return data

    @classmethod
    def from_json(cls, data: Any, note: Note | None = None) -> "Deck":
        """The deck stored as `data` (None: none yet). A card that cannot be read is set aside
        with a note saying why, and `note` is told; the other cards are kept."""
        deck = cls()
        if data is None:
            return deck
        tell = note or (lambda _text: None)
        if not isinstance(data, dict) or not isinstance(data.get("cards", {}), dict):
            deck._set_aside("", "the deck is not a table of cards", data, tell)
            return deck
        aside = data.get("aside", [])
        deck.aside = [a for a in aside if isinstance(a, dict)] if isinstance(aside, list) else []
        for key, entry in data.get("cards", {}).items():
            try:
                deck.cards[str(key)] = DeckCard.from_json(str(key), entry)
            except (ValueError, TypeError, KeyError, OverflowError) as error:
                deck._set_aside(str(key), str(error), entry, tell)
        days = data.get("days", [])
        for day in days if isinstance(days, list) else []:
            try:
                deck.days.add(date.fromisoformat(day).isoformat())
            except (TypeError, ValueError):
                tell(f"the deck's day {day!r} is not a date; it was left out")
        deck._trim_days()
        return deck

    def _set_aside(self, key: str, why: str, entry: Any, tell: Note) -> None:
        self.aside.append({"id": key, "note": why, "entry": entry})
        tell(f"the deck's card {key!r} could not be read ({why}); it was set aside, "
             f"the other cards are kept" if key else f"{why}; it was set aside")


# ---------------------------------------------------------------------- checks of the fields

def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name} {value!r} is not a text")
    return value


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}: {value!r} is not a whole number")
    return value


def _count(data: dict[str, Any], name: str, least: int = 0) -> int:
    value = _int(data.get(name, 0 if least == 0 else None), name)
    if value < least:
        raise ValueError(f"{name} {value!r} is below {least}")
    return value


def _number(data: dict[str, Any], name: str) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name} {value!r} is not a number")
    return float(value)


def _time(value: Any, name: str) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"{name} {value!r} is not a time")
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{name} {value!r} is not a time") from None
    if when.tzinfo is None:
        raise ValueError(f"{name} {value!r} has no time zone")
    return when


def _schedule(data: Any) -> dict[str, Any]:
    """A scheduler state as fsrs writes it, checked field by field."""
    if not isinstance(data, dict):
        raise ValueError("schedule is not a table of the scheduler's fields")
    state = data.get("state")
    if state not in STATES or isinstance(state, bool):
        raise ValueError(f"schedule: state {state!r} is not 1, 2 or 3")
    step = data.get("step")
    if step is not None and (_int(step, "schedule: step") < 0):
        raise ValueError(f"schedule: step {step!r} is below 0")
    for name in ("stability", "difficulty"):
        value = data.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not math.isfinite(value) or value <= 0):
            raise ValueError(f"schedule: {name} {value!r} is not a positive number")
    _int(data.get("card_id"), "schedule: card_id")
    _time(data.get("due"), "schedule: due")
    if data.get("last_review") is not None:
        _time(data["last_review"], "schedule: last_review")
    return {key: data.get(key) for key in ("card_id", "state", "step", "stability",
                                           "difficulty", "due", "last_review")}
