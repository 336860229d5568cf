"""One way to check a move: move text (`Position.parse_move`, `Position.play(str)`) and a `Move`
(`find_legal`, `Position.play(Move)`, which the quizzes and the game use) go through the same
`check_move`, so they agree on every move, Royal Casino's ace said to count 14 included
(docs/rules.md V7: as 14 it takes sets of 14 and loose aces by rank; taking only loose aces it
is the same move as the ace at 1)."""

from __future__ import annotations

import pytest

from cassino_learn import IllegalMove, Move, Position
from cassino_learn.core.movegen import apply_move
from cassino_learn.core.notation import read_move
from cassino_learn.core.position import check_move, find_legal

ROYAL = Position.parse("table: AC 5S 9D; hand: AS 7H; rules: values=royal")


@pytest.mark.parametrize(("text", "value", "shown"), [
    ("AS take 14: AC", 1, "AS take AC"),         # loose aces by rank: the ace at 1
    ("AS take 1: AC", 1, "AS take AC"),
    ("AS take AC", 1, "AS take AC"),
    ("AS take 14: 5S 9D", 14, "AS take 14: 5S+9D"),
    ("AS take 5S 9D", 14, "AS take 14: 5S+9D"),  # no value said: the one that takes them
    ("AS take 14: AC 5S 9D", 14, "AS take 14: AC 5S+9D"),
])
def test_an_ace_said_to_count_14_is_the_same_move_as_text_and_as_a_move(
        text: str, value: int, shown: str) -> None:
    by_text = ROYAL.parse_move(text)
    by_move = find_legal(ROYAL, Move.parse(text))
    read = read_move(text)
    by_check = check_move(ROYAL, read.kind, read.card, read.table_cards, read.value, text)
    assert by_text == by_move == by_check
    assert by_text.value == by_move.value == value and str(by_move) == shown
    assert ROYAL.play(text) == ROYAL.play(Move.parse(text)) == apply_move(ROYAL, by_text)


@pytest.mark.parametrize("text", ["AS take 14: 5S", "AS take 14: AC 5S", "7H take 14: 5S 9D",
                                  "AS build 14 5S 9D", "AS take 9D"])
def test_a_refused_ace_is_refused_the_same_way_as_text_and_as_a_move(text: str) -> None:
    with pytest.raises(IllegalMove) as as_text:
        ROYAL.play(text)
    with pytest.raises(IllegalMove) as as_move:
        ROYAL.play(Move.parse(text))
    assert (as_move.value.rule, as_move.value.reason) == (as_text.value.rule, as_text.value.reason)


def test_a_hand_made_capture_leaves_its_value_to_the_card_as_text_without_a_value_does() -> None:
    move = Move("capture", "AS", ["5S", "9D"])
    assert move.value == 1  # the card's own value, unless said
    assert find_legal(ROYAL, move) == ROYAL.parse_move("AS take 5S 9D")
    assert find_legal(ROYAL, move).value == 14
    with pytest.raises(IllegalMove) as caught:  # text can say 1, and is held to it
        ROYAL.parse_move("AS take 1: 5S 9D")
    assert caught.value.rule == "S1"
