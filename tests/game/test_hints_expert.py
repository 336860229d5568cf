"""Hints in a game come from the expert's search: the first is the move the expert plays (early
in a match, where it does not yet play for the match), each keeps the why built from the
engine's facts and adds, in words, the points the search expects the learner to be ahead."""

from __future__ import annotations

import random

import pytest

from cassino_learn import Game
from cassino_learn.game.bots import make_player
from cassino_learn.game.hints import hints
from last_deal import last_deal_observation


def _observations(count: int):
    rng = random.Random(5)
    game = Game(players=2, seed=19)
    seen = []
    while len(seen) < count:
        observation = game.observation()
        if len(game.legal_moves()) > 2:
            seen.append(observation)
        game.play(rng.choice(game.legal_moves()))
    return seen


@pytest.mark.parametrize("index", range(6))
def test_the_first_hint_is_the_experts_move(index):
    observation = _observations(6)[index]
    found = hints(observation)
    assert found[0].move == make_player("expert").choose(observation)
    assert [h.expected for h in found] == sorted((h.expected for h in found), reverse=True)
    assert len({h.move for h in found}) == len(found) == min(4, len(observation.legal_moves()))


def test_an_expert_hint_says_why_in_the_engines_facts_and_what_it_expects():
    seen = last_deal_observation("table: 10D 5H; hand: 10C 5S; hand 2: 10S 8H; turn: 1")
    best = hints(seen)[0]
    assert best.move_text == "10C take 10D"
    assert best.cards_taken == 2 and best.points_taken == 2  # Big Casino, by the engine
    assert best.text.startswith("10C take 10D: This move uses your 10 of clubs to take Big "
                                "Casino (the 10 of diamonds). That wins you 2 points.")
    assert "Your opponent can take nothing" in best.words  # 10S 8H cannot take the 5H left
    assert best.expected is not None
    # every card known: the exact search; side 2's pile holds the rest of the deck
    assert round(best.expected * 2) / 2 == -7
    assert best.words.endswith("You would likely end the round about 7 points behind.")
    assert "%" not in best.text and "expected" not in best.text


def test_without_the_expert_or_from_a_bare_position_the_greedy_measure_orders():
    observation = _observations(1)[0]
    greedy = hints(observation, expert=False)
    assert [h.score for h in greedy] == sorted((h.score for h in greedy), reverse=True)
    assert all(h.expected is None for h in greedy)
    assert hints(observation.position)[0].expected is None
