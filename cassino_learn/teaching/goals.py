"""Goals for "make a move that ..." questions: predicates over a legal move and its result.

A goal never decides legality (the core does that first); it only says whether a legal move
achieves what the question asks, and if not, why not in one sentence. Goals are written as short
text in quiz banks: "most cards", "build 9", "multiple build", "raise", "sweep", "take 10D",
"protect", "capture", "capture build", "most points", "trail", "legal", "ace as 14" (Royal
Casino, V7: a capture by an ace played as 14), and the conditions "play CARD", "keep CARD" and
"gather CARD". Builds run to 14 under V7, so "build N" takes N from 1 to 14. Parts joined by " and " must all hold, so a goal
carries every condition its question states: "trail and keep 7H", "raise and build 9".

"most points" counts what one move decides of K1: the aces and the Casinos it takes, and the
sweep point when it empties the table (W1). Cards and spades are decided by the whole round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core.build import Build
from ..core.cards import Card
from ..core.move import Move
from ..core.numbers import looks_like_number, read_number
from ..core.position import Position
from ..core.words import count

__all__ = ["Goal", "Miss", "parse_goal", "GoalError", "GOAL_FORMS"]

GOAL_FORMS = ("legal", "capture", "trail", "most cards", "most points", "sweep", "build",
              "build N", "multiple build", "multiple build N", "raise", "take CARD",
              "capture build", "protect", "ace as 14", "play CARD", "keep CARD", "gather CARD",
              "GOAL and GOAL")


MAX_BUILD = 14  # V7 builds run to 14; on a standard table a build above 10 is never possible


class GoalError(ValueError):
    """Goal text that names no known goal."""


@dataclass(frozen=True)
class Miss:
    """Why a move falls short of a goal: `said` in full, and `kept_back`, the same sentence
    without what gives the answer away (the best count of a "most" goal), for a first try."""

    said: str
    kept_back: str


# A check answers None when the move meets the goal, or why it does not: a sentence, or a
# `Miss` when the sentence gives something of the answer away.
Check = Callable[[Position, Move], "str | Miss | None"]


@dataclass(frozen=True)
class Goal:
    text: str          # as written in the bank, e.g. "build 9"
    words: str         # for the learner: "make a build of 9"
    check: Check

    def met_by(self, position: Position, move: Move) -> bool:
        return self.check(position, move) is None

    def why_not(self, position: Position, move: Move) -> str | None:
        miss = self.miss(position, move)
        return None if miss is None else miss.said

    def miss(self, position: Position, move: Move) -> Miss | None:
        """Why `move` falls short, in full and with the answer kept back; None if it meets
        the goal."""
        why = self.check(position, move)
        return Miss(why, why) if isinstance(why, str) else why

    def possible(self, position: Position) -> bool:
        """Whether some legal move in `position` meets this goal."""
        return any(self.met_by(position, m) for m in position.legal_moves())

    def solutions(self, position: Position) -> list[Move]:
        return [m for m in position.legal_moves() if self.met_by(position, m)]


def cards_taken(move: Move) -> int:
    """How many cards a capture brings to the pile, the played card included (S5)."""
    return len(move.table_cards) + 1 if move.kind == "capture" else 0


def points_taken(move: Move) -> int:
    """The K1 points one capture decides: aces and Casinos taken (the played card included),
    plus 1 for a sweep (W1) when sweeps score under the position's rules."""
    if move.kind != "capture":
        return 0
    return move.card.points + sum(card.points for card in move.table_cards)


def _points_with_sweep(position: Position) -> Callable[[Move], int]:
    sweeps_score = bool(position.rules.sweeps)

    def measure(move: Move) -> int:
        return points_taken(move) + (1 if sweeps_score and move.is_sweep else 0)
    return measure


def resulting_build(position: Position, move: Move) -> Build | None:
    """The build on the table after a build move: the one holding the played card."""
    if move.kind != "build":
        return None
    after = position.play(move)
    return next((b for b in after.builds if move.card in b.cards), None)


def _legal(position: Position, move: Move) -> str | None:
    return None


def _capture(position: Position, move: Move) -> str | None:
    return None if move.kind == "capture" else "that move captures nothing"


def _trail(position: Position, move: Move) -> str | None:
    return None if move.kind == "trail" else "the question asks you to trail a card"


def _most(measure_for: Callable[[Position], Callable[[Move], int]], unit: str) -> Check:
    def check(position: Position, move: Move) -> Miss | None:
        measure = measure_for(position)
        best = max((measure(m) for m in position.legal_moves()), default=0)
        got = measure(move)
        if got >= best:
            return None
        takes = f"that move takes {count(got, unit)}"
        return Miss(f"{takes}; you can take {best}", f"{takes}; another move takes more")
    return check


def _sweep(position: Position, move: Move) -> str | None:
    if move.is_sweep:
        return None
    if move.kind != "capture":
        return "a sweep is a capture, and that move captures nothing"
    return "that capture leaves cards on the table, so it is not a sweep"


