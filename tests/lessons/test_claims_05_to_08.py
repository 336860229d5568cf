"""Claims of lessons 5 to 8, each pinned by the engine (one test per claim)."""

from __future__ import annotations

import random

from claims import after, legal, moves, refused

from cassino_learn import Position
from cassino_learn.core.cards import FULL_DECK


def _build_with(position: Position, card: str):
    return next(b for b in position.builds if card in map(str, b.cards))


# ---------------------------------------------------------------- lesson 5: building

def test_lesson05_e1_three_on_five_builds_eight_holding_an_eight():
    legal("table: 5C; hand: 3D 8S", "3D build 8 5C")


def test_lesson05_e1_without_an_eight_the_build_is_refused():
    refused("table: 5C; hand: 3D 10S", "3D build 8 5C", "B2")


def test_lesson05_a_build_needs_a_card_from_the_table():
    refused("table: 5C; hand: 3D 3S", "3D build 3", "B1")


def test_lesson05_a_build_must_add_up_exactly():
    refused("table: 5C 3H; hand: 2D 8S", "2D build 8 5C", "B4")


def test_lesson05_e1_the_eight_takes_the_whole_build_and_leaves_the_trailed_two():
    pos = after("table: 5C; hand: 3D 8S; hand 2: 9C 2H", "3D build 8 5C", "trail 2H",
                "8S take 3D+5C")
    assert {str(c) for c in pos.table_cards} == {"2H"} and len(pos.piles[0]) == 3


def test_lesson05_e2_the_three_has_a_capture_a_single_six_and_a_multiple_three():
    found = moves("table: AC 2D; hand: 3H 3S 6C")
    assert {"3H take AC+2D", "3H build 6: 3H+AC+2D", "3H build 3: 3H | AC+2D"} <= found


def test_lesson05_e2_no_build_of_four_on_the_ace_without_a_four():
    refused("table: AC 2D; hand: 3H 3S 6C", "3H build 4 AC", "B2")


def test_lesson05_e2_no_build_of_five_on_the_two_without_a_five():
    refused("table: AC 2D; hand: 3H 3S 6C", "3H build 5 2D", "B2")


def test_lesson05_e3_five_on_five_builds_ten_with_a_ten():
    move = legal("table: 5C; hand: 5D 10H", "5D build 10 5C")
    built = _build_with(Position.parse("table: 5C; hand: 5D 10H").play(move), "5D")
    assert built.value == 10 and not built.is_multiple


def test_lesson05_e3_two_fives_in_hand_may_announce_five_as_a_multiple():
    pos = after("table: 5C; hand: 5D 5H", "5D build 5 5C")
    assert _build_with(pos, "5D").is_multiple


def test_lesson05_s3_a_nine_does_not_take_a_build_of_seven_with_a_loose_two():
    refused("table: 2D [7: 3S 4H]; hand: 9C 5D", "9C take 2D 3S 4H", "S3")


def test_lesson05_s3_no_part_of_a_build_is_taken():
    refused("table: 6C [8: 2D 6H]; hand: 6S 4C", "6S take 6C 6H", "S3")


def test_lesson05_a_face_card_never_goes_into_a_build():
    refused("table: KC 3D; hand: 5S 8C", "5S build 8 KC 3D", "B3")


def test_lesson05_no_build_above_ten():
    refused("table: 8C 5D; hand: 7S 10H", "7S build 15 8C", "B3")


def test_lesson05_an_opponent_with_the_value_can_take_your_build_first():
    pos = after("table: 5C; hand: 5D 10H; hand 2: 10S 8C", "5D build 10 5C")
    assert "10S take [5C 5D]" in {str(m) for m in pos.legal_moves()}


# ---------------------------------------------------------------- lesson 6: raising

def test_lesson06_e4_a_two_raises_six_to_eight_and_takes_it_over():
    pos = after("table: [6@2: 3C 3D]; hand: 2S 8H; hand 2: AH 9C", "2S build 8 3C 3D")
    assert [(b.value, b.owner) for b in pos.builds] == [(8, 1)]


