"""A card's answer scheduled by `fsrs`, the Free Spaced Repetition Scheduler (the one Anki
adopted): a right first try is Good, a right answer after a hint Hard, a wrong try (or an
answer shown) Again. A card whose next interval passes 21 days is learnt (`cards.LEARNT_AFTER`)
and leaves the daily queue.

The scheduler runs without fuzz (fsrs's random spreading of long intervals): a learner's deck
is small, and the same answers then give the same dates.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

from .cards import DeckCard

__all__ = ["SCHEDULER", "rating_for", "answer", "interval"]

SCHEDULER = Scheduler(enable_fuzzing=False)


def rating_for(*, right: bool, wrong_tries: int, hint: bool) -> Rating:
    """How an answer went: right at the first try without a hint is Good, right after a hint
    Hard; any wrong try, or the answer shown (`right` False), Again."""
    if not right or wrong_tries:
        return Rating.Again
    return Rating.Hard if hint else Rating.Good


def answer(card: DeckCard, rating: Rating, when: datetime | None = None) -> DeckCard:
    """The card after an answer rated `rating` at `when` (now by default): its new scheduler
    state, one more review, learnt once the next interval passes 21 days."""
    when = when or datetime.now(timezone.utc)
    scheduled, _log = SCHEDULER.review_card(Card.from_dict(card.schedule),  # type: ignore[arg-type]
                                            rating, when)
    return card.answered(dict(scheduled.to_dict()), int(rating), when)


def interval(card: DeckCard) -> timedelta:
    """The time from the card's last answer to its next (zero for a card never answered)."""
    last = card.last_review
    return card.due - last if last is not None else timedelta(0)
