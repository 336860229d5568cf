"""A random-simulation test: thousands of seeded rounds of random play, checking invariants
after every move (every card accounted for) and every round (points, dealer, turn order)."""

import random

import pytest

from cassino_learn import Game
from cassino_learn.core.cards import FULL_DECK

CONFIGS = [(2, False), (3, False), (4, False), (4, True)]
ROUNDS_PER_CONFIG = 500  # 2,000 rounds in all


def every_card(game: Game) -> list:
    """Hands, table, piles and stock."""
    return list(game.state.all_cards()) + list(game.stock)


def check_round(game: Game, score, players: int) -> None:
    assert sum(score.cards.values()) == 52, "every card is in a pile at the end of a round"
    non_sweep = sum(score.points.values()) - sum(i["sweeps"] for i in score.items.values())
    expected = 11
    if list(score.cards.values()).count(max(score.cards.values())) > 1:
        expected -= 3  # K2: a tie for the most cards scores nothing
    if list(score.spades.values()).count(max(score.spades.values())) > 1:
        expected -= 1
    assert non_sweep == expected
    assert sum(score.spades.values()) == 13


@pytest.mark.parametrize("players,partners", CONFIGS)
def test_random_rounds_keep_every_card_and_score_eleven(players, partners):
    rng = random.Random(f"sim-{players}-{partners}")
    rounds_seen = 0
    match = 0
    deals_per_round = {2: 6, 3: 4, 4: 3}[players]
    while rounds_seen < ROUNDS_PER_CONFIG:
        match += 1
        game = Game(players=players, partners=partners, seed=f"sim-{match}")
        assert game.dealer == 1 and game.turn == 2 and game.deal_number == 1
        assert len(game.state.loose) == 4 and all(len(h) == 4 for h in game.state.hands)
        while not game.over:
            seat, dealer = game.turn, game.dealer
            rounds_before, deal_before = len(game.rounds), game.deal_number
            game.play(rng.choice(game.legal_moves()))
            cards = every_card(game)
            assert len(cards) == 52 and set(cards) == set(FULL_DECK)
            if len(game.rounds) > rounds_before:
                rounds_seen += 1
                check_round(game, game.rounds[-1], players)
                assert deal_before == deals_per_round
                if game.over:
                    assert not game.state.builds and not game.state.loose  # W2: table cleared
                else:
                    assert game.dealer == dealer % players + 1  # D3: the deal passes left
                    assert game.turn == game.dealer % players + 1
                    assert game.deal_number == 1 and not game.state.builds
                    assert len(game.state.loose) == 4 and not any(game.state.piles)
                    assert all(len(h) == 4 for h in game.state.hands)
            elif game.deal_number != deal_before:
                assert game.deal_number == deal_before + 1
                assert all(len(h) == 4 for h in game.state.hands)
                assert game.turn == dealer % players + 1
                assert game.last_deal == (game.deal_number == deals_per_round)
            else:
                assert game.turn == seat % players + 1  # D3: turns go clockwise
        sides = 2 if partners else players
        assert sum(sum(r.points.values()) for r in game.rounds) == sum(game.scores.values())
        assert game.winner in range(1, sides + 1)
        assert game.scores[game.winner] >= 21
        assert list(game.scores.values()).count(game.scores[game.winner]) == 1


def test_turns_go_clockwise_within_a_deal():
    game = Game(players=3, seed=11)
    rng = random.Random(0)
    for _ in range(30):
        seat, deal = game.turn, game.deal_number
        game.play(rng.choice(game.legal_moves()))
        if game.deal_number == deal:
            assert game.turn == seat % 3 + 1
