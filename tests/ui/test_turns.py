"""Whose turn it is at the card table (ui/turns.py), without a widget or a browser: the turn
line a learner reads, who may move, and which seats sit at the table."""

from __future__ import annotations

from cassino_learn import Position
from cassino_learn.ui.turns import Seating, absent_seats, no_hand_words

START = Position.parse("table: 5D 2C KH [8@2: 5H 3S]; hand: 7S 3D 9S 8C; hand 2: 4C 6H 8D")
ALONE = Position.parse("table: 5C; hand: 3D 8S")


def line(seating: Seating, position: Position, playing: bool = True, finished: str = "",
         was_alone: bool = False) -> str:
    can = seating.can_move(position, playing and not finished)
    alone = len(seating.absent(position, was_alone=was_alone)) == position.players - 1
    return seating.turn_line(position, playing=playing, can_move=can, alone=alone,
                             finished=finished)


def test_the_learners_turn_names_their_seat_unless_they_are_alone():
    assert line(Seating(1), START) == "Your move (seat 1)"
    assert line(Seating(1), ALONE) == "Your move"


def test_after_the_learners_move_the_other_seat_is_to_move():
    after = START.play("trail 3D")
    assert not Seating(1).can_move(after, True) and Seating(1).others_to_move(after)
    assert line(Seating(1), after) == "Seat 2 to move"


def test_a_learner_alone_sees_they_have_played():
    after = ALONE.play("trail 3D")
    assert absent_seats(after, 1, mover=False) == [2]
    assert line(Seating(1), after, was_alone=True) == "You have played"
    assert line(Seating(1), after, was_alone=False) == "Seat 2 to move"  # seat 2 is to move


def test_watching_or_a_finished_play_lets_nobody_move():
    assert not Seating(1).can_move(START, playing=False)
    assert line(Seating(1), START, playing=False) == "Seat 1 to move (you)"
    assert line(Seating(1), START, finished="The match is over: a draw (6 to 6).") == \
        "The match is over: a draw (6 to 6)."


def test_an_empty_hand_is_said():
    empty = Position.parse("table: 5C; hand: ; hand 2: 4C")
    assert not Seating(1).can_move(empty, True)
    assert line(Seating(1), empty) == "Seat 1 to move (you): no cards left"


def test_all_seats_follows_the_turn_and_says_a_missing_hand():
    everyone = Seating(1, all_seats=True)
    after = START.play("trail 3D")
    assert everyone.viewer(after) == 2 and everyone.can_move(after, True)
    assert line(everyone, after) == "Seat 2 to move (you play every seat)"
    missing = Position.parse("table: 5D 2C; hand: 7S 3D").play("trail 3D")
    assert line(everyone, missing).endswith(": no cards in that hand (add a hand line)")
    assert everyone.who(1) == "Seat 1" and Seating(1).who(1) == "You"


def test_an_opponent_with_a_hidden_hand_is_at_the_table_an_absent_seat_is_not():
    assert absent_seats(START.for_seat(1).play("trail 3D"), 1) == []
    assert absent_seats(ALONE, 1) == [2]
    assert Seating(1).alone_at(ALONE) and not Seating(1).alone_at(START)
    assert no_hand_words(2) == "Seat 2 has no cards here: give the position a 'hand 2:' line " \
                               "to play on."
