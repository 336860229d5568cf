"""Whose table it is and what just happened on it: the learner's seat stays theirs, the turn
line says whose move it is (and that the match is over), the last moves are kept for the front
end to mark, the game tells a round's end (W2) before the next round, and the sandbox lets a
teacher play every seat or one seat against the computer."""

from __future__ import annotations

import pytest

from cassino_learn import Position
from cassino_learn.game.bots import make_player
from cassino_learn.learner import progress
from cassino_learn.ui import CardTable
from cassino_learn.ui.game import GameWidget
from cassino_learn.ui.quiz_widgets import BOTH_SIDES, SandboxWidget

START = "table: 5D 2C KH [8@2: 5H 3S]; hand: 7S 3D 9S 8C; hand 2: 4C 6H 8D"


def hand_zone(table: CardTable) -> str:
    return table.table_html.split('data-zone="hand"')[1].split("</section>")[0]


def test_the_learner_keeps_their_seat_after_a_move() -> None:
    table = CardTable(START)
    assert table.turn_text == "Your move (seat 1)"
    table.play("7S take 2C 5D")
    assert table.seat == 1
    assert table.turn_text == "Seat 2 to move"
    assert 'data-seat="1"' in table.table_html.split('data-zone="hand"')[1][:40]
    assert 'data-card="9S"' in hand_zone(table)       # the learner's cards stay face up
    assert 'data-card="4C"' not in table.table_html   # the other seat's stay hidden
    assert not table.can_act
    assert table.message.startswith("You played the seven of spades")


def test_the_opponents_move_is_shown_as_theirs_and_kept_until_the_next_move() -> None:
    table = CardTable(START, opponent=lambda position: "8D take 5H 3S")
    table.play("3D build 8 5D")  # 3D+5D = 8, and the learner holds 8C
    assert table.turn_text == "Your move (seat 1)"
    assert [(m["who"], m["kind"], m["card"]) for m in table.last_moves] == [
        ("You", "build", "3D"), ("Seat 2", "capture", "8D")]
    assert "You played" in table.message and "Seat 2 played the eight of diamonds" in table.message
    assert 'data-seat="2"' in table.recent_html and "8D take" in table.recent_html
    table.select("8C")           # choosing cards does not forget what just happened
    assert len(table.last_moves) == 2
    table.play("8C take 3D 5D")   # the next move starts the list afresh
    assert table.last_moves[0] == {"seat": 1, "who": "You", "card": "8C", "kind": "capture",
                                   "cards": ["3D", "5D"]}


def test_a_new_position_forgets_the_last_moves() -> None:
    table = CardTable(START)
    table.play("7S take 2C 5D")
    assert table.last_moves and table.recent_html
    table.position = START
    assert table.last_moves == [] and table.recent_html == ""
    assert table.turn_text == "Your move (seat 1)"


def test_all_seats_lets_one_person_play_both_sides_with_hands_open() -> None:
    table = CardTable(START, all_seats=True)
    table.play("7S take 2C 5D")
    assert table.can_act and table.seat == 2
    assert table.turn_text == "Seat 2 to move (you play every seat)"
    assert 'data-card="9S"' in table.table_html       # seat 1's hand is open above
    table.play("8D take 5H 3S")
    assert table.seat == 1 and table.can_act
    assert [m["who"] for m in table.last_moves] == ["Seat 2"]


def test_all_seats_without_the_other_hand_says_what_is_missing() -> None:
    table = CardTable("table: 5D 2C; hand: 7S 3D", all_seats=True)
    table.play("7S take 2C 5D")
    assert not table.can_act
    assert "no cards in that hand" in table.turn_text


def test_finish_says_so_on_the_turn_line_and_stops_play() -> None:
    table = CardTable(START)
    table.finish("The match is over: you win, 11 to 7.")
    assert table.turn_text == "The match is over: you win, 11 to 7."
    assert "The match is over" in table.table_html and "to move" not in table.table_html
    assert not table.can_act
    table.position = START
    assert table.turn_text == "Your move (seat 1)"


def test_card_size_follows_the_setting_and_rejects_unknown_sizes() -> None:
    assert CardTable(START).card_size == "normal"
    progress.load().set_preference("card_size", "projector")
    table = CardTable(START)
    assert table.card_size == "projector"
    progress.load().set_preference("card_size", "large")
    table.follow_setting()
    assert table.card_size == "large"
    assert CardTable(START, card_size="normal").card_size == "normal"
    with pytest.raises(ValueError, match="card_size must be one of normal, large, projector"):
        CardTable(START, card_size="huge")
    with pytest.raises(ValueError, match="card_size"):
        progress.load().set_preference("card_size", "huge")
    assert progress.preference("card_size") == "large"  # the bad value changed nothing


def test_the_table_draws_cards_at_the_size_its_stylesheet_gives() -> None:
    table = CardTable(START)
    assert "--cl-card-w" not in table.table_html  # no fixed width overriding the scaling
    assert "--cl-card" in table._css and "cqi" in table._css


def play_until(widget: GameWidget, rounds: int) -> None:
    learner = make_player("greedy")
    while len(widget.game.rounds) < rounds and not widget.game.over:
        widget.table.play(str(learner.choose(widget.game.observation())))


def test_the_game_reports_the_last_cards_before_the_next_round() -> None:
    widget = GameWidget(seed=11)
    play_until(widget, 2)
    said = widget.table.message
    over = said.index("Round 2 is over")
    took = said.index("the last")
    assert "(rule W2)" in said[took:over]
    assert took < over < said.index("Round 3 is dealt")
    # Seat 1 dealt round 3, so the computer (seat 2) leads it: its move comes after the deal.
    assert said.rindex("Seat 2 ") > said.index("Round 3 is dealt")
    notes = [e for e in widget.table._recent if isinstance(e, str)]
    assert any("W2" in note for note in notes)
    # Only the new round's moves are marked on the new round's table.
    assert [m["who"] for m in widget.table.last_moves] == ["Seat 2"]
    assert widget.table.turn_text == "Your move (seat 1)"


def test_the_turn_line_says_when_the_match_is_over() -> None:
    widget = GameWidget(seed=11)
    play_until(widget, 99)
    assert widget.game.over
    assert widget.table.turn_text.startswith("The match is over")
    assert "to move" not in widget.table.turn_text and not widget.table.can_act
    widget.new_game(seed=3)
    assert widget.table.turn_text == "Your move (seat 1)"


def test_sandbox_plays_every_seat_or_one_seat_against_the_computer() -> None:
    box = SandboxWidget(START)
    assert box.plays.value == BOTH_SIDES
    box.table.play("7S take 2C 5D")
    assert box.table.can_act and box.table.seat == 2  # the teacher goes on as seat 2
    box.plays.value = "seat 1 against the computer"
    box.load(START)
    table = box.table
    assert table in box.children and table.seat == 1
    table.play("7S take 2C 5D")
    assert table.turn_text == "Your move (seat 1)"    # the computer answered at once
    assert [m["who"] for m in table.last_moves] == ["You", "Seat 2"]
    assert 'data-card="4C"' not in hand_zone(table)
    box.step_back()
    assert table.position == Position.parse(START)     # back to the learner's own move


def test_sandbox_without_the_computers_hand_says_how_to_go_on() -> None:
    box = SandboxWidget("table: 5D 2C; hand: 7S 3D", plays="seat 1 against the computer")
    box.table.play("7S take 2C 5D")
    assert "give the position a 'hand 2:' line" in box.table.message
