"""Every rule an explanation can name: the rule id, and one plain sentence about the cards.

A learner reads `IllegalMove.reason` as it is, so it must be a single sentence that names the
card or value at stake.
"""

from __future__ import annotations

import re

import pytest

from cassino_learn import Card, IllegalMove, Position
from cassino_learn.core.position import check_move

# (rule, position, move text, words the reason must contain)
CASES = [
    ("T1", "table: 5C; hand: 7S", "7S take", ["trail"]),
    ("T2", "table: 5C; hand: 7S", "9D take 5C", ["nine of diamonds"]),
    ("T2", "table: 5C 2D; hand: 7S", "5C take 2D", ["five of clubs"]),
    ("T2", "table: 5C; hand: 7S 2D", "7S take 5C 2D", ["two of diamonds"]),
    ("T2", "table: 5C 2D; hand: 7S", "7S take 5C 2H", ["two of hearts"]),
    ("P2", "table: KD 7C; hand: 7S", "7S take KD 7C", ["king of diamonds"]),
    ("P2", "table: QC QD; hand: QH", "QH take QC QD", ["queen"]),
    ("P2", "table: QC 5D; hand: QH", "QH take 5D", ["queen"]),
    ("P2", "table: QC KD; hand: QH", "QH take QC KD", ["queen"]),
    ("S1", "table: 5C; hand: 7S", "7S take 5C", ["five of clubs"]),
    ("S1", "table: 9C 2D; hand: 7S", "7S take 9C", ["nine of clubs"]),
    ("S2", "table: AC 2D 3H 5S 6C 8D; hand: 8S", "8S take AC 2D 3H 5S 6C 8D", ["8"]),
    ("S3", "table: [8@2: 5S 3H]; hand: 8C", "8C take 5S", ["build", "8"]),
    ("S3", "table: 2D [7: 3S 4H]; hand: 9S", "9S take 3S 4H 2D", ["7", "9"]),
    ("B1", "table: 5C; hand: 3D 8H", "3D build 8", ["table"]),
    ("B2", "table: 5C; hand: 3D 10H", "3D build 8 5C", ["8"]),
    ("B3", "table: 5C 3C; hand: 3D 8H", "3D build 11 5C 3C", ["11"]),
    ("B3", "table: 5C; hand: KD 8H", "KD build 8 5C", ["face card"]),
    ("B3", "table: 5C JC; hand: 3D 8H", "3D build 8 5C JC", ["jack of clubs"]),
    ("B4", "table: 5C; hand: 3D 9H 8S", "3D build 9 5C", ["9"]),
    ("B4", "table: 5C; hand: 9D 8S", "9D build 8 5C", ["8", "9"]),
    ("B5", "table: [6@2: 3S 3H]; hand: 2D 9C", "2D build 9 3S 3H", ["8", "9"]),
    ("B6", "table: 2C [5@2: AS 4D]; hand: 3H 8C 10S", "3H build 10 AS 4D 2C", ["10"]),
    ("B6", "table: [5@2: AS 4D] [6: 3S 3C]; hand: 3H 8C", "3H build 8 AS 4D 3S 3C", ["build"]),
    ("B7", "table: [3@2: 3C | 3D]; hand: 2H 8S", "2H build 8 3C 3D", ["3"]),
    ("O1", "table: 5C 4C [9@1: 5S 4H]; hand: 9D 4D", "trail 4D", ["9", "trail"]),
    ("O2", "table: 5C 4C [9@1: 5S 4H]; hand: 9D 4D", "9D take 5C 4C", ["9"]),
    ("V1", "table: QC QD QS; hand: QH; rules: face_cards=three-take-all", "QH take QC QD",
     ["three", "queen"]),
]


def assert_one_plain_sentence(reason: str) -> None:
    assert reason.strip() == reason and "\n" not in reason
    assert reason.endswith(".") and not reason[0].islower(), reason
    assert not re.search(r"[.!?]\s+[A-Z]", reason[:-1]), f"more than one sentence: {reason}"
    assert "(rule" not in reason and "Traceback" not in reason
    assert 15 <= len(reason) <= 220, reason


@pytest.mark.parametrize("rule,position,text,words", CASES,
                         ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_explanation_names_the_rule(rule: str, position: str, text: str,
                                    words: list[str]) -> None:
    pos = Position.parse(position)
    with pytest.raises(IllegalMove) as caught:
        pos.parse_move(text)
    error = caught.value
    assert error.rule == rule, f"{text}: {error.rule}: {error.reason}"
    assert_one_plain_sentence(error.reason)
    for word in words:
        assert word.lower() in error.reason.lower(), f"{word!r} not in {error.reason!r}"
    assert str(error).startswith(error.reason) and rule in str(error)
    assert isinstance(error, ValueError)


def test_r1_a_trail_takes_nothing() -> None:
    pos = Position.parse("table: 5C; hand: 7S 3D")
    with pytest.raises(IllegalMove) as caught:
        check_move(pos, "trail", Card.parse("7S"), frozenset({Card.parse("5C")}), None)
    assert caught.value.rule == "R1"
    assert_one_plain_sentence(caught.value.reason)
    assert "trail" in caught.value.reason.lower()


def test_every_explainable_rule_is_covered() -> None:
    covered = {case[0] for case in CASES} | {"R1"}
    assert covered >= {"T1", "T2", "P2", "S1", "S2", "S3", "B1", "B2", "B3", "B4", "B5", "B6",
                       "B7", "O1", "O2", "R1", "V1"}
