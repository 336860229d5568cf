"""Game.from_position: a play from a set position (a lesson's table), the one turn driver the
card table plays through: turns and moves, V9's draws, stepping back through what was played,
and saving."""

from __future__ import annotations

import json

import pytest

from cassino_learn import IllegalMove, Position
from cassino_learn.game.match import Game, GameFileError

START = "table: 5D 2C KH [8@2: 5H 3S]; hand: 7S 3D 9S 8C; hand 2: 4C 6H 8D"


def test_a_set_position_is_played_move_by_move_without_a_deal():
    game = Game.from_position(START)
    assert game.state == Position.parse(START) and game.turn == 1
    game.play("7S take 2C 5D")
    game.play("8D take 3S 5H")
    assert game.history == ["7S take 2C+5D", "8D take [3S 5H]"]
    assert [str(m) for m in game.moves] == game.history
    assert game.state == Position.parse(START).play("7S take 2C 5D").play("8D take 3S 5H")
    assert game.seed is None and not game.over and game.rounds == []


def test_an_illegal_move_changes_nothing_and_says_the_cores_reason():
    game = Game.from_position(START)
    with pytest.raises(IllegalMove) as refused:
        game.play("7S take 2C")
    assert refused.value.rule == "S1"
    assert game.history == [] and game.state == Position.parse(START)


def test_play_stops_where_the_hands_run_out_nothing_is_dealt_or_scored():
    game = Game.from_position("table: 5C; hand: 3D; hand 2: 4H")
    game.play("trail 3D")
    game.play("trail 4H")
    assert game.legal_moves() == [] and not any(game.state.hands)
    assert game.rounds == [] and game.state.table_cards == {*Position.parse(
        "table: 5C 3D 4H; hand: 2S").table_cards}


def test_hidden_hands_stay_hidden_and_the_seat_to_move_sees_its_own():
    game = Game.from_position(Position.parse(START).for_seat(1))
    game.play("trail 3D")
    assert game.state.hands[1] is None and game.position.hand == ()


def test_under_draw_casino_the_mover_draws_from_the_given_stock():
    game = Game.from_position("rules: deal=draw; table: 5D; hand: 7S 3D; hand 2: 4C 6H",
                              ["9S", "2H"])
    game.play("trail 7S")
    assert [str(c) for c in game.state.hands[0]] == ["3D", "9S"]
    assert [str(c) for c in game.stock] == ["2H"]
    game.undo()
    assert [str(c) for c in game.stock] == ["9S", "2H"] and game.moves == []


def test_no_draw_without_draw_casino_rules():
    game = Game.from_position("table: 5D; hand: 7S 3D; hand 2: 4C 6H", ["9S"])
    game.play("trail 7S")
    assert [str(c) for c in game.state.hands[0]] == ["3D"]


def test_a_stock_card_already_placed_is_refused():
    with pytest.raises(ValueError, match="stock: 7S"):
        Game.from_position("table: 5D; hand: 7S 3D; hand 2: 4C", ["7S"])


def test_the_states_played_through_can_be_stepped_back_and_forth():
    game = Game.from_position(START)
    game.play("7S take 2C 5D")
    game.play("8D take 3S 5H")
    assert game.state_after(0) == Position.parse(START)
    assert game.state_after(1) == Position.parse(START).play("7S take 2C 5D")
    assert game.state_after(2) is game.state and game.state_after(-1) is game.state
    with pytest.raises(ValueError, match="there are 2 moves, not 3"):
        game.state_after(3)


def test_a_set_positions_play_is_saved_and_loaded_with_its_start():
    game = Game.from_position("rules: deal=draw; table: 5D; hand: 7S 3D; hand 2: 4C 6H",
                              ["9S", "2H"])
    game.play("trail 7S")
    again = Game.from_json(game.to_json())
    assert again.state == game.state and again.history == game.history
    assert again.stock == game.stock
    broken = game.to_dict() | {"start": 5}
    with pytest.raises(GameFileError, match="'start' should be a position's text"):
        Game.from_json(json.dumps(broken))
