"""A seeded game widget replays exactly, its New games included (the browser tests rely on it)."""

from cassino_learn.ui.game import GameWidget


def test_new_game_of_a_seeded_widget_is_seeded_from_it():
    first, second = GameWidget(seed=11), GameWidget(seed=11)
    first.new_game()
    second.new_game()
    assert first.game.seed is not None and first.game.seed == second.game.seed
    assert first.game.position == second.game.position
    first.new_game()
    assert first.game.seed != second.game.seed  # the next New game is another deal


def test_unseeded_widget_deals_fresh_games():
    widget = GameWidget()
    seeds = {widget.game.seed}
    for _ in range(3):
        widget.new_game()
        seeds.add(widget.game.seed)
    assert len(seeds) == 4  # a fresh random deal each time
