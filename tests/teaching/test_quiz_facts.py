"""Number and choice questions: answers worked out by the dealing, game and scoring modules,
judged with the reason and rule, and a broken item named by file and item."""

from __future__ import annotations

import json

import pytest

from cassino_learn import Game
from cassino_learn.game.dealing import DEALS_PER_ROUND, first_seat
from cassino_learn.teaching.facts import FACTS, FactError, answer
from cassino_learn.teaching.quiz import BankError, load_bank, parse_bank
from cassino_learn.core.rules import Rules
from cassino_learn.game.scoring import match_points, match_result


def _item(raw):
    return parse_bank({"items": [raw]}).items[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_facts_agree_with_the_dealing_module(players):
    assert answer("deals per round", {"players": players}).value == DEALS_PER_ROUND[players]
    # 4 to the table and 4 to each player come off the 52 in the first deal
    assert answer("stock after first deal", {"players": players}).value == 52 - 4 - 4 * players
    for dealer in range(1, players + 1):
        first = answer("first to play", {"players": players, "dealer": dealer})
        assert first.value == f"seat {first_seat(dealer, players)}" and first.rule == "D3"
        assert first.value in first.choices and len(first.choices) == players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealer_of_a_later_round_is_the_game_s_dealer(players):
    game = Game(players=players, seed=0)
    dealers = {}
    while not game.over and game.round_number <= 2:
        dealers[game.round_number] = game.dealer
        game.play(game.legal_moves()[0])
    assert answer("dealer of round", {"players": players, "round": 2}).value == \
        f"seat {dealers[2]}"
    # after every seat has dealt, the deal is back with seat 1
    assert answer("dealer of round", {"players": players, "round": players + 1}).value == "seat 1"


def test_partner_sits_opposite():
    assert answer("partner", {"seat": 1}).value == "seat 3"
    assert answer("partner", {"seat": 4}).value == "seat 2"


@pytest.mark.parametrize("game, before, points", [
    ("11-lurch", {1: 5, 2: 2}, {1: 9, 2: 3}),     # 11 to 2: a lurch
    ("11-lurch", {1: 5, 2: 7}, {1: 9, 2: 3}),     # 11 to 7: a win, not a lurch
    ("11-lurch", {1: 1, 2: 2}, {1: 6, 2: 5}),     # nobody yet
    ("21", {1: 18, 2: 20}, {1: 5, 2: 3}),         # 23 all: play on (K3)
    ("21", {1: 18, 2: 20}, {1: 6, 2: 3}),         # both over 21: the higher wins
    ("round", {1: 0, 2: 0}, {1: 5, 2: 5}),        # V5: a drawn game
])
def test_match_facts_agree_with_the_scorer(game, before, points):
    rules = Rules(game=game)
    after = match_points(before, points, rules)
    result = match_result(after, 1, rules)
    given = {"game": game, "before": {str(k): v for k, v in before.items()},
             "round": {str(k): v for k, v in points.items()}}
    said = answer("match result", given)
    assert said.value in said.choices
    assert said.value.startswith("side") == (result.winner is not None)
    if result.winner is not None:
        assert said.value.startswith(f"side {result.winner} wins")
        assert ("lurch" in said.value) == result.lurch
    elif result.over:
        assert said.value == "a drawn game"
    else:
        assert said.value.startswith("nobody")
    for side in after:
        assert answer("match score", {**given, "side": side}).value == after[side]


def test_number_and_choice_items_are_judged_with_reason_and_rule():
    number = _item({"kind": "number", "ask": "deals per round", "given": {"players": 4}})
    assert number.prompt() == "With 4 players, how many deals are there in a round?"
    assert not number.has_table
    right = number.judge("3")
    assert right.correct and right.rule == "D2" and "3 deals" in right.message
    wrong = number.judge(6)
    assert not wrong.correct and "it is 3, not 6" in wrong.message
    assert not number.judge("three").correct
    assert "whole number" in number.judge("three").message

    choice = _item({"kind": "choice", "ask": "match result", "expected": "side 1 wins with a lurch",
                    "given": {"game": "11-lurch", "before": {"1": 5, "2": 2},
                              "round": {"1": 9, "2": 3}}})
    assert "side 2 wins with a lurch" in choice.choices()
    assert choice.judge("Side 1 wins with a lurch").correct
    missed = choice.judge("side 1 wins")
    assert not missed.correct and missed.rule == "V4" and "fewer than 6" in missed.message
    odd = choice.judge("side 3 wins")
    assert not odd.correct and "Choose one of" in odd.message


def test_every_fact_has_a_kind_and_a_question():
    examples = {"deals per round": {"players": 2}, "stock after first deal": {"players": 3},
                "first to play": {"players": 4, "dealer": 4},
                "dealer of round": {"players": 3, "round": 3}, "partner": {"seat": 2},
                "match score": {"round": {"1": 4, "2": 7}, "side": 2},
                "match result": {"game": "round", "round": {"1": 4, "2": 7}},
                "draw stock": {"players": 3, "plays": 5},
                "draw hand": {"players": 2, "plays": 46, "seat": 1}}
    assert set(examples) == set(FACTS)
    for name, given in examples.items():
        item = _item({"kind": FACTS[name].kind, "ask": name, "given": given})
        assert item.prompt().endswith("?")
        assert item.judge(item.truth().value).correct


@pytest.mark.parametrize("item, message", [
    ({"id": "n1", "kind": "number", "ask": "deals per round", "given": {"players": 5}},
     "players must be 2, 3 or 4, not 5"),
    ({"id": "n2", "kind": "number", "ask": "deals per round", "given": {"players": 3},
      "expected": 6}, "expected 6 disagrees with the game modules: 4"),
    ({"id": "n3", "kind": "number", "ask": "cards per deal", "given": {"players": 3}},
     "unknown fact 'cards per deal'"),
    ({"id": "n4", "kind": "number", "ask": "first to play", "given": {"players": 3, "dealer": 1}},
     "is a choice question, not number"),
    ({"id": "n5", "kind": "choice", "ask": "first to play", "given": {"players": 3}},
     "needs dealer"),
    ({"id": "n6", "kind": "choice", "ask": "first to play",
      "given": {"players": 3, "dealer": 4}}, "dealer must be a seat from 1 to 3, not 4"),
    ({"id": "n7", "kind": "choice", "ask": "match result", "given": {"round": {"1": 3}}},
     "round must give each side's points"),
    ({"id": "n8", "kind": "choice", "ask": "match result", "expected": "side 2 wins",
      "given": {"game": "round", "round": {"1": 7, "2": 4}}}, "disagrees with the game modules"),
    ({"id": "n9", "kind": "choice", "ask": "match result",
      "given": {"game": "to 50", "round": {"1": 7, "2": 4}}}, "game must be one of"),
    ({"id": "n10", "kind": "number", "ask": "partner", "given": [4]}, "is a choice question"),
    ({"id": "n11", "kind": "choice", "ask": "partner", "given": {"seat": 1, "players": 4}},
     "does not use players"),
    ({"id": "n12", "kind": "number", "ask": "deals per round"}, "needs given"),
])
def test_a_broken_number_or_choice_item_names_file_and_item(tmp_path, item, message):
    good = {"id": "ok", "kind": "number", "ask": "deals per round", "given": {"players": 2}}
    path = tmp_path / "facts.json"
    path.write_text(json.dumps({"lesson": "x", "items": [good, item]}))
    with pytest.raises(BankError) as error:
        load_bank(path)
    text = str(error.value)
    assert text.startswith(f"facts.json: item 2 ({item['id']})"), text
    assert message in text, text


def test_fact_errors_are_value_errors_saying_what_is_wrong():
    with pytest.raises(FactError, match="round must be from 2 to 3, not 9"):
        answer("dealer of round", {"players": 2, "round": 9})
    with pytest.raises(ValueError, match="unknown fact 'dealer'; known: deals per round"):
        answer("dealer", {"players": 2})


@pytest.mark.parametrize("players, plays, stock", [(2, 0, 40), (2, 6, 34), (3, 30, 6),
                                                   (4, 31, 1), (2, 44, 0)])
def test_draw_casino_stock_counts_come_from_a_played_game(players, plays, stock):
    """V9: one card drawn a play while the stock lasts (worked out by playing a Game)."""
    found = answer("draw stock", {"players": players, "plays": plays})
    assert found.value == stock and found.rule == "V9"


def test_draw_casino_hands_stay_at_four_then_are_played_out():
    held = [answer("draw hand", {"players": 2, "plays": plays, "seat": 2}).value
            for plays in (0, 1, 39, 40, 41, 42, 44, 46)]
    assert held == [4, 4, 4, 4, 3, 3, 2, 1]
    assert "stock is empty" in answer("draw hand", {"players": 2, "plays": 44, "seat": 2}).why
    with pytest.raises(FactError, match="plays must be from 0 to 47"):
        answer("draw stock", {"players": 2, "plays": 60})
