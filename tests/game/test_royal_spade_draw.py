"""Royal, Spade and Draw Casino through the whole game (docs/rules.md V7, V8, V9): whole matches of
every variant and their combinations played through `Game` with invariants after every move
(every card accounted for, V9's hands refilled from the stock) and every round (11 or 26 points
plus sweeps, less the card or spade items on a tie), Spade Casino's items and its game to 61
with the double game, and the computer players and hints under every variant."""

from __future__ import annotations

import random

import pytest

from cassino_learn import Game, Rules
from cassino_learn.core.cards import FULL_DECK, parse_cards
from cassino_learn.game.bots import GreedyPlayer, StrongPlayer, play_game
from cassino_learn.game.hints import hints
from cassino_learn.game.scoring import (SPADE_CASINO_ITEMS, match_result,
                                        round_total, score_round)

VARIANTS = [
    Rules(values="royal"),
    Rules(scoring="spade-casino"),
    Rules(deal="draw"),
    Rules(values="royal", scoring="spade-casino", deal="draw"),
    Rules(values="royal", deal="draw", sweeps=False),
    Rules(scoring="spade-casino", game="round", sweeps_cancel=True),
]
CONFIGS = [(2, False), (3, False), (4, False), (4, True)]


def every_card(game: Game) -> list:
    return list(game.state.all_cards()) + list(game.stock)


def check_round(score, rules: Rules) -> None:
    """Every card scored once; the non-sweep points are 11 (K1) or 26 (V8), less 3 when the
    most cards are tied and 1 when the most spades are (K2)."""
    assert sum(score.cards.values()) == 52 and sum(score.spades.values()) == 13
    non_sweep = sum(score.points.values()) - sum(i["sweeps"] for i in score.items.values())
    expected = round_total(rules)
    if list(score.cards.values()).count(max(score.cards.values())) > 1:
        expected -= 3
    if list(score.spades.values()).count(max(score.spades.values())) > 1:
        expected -= 1
    assert non_sweep == expected
    if not rules.sweeps:
        assert all(i["sweeps"] == 0 for i in score.items.values())


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=str)
@pytest.mark.parametrize("players,partners", CONFIGS)
def test_random_matches_keep_every_card_and_the_round_totals(rules, players, partners):
    rng = random.Random(f"variants-{rules}-{players}-{partners}")
    drawing = rules.deal == "draw"
    for match in range(3):
        game = Game(players=players, partners=partners, seed=f"v-{match}", rules=rules)
        assert game.state.rules == rules and len(game.state.loose) == 4
        assert len(game.stock) == 52 - 4 - 4 * players
        while not game.over:
            seat, rounds_before, stock_before = game.turn, len(game.rounds), len(game.stock)
            game.play(rng.choice(game.legal_moves()))
            cards = every_card(game)
            assert len(cards) == 52 and set(cards) == set(FULL_DECK)
            if len(game.rounds) > rounds_before:
                check_round(game.rounds[-1], rules)
                if not game.over:
                    assert len(game.stock) == 52 - 4 - 4 * players
                continue
            if drawing:
                assert game.deal_number == 1  # V9: one pass through the pack, no new deals
                if stock_before:  # V9: the player who played drew, so hands stay at four
                    assert len(game.stock) == stock_before - 1
                    assert all(len(h) == 4 for h in game.state.hands)
                else:
                    assert game.last_deal
                    assert len(game.state.hands[seat - 1]) < 4
        sides = 2 if partners else players
        assert sum(sum(r.points.values()) for r in game.rounds) == sum(game.scores.values())
        if rules.game == "round":
            assert len(game.rounds) == 1
        else:
            assert game.scores[game.winner] >= rules.target
            others = [n for side, n in game.scores.items() if side != game.winner]
            assert game.double_game == (rules.scoring == "spade-casino"
                                        and all(n < 31 for n in others))
        assert game.winner in (None, *range(1, sides + 1))


def test_a_draw_casino_turn_refills_the_hand_from_the_stock():
    game = Game(seed=3, rules=Rules(deal="draw"))
    seat, stock = game.turn, game.stock
    move = game.legal_moves()[0]
    game.play(move)
    hand = game.state.hands[seat - 1]
    assert len(hand) == 4 and stock[0] in hand and move.card not in hand
    assert game.stock == stock[1:] and game.deal_number == 1 and not game.last_deal
    observation = game.observation()
    assert observation.stock_size == len(stock) - 1 and not observation.last_deal