def _build(value: int | None, multiple: bool) -> Check:
    def check(position: Position, move: Move) -> str | None:
        if move.kind != "build":
            return "that move makes no build"
        if value is not None and move.value != value:
            return f"that move builds {move.value}, not {value}"
        if multiple:
            made = resulting_build(position, move)
            if made is None or not made.is_multiple:
                return "that build has only one set, so it is a single build"
        return None
    return check


def _raise(position: Position, move: Move) -> str | None:
    if move.kind == "build" and move.raised is not None:
        return None
    return "that move does not raise (increase) a build already on the table"


def _take(card: Card) -> Check:
    def check(position: Position, move: Move) -> str | None:
        if move.kind == "capture" and card in move.table_cards:
            return None
        return f"that move does not capture the {card.name}"
    return check


def _play(card: Card) -> Check:
    def check(position: Position, move: Move) -> str | None:
        return None if move.card is card else "another card of yours does it better"
    return check


def _keep(card: Card) -> Check:
    def check(position: Position, move: Move) -> str | None:
        return None if move.card is not card else \
            f"that move plays the {card.name}, which the question asks you to keep"
    return check


def _gather(card: Card) -> Check:
    def check(position: Position, move: Move) -> str | None:
        if move.kind == "build" and card in move.table_cards:
            return None
        return f"that move does not build with the {card.name}"
    return check


def _all_of(checks: list[Check]) -> Check:
    def check(position: Position, move: Move) -> str | Miss | None:
        for part in checks:
            why = part(position, move)
            if why is not None:
                return why
        return None
    return check


def _capture_build(position: Position, move: Move) -> str | None:
    if move.kind == "capture" and move.builds:
        return None
    return "that move captures no build"


def _protect(position: Position, move: Move) -> str | None:
    """The mover's single build ends up multiple and still theirs, so nobody can raise it (B7)."""
    mine = [b for b in position.owned_builds(position.turn) if not b.is_multiple]
    if not mine:
        return "you own no single build to protect here"
    after = position.play(move)
    if move.kind == "capture" and all(old in move.builds for old in mine):
        return "that move takes your build instead of protecting it on the table"
    for old in mine:
        for new in after.builds:
            if new.value == old.value and new.owner == position.turn and new.is_multiple \
                    and set(old.cards) <= set(new.cards):
                return None
    return ("your build can still be raised by an opponent: make it a multiple build "
            "of the same value")


def _ace_as_14(position: Position, move: Move) -> str | None:
    """V7: the move is a capture by an ace counting 14 (the core says which value it used)."""
    if move.kind != "capture" or move.card.rank != 1:
        return "the question asks you to capture with an ace"
    if move.value != 14:
        return "that capture counts your ace as 1; play it as 14"
    return None


_FIXED: dict[str, tuple[str, Check]] = {
    "legal": ("make any legal play", _legal),
    "capture": ("capture something", _capture),
    "trail": ("trail a card", _trail),
    "most cards": ("take as many cards as possible", _most(lambda _: cards_taken, "card")),
    "most points": ("take as many points as possible", _most(_points_with_sweep, "point")),
    "sweep": ("sweep the table (take every card on it)", _sweep),
    "build": ("make a build", _build(None, False)),
    "multiple build": ("make a multiple build", _build(None, True)),
    "raise": ("raise a build", _raise),
    "capture build": ("capture a build", _capture_build),
    "protect": ("protect your build so that nobody can raise it", _protect),
    "ace as 14": ("capture with your ace counting 14", _ace_as_14),
}


_CARD_GOALS: dict[str, tuple[str, Callable[[Card], Check]]] = {
    "take": ("capture the {}", _take),
    "play": ("play the {}", _play),
    "keep": ("keep the {} in your hand", _keep),
    "gather": ("build with the {}", _gather),
}


def parse_goal(text: str) -> Goal:
    """The goal written as `text`; `GoalError` naming the known forms if it is not one.
    Parts joined by " and " make one goal that needs all of them."""
    words = " ".join(str(text).lower().split())
    if " and " in words:
        parts = [_single_goal(part) for part in words.split(" and ")]
        return Goal(" and ".join(p.text for p in parts), " and ".join(p.words for p in parts),
                    _all_of([p.check for p in parts]))
    return _single_goal(words)


def _single_goal(words: str) -> Goal:
    text = words
    if words in _FIXED:
        phrase, check = _FIXED[words]
        return Goal(words, phrase, check)
    head, _, last = words.rpartition(" ")
    value = None
    if head in ("build", "multiple build") and looks_like_number(last):
        value = read_number(last, what="build value", where=f"goal {text!r}", error=GoalError,
                            max_digits=2)
    if value is not None and 1 <= value <= MAX_BUILD:
        multiple = head == "multiple build"
        phrase = f"make a {'multiple ' if multiple else ''}build of {value}"
        return Goal(words, phrase, _build(value, multiple))
    if head in _CARD_GOALS:
        try:
            card = Card.parse(last)
        except ValueError as error:
            raise GoalError(f"goal {text!r}: {error}") from None
        phrase, make = _CARD_GOALS[head]
        return Goal(f"{head} {card}", phrase.format(card.name), make(card))
    raise GoalError(f"unknown goal {text!r}; known goals: {', '.join(GOAL_FORMS)}")
