"""The expert computer player (game/expert.py on game/search.py): it deals the hidden cards as
its seat knows them, searches the opponents' replies, solves a known last deal exactly, is
fixed by its seed, and plays whole matches of every table and variant."""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from cassino_learn import Game
from cassino_learn.core.position import Position
from cassino_learn.game.bots import make_player, play_game
from cassino_learn.game.determinize import keeper_needs, sample_world
from cassino_learn.game.assess import assess_all
from cassino_learn.game.expert import CANDIDATES, CheatingExpert, ExpertPlayer, candidates
from cassino_learn.game.match import _replace_snapshot
from cassino_learn.game.observation import Observation
from cassino_learn.game.search import move_values
from last_deal import exact_move_values, last_deal_observation


def _advanced(seed: int, moves: int, players: int = 2) -> Game:
    game = Game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


# ------------------------------------------------------------------ the hidden cards

@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sampled_deal_agrees_with_everything_the_seat_knows(players):
    game = _advanced(seed=players, moves=5, players=players)
    seen = game.observation()
    rng = random.Random(1)
    for _ in range(30):
        state, stock = sample_world(seen, rng)
        assert len(stock) == seen.stock_size
        assert state.hands[seen.seat - 1] == seen.hand  # its own hand stays
        for seat, size in enumerate(seen.hand_sizes, 1):
            assert len(state.hands[seat - 1]) == size
        dealt = [c for s, hand in enumerate(state.hands, 1) if s != seen.seat for c in hand]
        assert Counter(dealt + stock) == Counter(seen.unseen)  # only unseen cards, each once
        assert state.table == seen.position.table and state.piles == seen.position.piles


def test_a_builds_owner_is_always_dealt_a_card_of_its_value():
    """Seat 2 built 10 with its 3D on the 7C; one 10 is left unseen among 43 cards, and every
    deal gives it to seat 2 (B2: an owner holds a card of its build's value)."""
    shown = Position.parse("table: 10D 10H 10C [10@2: 7C 3D]; hand: 6S 2C 9H 4D; turn: 1")
    seen = Observation(seat=1, position=shown, hand_sizes=(4, 3), stock_size=40, dealer=1,
                       round_number=1, deal_number=1, deals_per_round=6,
                       scores=((1, 0), (2, 0)), over=False)
    assert keeper_needs(seen) == [(2, 10)]
    rng = random.Random(7)
    for _ in range(50):
        state, _stock = sample_world(seen, rng)
        assert any(card.rank == 10 for card in state.hands[1]), state.hands[1]


def test_an_observation_that_does_not_add_up_is_refused():
    seen = Game(seed=2).observation()
    broken = Observation(**{**seen.__dict__, "stock_size": seen.stock_size + 3})
    with pytest.raises(ValueError, match="does not add up"):
        sample_world(broken, random.Random(0))


# ------------------------------------------------------------------ the search

def test_a_known_last_deal_is_solved_exactly():
    seen = last_deal_observation("table: 10D 5H; hand: 10C 5S; hand 2: 10S 8H; turn: 1")
    exact = {str(v.move): v.value for v in exact_move_values(seen)}
    values = move_values(seen, iterations=10)
    assert {str(v.move): v.value for v in values} == pytest.approx(exact)
    assert str(values[0].move) == "10C take 10D"


def test_a_seed_fixes_the_search_and_its_values_are_best_first():
    seen = _advanced(seed=8, moves=3).observation()
    assert len(seen.legal_moves()) > 3
    once = move_values(seen, iterations=120, seed=3)
    assert [(v.move, v.value) for v in once] == \
        [(v.move, v.value) for v in move_values(seen, iterations=120, seed=3)]
    assert [v.value for v in once] == sorted((v.value for v in once), reverse=True)
    assert {v.move for v in once} == set(seen.legal_moves())
    assert sum(v.visits for v in once) == 120


def test_the_expert_takes_big_casino_and_keeps_it_from_the_opponent():
    seen = last_deal_observation("table: 10D 5H; hand: 10C 5S; hand 2: 10S 8H; turn: 1")
    assert str(make_player("expert").choose(seen)) == "10C take 10D"


def test_the_expert_weighs_its_best_looking_moves_side_by_side_on_the_same_deals():
    """On a crowded table (27 legal moves at seed 4's opening) it weighs the ten best by the
    greedy measure, each on every one of the same sampled deals, and plays one of them."""
    seen = Game(seed=4).observation()
    moves = seen.legal_moves()
    assert len(moves) > CANDIDATES
    position = seen.position
    ranked = assess_all(position, moves, sorted(seen.unseen),
                        seen.hand_sizes[position.next_seat(seen.seat) - 1], seen.stock_size)
    assert candidates(seen) == [a.move for a in ranked[:CANDIDATES]]
    values = ExpertPlayer(iterations=200, seed=3).values(seen)
    assert {v.move for v in values} == set(candidates(seen))
    assert {v.visits for v in values} == {20}  # 200 iterations: 20 deals, each move on all
    assert {len(v.results) for v in values} == {20}
    assert ExpertPlayer(iterations=200, seed=3).choose(seen) == values[0].move


