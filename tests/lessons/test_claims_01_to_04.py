"""Claims of lessons 1 to 4, each pinned by the engine (one test per claim)."""

from __future__ import annotations

import random

from claims import after, captures_of, legal, moves, refused

from cassino_learn import Position
from cassino_learn.core.cards import FULL_DECK, Card
from cassino_learn.teaching.quiz import round_points, round_score


# ---------------------------------------------------------------- lesson 1: cards and points

def test_lesson01_pack_is_52_cards_in_four_suits_of_thirteen():
    assert len(FULL_DECK) == 52
    assert {s: sum(c.suit == s for c in FULL_DECK) for s in "SHDC"} == dict.fromkeys("SHDC", 13)


def test_lesson01_numeral_cards_count_their_number_and_face_cards_nothing():
    assert [Card.parse(r + "H").value for r in "A 2 3 4 5 6 7 8 9 10".split()] == list(range(1, 11))
    assert {Card.parse(r + "S").value for r in "JQK"} == {None}


def test_lesson01_king_does_not_count_ten():
    refused("table: 3C 7D; hand: KS 2H", "KS take 3C 7D", "P2")


def test_lesson01_ace_counts_one_not_fourteen():
    refused("table: 10C 4D; hand: AS 7H", "AS take 10C 4D", "S1")


def test_lesson01_aces_fit_into_sums():
    assert "3D take AS+2C" in captures_of("table: AS AD 2C 3C; hand: 3D 9H", "3D")
    assert "3D take AD+2C" in captures_of("table: AS AD 2C 3C; hand: 3D 9H", "3D")


def test_lesson01_seven_takes_another_seven_or_three_and_four():
    legal("table: 7C 3D 4H; hand: 7S", "7S take 7C")
    legal("table: 7C 3D 4H; hand: 7S", "7S take 3D 4H")


def test_lesson01_big_casino_plays_like_any_ten():
    legal("table: 10D 7C; hand: 10H 4S", "10H take 10D")
    legal("table: 6C 4D; hand: 10D", "10D take 6C 4D")


def test_lesson01_little_casino_plays_like_any_two():
    legal("table: 2S 5C; hand: 2D", "2D take 2S")
    legal("table: 5C; hand: 2S 7H", "2S build 7 5C")


def test_lesson01_points_table_most_cards_3_spades_1_casinos_2_and_1_aces_1():
    score = round_score(Position.parse("table:; pile 1: 10D 2S AH 3S 4S 5C; pile 2: 6H 7D"))
    assert score.items[1] == {"cards": 3, "spades": 1, "big_casino": 2, "little_casino": 1,
                              "aces": 1, "sweeps": 0}


def test_lesson01_each_sweep_scores_one():
    # Two sweeps need at least four cards in the pile (each takes a table card and the played one).
    piles = "table:; pile 1: 3H 3C 5H 5C; pile 2: 4H 4C 6H 6C"
    without = round_points(Position.parse(piles))
    assert round_points(Position.parse(f"{piles}; sweeps: 1=2, 2=1")) == \
        {1: without[1] + 2, 2: without[2] + 1}


def test_lesson01_with_two_players_27_cards_win_the_cards_and_26_tie():
    deck = list(FULL_DECK)
    win = " ".join(map(str, deck[:27])), " ".join(map(str, deck[27:]))
    assert round_score(Position.parse(f"table:; pile 1: {win[0]}; pile 2: {win[1]}")).items[1]["cards"] == 3
    tie = " ".join(map(str, deck[:26])), " ".join(map(str, deck[26:]))
    items = round_score(Position.parse(f"table:; pile 1: {tie[0]}; pile 2: {tie[1]}")).items
    assert items[1]["cards"] == items[2]["cards"] == 0


def test_lesson01_seven_spades_win_the_spade_point_with_two_players():
    spades = [c for c in FULL_DECK if c.suit == "S"]
    pile1 = " ".join(map(str, spades[:7]))
    pile2 = " ".join(map(str, spades[7:]))
    assert round_score(Position.parse(f"table:; pile 1: {pile1}; pile 2: {pile2}")).items[1]["spades"] == 1


