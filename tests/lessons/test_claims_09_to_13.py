"""Claims of lessons 9 to 13, each pinned by the engine or the game modules (one test per
claim)."""

from __future__ import annotations

from claims import after, legal, refused

from cassino_learn import Game, Position, Rules
from cassino_learn.game.dealing import DEALS_PER_ROUND, close_round, deal, first_seat
from cassino_learn.game.scoring import match_points, match_result
from cassino_learn.teaching.quiz import round_points, round_score

ROUND = ("table:; pile 1: AC 2C 2H 2S 3C 3D 3S 4C 4H 4S 5H 6C 6D 6H 7C 7H 8D 8H 8S 9H 10C 10S "
         "JC JD QC QD QH KD KS; pile 2: AD AH AS 2D 3H 4D 5C 5D 5S 6S 7D 7S 8C 9C 9D 9S 10D 10H "
         "JH JS QS KC KH; sweeps: 1=1, 2=2")


# ---------------------------------------------------------------- lesson 9: sweeps, last cards

def test_lesson09_e12_the_eight_sweeps_and_the_sweep_is_counted():
    pos = after("table: 5C 3D 6H 2S; hand: 8C 4D", "8C take 5C+3D 6H+2S")
    assert not pos.table_cards and pos.sweeps == (1, 0)


def test_lesson09_a_sweep_scores_one_point():
    score = round_score(Position.parse("table:; pile 1: 3H 4H; pile 2: 5H; sweeps: 1=1, 2=0"))
    assert score.items[1]["sweeps"] == 1


def test_lesson09_taking_a_build_and_every_loose_card_is_a_sweep():
    pos = after("table: AC 9D [10: 6S 4H]; hand: 10C 3C", "10C take AC 9D 6S 4H")
    assert pos.sweeps[0] == 1


def test_lesson09_a_capture_that_leaves_a_face_card_is_no_sweep():
    pos = after("table: 5C 3D KH; hand: 8C", "8C take 5C 3D")
    assert pos.sweeps[0] == 0


def test_lesson09_taking_fewer_groups_loses_the_sweep():
    pos = after("table: 5C 3D 6H 2S; hand: 8C 4D", "8C take 5C 3D")
    assert pos.sweeps[0] == 0


def test_lesson09_a_single_pair_on_a_table_of_two_fours_sweeps():
    assert after("table: 4C 4H; hand: 4D 9S", "4D take 4C 4H").sweeps[0] == 1


def test_lesson09_after_a_sweep_the_next_player_can_only_trail():
    pos = after("table: 5C 3D 6H 2S; hand: 8C 4D; hand 2: 7C 9H", "8C take 5C+3D 6H+2S")
    assert {m.kind for m in pos.legal_moves()} == {"trail"}


def test_lesson09_case1_the_last_card_that_captures_takes_the_leftovers():
    pos = close_round(after("table: 3H 9C KS; hand: 9D; hand 2:; last capture: 2", "9D take 9C"),
                      dealer=1)
    assert {str(c) for c in pos.piles[0]} == {"3H", "9C", "9D", "KS"} and pos.sweeps == (0, 0)


def test_lesson09_case2_after_a_trail_the_last_capturer_gets_the_table():
    pos = close_round(after("table: 3H 9C KS; hand: 5D; hand 2:; last capture: 2", "trail 5D"),
                      dealer=1)
    assert {str(c) for c in pos.piles[1]} == {"3H", "5D", "9C", "KS"}


def test_lesson09_the_final_pick_up_is_not_a_sweep():
    pos = close_round(after("table: 3H 9C KS; hand: 5D; hand 2:; last capture: 2", "trail 5D"),
                      dealer=1)
    assert pos.sweeps == (0, 0) and not pos.table_cards


def test_lesson09_case3_a_last_card_that_clears_the_table_itself_is_a_sweep():
    pos = close_round(after("table: 3H 6C; hand: 9D; hand 2:; last capture: 2", "9D take 3H 6C"),
                      dealer=1)
    assert pos.sweeps == (1, 0)


