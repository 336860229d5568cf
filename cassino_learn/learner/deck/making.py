"""Cards made from what the learner got wrong: a move the review marked in a game they played
(`add_marked`, called by the game widget as each move's review ends), and a lesson's stage
missed on the first try (added as the try is saved, `progress.record_stage`; `add_missed_stages`
adds those of a file from before the deck).

A move card holds the position as the learner saw it: their own hand, the table, the piles;
the other hands and the stock only as counts (`game.observation`), never their cards.
"""

from __future__ import annotations

import warnings
from datetime import datetime
from typing import Iterable

from ...game.review import MoveReview
from .. import progress
from ...teaching.stages import has_stages, load_stages
from .cards import DeckCard, MovePuzzle, local_now

__all__ = ["puzzle_of", "card_of", "joins_deck", "add_marked", "add_missed_stages"]

JOINING = ("mistake", "blunder")  # marks that join the deck; inaccuracies too by a setting


def joins_deck(mark: str | None, inaccuracies: bool = False) -> bool:
    """Whether a move marked `mark` joins the deck (`inaccuracies`: the learner's setting)."""
    return mark in JOINING or (inaccuracies and mark == "inaccuracy")


def puzzle_of(reviewed: MoveReview) -> MovePuzzle:
    """The puzzle of a marked move: the observation the learner had, the move played, the
    better one and why (ValueError for a move the review did not mark)."""
    if reviewed.mark is None or reviewed.better is None:
        raise ValueError(f"move {reviewed.number} was not marked by the review")
    seen = reviewed.turn.observation
    return MovePuzzle(position=seen.position.one_line(), seat=seen.seat,
                      hand_sizes=tuple(seen.hand_sizes), stock_size=seen.stock_size,
                      dealer=seen.dealer, round_number=seen.round_number,
                      deal_number=seen.deal_number, deals_per_round=seen.deals_per_round,
                      scores=tuple((int(a), int(b)) for a, b in seen.scores),
                      number=reviewed.number, played=str(reviewed.move),
                      better=str(reviewed.better.move), mark=reviewed.mark,
                      loss=round(float(reviewed.loss), 3), reasons=tuple(reviewed.reasons))


def card_of(reviewed: MoveReview, now: datetime | None = None) -> DeckCard:
    return DeckCard.for_move(puzzle_of(reviewed), now or local_now())


def add_marked(reviewed: Iterable[MoveReview]) -> list[str]:
    """Add the moves among `reviewed` whose mark joins the deck (a card already there keeps
    its schedule); returns the ids added. A progress file that cannot be written is warned
    about: the game goes on."""
    try:
        store = progress.load()
        wanted = store.preferences.deck_inaccuracies
        cards = [card_of(r) for r in reviewed if joins_deck(r.mark, wanted)]
        return store.add_deck_cards(cards) if cards else []
    except OSError as error:
        warnings.warn(f"the move could not be added to your review deck: {error}",
                      progress.ProgressWarning, stacklevel=2)
        return []


def add_missed_stages(store: progress.Progress | None = None) -> list[str]:
    """Add the stages whose record says they went wrong at the first try and that are not in
    the deck yet (a file from before the deck, or records a class's sync brought); returns the
    ids added. Stages no longer in their lesson are left out."""
    store = store or progress.load()
    when = local_now()
    cards = []
    for slug, entry in store.lessons.items():
        if not entry.stages or not has_stages(slug):
            continue
        known = set(load_stages(slug).ids)
        for stage_id, record in entry.stages.items():
            if stage_id in known and progress.wrong_first_try(record):
                cards.append(DeckCard.for_stage(slug, stage_id, when))
    return store.add_deck_cards(cards)
