"""Position items of homework: each has an id made from its text, which a page's try at it
names (as a stage's try names its stage, with the "lesson" `HOMEWORK_LESSON`), and a solved
try's answer is judged here by the expert as a deck's move card is, for the class server.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from typing import Any, Callable, Iterable

__all__ = ["HOMEWORK_LESSON", "POSITION_ID_PATTERN", "MAX_POSITION_CHARS", "position_id",
           "judge_position_answer", "judge_ahead"]

MAX_POSITION_CHARS = 2000
#: The "lesson" a try at a position item names (its "stage": the position's id): a page
#: sends such a try as it sends a stage's, and the class server judges its answer itself.
HOMEWORK_LESSON = "homework"
POSITION_ID_PATTERN = re.compile(r"p[0-9a-f]{16}")


def position_id(position: str) -> str:
    """A position item's id ("p" and 16 hex digits of its text's digest): the same position
    typed the same way is the same item in every homework."""
    return "p" + hashlib.sha1(position.encode("utf-8")).hexdigest()[:16]


def judge_position_answer(stage: str, answer: Any) -> bool:
    """Whether `answer` ({"position": its text, "move": the move}, as a page sends a solved
    try at a position item) is a right answer to the position item `stage` (its id): the
    position must be the item's, and the move is judged by the expert as a deck's move card
    is (`deck.judging.judge_position`). ValueError saying what is wrong with the answer."""
    if not isinstance(answer, dict) or set(answer) != {"position", "move"} or \
            not all(isinstance(v, str) for v in answer.values()):
        raise ValueError("a position's answer is {\"position\": text, \"move\": text}")
    if len(answer["position"]) > MAX_POSITION_CHARS or position_id(answer["position"]) != stage:
        raise ValueError(f"the answer's position is not the position of item {stage}")
    return _verdict(answer["position"], answer["move"])


@lru_cache(maxsize=512)
def _verdict(position: str, move: str) -> bool:
    """The expert's verdict on `move` in `position` (seconds of search: kept, so an answer
    judged ahead, off the store's writer, is not searched again there)."""
    from ..learner.deck.judging import judge_position

    return judge_position(position, move).right


#: The most solved position tries of one request judged ahead.
MAX_AHEAD = 4


def judge_ahead(events: Iterable[Any], known: Callable[[], frozenset[str]]) -> int:
    """Judge the solved tries at the class's homework positions (`known()`: their ids) among
    `events` (as a page sends them) before they are stored, on a reader thread, so that the
    store's writer, which judges each again before storing it, finds the verdict kept and no
    other learner's write waits for a search. Whatever is wrong with an answer is left for
    the store's own check to say. Returns how many were judged."""
    wanted = [e for e in events if isinstance(e, dict) and e.get("lesson") == HOMEWORK_LESSON
              and e.get("solved") is True and isinstance(e.get("answer"), dict)][:MAX_AHEAD]
    if not wanted:
        return 0
    ids, judged = known(), 0
    for event in wanted:
        if event.get("stage") in ids:
            try:
                judge_position_answer(str(event["stage"]), event["answer"])
                judged += 1
            except Exception:  # noqa: BLE001 - the store's check says what is wrong
                continue
    return judged