def test_lesson09_if_nobody_captured_the_dealer_takes_the_table():
    pos = close_round(after("table: 3H 9C; hand: 5D; hand 2:", "trail 5D"), dealer=2)
    assert len(pos.piles[1]) == 3 and not pos.piles[0]


def test_lesson09_the_dealer_plays_the_last_card_of_every_deal():
    game = Game(players=3, seed=5)
    for _ in range(4 * 3):  # one whole deal
        mover = game.turn
        game.play(game.legal_moves()[0])
    assert mover == game.dealer


# ---------------------------------------------------------------- lesson 10: scoring

def test_lesson10_the_example_round_scores_six_and_eight():
    score = round_score(Position.parse(ROUND))
    assert score.points == {1: 6, 2: 8} and score.cards == {1: 29, 2: 23}
    assert score.spades[2] == 7 and score.items[2]["aces"] == 3


def test_lesson10_eleven_plus_the_sweeps_is_the_total():
    assert sum(round_points(Position.parse(ROUND)).values()) == 11 + 3


def test_lesson10_tied_cards_share_only_eight_points():
    tied = ("table:; pile 1: AH 2D 3D 3S 4C 4S 5S 6C 6D 6H 6S 7D 7H 8D 9C 9S 10D 10H 10S JC JS "
            "QH QS KD KH KS; pile 2: AC AD AS 2C 2H 2S 3C 3H 4D 4H 5C 5D 5H 7C 7S 8C 8H 8S 9D 9H "
            "10C JD JH QC QD KC")
    assert sum(round_points(Position.parse(tied)).values()) == 8


def test_lesson10_a_three_player_spade_tie_scores_nobody():
    three = ("table:; players: 3; pile 1: AD AS 2H 3H 3S 4D 5D 5H 5S 6H 7C 7H 8C 8D 8S 9C 9D 10C "
             "KC KS; pile 2: AH 2D 2S 3D 4C 6C 6D 7D 7S 10S JD JH JS QC QS KD; pile 3: AC 2C 3C "
             "4H 4S 5C 6S 8H 9H 9S 10D 10H JC QD QH KH")
    score = round_score(Position.parse(three))
    assert score.spades == {1: 5, 2: 5, 3: 3}
    assert all(score.items[s]["spades"] == 0 for s in (1, 2, 3))


def test_lesson10_big_casino_is_not_a_spade_and_little_casino_is():
    score = round_score(Position.parse("table:; pile 1: 10D; pile 2: 2S"))
    assert score.spades == {1: 0, 2: 1}


def test_lesson10_nobody_at_21_plays_on():
    assert not match_result({1: 18, 2: 20}, 3, Rules()).over


def test_lesson10_both_reaching_21_the_higher_total_wins():
    assert match_result({1: 23, 2: 21}, 3, Rules()).winner == 1


def test_lesson10_reaching_exactly_21_is_enough():
    assert match_result({1: 21, 2: 15}, 3, Rules()).winner == 1


def test_lesson10_a_tie_at_the_top_plays_another_round():
    assert not match_result({1: 22, 2: 22}, 3, Rules()).over


# ---------------------------------------------------------------- lesson 11: the deal

def test_lesson11_deals_per_round_are_six_four_and_three():
    assert DEALS_PER_ROUND == {2: 6, 3: 4, 4: 3}


def test_lesson11_four_to_each_player_and_four_to_the_table_first_deal_only():
    from cassino_learn.core.cards import FULL_DECK

    hands, table, rest = deal(list(FULL_DECK), 3, 1, True)
    assert [len(h) for h in hands] == [4, 4, 4] and len(table) == 4
    hands, table, _ = deal(rest, 3, 1, False)
    assert [len(h) for h in hands] == [4, 4, 4] and table == []


def test_lesson11_the_player_left_of_the_dealer_plays_first():
    assert [first_seat(1, n) for n in (2, 3, 4)] == [2, 2, 2]
    assert first_seat(4, 4) == 1


def test_lesson11_the_deal_passes_to_the_left_after_a_round():
    game = Game(players=2, seed=3)
    first_dealer = game.dealer
    while game.round_number == 1:
        game.play(game.legal_moves()[0])
    assert game.over or game.dealer == first_dealer % 2 + 1


