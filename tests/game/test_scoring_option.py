"""A scoring option is a change in one place (docs/layout.md, "add a scoring option"): a
test-only "diamonds count double", built from the standard scoring's items and an entry like the
registry's, scores through the normal paths (the rules, `score_round`, a whole `Game`) with no
other module changed. It is not a variant of the product: the registry does not hold it."""

from __future__ import annotations

import dataclasses

import pytest

from cassino_learn.core.cards import FULL_DECK, Card
from cassino_learn.core.rules import Rules
from cassino_learn.core.scoring import SCORINGS, STANDARD, Item, Scoring
from cassino_learn.core.variants import VARIANTS, Variant, variant
from cassino_learn.game.bots import GreedyPlayer
from cassino_learn.game.evaluate import expected_points
from cassino_learn.game.match import Game
from cassino_learn.game.scoring import score_round

BY_INDEX = {card.index: card for card in FULL_DECK}


def _diamonds_doubled(item: Item) -> Item:
    if not item.per_card:
        return item
    return dataclasses.replace(item, worth=tuple(
        w * (2 if BY_INDEX[i].suit == "D" else 1) for i, w in enumerate(item.worth)))


@pytest.fixture
def diamonds(monkeypatch: pytest.MonkeyPatch) -> Variant:
    """The two additions the change needs: a Scoring in SCORINGS and its variant's entry."""
    scoring = Scoring("diamonds-double", "Diamonds count double", "V10",
                      tuple(_diamonds_doubled(item) for item in STANDARD.items),
                      target=STANDARD.target)
    monkeypatch.setitem(SCORINGS, scoring.key, scoring)
    return Variant("V10", "Diamonds count double", "diamonds count double",
                   "Each diamond's points count twice: Big Casino 4, the ace of diamonds 2.",
                   (("scoring", scoring.key),))


def test_without_its_scoring_the_rules_refuse_the_option():
    assert "diamonds-double" not in SCORINGS and all(v.rule != "V10" for v in VARIANTS)
    with pytest.raises(ValueError, match="scoring must be one of"):
        Rules(scoring="diamonds-double")


def test_the_rules_answer_for_the_new_scoring(diamonds):
    rules = diamonds.rules
    assert rules == Rules.parse("scoring=diamonds-double") and diamonds.on(rules)
    points = {text: rules.card_points(Card.parse(text)) for text in ("10D", "AD", "AS", "2S", "9D")}
    assert points == {"10D": 4, "AD": 2, "AS": 1, "2S": 1, "9D": 0}
    assert rules.scorer.round_total == 14 and rules.target == 21
    assert rules.scorer.keys == STANDARD.keys  # the same items, other points


def test_a_round_is_scored_with_diamonds_double(diamonds):
    piles = [[Card.parse(t) for t in ("10D", "AD", "AS", "5H")],
             [Card.parse(t) for t in ("2S", "3C", "4C", "5C", "6C")]]
    doubled = score_round(piles, [1, 0], diamonds.rules)
    standard = score_round(piles, [1, 0], Rules())
    # side 1: Big Casino 4, aces 2 + 1, a sweep; side 2: most cards 3, Little Casino 1
    assert doubled.items[1]["big_casino"] == 4 and doubled.items[1]["aces"] == 3
    assert doubled.points == {1: 8, 2: 4} and standard.points == {1: 5, 2: 4}


@pytest.mark.parametrize("seed", [3, 17])
def test_a_whole_game_scores_it_through_the_game(diamonds, seed):
    rules = variant("V5").applied_to(diamonds.rules)  # each round a game: one round to play
    game = Game(players=2, seed=seed, rules=rules)
    bot = GreedyPlayer()
    while not game.over:
        game.play(bot.choose(game.observation()))
    (score,) = game.rounds
    sides = (1, 2)
    assert sorted(score.items[s]["big_casino"] for s in sides) == [0, 4]
    assert sum(score.items[s]["aces"] for s in sides) == 5  # the ace of diamonds 2
    ties = 3 * (score.cards[1] == score.cards[2]) + (score.spades[1] == score.spades[2])
    assert sum(score.points[s] - score.items[s]["sweeps"] for s in sides) == 14 - ties
    assert game.scores == score.points
    # the game's record reads back under the same rules
    assert Game.from_json(game.to_json()).rules == rules


def test_the_search_counts_the_new_points(diamonds):
    from cassino_learn.core.position import Position

    plain = Position.parse("table: 3C; hand: 4H; hand 2: 5S; turn: 1")
    plain = plain.derive(piles=((Card.parse("10D"),), ()))
    doubled = plain.derive(rules=diamonds.rules)
    # Big Casino in side 1's pile is worth 4, not 2, to the search's estimate
    assert expected_points(doubled)[0] - expected_points(plain)[0] == pytest.approx(2.0)
