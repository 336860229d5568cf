"""The shapes of a practice question: a goal to reach, every capture of a card, is this move
legal, a fact about the deal or the match. Each deals positions (`positions.sample`) until the
rules core says the question is real, then words it as a `QuizItem`."""

from __future__ import annotations

import random
from typing import Any, Callable

from ...core.build import Build
from ...core.cards import Card
from ...core.errors import IllegalMove
from ...core.move import Move
from ...core.position import Position, check_move
from ...core.telling import in_words
from ..goals import parse_goal
from ..quiz import QuizItem
from .hints import HINTS
from .positions import sample

__all__ = ["goal_task", "captures_task", "candidate", "legal_task", "fact_task"]


def goal_task(rule: str, goal_text: str, question: str, rng: random.Random,
              extra: Callable[[Position], bool] = lambda p: True, **deal_options: object
              ) -> QuizItem:
    """Make a move that meets `goal_text`, on a table where some moves do and some do not."""
    goal = parse_goal(goal_text)

    def accept(position: Position) -> bool:
        moves = position.legal_moves()
        good = [m for m in moves if goal.met_by(position, m)]
        # the goal must be reachable, and not by every move (a question with no wrong answer)
        return bool(good) and len(good) < len(moves) and extra(position)

    position, _ = sample(rng, accept, **deal_options)
    return QuizItem(id=f"practice-{rule}", kind="goal", position=position, question=question,
                    hint=HINTS.get(rule, ""), rules=(rule,), goal=goal)


def captures_task(rule: str, rng: random.Random, need: Callable[[list[Move]], bool],
                  **deal_options: object) -> QuizItem:
    """List every capture of a hand card whose captures pass `need`."""
    def accept(position: Position) -> Card | None:
        cards = list(position.hand)
        rng.shuffle(cards)
        for card in cards:
            captures = [m for m in position.legal_moves() if m.kind == "capture" and m.card is card]
            if need(captures):
                return card
        return None

    position, card = sample(rng, accept, **deal_options)
    assert isinstance(card, Card)
    return QuizItem(id=f"practice-{rule}", kind="captures", position=position,
                    question=f"List every capture the {card.name} can make, one per line "
                             f"(just the table cards it takes, e.g. “3C 4H”).",
                    hint=HINTS.get(rule, ""), rules=(rule,), card=card)


def candidate(position: Position, rng: random.Random) -> Move:
    """A plausible move a learner might try: right or wrong, the core decides."""
    moves = position.legal_moves()
    if rng.random() < 0.5:
        return rng.choice(moves)
    card = rng.choice(position.hand)
    if position.loose and rng.random() < 0.15:
        card = rng.choice(position.loose)  # a card that is not in the hand (T2)
    kind = rng.choice(("trail", "capture", "build"))
    if kind == "trail":
        return Move("trail", card)
    things: list[Card | Build] = [*position.loose, *position.builds]
    pool = [thing for thing in things if thing is not card]
    chosen = rng.sample(pool, rng.randint(1, min(3, len(pool)))) if pool else []
    cards: list[Card] = []
    for thing in chosen:
        if isinstance(thing, Build):
            cards.extend(thing.cards if rng.random() < 0.85 else thing.cards[:1])
        else:
            cards.append(thing)
    if kind == "capture" or card.value is None:
        return Move("capture", card, cards)
    in_builds = [c for b in position.builds for c in b.cards]
    total = card.value + sum(c.value or 0 for c in cards if c not in in_builds)
    total = total if 1 <= total <= 10 else rng.randint(2, 10)
    return Move("build", card, cards, total)


def legal_task(rule: str, rng: random.Random, rules_broken: set[str],
               when: Callable[[Position], bool] = lambda p: True,
               kinds: tuple[str, ...] = ("trail", "capture", "build"),
               want_legal: bool | None = None,
               may_ask: Callable[[Move], bool] = lambda m: True,
               **deal_options: object) -> QuizItem:
    """Is this move legal? About half are; illegal ones break one of `rules_broken`; a legal
    one is asked about only if `may_ask(move)` (a play of a kind the lesson has taught)."""
    if want_legal is None:
        want_legal = rng.random() < 0.5

    def accept(position: Position) -> str | None:
        if not when(position):
            return None
        for _ in range(30):
            move = candidate(position, rng)
            if move.kind not in kinds:
                continue
            try:
                legal = check_move(position, move.kind, move.card, move.table_cards, move.value)
                if want_legal and may_ask(legal):
                    return str(legal)
            except IllegalMove as error:
                if not want_legal and error.rule in rules_broken:
                    return str(move)
        return None

    position, text = sample(rng, accept, **deal_options)
    return QuizItem(id=f"practice-{rule}", kind="legal", position=position,
                    question=legal_question(text), hint=HINTS.get(rule, ""),
                    rules=(rule,), move=str(text), legal=want_legal)


def legal_question(text: str, before: str = "") -> str:
    """A Legal / Not legal question in words, the move said by the core's reading of its
    notation (kept on the item for the judge and the typing box): "May you play the seven
    of spades to take the two of clubs here?"."""
    said = in_words(Move.parse(text)).rstrip(".")
    return f"{before}May you {said[0].lower()}{said[1:]} here?"


def fact_task(rule: str, ask: str, given: dict[str, Any]) -> QuizItem:
    """A number or choice question; the game modules work out its answer when it is judged."""
    from ..facts import FACTS

    return QuizItem(id=f"practice-{rule}", kind=FACTS[ask].kind, position=Position.parse("table:"),
                    question="", hint=HINTS[rule], rules=(rule,), ask=ask, given=given)
