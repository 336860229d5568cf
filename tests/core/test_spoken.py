"""Moves in plain words and the table read aloud (core/spoken.py): what a learner who cannot
see the table hears, and the moves they say."""

from __future__ import annotations

import random

import pytest

from cassino_learn import IllegalMove, Position
from cassino_learn.core.errors import MoveSyntaxError, UnclearMove
from cassino_learn.core.spoken import (read_spoken_move, say_build, say_hand, say_move,
                                       say_table)
from random_positions import random_position

POS = Position.parse("table: 3C 4H 7D [8@1: 5C 3D]; hand: 7S 8H 2C")


@pytest.mark.parametrize("words, move", [
    ("take the three and the four with the seven", "7S take 3C+4H"),
    ("with the seven take the three and the four", "7S take 3C+4H"),
    ("Take the 3 and 4 with 7S.", "7S take 3C+4H"),
    ("take the three of clubs and the four of hearts with the seven of spades", "7S take 3C+4H"),
    ("take the seven", "7S take 7D"),
    ("take everything with the seven", "7S take 3C+4H 7D"),
    ("take my build with the eight", "8H take [3D 5C]"),
    ("take the five and the three with the eight", "8H take [3D 5C]"),
])
def test_a_move_said_in_words_is_the_legal_move_it_names(words: str, move: str) -> None:
    assert read_spoken_move(POS, words) == POS.parse_move(move)


def test_a_build_and_a_raise_in_words() -> None:
    pos = Position.parse("table: 5C [6@1: 4D 2S]; hand: 3H 6D 8S 9C")
    assert read_spoken_move(pos, "build eight with the three on the five") == \
        pos.parse_move("3H build 8 5C")
    assert read_spoken_move(pos, "put the three on the five calling eight") == \
        pos.parse_move("3H build 8 5C")
    assert read_spoken_move(pos, "raise my build to nine with the three") == \
        pos.parse_move("3H build 9 [4D 2S]")


def test_words_that_take_less_than_a_move_needs_get_the_rules_reason() -> None:
    with pytest.raises(IllegalMove) as refused:
        read_spoken_move(POS, "take the three with the seven")
    assert refused.value.rule == "S1" and "three of clubs" in refused.value.reason


def test_a_build_the_learner_could_not_take_is_refused_with_its_rule() -> None:
    with pytest.raises(IllegalMove) as refused:
        read_spoken_move(POS, "build nine with the two on the seven")
    assert refused.value.rule == "B2"


def test_a_card_not_held_or_not_there_is_named_in_the_refusal() -> None:
    with pytest.raises(IllegalMove, match="You hold no five") as refused:
        read_spoken_move(POS, "take the five with the five")
    assert refused.value.rule == "T2"
    with pytest.raises(IllegalMove, match="no king"):
        read_spoken_move(POS, "take the king with the eight")


def test_an_unknown_word_is_quoted_and_the_way_to_say_it_given() -> None:
    with pytest.raises(UnclearMove, match="'sevn'") as unclear:
        read_spoken_move(POS, "take the sevn")
    assert isinstance(unclear.value, MoveSyntaxError)


def test_words_that_fit_two_moves_list_both_in_words() -> None:
    pos = Position.parse("table: 5C 5D; hand: 5S 9H")
    with pytest.raises(UnclearMove) as unclear:
        read_spoken_move(pos, "take a five with the five")
    assert set(unclear.value.choices) == {pos.parse_move("5S take 5C"),
                                          pos.parse_move("5S take 5D")}
    assert "five of clubs" in str(unclear.value) and "five of diamonds" in str(unclear.value)
    assert read_spoken_move(pos, "take both fives with the five") == \
        pos.parse_move("5S take 5C 5D")


def test_no_verb_asks_for_one() -> None:
    with pytest.raises(UnclearMove, match="take, build or trail"):
        read_spoken_move(POS, "the seven and the three")


def test_the_table_and_hand_read_aloud_say_whose_each_build_is() -> None:
    pos = Position.parse("table: 3C [8@2: 5C 3D] [9@1: 4H 5S | 9D]; hand: 7S 8H 9C")
    assert say_hand(pos) == "Your hand: seven of spades, eight of hearts and nine of clubs."
    assert say_table(pos) == (
        "On the table: three of clubs; build of 8: three of diamonds and five of clubs, your "
        "opponent's; multiple build of 9: four of hearts and five of spades; nine of diamonds, "
        "yours.")
    assert say_table(Position.parse("table: ; hand: 7S")) == "The table is empty."
    four = Position.parse("players: 4; partners: yes; table: [8@3: 5C 3D]; hand: 7S 8H")
    assert say_build(four.builds[0], four).endswith("your partner's")


@pytest.mark.parametrize("values", ["standard", "royal"])
def test_every_legal_move_said_by_say_move_reads_back_to_itself(values: str) -> None:
    rng = random.Random(2026 + len(values))
    checked = 0
    for _ in range(300):
        pos = random_position(rng, values=values)
        for move in pos.legal_moves():
            assert read_spoken_move(pos, say_move(move)) == move, (str(pos), say_move(move))
            checked += 1
    assert checked > 1000


def test_two_builds_of_one_value_are_told_apart_by_their_cards() -> None:
    pos = Position.parse("table: 3D [7: AH AS 5C] [7: 2D 2S 3S | 7S]; hand: 6S 7C 9C")
    for move in pos.legal_moves():
        assert read_spoken_move(pos, say_move(move)) == move
    assert say_move(pos.parse_move("7C take [AH AS 5C]")) == (
        "play the seven of clubs to take the ace of hearts, the ace of spades and the five of clubs")


@pytest.mark.parametrize("values", ["standard", "royal"])
def test_the_words_a_learner_reads_for_a_move_read_back_to_it(values: str) -> None:
    """`Move.describe`, the words verdicts and hints use, typed back in the reading mode: the
    same move, or (only where two builds of one value make those words fit two moves) a
    question listing it among the moves they fit."""
    rng = random.Random(7)
    exact = 0
    for _ in range(200):
        pos = random_position(rng, values=values)
        for move in pos.legal_moves():
            words = move.describe(sweep=False)
            try:
                assert read_spoken_move(pos, words) == move, (str(pos), words)
                exact += 1
            except UnclearMove as unclear:
                assert move in unclear.choices
                assert sum(b.value == move.value for b in pos.builds) > 1, (str(pos), words)
    assert exact > 1000