def test_lesson01_eleven_points_a_round_plus_sweeps_when_nothing_ties():
    rng = random.Random(1)
    for _ in range(50):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        cut = rng.choice([n for n in range(10, 43) if n != 26])
        text = (f"table:; pile 1: {' '.join(map(str, deck[:cut]))}; "
                f"pile 2: {' '.join(map(str, deck[cut:]))}; sweeps: 1=2, 2=1")
        assert sum(round_points(Position.parse(text)).values()) == 11 + 3


def test_lesson01_casinos_and_aces_are_worth_7_of_the_11():
    assert sum(c.points for c in FULL_DECK) == 7


def test_lesson01_page_round_thirty_cards_and_seven_spades_score_8_against_3():
    text = ("table:; pile 1: 10D AS AH 2C 3C 4C 5C 6C 7C 8C 9C 10C 2H 3H 4H 5H 6H 7H 8H 9H "
            "10H JH QH KH 3S 4S 5S 6S 7S 8S; pile 2: AC AD 2D 3D 4D 5D 6D 7D 8D 9D JD QD KD "
            "JC QC KC 2S 9S 10S JS QS KS")
    position = Position.parse(text)
    assert [len(pile) for pile in position.piles] == [30, 22]
    assert [sum(c.suit == "S" for c in pile) for pile in position.piles] == [7, 6]
    assert round_points(position) == {1: 8, 2: 3}


def test_lesson01_fewer_cards_can_score_more():
    from cassino_learn.teaching.stages import load_stages

    stage = load_stages("01_cards_and_points").stage("fewer-cards-more-points")
    piles = stage.item.position.piles
    assert len(piles[1]) < len(piles[0])
    assert stage.solutions() == [{1: 3, 2: 5}]


def test_lesson01_quiz_asks_for_no_capture():
    from cassino_learn.teaching.quiz import load_bank

    assert {item.kind for item in load_bank("01_cards_and_points").items} == {"score"}


# ---------------------------------------------------------------- lesson 2: pairing

def test_lesson02_a_numeral_card_pairs_whatever_the_suit():
    legal("table: 7C; hand: 7H", "7H take 7C")


def test_lesson02_one_card_takes_every_card_of_its_rank_at_once():
    legal("table: 5C 5D 5H KS; hand: 5S 2H", "5S take 5C 5D 5H")


def test_lesson02_a_queen_takes_exactly_one_queen():
    refused("table: QS QD; hand: QC", "QC take QS QD", "P2")
    legal("table: QS QD; hand: QC", "QC take QS")


def test_lesson02_face_cards_of_other_ranks_do_not_pair():
    refused("table: JC 7D; hand: KS 2H", "KS take JC", "P2")


def test_lesson02_only_a_card_from_your_own_hand_plays():
    refused("table: 7S 4C; hand: 7H 3D", "7D take 7S", "T2")


def test_lesson02_an_eight_cannot_take_a_nine():
    refused("table: 6C 9D; hand: 8H 2C", "8H take 9D", "S1")


def test_lesson02_captured_cards_and_the_played_card_go_to_the_pile():
    pos = after("table: 7C 3D; hand: 7H 4S", "7H take 7C")
    assert set(map(str, pos.piles[0])) == {"7H", "7C"} and "3D" in map(str, pos.table_cards)


def test_lesson02_the_fourth_queen_pairs_the_one_left_behind():
    pos = after("table: QS QD 4H; hand: QC 8H; hand 2: QH 9D", "QC take QS")
    assert "QH take QD" in {str(m) for m in pos.legal_moves()}


# ---------------------------------------------------------------- lesson 3: combining

def test_lesson03_eight_takes_five_two_and_ace():
    legal("table: 5C 2D AH; hand: 8S", "8S take 5C 2D AH")


def test_lesson03_ten_takes_six_four_or_two_three_five():
    legal("table: 6C 4D 2H 3S 5D; hand: 10S", "10S take 6C 4D")
    legal("table: 6C 4D 2H 3S 5D; hand: 10S", "10S take 2H 3S 5D")


def test_lesson03_e10_three_groups_at_once():
    legal("table: AC 2D 3H 5S 6C 8D; hand: 8H", "8H take 8D 2D+6C 3H+5S")


def test_lesson03_e10_no_capture_takes_all_six():
    refused("table: AC 2D 3H 5S 6C 8D; hand: 8H", "8H take AC 2D 3H 5S 6C 8D", "S2")
    here = Position.parse("table: AC 2D 3H 5S 6C 8D; hand: 8H")
    assert max(len(m.table_cards) for m in here.legal_moves() if m.kind == "capture") == 5


