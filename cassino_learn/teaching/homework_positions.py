"""Position items of homework: each has an id made from its text, which a page's try at it
names (as a stage's try names its stage, with the "lesson" `HOMEWORK_LESSON`), and a solved
try's answer is judged here by the expert as a deck's move card is, for the class server.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

__all__ = ["HOMEWORK_LESSON", "POSITION_ID_PATTERN", "MAX_POSITION_CHARS", "position_id",
           "judge_position_answer"]

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
    from .deck.judging import judge_position

    if not isinstance(answer, dict) or set(answer) != {"position", "move"} or \
            not all(isinstance(v, str) for v in answer.values()):
        raise ValueError("a position's answer is {\"position\": text, \"move\": text}")
    if len(answer["position"]) > MAX_POSITION_CHARS or position_id(answer["position"]) != stage:
        raise ValueError(f"the answer's position is not the position of item {stage}")
    return judge_position(answer["position"], answer["move"]).right
