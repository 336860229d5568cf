"""The captures kind: find every capture that ``card`` can make. Optional ``expected``: the full
list. A stage collects the captures played on its table, then "That's all"; a quiz takes them
typed, one a line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...core.cards import Card
from ...core.errors import IllegalMove, MoveSyntaxError
from ...core.move import CAPTURE, Move
from ...core.words import count
from ..judged import LOOK, NUDGE, BankError, Verdict
from .base import Answered, Controls, Kind, TextCheck

if TYPE_CHECKING:
    from ..quiz import QuizItem
    from ..stages import Stage

__all__ = ["CapturesKind", "read_capture_answer", "cards_said_for"]


class CapturesKind(Kind):
    name = "captures"
    controls = Controls(Answered.MOVES, placeholder="one capture per line, e.g.  3C 4H")
    fields = frozenset({"card"})

    def read(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"card": Card.parse(str(raw["card"]))}

    def check_raw(self, raw: Mapping[str, Any], text_list: TextCheck) -> None:
        if raw.get("expected") is not None:
            text_list("expected")

    def check(self, item: QuizItem) -> None:
        position = item.position
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
                    f"{sorted(right - stored) or 'none'}, not captures "
                    f"{sorted(stored - right) or 'none'}")

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        from ..saying import move_said

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
                extra.append(f"{move_said(item.position, move)}: legal, but not a capture with "
                             f"the {item.card.name}" if item.card else
                             move_said(item.position, move))
            else:
                given.add(move)
        missed = tuple(sorted((str(m) for m in right - given)))
        correct = not missed and not extra
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

    def solutions(self, item: QuizItem) -> list[Any]:
        return [m for m in item.position.legal_moves()
                if m.kind == CAPTURE and m.card is item.card]

    def prompt(self, item: QuizItem) -> str:
        assert item.card is not None
        return f"Find every capture the {item.card.name} can make."

    def shown(self, item: QuizItem) -> Verdict:
        assert item.card is not None
        right = sorted(item.solutions(), key=str)
        if not right:
            return Verdict(False, f"Your {item.card.name} captures nothing here.")
        taken = [cards_said_for(item, m) for m in right]
        return Verdict(False, f"Your {item.card.name} has {count(len(right), 'capture')}: "
                              f"it takes {'; or '.join(taken)}.")

    def told(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
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

    def this_try(self, verdict: Verdict) -> str | None:
        return _captures_extra(verdict)

    # ------------------------------------------------------------------ a captures stage

    def task(self, stage: Stage) -> str:
        assert stage.item is not None and stage.item.card is not None
        return (f"Find every capture of your {stage.item.card.name}: play each one, "
                f"then press “That's all”.")

    def hint_steps(self, stage: Stage) -> tuple[str, ...]:
        found = len(stage.solutions()[0])
        return (f"There {'is' if found == 1 else 'are'} {found} to find.",)

    def stage_answer(self, answer: Any) -> Any:
        return answer if isinstance(answer, str) else [str(m) for m in answer]

    def stage_solutions(self, stage: Stage) -> list[Any]:
        assert stage.item is not None
        return [stage.item.solutions()]

    def not_collected(self, stage: Stage, move: Any) -> str:
        """Only a capture with the stage's card joins the answer."""
        from ..saying import move_said

        assert stage.position is not None
        card = stage.item.card if stage.item is not None else None
        if move.kind == CAPTURE and card is not None and move.card is card:
            return ""
        with_card = f" with your {card.name}" if card is not None else ""
        return (f"To {move_said(stage.position, move)} is not a capture{with_card}: only "
                f"captures go into the answer.")


def read_capture_answer(item: QuizItem, line: str) -> str:
    """A line of a captures answer as move text: "3C 4H" means "<card> take 3C 4H"."""
    words = line.replace(",", " ").split()
    verbs = {"take", "takes", "capture", "captures", "trail", "build", "builds", "x"}
    if any(w.lower() in verbs for w in words):
        return line
    return f"{item.card} take {line}"


def _line_said(item: QuizItem, text: str) -> str:
    from ..saying import text_said

    return text_said(item.position, text)


def cards_said_for(item: QuizItem, move: Any) -> str:
    """What a capture takes, in words: "the nine of clubs", "your opponent's build of 8"."""
    from ..saying import move_said

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
