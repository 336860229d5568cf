"""The legal kind: is ``move`` legal here? Required ``legal`` (true/false); optional ``rule``
(the rule id an illegal move breaks). Answered Legal / Not legal: one wrong try settles it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from ...core.cards import Card
from ...core.errors import IllegalMove
from ...core.move import Move
from ...core.position import Position
from ...core.words import listing
from ..judged import LOOK, BankError, Verdict
from ..saying import build_said
from .base import Answered, Controls, Exhibit, Kind, TextCheck

if TYPE_CHECKING:
    from ..quiz import QuizItem
    from ..stages import Stage

__all__ = ["LegalKind", "legal_words", "better_capture"]

CHOICES = ("Legal", "Not legal")


class LegalKind(Kind):
    name = "legal"
    controls = Controls(Answered.CHOICE, exhibit=Exhibit.MOVE)
    fields = frozenset({"move", "legal"})
    two_way = True
    drawn_question = "Is the move shown here legal?"

    def read(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"move": str(raw["move"]), "legal": raw["legal"]}

    def check_raw(self, raw: Mapping[str, Any], text_list: TextCheck) -> None:
        if not isinstance(raw.get("legal"), bool):
            raise BankError("legal must be true or false")

    def check(self, item: QuizItem) -> None:
        is_legal, detail = item.truth()
        if is_legal != item.legal:
            why = f": {detail.reason} ({detail.rule})" if not is_legal else ""
            raise BankError(f"the bank says {item.move!r} is "
                            f"{'legal' if item.legal else 'illegal'}, the rules core says it is "
                            f"{'legal' if is_legal else 'illegal'}{why}")
        if not is_legal and item.rule and item.rule != detail.rule:
            raise BankError(f"the bank says {item.move!r} breaks {item.rule}, the rules core "
                            f"says {detail.rule}: {detail.reason}")

    def truth(self, item: QuizItem) -> Any:
        """(is_legal, the Move or the core's IllegalMove)."""
        assert item.move is not None
        try:
            return True, item.position.parse_move(item.move)
        except IllegalMove as error:
            return False, error

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        is_legal, detail = item.truth()
        said = _as_bool(answer)
        if is_legal:
            message = legal_words(item)
            rule = None
        else:
            message = f"It is not legal: {detail.reason} ({detail.rule})"
            rule = detail.rule
        return Verdict(said == is_legal,
                       ("Right. " if said == is_legal else "Not quite. ") + message, rule)

    def item_choices(self, item: QuizItem) -> tuple[str, ...]:
        return CHOICES

    def prompt(self, item: QuizItem) -> str:
        from ..saying import text_said

        return f"Is it legal to {text_said(item.position, item.move or '')}?"

    def shown(self, item: QuizItem) -> Verdict:
        is_legal, detail = item.truth()
        if is_legal:
            return Verdict(False, legal_words(item))
        return Verdict(False, f"It is not legal: {detail.reason} ({detail.rule})", detail.rule)

    def told(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
        is_legal, detail = item.truth()
        if step == LOOK:
            # The same words whichever way it goes: a two-way question is not settled for the
            # retry.
            return Verdict(False, f"Not quite. Look again at the move: {_move_cards(item)}. "
                                  f"Check each card against the rules you know.")
        if is_legal:
            from ..saying import move_said

            return Verdict(False, f"Not quite. Look at the move again: "
                                  f"{_sentence(move_said(item.position, detail))}. "
                                  f"Which rule would it break?")
        return Verdict(False, f"Not quite. Check the move against this rule: {detail.reason} "
                              f"({detail.rule})", detail.rule)

    # ------------------------------------------------------------------ a legal stage

    def task(self, stage: Stage) -> str:
        return f"Is it legal to {stage.move_words()}?"

    def choices(self, stage: Stage) -> tuple[str, ...]:
        return CHOICES

    def stage_answer(self, answer: Any) -> Any:
        return str(answer).strip().lower() in ("legal", "yes", "true")

    def stage_solutions(self, stage: Stage) -> list[Any]:
        assert stage.item is not None
        return [CHOICES[0] if stage.item.truth()[0] else CHOICES[1]]


def _as_bool(answer: Any) -> bool:
    if isinstance(answer, str):
        return answer.strip().lower() in ("yes", "y", "true", "legal", "1")
    return bool(answer)


def legal_words(item: QuizItem) -> str:
    """A legal item's move told legal, in words; a weak one says that a better play exists
    ("It is legal, but taking ... brings more"), so that legal never reads as advice."""
    from ..saying import move_said

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
    from ..goals import cards_taken, points_taken

    if move.kind == "build":
        return None

    def worth(m: Move) -> tuple[int, int]:
        return points_taken(m), cards_taken(m)
    best = max((m for m in position.legal_moves() if m.kind == "capture"), key=worth,
               default=None)
    if best is None or worth(best) <= worth(move):
        return None
    return best


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


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].lower() + text[1:] if text else text
