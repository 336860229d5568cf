"""A Game's computer seats are players given to it (issue 48): it asks them for their moves."""

from __future__ import annotations

import pytest

from cassino_learn import Game
from cassino_learn.game.bots import GreedyPlayer, RandomPlayer


def test_the_computer_seat_to_move_plays_its_players_choice() -> None:
    greedy = GreedyPlayer()
    game = Game(players=2, seed=4, computers={2: greedy})
    assert game.turn == 2 and game.computer_to_move  # seat 1 deals, seat 2 plays first
    chosen = greedy.choose(game.observation())
    assert game.play_computer() == chosen and game.history == [str(chosen)]
    assert game.turn == 1 and not game.computer_to_move
    with pytest.raises(ValueError, match="seat 1 is not a computer's"):
        game.play_computer()
    assert len(game.history) == 1  # nothing played


def test_what_a_seat_knew_before_the_last_move() -> None:
    game = Game(players=2, seed=4, computers={2: RandomPlayer(seed=1)})
    before = game.observation(1)
    game.play_computer()
    assert game.observation_after(-2, 1) == before
    assert game.observation_after(-1, 1) == game.observation(1)


@pytest.mark.parametrize("computers, words", [
    ({3: GreedyPlayer()}, "seat 3 is not a seat of a 2-player table"),
    ({2: "greedy"}, "seat 2's player has no choose"),
])
def test_a_computer_seat_that_cannot_play_is_refused_by_name(computers, words) -> None:
    with pytest.raises(ValueError, match=words):
        Game(players=2, seed=1, computers=computers)
    with pytest.raises(ValueError, match=words):
        Game.from_position("table: 5D; hand 1: 5S; hand 2: 9C; turn: 1", computers=computers)