def test_when_every_card_is_known_the_expert_weighs_every_move_exactly():
    seen = last_deal_observation(
        "table: 2D 3C 4H 5S 6D; hand: 9S 10C KD AH; hand 2: 9D QC JS AS; turn: 1")
    assert len(seen.legal_moves()) > CANDIDATES
    assert candidates(seen) == seen.legal_moves()
    exact = {str(v.move): v.value for v in exact_move_values(seen)}
    values = ExpertPlayer().values(seen)
    assert {str(v.move): v.value for v in values} == pytest.approx(exact)


def test_a_clock_budget_still_weighs_every_candidate_on_the_same_deals():
    seen = Game(seed=4).observation()
    values = ExpertPlayer(seconds=0.05).values(seen)
    assert len({v.visits for v in values}) == 1 and values[0].visits >= 1


def test_budgets_are_checked_and_a_clock_budget_gives_a_legal_move():
    with pytest.raises(ValueError, match="iterations must be at least 1, not 0"):
        ExpertPlayer(iterations=0)
    with pytest.raises(ValueError, match="seconds must be more than 0"):
        ExpertPlayer(seconds=-1)
    seen = Game(seed=5).observation()
    assert ExpertPlayer(seconds=0.05).choose(seen) in seen.legal_moves()


def test_the_expert_refuses_to_move_out_of_turn():
    game = Game(seed=5)
    waiting = game.turn % 2 + 1
    with pytest.raises(ValueError, match=f"seat {game.turn}'s turn, not seat {waiting}'s"):
        make_player("expert").choose(game.observation(waiting))


def test_the_expert_never_peeks():
    """The opponent's hand swapped for stock cards (the seat's view unchanged): same move."""
    game = _advanced(seed=12, moves=3)
    seat, other = game.turn, game.turn % 2 + 1
    state, stock = game.state, list(game.stock)
    hidden = list(state.hands[other - 1])
    hands = list(state.hands)
    hands[other - 1] = tuple(sorted(stock[:len(hidden)]))
    twin = Game(seed=12)
    twin._now = _replace_snapshot(game._now, state=state.derive(hands=tuple(hands)),
                                  stock=tuple(hidden + stock[len(hidden):]))
    assert set(twin.state.hands[other - 1]).isdisjoint(hidden)
    assert twin.observation(seat) == game.observation(seat)
    assert ExpertPlayer(iterations=80, seed=4).choose(twin.observation(seat)) == \
        ExpertPlayer(iterations=80, seed=4).choose(game.observation(seat))


# ------------------------------------------------------------------ whole matches

@pytest.mark.parametrize("players,partners,rules", [
    (2, False, ""), (3, False, ""), (4, False, ""), (4, True, ""),
    (2, False, "values=royal"), (3, False, "scoring=spade-casino"), (2, False, "deal=draw"),
    (4, True, "values=royal, scoring=spade-casino, deal=draw")], ids=str)
def test_the_expert_plays_whole_matches_of_every_table_and_variant(players, partners, rules):
    game = Game(players=players, partners=partners, seed=31, rules=rules)
    seats = {s: (ExpertPlayer(iterations=12, seed=s) if s % 2 else make_player("greedy"))
             for s in range(1, players + 1)}
    play_game(game, seats)
    assert game.over and game.rounds


def test_a_fixed_seed_gives_a_fixed_game():
    def played() -> list[str]:
        game = Game(players=2, seed=44)
        for _ in range(20):
            game.play(ExpertPlayer(iterations=30, seed=1).choose(game.observation()))
        return list(game.history)
    assert played() == played()


def test_the_cheating_expert_sees_the_true_deal():
    game = _advanced(seed=9, moves=4)
    cheat = CheatingExpert(game, iterations=40)
    assert cheat.choose(game.observation()) in game.legal_moves()


def test_in_the_browser_the_budget_also_follows_the_clock(monkeypatch):
    from cassino_learn.game import expert
    from cassino_learn.game.search import DEFAULT_ITERATIONS

    assert (ExpertPlayer().iterations, ExpertPlayer().seconds) == (DEFAULT_ITERATIONS, None)
    monkeypatch.setattr(sys, "platform", "emscripten")  # as in the browser
    player = ExpertPlayer()
    assert (player.iterations, player.seconds) == (DEFAULT_ITERATIONS, expert.BROWSER_SECONDS)
    seen = Game(seed=5).observation()
    assert player.choose(seen) in seen.legal_moves()