def test_spade_casino_items_for_known_piles():
    spades = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    one = spades + parse_cards("10D AH AD 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2C AC 2H 3H")
    two = tuple(c for c in FULL_DECK if c not in one)
    score = score_round([one, two], [1, 0], Rules(scoring="spade-casino"))
    assert tuple(score.items[1]) == SPADE_CASINO_ITEMS
    assert score.items[1] == {"cards": 3, "spades": 1, "big_casino": 2, "little_casino": 0,
                              "aces": 4, "spade_cards": 16, "sweeps": 1}
    assert score.points == {1: 27, 2: 0}
    assert [Rules(scoring="spade-casino").card_points(c) for c in
            parse_cards("AS JS 2S 7S 10D AH QH")] == [3, 2, 2, 1, 2, 1, 0]
    assert [c.points for c in parse_cards("AS JS 2S 7S 10D AH QH")] == [1, 0, 1, 0, 2, 1, 0]
    tied = score_round([FULL_DECK[::2], FULL_DECK[1::2]], [0, 0], Rules(scoring="spade-casino"))
    assert tied.cards == {1: 26, 2: 26} and sum(tied.points.values()) == 26 - 3  # K2
    three = score_round([FULL_DECK[0::3], FULL_DECK[1::3], FULL_DECK[2::3]], [0, 0, 0],
                        Rules(scoring="spade-casino"))
    assert three.cards == {1: 18, 2: 17, 3: 17} and sum(three.points.values()) == 26 - (
        1 if list(three.spades.values()).count(max(three.spades.values())) > 1 else 0)


def test_spade_casino_plays_to_61_with_a_double_game():
    rules = Rules(scoring="spade-casino")
    assert not match_result({1: 60, 2: 40}, 3, rules).over
    won = match_result({1: 61, 2: 30}, 3, rules)
    assert won.over and won.winner == 1 and won.double and won.double_game and not won.lurch
    plain = match_result({1: 70, 2: 31}, 3, rules)
    assert plain.winner == 1 and not plain.double_game
    assert not match_result({1: 65, 2: 65}, 4, rules).over  # K3: a tie at the top plays on
    assert match_result({1: 21, 2: 3}, 1, Rules()).winner == 1


@pytest.mark.parametrize("rules", VARIANTS[:4], ids=str)
def test_computer_players_and_hints_play_every_variant(rules):
    game = Game(players=2, seed=5, rules=rules)
    for _ in range(12):
        observation = game.observation()
        found = hints(observation)
        assert found and all(h.move in game.legal_moves() for h in found)
        player = StrongPlayer(samples=4, candidates=3) if game.turn == 1 else GreedyPlayer()
        move = player.choose(observation)
        assert move in game.legal_moves()
        game.play(move)
    play_game(game, {1: GreedyPlayer(), 2: GreedyPlayer()})
    assert game.over and game.rounds
    for score in game.rounds:
        check_round(score, rules)


def test_a_variant_game_saves_and_loads():
    rules = Rules(values="royal", scoring="spade-casino", deal="draw")
    game = Game(players=3, seed=9, rules="values=royal, scoring=spade-casino, deal=draw")
    assert game.rules == rules
    rng = random.Random(1)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    again = Game.from_json(game.to_json())
    assert again.rules == rules and again.history == game.history
    assert again.state == game.state and again.stock == game.stock
    with pytest.raises(ValueError, match="V1"):
        Game(rules="values=royal, face_cards=three-take-all")
    with pytest.raises(ValueError, match="rules must be a Rules"):
        Game(rules=14)  # type: ignore[arg-type]


def test_a_match_result_prints_its_double_game_only_when_there_is_one():
    assert repr(match_result({1: 23, 2: 21}, 3, Rules())) == \
        "MatchResult(over=True, winner=1, lurch=False)"
    assert repr(match_result({1: 61, 2: 20}, 3, Rules(scoring="spade-casino"))) == \
        "MatchResult(over=True, winner=1, lurch=False, double=True)"
