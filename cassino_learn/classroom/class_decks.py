"""The teacher's view of the class's decks (the learners' own cards: the moves the review marked
in their games and the stages they missed at the first try, which come with the progress the
pages sync): for each learner, cards due today, learnt, and failed in the last week; for the
class, the rules behind most cards, and the stages and game positions most learners have in
their decks (the class's common mistakes, set as homework in one click). Each learner's part
(`deck_part`) is worked out from their progress alone, when it changes
(`class_tally.ClassTally`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable

from ..learner.deck.cards import Deck

__all__ = ["DeckPart", "deck_part", "deck_rows", "rules_behind", "common_mistakes",
           "GAME_MOVES", "WEEK"]

WEEK = timedelta(days=7)
#: The rule shown for a card of a move marked in a game (no one rule is behind it).
GAME_MOVES = "moves in games"
AGAIN = 1  # fsrs's rating of a wrong answer


@dataclass(frozen=True)
class DeckPart:
    """What one learner's deck adds to the teacher's view."""

    cards: int
    due: tuple[datetime, ...]       # of the cards not learnt
    learnt: int
    failed: tuple[datetime, ...]    # the wrong answers the cards' logs keep
    missed_stages: tuple[tuple[str, str], ...]  # stage cards not learnt: (lesson, stage)
    rules: tuple[str, ...]          # the rules behind each card (a card may have several)
    positions: tuple[str, ...] = ()  # move cards not learnt: the positions, as seen

    def row(self, now: datetime) -> dict[str, Any]:
        week_ago = now - WEEK
        end_of_day = now.replace(hour=23, minute=59, second=59)
        return {"cards": self.cards, "due": sum(d <= end_of_day for d in self.due),
                "learnt": self.learnt,
                "failed_week": sum(when >= week_ago for when in self.failed)}


def deck_part(deck: Deck) -> DeckPart:
    from ..learner.deck.cards import StagePuzzle

    due: list[datetime] = []
    failed: list[datetime] = []
    stages: list[tuple[str, str]] = []
    rules: list[str] = []
    positions: list[str] = []
    learnt = 0
    for card in deck.cards.values():
        if card.learnt:
            learnt += 1
        else:
            due.append(_utc(card.due))
        for when, rating in card.log:
            if rating == AGAIN:
                failed.append(_utc(datetime.fromisoformat(when)))
        if isinstance(card.puzzle, StagePuzzle):
            if not card.learnt:
                stages.append((card.puzzle.lesson, card.puzzle.stage))
            rules.extend(_stage_rules(card.puzzle.lesson, card.puzzle.stage))
        else:
            rules.append(GAME_MOVES)
            if not card.learnt:
                positions.append(card.puzzle.position)
    return DeckPart(len(deck.cards), tuple(due), learnt, tuple(failed), tuple(stages),
                    tuple(rules), tuple(positions))


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None \
        else moment.astimezone(timezone.utc)


def _stage_rules(lesson: str, stage: str) -> tuple[str, ...]:
    """The rules a stage asks about (its quiz item's), else those its lesson teaches."""
    from ..teaching.catalog import lesson as find_lesson
    from .class_summary import _stage

    found = _stage(lesson, stage)
    item = getattr(found, "item", None)
    if item is not None and (item.rules or item.rule):
        return tuple(item.rules) or (item.rule,)
    try:
        return find_lesson(lesson).rules
    except KeyError:
        return ()


def deck_rows(parts: Iterable[tuple[str, str, DeckPart]], now: datetime) -> list[dict[str, Any]]:
    """(name, code, part) of each learner as rows: cards, due today, learnt, failed this week."""
    return [{"name": name, "code": code, **part.row(now)} for name, code, part in parts]


def rules_behind(parts: Iterable[DeckPart], limit: int = 8) -> list[dict[str, Any]]:
    """The rules behind most cards of the class: cards and learners each, most cards first."""
    cards: Counter[str] = Counter()
    learners: Counter[str] = Counter()
    for part in parts:
        learners.update(set(part.rules))
        cards.update(part.rules)
    order = sorted(cards, key=lambda r: (-cards[r], -learners[r], r))
    return [{"rule": r, "name": _rule_name(r), "cards": cards[r], "learners": learners[r]}
            for r in order[:limit]]


def _rule_name(rule: str) -> str:
    """What the teacher reads for a rule: its id and its short name ("C1: a pair")."""
    from ..teaching.catalog import RULE_NAMES

    return f"{rule}: {RULE_NAMES[rule]}" if rule in RULE_NAMES else rule


def common_mistakes(parts: Iterable[DeckPart], limit: int = 6,
                    set_already: Iterable[tuple[str, str]] = (),
                    positions_set: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The stages and the game positions most learners have in their decks, not learnt yet
    (two learners at least), most learners first, then stages in course order before
    positions; those set already in homework not yet due (`set_already`: the stages as
    (lesson, stage), `positions_set`: the positions' texts) left out. A stage is
    {"kind": "stage", "lesson", "stage", "value" (lesson/stage), "lesson_title", "number",
    "learners"}; a position (a move card's, as the learners saw it: their hand and the table,
    set as homework it is judged by the expert as any homework position) is
    {"kind": "position", "position", "value" (the text), "learners"}."""
    from .class_summary import course_stages

    parts = list(parts)
    learners: Counter[tuple[str, str]] = Counter()
    seen: Counter[str] = Counter()
    for part in parts:
        learners.update(set(part.missed_stages))
        seen.update(set(part.positions))
    order = {(s.lesson, s.stage): s for s in course_stages()}
    left_out, positions_out = set(set_already), set(positions_set)
    common: list[tuple[tuple[int, int, int, str], dict[str, Any]]] = []
    for key, n in learners.items():
        if n >= 2 and key in order and key not in left_out:
            stage = order[key]
            common.append(((-n, 0, stage.order, ""), {
                "kind": "stage", "lesson": key[0], "stage": key[1], "value": f"{key[0]}/{key[1]}",
                "lesson_title": stage.lesson_title, "number": stage.number, "learners": n}))
    for position, n in seen.items():
        if n >= 2 and position not in positions_out:
            common.append(((-n, 1, 0, position), {"kind": "position", "position": position,
                                                  "value": position, "learners": n}))
    common.sort(key=lambda entry: entry[0])
    return [entry for _, entry in common[:limit]]
