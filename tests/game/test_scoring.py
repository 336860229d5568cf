"""Round scoring with known piles (K1, K2, W1, V2, V3) and the end of a match (K3, V4, V5)."""

import pytest

from cassino_learn import Rules
from cassino_learn.core.cards import FULL_DECK, parse_cards
from cassino_learn.game.scoring import ITEMS, match_points, match_result, score_round


def test_items_and_points_for_known_piles():
    # Side 1: 10D 2S AS AH + 26 more cards -> 30 cards; side 2: the rest (22 cards).
    named = parse_cards("10D 2S AS AH")
    rest = [c for c in FULL_DECK if c not in named and c.rank not in (1,)]
    one = named + tuple(rest[:26])
    two = tuple(c for c in FULL_DECK if c not in one)
    score = score_round([one, two], [2, 0])
    assert set(score.items[1]) == set(ITEMS)
    assert score.cards == {1: 30, 2: 22}
    spades_one = sum(1 for c in one if c.suit == "S")
    assert score.spades == {1: spades_one, 2: 13 - spades_one}
    assert score.items[1] == {"cards": 3, "spades": int(spades_one > 13 - spades_one),
                              "big_casino": 2, "little_casino": 1, "aces": 2, "sweeps": 2}
    assert score.items[2]["aces"] == 2 and score.items[2]["cards"] == 0
    assert score.points[1] + score.points[2] == 11 + 2


def test_tie_for_cards_scores_nothing():
    one = FULL_DECK[:26]
    two = FULL_DECK[26:]
    score = score_round([one, two], [0, 0])
    assert score.items[1]["cards"] == score.items[2]["cards"] == 0
    assert sum(score.points.values()) == 8


def test_tie_for_spades_scores_nothing():
    spades = [c for c in FULL_DECK if c.suit == "S"]
    others = [c for c in FULL_DECK if c.suit != "S"]
    one = tuple(spades[:6] + others[:24])   # 30 cards, 6 spades
    two = tuple(spades[6:] + others[24:])   # 22 cards, 7 spades
    assert score_round([one, two], [0, 0]).items[2]["spades"] == 1
    one = tuple(spades[:7] + others[:23])
    two = tuple(spades[7:] + others[23:])
    tie_free = score_round([one, two], [0, 0])
    assert tie_free.items[1]["spades"] == 1
    # move one spade across so that it is 6 v 7 -> side 2; now make it a 6-6 tie with one more
    # spade set aside in a third pile
    three = (spades[12],)
    one = tuple(spades[:6] + others[:20])
    two = tuple(spades[6:12] + others[20:30])
    three = three + tuple(others[30:])
    score = score_round([one, two, three], [0, 0, 0])
    assert score.spades == {1: 6, 2: 6, 3: 1}
    assert all(items["spades"] == 0 for items in score.items.values())


def test_three_player_tie_for_most_cards_scores_nothing_even_with_a_lower_third():
    cards = list(FULL_DECK)
    score = score_round([cards[:20], cards[20:40], cards[40:]], [0, 0, 0])
    assert score.cards == {1: 20, 2: 20, 3: 12}
    assert all(items["cards"] == 0 for items in score.items.values())
    # a tie below the most does not stop the leader scoring
    score = score_round([cards[:22], cards[22:37], cards[37:]], [0, 0, 0])
    assert score.cards == {1: 22, 2: 15, 3: 15}
    assert score.items[1]["cards"] == 3


def test_sweeps_off_and_cancelling():
    one, two = FULL_DECK[:30], FULL_DECK[30:]
    assert score_round([one, two], [3, 1]).items[1]["sweeps"] == 3
    off = score_round([one, two], [3, 1], Rules(sweeps=False))
    assert off.items[1]["sweeps"] == off.items[2]["sweeps"] == 0
    assert off.sweeps == {1: 3, 2: 1}
    cancel = score_round([one, two], [3, 1], Rules(sweeps_cancel=True))
    assert (cancel.items[1]["sweeps"], cancel.items[2]["sweeps"]) == (2, 0)


def test_score_round_rejects_mismatched_input():
    with pytest.raises(ValueError, match="one pile and one sweep count per side"):
        score_round([FULL_DECK], [0, 0])


def test_match_to_21_and_ties_at_the_top():
    rules = Rules()
    assert match_result({1: 20, 2: 19}, 3, rules).over is False
    assert match_result({1: 21, 2: 19}, 3, rules).winner == 1
    assert match_result({1: 23, 2: 22}, 3, rules).winner == 1
    tie = match_result({1: 22, 2: 22}, 3, rules)
    assert tie.over is False and tie.winner is None
    assert match_result({1: 22, 2: 22, 3: 25}, 3, rules).winner == 3


def test_eleven_lurch_deducts_the_lower_score_and_flags_a_lurch():
    rules = Rules(game="11-lurch")
    assert match_points({1: 0, 2: 0}, {1: 8, 2: 3}, rules) == {1: 5, 2: 0}
    assert match_points({1: 5, 2: 0}, {1: 2, 2: 9}, rules) == {1: 5, 2: 7}
    won = match_result({1: 12, 2: 5}, 3, rules)
    assert won.over and won.winner == 1 and won.lurch
    plain = match_result({1: 11, 2: 6}, 3, rules)
    assert plain.winner == 1 and not plain.lurch
    assert not match_result({1: 10, 2: 2}, 3, rules).over


def test_every_round_its_own_game():
    rules = Rules(game="round")
    assert match_result({1: 7, 2: 4}, 1, rules).winner == 1
    draw = match_result({1: 6, 2: 6}, 1, rules)
    assert draw.over and draw.winner is None


def test_the_round_description_counts_in_words():
    from cassino_learn import Position
    from cassino_learn.game.scoring import score_round

    position = Position.parse("table:; pile 1: 2S 3H; pile 2: 4H; sweeps: 1=1")
    text = score_round(position.piles, position.sweeps).describe()
    assert "1 spade," in text and "1 sweep" in text and "1 spades" not in text
    assert "2 cards" in text and "1 card," in text