# ---------------------------------------------------------------- lesson 12: more players

def test_lesson12_partners_are_seats_one_and_three_against_two_and_four():
    pos = Position.parse("table: 5C; hand: 3D; players: 4; partners: yes")
    assert [pos.side_of(s) for s in (1, 2, 3, 4)] == [1, 2, 1, 2]


def test_lesson12_e15_little_casino_joins_the_partners_eight():
    pos = after("table: 6C [8@3: 5H 3S]; hand: 2S 9D KC; players: 4; partners: yes",
                "2S build 8 6C 5H 3S")
    assert [(b.value, b.is_multiple) for b in pos.builds] == [(8, True)]


def test_lesson12_without_partners_the_same_build_is_refused():
    refused("table: 6C [8@3: 5H 3S]; hand: 2S 9D KC; players: 4", "2S build 8 6C 5H 3S", "B2")


def test_lesson12_an_opponents_build_gives_no_freedom():
    refused("table: 6C [8@2: 5H 3S]; hand: 2S 9D KC; players: 4; partners: yes",
            "2S build 8 6C 5H 3S", "B2")


def test_lesson12_a_partners_announcement_allows_the_build():
    legal("table: 4C; hand: 5S 6H; players: 4; partners: yes; declared: 3=9", "5S build 9 4C")


def test_lesson12_an_opponents_announcement_does_not():
    refused("table: 4C; hand: 5S 6H; players: 4; partners: yes; declared: 2=9", "5S build 9 4C",
            "B2")


def test_lesson12_partners_share_one_pile():
    pos = after("table: 6C [8@3: 5H 3S]; hand: 2S 9D KC; players: 4; partners: yes; "
                "hand 2: KD 4H; hand 3: 8C 7D; hand 4: QS 5D",
                "2S build 8 6C 5H 3S", "trail KD", "8C take 2S 6C 5H 3S")
    assert len(pos.piles) == 2 and "2S" in map(str, pos.piles[0])


def test_lesson12_with_three_players_each_keeps_a_pile():
    assert len(Position.parse("table: 5C; hand: 3D; players: 3").piles) == 3


# ---------------------------------------------------------------- lesson 13: variants

V1 = "table: JC JD JH 4S; hand: JS 4C; rules: face_cards=three-take-all"


def test_lesson13_v1_the_fourth_jack_takes_all_three():
    legal(V1, "JS take JC JD JH")


def test_lesson13_v1_never_two():
    refused(V1, "JS take JC JD", "V1")


def test_lesson13_v1_one_is_still_fine():
    legal(V1, "JS take JC")


def test_lesson13_standard_rules_refuse_three_jacks():
    refused("table: JC JD JH 4S; hand: JS 4C", "JS take JC JD JH", "P2")


def test_lesson13_v2_and_v3_score_the_lesson10_round_three_ways():
    assert round_points(Position.parse(ROUND)) == {1: 6, 2: 8}
    assert round_points(Position.parse(ROUND + "; rules: sweeps=off")) == {1: 5, 2: 6}
    assert round_points(Position.parse(ROUND + "; rules: sweeps_cancel=on")) == {1: 5, 2: 7}


def test_lesson13_v4_only_the_margin_counts_and_eleven_to_two_is_a_lurch():
    lurch = Rules(game="11-lurch")
    scores = match_points({1: 5, 2: 2}, {1: 9, 2: 3}, lurch)
    assert scores == {1: 11, 2: 2}
    result = match_result(scores, 2, lurch)
    assert result.winner == 1 and result.lurch


def test_lesson13_v5_every_round_is_a_game():
    assert match_result({1: 7, 2: 4}, 1, Rules(game="round")).winner == 1


def test_lesson13_v6_dealing_singly_changes_only_the_order():
    from cassino_learn.core.cards import FULL_DECK

    twos = deal(list(FULL_DECK[:12]), 2, 1, True, False)
    ones = deal(list(FULL_DECK[:12]), 2, 1, True, True)
    assert [len(h) for h in ones[0]] == [4, 4] and len(ones[1]) == 4
    assert sorted(map(str, twos[0][1])) == ["2H", "2S", "AC", "AD"]
    assert sorted(map(str, ones[0][1])) == ["2H", "3D", "AC", "AS"]