def test_lesson06_e4_the_next_player_raises_eight_to_nine():
    pos = after("table: [6@2: 3C 3D]; hand: 2S 8H; hand 2: AH 9C", "2S build 8 3C 3D",
                "AH build 9 2S 3C 3D")
    assert [(b.value, b.owner) for b in pos.builds] == [(9, 2)]


def test_lesson06_an_owner_may_raise_their_own_build():
    legal("table: 5C [7@1: 3S 4H]; hand: 2D 7C 9D", "2D build 9 3S 4H")


def test_lesson06_the_raiser_must_hold_the_new_value():
    refused("table: [6: 3C 3D]; hand: 2S 7H", "2S build 8 3C 3D", "B2")


def test_lesson06_a_raise_may_not_pass_ten():
    refused("table: [8: 5C 3D]; hand: 4S 7H", "4S build 12 5C 3D", "B3")


def test_lesson06_e5_no_loose_table_card_goes_into_a_raise():
    refused("table: 2C [5: AD 4S]; hand: 3H 8C 10D", "3H build 10 2C AD 4S", "B6")
    legal("table: 2C [5: AD 4S]; hand: 3H 8C 10D", "3H build 8 AD 4S")


def test_lesson06_e14_the_four_from_hand_raises_five_to_nine():
    legal("table: 2C 4D [5: AS AH 3C]; hand: 4S 9D", "4S build 9 AS AH 3C")


def test_lesson06_e14_the_loose_four_may_not_be_moved_onto_the_build():
    refused("table: 2C 4D [5: AS AH 3C]; hand: 9S 7D", "9S build 9 4D AS AH 3C", "B6")


def test_lesson06_e6_raise_and_gather_makes_a_multiple_build():
    pos = after("table: 9C [7@2: 3S 4H]; hand: 2D 9H", "2D build 9 3S 4H 9C")
    built = _build_with(pos, "2D")
    assert built.value == 9 and built.is_multiple and built.owner == 1


def test_lesson06_a_multiple_build_is_never_raised():
    refused("table: [3: 3C | 3D]; hand: 2S 5H", "2S build 5 3C 3D", "B7")


def test_lesson06_a_build_of_nine_is_raised_only_by_an_ace_and_ten_never():
    for card in ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"):
        pos = Position.parse(f"table: [9: 5C 4D]; hand: {card} 10S")
        assert not any(m.kind == "build" and m.raised for m in pos.legal_moves()), card
    legal("table: [9: 5C 4D]; hand: AH 10S", "AH build 10 5C 4D")
    for card in ("AH", "2H", "5H", "9H"):
        pos = Position.parse(f"table: [10: 6C 4D]; hand: {card} 10S")
        assert not any(m.kind == "build" and m.raised for m in pos.legal_moves()), card


# ---------------------------------------------------------------- lesson 7: multiple builds

def test_lesson07_e8_three_on_four_with_five_two_makes_two_sevens():
    pos = after("table: 5C 2D 4H; hand: 7S 3C", "3C build 7 4H 5C 2D")
    built = _build_with(pos, "3C")
    assert built.value == 7 and built.is_multiple and len(built.cards) == 4


def test_lesson07_e9_an_eight_on_an_eight_makes_two_eights():
    pos = after("table: 8C 3H; hand: 8D 8H", "8D build 8 8C")
    assert _build_with(pos, "8D").is_multiple


def test_lesson07_e9_an_opponent_with_an_eight_may_add_a_set_and_take_the_build_over():
    pos = after("table: 8C 3H; hand: 8D 8H; hand 2: 5S 8S", "8D build 8 8C")
    taken_over = pos.play("5S build 8 3H 8C 8D")
    assert [(b.value, b.owner) for b in taken_over.builds] == [(8, 2)]


def test_lesson07_e9_nobody_can_raise_the_two_eights():
    pos = after("table: 8C 3H; hand: 8D 8H; hand 2: AS 9S", "8D build 8 8C")
    assert not any(m.kind == "build" and m.value == 9 for m in pos.legal_moves())


def test_lesson07_e7_adding_a_set_keeps_the_value():
    pos = after("table: 3D [9: 5C 4H]; hand: 6S 9C 9D", "6S build 9 3D 5C 4H")
    assert [(b.value, b.is_multiple) for b in pos.builds] == [(9, True)]


