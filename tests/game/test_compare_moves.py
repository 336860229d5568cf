"""compare_moves (game/search.py): two moves valued side by side on the same deals, as the
review uses it to confirm a loss before it marks a move."""

from __future__ import annotations

import re

import pytest

from cassino_learn import Game
from cassino_learn.game.review import standard_error
from cassino_learn.game.search import compare_moves
from last_deal import exact_move_values, last_deal_observation


def _opening():
    seen = Game(players=2, seed=21).observation()
    moves = seen.legal_moves()
    return seen, [moves[0], moves[-1]]


def test_the_moves_share_their_deals_and_the_budget_evenly():
    seen, pair = _opening()
    values = compare_moves(seen, pair, iterations=201, seed="t")
    assert {v.move for v in values} == set(pair)
    assert [v.visits for v in values] == [101, 101]  # rounded up: every move as often
    for v in values:
        assert len(v.results) == v.visits
        assert v.value == pytest.approx(sum(v.results) / len(v.results))
    assert values[0].value >= values[1].value
    assert 0 < standard_error(values[0], values[1]) < 2


def test_a_seed_gives_the_same_values_and_another_seed_other_deals():
    seen, pair = _opening()
    once = compare_moves(seen, pair, iterations=100, seed="s")
    again = compare_moves(seen, pair, iterations=100, seed="s")
    other = compare_moves(seen, pair, iterations=100, seed="u")
    assert [(v.move, v.results) for v in once] == [(v.move, v.results) for v in again]
    assert [v.results for v in once] != [v.results for v in other]


def test_a_known_last_deal_is_compared_exactly():
    seen = last_deal_observation("table: 5D 3C 6H 2H; hand: 8S 4D; hand 2: 7C KD; turn: 1")
    exact = {str(v.move): v.value for v in exact_move_values(seen)}
    pair = [m for m in seen.legal_moves() if str(m) in ("8S take 2H+6H 3C+5D", "trail 4D")]
    values = compare_moves(seen, pair, iterations=50)
    assert [str(v.move) for v in values] == ["8S take 2H+6H 3C+5D", "trail 4D"]
    for v in values:
        assert v.value == pytest.approx(exact[str(v.move)])
    assert standard_error(*values) == 0.0


def test_a_move_that_is_not_legal_is_refused_by_name():
    seen, pair = _opening()
    stranger = Game(players=2, seed=3).observation().legal_moves()[0]
    if stranger in seen.legal_moves():
        pytest.skip("the two deals share that move")
    with pytest.raises(ValueError, match=re.escape(f"{stranger} is not a legal move here")):
        compare_moves(seen, [pair[0], stranger], iterations=10)
