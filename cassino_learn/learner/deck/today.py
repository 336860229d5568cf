"""The learner's deck day by day: the cards due now and today, a card answered (scheduled and
saved in the progress file at once), and the streak of days with answers.

Days are the learner's local days (the clock of the machine the kernel runs on: the server's
in Voila, the browser's in the in-browser edition).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from .. import progress
from .cards import Deck, DeckCard, local_now

__all__ = ["now", "due_now", "due_today", "learnt", "streak", "answer_card", "Summary",
           "summary"]


def now() -> datetime:
    """The time now, in the local zone."""
    return local_now()


def _day(when: datetime) -> date:
    return when.astimezone().date()


def due_now(deck: Deck, when: datetime | None = None) -> list[DeckCard]:
    """The cards to play now, the longest due first (learnt cards never come back)."""
    when = when or now()
    return sorted((c for c in deck.cards.values() if not c.learnt and c.due <= when),
                  key=lambda c: (c.due, c.id))


def due_today(deck: Deck, when: datetime | None = None) -> list[DeckCard]:
    """The cards due by the end of today (some perhaps later today), soonest first."""
    when = when or now()
    return sorted((c for c in deck.cards.values()
                   if not c.learnt and _day(c.due) <= _day(when)), key=lambda c: (c.due, c.id))


def learnt(deck: Deck) -> list[DeckCard]:
    return [c for c in deck.cards.values() if c.learnt]


def streak(deck: Deck, when: datetime | None = None) -> int:
    """Days in a row with an answer, up to today (or up to yesterday, today not played yet)."""
    day = _day(when or now())
    if day.isoformat() not in deck.days:
        day -= timedelta(days=1)
    count = 0
    while day.isoformat() in deck.days:
        count += 1
        day -= timedelta(days=1)
    return count


def answer_card(card_id: str, *, right: bool, wrong_tries: int, hint: bool,
                when: datetime | None = None) -> DeckCard:
    """Rate and schedule the answer to card `card_id` (`schedule.rating_for`) and save it in
    the learner's progress file; returns the card as saved. KeyError for a card not in the
    deck."""
    from .schedule import answer, rating_for  # fsrs: only when a card is answered

    when = when or now()
    stored = progress.load()
    card = stored.deck.cards[card_id]
    rated = answer(card, rating_for(right=right, wrong_tries=wrong_tries, hint=hint), when)
    return stored.keep_deck_card(rated, _day(when).isoformat())


@dataclass(frozen=True)
class Summary:
    """What the contents page says of the deck."""

    cards: int
    due_today: int
    due_now: int
    learnt: int
    streak: int
    next_due: datetime | None  # the next card's time, when none is due today


def summary(deck: Deck, when: datetime | None = None) -> Summary:
    when = when or now()
    waiting = sorted((c.due for c in deck.cards.values() if not c.learnt))
    today = due_today(deck, when)
    return Summary(len(deck.cards), len(today), len(due_now(deck, when)), len(learnt(deck)),
                   streak(deck, when), None if today or not waiting else waiting[0])