def test_lesson13_x3_a_build_without_its_capturing_card_is_refused():
    refused("table: 5C; hand: 3D 10S", "3D build 8 5C", "B2")


# ---------------------------------------------------------------- lesson 13: V7-V9 (and 11's note)

ROYAL = "; rules: values=royal"


def test_lesson13_v7_face_cards_count_eleven_twelve_thirteen_and_the_king_takes_ten_three():
    assert str(legal("table: 10C 3D 6S; hand: KS 4C 8D" + ROYAL, "KS take 3D 10C")) == \
        "KS take 3D+10C"
    assert str(legal("table: 9C 2D; hand: JS 5H" + ROYAL, "JS take 9C 2D")) == "JS take 2D+9C"
    assert str(legal("table: 10C 2D; hand: QS 5H" + ROYAL, "QS take 10C 2D")) == "QS take 2D+10C"


def test_lesson13_v7_face_cards_build_and_builds_run_to_fourteen():
    assert legal("table: 3D; hand: JS AH KD" + ROYAL, "JS build 14 3D").value == 14


def test_lesson13_v7_an_ace_from_the_hand_counts_one_or_fourteen_never_both_in_one_play():
    found = {str(m) for m in Position.parse("table: AC 4D 10C; hand: AS 7C" + ROYAL).legal_moves()
             if m.card.rank == 1 and m.kind == "capture"}
    assert "AS take AC" in found and "AS take 14: 4D+10C" in found
    refused("table: 2H [14@2: 10C 4D] [1: AD | AH]; hand: AS 3C" + ROYAL,
            "AS take 10C 4D AD AH", "V7")


def test_lesson13_v7_an_ace_in_a_build_counts_one():
    refused("table: 5S 9D; hand: AC AD" + ROYAL, "AC build 14 5S 9D", "V7")


def test_lesson13_v7_only_an_ace_takes_a_fourteen_so_building_one_needs_an_ace():
    refused("table: AC 6H; hand: KS 8D 6C" + ROYAL, "KS build 14 AC", "B2")
    legal("table: AC 6H; hand: KS AD 6C" + ROYAL, "KS build 14 AC")


def test_lesson13_v8_spade_casino_spades_score_and_little_casino_does_not():
    score = round_score(Position.parse("table:; rules: scoring=spade-casino; "
                                       "pile 1: AS JS 2S 3S; pile 2: 4H 5H 6H 7H 8H"))
    assert score.items[1]["little_casino"] == 0
    assert score.items[1]["spade_cards"] == 2 + 2 + 2 + 1  # AS, JS, 2S 2 each, 3S 1
    assert score.items[1]["aces"] == 1  # and the ace of spades still scores as an ace


def test_lesson13_v8_a_round_shares_26_points_plus_sweeps_and_the_game_is_61():
    points = round_points(Position.parse(ROUND + "; rules: scoring=spade-casino"))
    assert sum(points.values()) == 26 + 1 + 2
    assert Rules(scoring="spade-casino").target == 61


def test_lesson13_v8_the_spade_casino_table_reads_six_eight_then_twelve_seventeen():
    assert round_points(Position.parse(ROUND)) == {1: 6, 2: 8}
    assert round_points(Position.parse(ROUND + "; rules: scoring=spade-casino")) == {1: 12, 2: 17}


def test_lesson13_v8_a_winner_while_the_other_side_is_under_31_wins_double():
    assert match_result({1: 61, 2: 30}, 3, Rules(scoring="spade-casino")).double_game
    assert not match_result({1: 61, 2: 31}, 3, Rules(scoring="spade-casino")).double_game


def test_lesson13_v9_hands_stay_at_four_with_no_further_deals_then_are_played_out():
    game = Game(players=2, seed=1, rules=Rules(deal="draw"))
    assert game.deals_per_round == 1
    sizes = []
    while game.round_number == 1:
        sizes.append(sorted(len(h or ()) for h in game.state.hands))
        game.play(game.legal_moves()[0])
    assert sizes[:41] == [[4, 4]] * 41 and sizes[-1] == [0, 1]