def test_lesson03_e10_largest_captures_take_five_and_four_with_the_ace():
    here = Position.parse("table: AC 2D 3H 5S 6C 8D; hand: 8H")
    sizes = sorted({len(m.table_cards) for m in here.legal_moves() if m.kind == "capture"})
    assert sizes[-2:] == [4, 5]
    assert "8H take AC+2D+5S 8D" in captures_of("table: AC 2D 3H 5S 6C 8D; hand: 8H", "8H")


def test_lesson03_e10_ace_joins_nothing_after_the_three_groups():
    pos = after("table: AC 2D 3H 5S 6C 8D; hand: 8H 4S; hand 2: AH 9C", "8H take 8D 2D+6C 3H+5S")
    assert {str(c) for c in pos.table_cards} == {"AC"}
    assert "AH take AC" in {str(m) for m in pos.legal_moves()}


def test_lesson03_taking_fewer_groups_is_legal():
    legal("table: 8C 5D 3H; hand: 8H 2S", "8H take 8C")


def test_lesson03_a_sum_must_be_exact():
    refused("table: 3C 5D 9H; hand: 7S 2C", "7S take 3C 5D", "S1")


def test_lesson03_the_played_card_is_not_part_of_the_sum():
    refused("table: 3C 5D; hand: 7S 4C", "7S take 3C", "S1")


def test_lesson03_a_face_card_never_joins_a_sum():
    refused("table: 5C JD 3H; hand: 8S", "8S take 5C JD 3H", "P2")


def test_lesson03_e12_two_sums_clear_the_table():
    pos = after("table: 5C 3D 6H 2S; hand: 8C 4D", "8C take 6H+2S 5C+3D")
    assert not pos.table_cards and pos.sweeps[0] == 1


# ---------------------------------------------------------------- lesson 4: trailing

def test_lesson04_trailing_is_allowed_when_a_capture_is_possible():
    legal("table: 5C 9D; hand: 5H 2S", "trail 5H")


def test_lesson04_a_build_owner_may_not_trail():
    refused("table: 4C [8@1: 5H 3S]; hand: 8C 2D", "trail 2D", "O1")


def test_lesson04_with_nothing_to_capture_or_build_only_trails_remain():
    assert moves("table: 9C KD 6H; hand: 3H 4S") == {"trail 3H", "trail 4S"}


def test_lesson04_there_is_always_a_legal_play():
    rng = random.Random(4)
    for _ in range(200):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        table, hand = deck[:rng.randint(0, 6)], deck[10:10 + rng.randint(1, 4)]
        pos = Position.parse(f"table: {' '.join(map(str, table))}; hand: {' '.join(map(str, hand))}")
        assert pos.legal_moves()


def test_lesson04_the_trailed_three_is_taken_with_the_six_by_a_nine():
    pos = after("table: 9C KD 6H; hand: 3H 4S; hand 2: 9D 7C", "trail 3H", "9D take 9C 3H+6H")
    assert len(pos.piles[1]) == 4


def test_lesson04_a_trailed_four_would_wait_for_a_ten():
    pos = after("table: 9C KD 6H; hand: 3H 4S; hand 2: 9D 7C", "trail 4S")
    assert "9D take 9C" in {str(m) for m in pos.legal_moves()}
    assert not any("4S" in str(m) for m in pos.legal_moves() if m.kind == "capture")


def test_lesson04_you_trail_from_your_hand_not_from_the_table():
    refused("table: 5C 9D; hand: 5H 2S", "trail 5C", "T2")


def test_lesson04_a_trailed_face_card_is_taken_only_by_its_rank():
    pos = after("table: 4C; hand: KD 9H; hand 2: KS 6H 8C", "trail KD")
    takers = {str(m) for m in pos.legal_moves() if m.kind == "capture" and "KD" in str(m)}
    assert takers == {"KS take KD"}


def test_lesson04_quiz_keep_the_seven_refuses_trailing_the_seven():
    from cassino_learn.teaching.quiz import load_bank

    item = load_bank("04_trailing").item("keep-the-seven")
    assert not item.judge("trail 7H").correct and item.judge("trail QS").correct
