"""The hints and the review agree (issue 31): the move the first hint gives is never marked by
the review of the same position, and a marked move's better move is the first hint. Both come
from one search (`coach.coach_values`), run again here for the review, not remembered."""

from __future__ import annotations

import random

import pytest

from cassino_learn import Game
from cassino_learn.game import coach
from cassino_learn.game.bots import make_player
from cassino_learn.game.hints import hints
from cassino_learn.game.review import review_round

LOOK = 300  # each confirming look's budget (the hints keep the expert's own)


def _round(players: int, seed: int) -> tuple[Game, dict[int, str]]:
    """Round 1 of a seeded game: seat 1 plays the first hint every other turn and a random
    move otherwise (some will be marked), the others play greedily. Returns the game and the
    first hint's move at each of seat 1's turns, by move number."""
    game = Game(players=players, seed=seed)
    rng = random.Random(seed)
    greedy = make_player("greedy")
    first: dict[int, str] = {}
    mine = 0
    while not game.rounds:
        seen = game.observation()
        if game.turn != 1:
            game.play(greedy.choose(seen))
            continue
        number = len(game.history) + 1
        first[number] = hints(seen, limit=1)[0].move_text
        mine += 1
        game.play(first[number] if mine % 2 else str(rng.choice(game.legal_moves())))
    return game, first


GAMES = [(2, 31), (2, 32), (2, 33), (3, 34)]  # (players, seed)


@pytest.fixture(scope="module")
def reviewed():
    """Each seeded game's round, the first hints, and the review of seat 1's moves."""
    out = []
    for players, seed in GAMES:
        game, first = _round(players, seed)
        coach.forget()  # the review searches again: the agreement is the search's, not a memo
        out.append((game, first, review_round(game, 1, 1, iterations=LOOK)))
    return out


def test_a_move_the_first_hint_gave_is_never_marked(reviewed):
    for game, first, review in reviewed:
        followed = [m for m in review.moves if game.history[m.number - 1] == first[m.number]]
        assert len(followed) >= len(review.moves) // 2  # every other move at least
        for one in followed:
            assert one.mark is None and one.loss == 0.0, (game.seed, str(one))


def test_a_marked_moves_better_move_is_the_first_hint(reviewed):
    marked = 0
    for game, first, review in reviewed:
        for one in review.marked:
            assert one.better is not None and one.better.text == first[one.number], str(one)
            assert one.turn.move != one.better.move
            marked += 1
    assert marked >= 3  # random moves get marked: the check above did run
