"""The computer's level in the game widget: a lesson's game starts gently, the menu chooses
the level of the next New game (the game in play goes on untouched), and the status line says
whom the learner plays."""

from __future__ import annotations

import pytest

from cassino_learn.game.levels import GENTLE, LEVELS
from cassino_learn.pages.lesson import game
from cassino_learn.ui.game import GameWidget


def test_a_lessons_game_starts_gently():
    widget = game(seed=2)
    assert widget.level.key == GENTLE == "beginner" and widget.bot.name == "random"
    assert "against <b>Beginner</b>" in widget.status.value
    assert widget.level_menu.value == "beginner"
    assert "plays any legal card at random" in widget.level_note.value


def test_the_menu_offers_every_level_from_beginner_to_expert():
    widget = GameWidget(seed=2)
    assert [label for label, _ in widget.level_menu.options] == \
        ["Beginner", "Casual", "Club player", "Expert"]
    assert widget.level_menu.description == "Computer:"


def test_a_level_chosen_waits_for_the_next_game_and_loses_nothing():
    widget = GameWidget(seed=7, level="casual")
    widget.play(widget.show_hints()[0].move_text)
    history, game_in_play = list(widget.game.history), widget.game
    widget.choose_level("expert")
    assert widget.game is game_in_play and list(widget.game.history) == history
    assert widget.bot.name == "greedy"  # the game in play keeps its computer
    assert "Press <b>New game</b> to play it" in widget.level_note.value
    assert "cl-primary" in widget.new_button._dom_classes
    widget.new_game()
    assert widget.level.key == "expert" and widget.bot.name == "expert"
    assert "against <b>Expert</b>" in widget.status.value
    assert "Press" not in widget.level_note.value
    assert widget.game is not game_in_play and widget.game.turn in (1, 2)


def test_the_expert_level_answers_the_learner():
    widget = GameWidget(seed=4, level="expert")
    assert widget.game.turn == 1  # the computer has played its turns before the learner's
    before = len(widget.game.history)
    widget.play(widget.show_hints()[0].move_text)
    assert len(widget.game.history) > before + 1  # the learner's move and the expert's reply
    assert widget.seats[before + 1] == 2


def test_an_unknown_level_is_named_with_the_levels():
    with pytest.raises(ValueError, match="unknown level 'genius' .levels: beginner, casual, "
                                         "club, expert."):
        GameWidget(level="genius")
    with pytest.raises(ValueError, match="unknown level"):
        GameWidget().choose_level("genius")


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_every_level_plays_a_whole_match(level):
    widget = GameWidget(players=2, seed=12, level=level, review=False)
    while not widget.game.over:
        widget.play(widget.game.legal_moves()[0].__str__())
    assert widget.game.rounds and "Match over" in widget.status.value