def test_lesson07_e7_a_nine_from_hand_may_be_added_while_keeping_another():
    legal("table: [9@1: 3D 6S | 4H 5C]; hand: 9C 9D", "9C build 9 3D 6S 4H 5C")


def test_lesson07_a_multiple_build_of_four_cannot_become_six():
    refused("table: [4: 4C | AD 3S]; hand: 2H 6D", "2H build 6 4C AD 3S", "B7")


def test_lesson07_without_a_seven_the_two_sevens_are_refused():
    refused("table: 5C 2D 4H; hand: 6S 3C", "3C build 7 4H 5C 2D", "B2")


def test_lesson07_every_card_must_belong_to_a_set_of_the_value():
    refused("table: 5C 2D 4H; hand: 7S 3C", "3C build 7 4H 5C", "B4")


def test_lesson07_a_multiple_build_is_taken_whole():
    refused("table: 2C [9: 3D 6S | 4H 5C]; hand: 9D", "9D take 3D 6S", "S3")


def test_lesson07_anyone_with_the_value_may_capture_a_multiple_build():
    legal("table: [9@2: 3D 6S | 4H 5C]; hand: 9D", "9D take 3D 6S 4H 5C")


# ---------------------------------------------------------------- lesson 8: owning a build

def test_lesson08_raising_an_opponents_build_steals_it():
    pos = after("table: 7C [6@2: 2C 4D]; hand: 3H 9S", "3H build 9 2C 4D")
    assert [(b.value, b.owner) for b in pos.builds] == [(9, 1)]


def test_lesson08_a_protected_multiple_build_refuses_the_ace():
    refused("table: 6D [8@2: 2C 6H | 5H 3S]; hand: AS 9C", "AS build 9 2C 6H 5H 3S", "B7")


def test_lesson08_protecting_keeps_the_value_and_the_owner():
    pos = after("table: 2C 6D [8@1: 5H 3S]; hand: 6H 8C 8D", "6H build 8 2C 5H 3S")
    assert [(b.value, b.owner, b.is_multiple) for b in pos.builds] == [(8, 1, True)]


def test_lesson08_e13_an_owner_may_not_trail():
    refused("table: AC 9S [9@1: 5H 4D]; hand: 9C 4S", "trail 4S", "O1")


def test_lesson08_e13_the_last_nine_may_not_leave_the_build():
    refused("table: AC 9S [9@1: 5H 4D]; hand: 9C 4S", "9C take 9S", "O2")


def test_lesson08_e13_the_last_nine_may_take_the_build_with_the_loose_nine():
    legal("table: AC 9S [9@1: 5H 4D]; hand: 9C 4S", "9C take 9S 5H 4D")


def test_lesson08_e13_with_two_nines_the_first_is_free():
    legal("table: AC 9S [9@1: 5H 4D]; hand: 9C 9H 4S", "9C take 9S")


def test_lesson08_without_partners_an_owner_always_has_a_play_besides_trailing():
    rng = random.Random(8)
    for _ in range(150):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        numerals = [c for c in deck if c.value and c.value >= 4]
        keep = numerals[0]
        pair = [c for c in deck if c.value and c is not keep][:1]
        low = next(c for c in deck if c.value and c.value < keep.value and c not in pair)
        high = next((c for c in deck if c.value == keep.value - low.value and c not in (keep, low)), None)
        if high is None:
            continue
        loose = [c for c in deck if c not in (keep, low, high)][:3]
        hand = [keep] + [c for c in deck if c not in (keep, low, high, *loose)][:2]
        text = (f"table: {' '.join(map(str, loose))} [{keep.value}@1: {low} {high}]; "
                f"hand: {' '.join(map(str, hand))}; players: {rng.choice((2, 3, 4))}")
        found = Position.parse(text).legal_moves()
        assert found and all(m.kind != "trail" for m in found), text


def test_lesson08_raising_to_a_value_you_do_not_hold_is_refused():
    refused("table: [6@2: 2C 4D]; hand: 3H 8S", "3H build 9 2C 4D", "B2")
