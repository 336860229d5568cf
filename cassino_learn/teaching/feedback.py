"""Feedback in steps, the answer last: how much of the core's verdict a wrong try is told.

The rules core (through `QuizItem.judge`) decides whether an answer is right and knows why; this
module only chooses how much of that to show, the way a coach does:

1. `LOOK`, a first wrong try without a hint: what to look at again (the rule's condition, which
   cards to count, how many captures are still missing), never the answer.
2. `NUDGE`, a second wrong try (or a first one after the hint): a stronger hint, the card or
   the step that leads to the answer.
3. `SHOW`, after that, or when the learner asks ("Show me"): the answer, with what makes it
   right (`shown`).

A two-way question (Legal / Not legal) is settled by any wrong try, so its first step names no
rule that would tell which way it goes, and words it the same whichever way it goes.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.cards import Card
from ..core.errors import IllegalMove, MoveSyntaxError
from ..core.words import count, listing
from .quiz import QuizItem, Verdict, read_capture_answer, round_score
from .saying import build_said

__all__ = ["LOOK", "NUDGE", "SHOW", "step_for", "stepped", "shown"]

LOOK, NUDGE, SHOW = 1, 2, 3


def step_for(wrong_tries: int, hint_used: bool) -> int:
    """The step a wrong try gets: `wrong_tries` counts it; a hint taken moves one step on."""
    return max(LOOK, min(SHOW, wrong_tries + (1 if hint_used else 0)))


def stepped(item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict:
    """A wrong `verdict` on `answer`, told as far as `step` allows (a right one as it is)."""
    if verdict.correct or step >= SHOW:
        return verdict if verdict.correct else _with_answer(item, verdict)
    told = _STEPS.get(item.kind)
    said = told(item, answer, verdict, step) if told else None
    return said or verdict


def shown(item: QuizItem) -> Verdict:
    """The answer, with what makes it right (the "Show me" button, or the third try)."""
    if item.kind == "goal":
        assert item.goal is not None
        from .saying import move_said

        move = item.solutions()[0]
        return Verdict(False, f"Here is a right move: {move_said(item.position, move)}. "
                              f"It does what the task asks: {item.goal.words}.")
    if item.kind == "captures":
        assert item.card is not None

        right = sorted(item.solutions(), key=str)
        if not right:
            return Verdict(False, f"Your {item.card.name} captures nothing here.")
        taken = [cards_said_for(item, m) for m in right]
        return Verdict(False, f"Your {item.card.name} has {count(len(right), 'capture')}: "
                              f"it takes {'; or '.join(taken)}.")
    if item.kind == "legal":
        from .quiz import legal_words

        is_legal, detail = item.truth()
        if is_legal:
            return Verdict(False, legal_words(item))
        return Verdict(False, f"It is not legal: {detail.reason} ({detail.rule})", detail.rule)
    if item.kind == "score":
        from .sheets import score_text

        truth = item.truth()
        listing = ", ".join(f"side {side}: {points}" for side, points in sorted(truth.items()))
        return Verdict(False, f"The points are {listing}.\n{score_text(item.position)}", "K1",
                       headline=f"The points are {listing}.")
    truth = item.truth()  # number, choice
    return Verdict(False, f"It is {truth.value}. {truth.why}", truth.rule)


# ---------------------------------------------------------------------- the steps per kind

def _with_answer(item: QuizItem, verdict: Verdict) -> Verdict:
    """The third step: what was wrong with this try (when the core says), then the answer."""
    answer = shown(item)
    if item.kind in ("goal", "captures") and verdict.message:
        first = verdict.message if item.kind == "goal" else _captures_extra(verdict)
        text = f"{first} {answer.message}".strip()
        return Verdict(False, text, answer.rule or verdict.rule, verdict.missed, verdict.extra)
    return Verdict(False, answer.message, answer.rule or verdict.rule, verdict.missed,
                   verdict.extra, headline=answer.headline)


def _goal(item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
    text = verdict.message
    if verdict.rule:  # refused by the core: its reason is about this try, not the answer
        return None if step == LOOK else Verdict(
            False, f"{text} {_card_nudge(item)}", verdict.rule)
    # "that move takes 2 cards; you can take 4": the best count is kept back at first
    text = verdict.kept_back or text
    if step == LOOK:
        return Verdict(False, text)
    return Verdict(False, f"{text} {_card_nudge(item)}")


def _card_nudge(item: QuizItem) -> str:
    cards = {m.card for m in item.solutions()}
    if len(cards) == 1:
        return f"Look at what your {next(iter(cards)).name} can do."
    return "Look at each card in your hand in turn: what can it take or build?"


def _captures(item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict:
    assert item.card is not None
    parts = []
    if verdict.missed:
        parts.append(f"Not yet: {count(len(verdict.missed), 'capture')} still to find.")
        if step >= NUDGE:
            parts.append(_capture_nudge(item, verdict.missed))
    extra = _captures_extra(verdict)
    if extra:
        parts.append(extra)
    if not verdict.missed and step == LOOK:
        parts.append(f"Only captures with your {item.card.name} belong in the answer.")
    return Verdict(False, " ".join(parts), verdict.rule, verdict.missed, verdict.extra)


def cards_said_for(item: QuizItem, move: Any) -> str:
    """What a capture takes, in words: "the nine of clubs", "your opponent's build of 8"."""
    from .saying import move_said

    return move_said(item.position, move).split(" to take ", 1)[-1]


def _captures_extra(verdict: Verdict) -> str:
    return f"Not right: {'; '.join(verdict.extra)}." if verdict.extra else ""


def _capture_nudge(item: QuizItem, missed: tuple[str, ...]) -> str:
    """A table card that a missing capture takes (one the learner has not used, if any)."""
    moves = []
    for text in missed:
        try:
            moves.append(item.position.parse_move(read_capture_answer(item, text)))
        except (IllegalMove, MoveSyntaxError):  # pragma: no cover - missed captures are legal
            continue
    if not moves:
        return ""
    found = {card for m in item.solutions() if str(m) not in missed for card in m.table_cards}
    cards = list(moves[0].table_cards)
    fresh = [c for c in cards if c not in found] or cards
    if not fresh:
        return ""
    return f"One of them takes the {fresh[0].name} from the table."


def _legal(item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict:
    is_legal, detail = item.truth()
    if step == LOOK:
        # The same words whichever way it goes: a two-way question is not settled for the retry.
        return Verdict(False, f"Not quite. Look again at the move: {_move_cards(item)}. "
                              f"Check each card against the rules you know.")
    if is_legal:
        from .saying import move_said

        return Verdict(False, f"Not quite. Look at the move again: "
                              f"{_sentence(move_said(item.position, detail))}. "
                              f"Which rule would it break?")
    return Verdict(False, f"Not quite. Check the move against this rule: {detail.reason} "
                          f"({detail.rule})", detail.rule)


def _move_cards(item: QuizItem) -> str:
    """The cards a move names, as where they are: "the 3 of diamonds from the hand and ..."."""
    named = []
    for word in re.split(r"[\s+|\[\],:@]+", item.move or ""):
        try:
            named.append(Card.parse(word))
        except ValueError:
            continue
    hand = [c for c in named if c in item.position.hand][:1]
    played = named[:1] if named and named[0] not in item.position.table_cards else []
    builds = [b for b in item.position.builds if set(b.cards) & set(named)]
    in_builds = {c for b in builds for c in b.cards}
    table = [f"the {c.name}" for c in dict.fromkeys(named)
             if c in item.position.table_cards and c not in in_builds]
    table += [build_said(b, item.position) for b in builds]  # a build is said whole
    parts = [f"the {hand[0].name} from the hand"] if hand else \
        [f"the {played[0].name} it plays"] if played else []  # a card not held: T2's slip
    if table:
        parts.append(listing(table) + " on the table")
    return " and ".join(parts) or "what it plays and what it uses"



def _score(item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
    score = round_score(item.position)  # the scorer, under the position's rules
    scorer = item.position.rules.scorer
    try:
        given = {int(side): int(points) for side, points in dict(answer).items()}
    except (TypeError, ValueError, OverflowError):
        return None  # not a number a side: the plain verdict says so
    off = [f"side {side} ({'too many' if given.get(side, 0) > points else 'too few'})"
           for side, points in sorted(score.points.items()) if given.get(side) != points]
    head = f"Not yet: the points for {listing(off)} are not right."
    if step == LOOK:
        # Sweeps (taught in lesson 9) are named only when a pile holds one; an item no card
        # scores under these rules is not named (V8: Little Casino counts as a spade there).
        counted = [each for each in scorer.items if each.scores and (
            not each.sweeps or any(side.get(each.key) for side in score.items.values()))]
        rules, swept = item.position.rules, any(item.position.sweeps)
        # the variant's own twist on sweeps, the slip its stage is about (V2, V3)
        sweeps = (" Sweeps score nothing under these rules." if swept and not rules.sweeps
                  else " Sweeps cancel one for one: only the difference scores."
                  if swept and rules.sweeps_cancel else "")
        return Verdict(False, f"{head} Count each pile again, item by item: "
                              f"{', '.join(each.said for each in counted)}.{sweeps}",
                       "K1")
    won = []
    named = {each.key: each.name.lower() for each in scorer.items}
    for side, items in sorted(score.items.items()):
        names = [named[name] for name, n in items.items() if n]
        won.append(f"side {side} wins {listing(names) if names else 'nothing'}")
    return Verdict(False, f"{head} {'; '.join(won).capitalize()}. Add up what each is worth.",
                   "K1")


def _fact(item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict:
    truth = item.truth()
    said = str(answer).strip()
    if item.kind == "choice" and said.lower() not in (c.lower() for c in truth.choices):
        return verdict  # not one of the choices: the core's words say which there are
    if item.kind == "number":
        try:
            int(said)
        except ValueError:
            return verdict  # not a number: the core's words say so
    not_it = f"Not {said}." if item.kind == "number" else f"Not “{said}”."
    look = truth.look or f"Read the question again: what does rule {truth.rule} say?"
    text = look if step == LOOK else (truth.step or look)
    return Verdict(False, f"{not_it} {text}", truth.rule)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].lower() + text[1:] if text else text


_STEPS = {"goal": _goal, "captures": _captures, "legal": _legal, "score": _score,
          "number": _fact, "choice": _fact}
