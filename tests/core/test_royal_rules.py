"""Royal, Spade and Draw Casino in the rules core (docs/rules.md V7, V8, V9): the options, their
`rules:` notation, the refusal of nonsense combinations, and V7's values in play: face cards
in sums and builds, the ace as 1 or 14 (one value per play), builds of 14 and 1, and the plain
explanation of every refusal, naming the rule."""

from __future__ import annotations

import pytest

from cassino_learn import IllegalMove, Position, PositionError, Rules, legal_moves

ROYAL = "rules: values=royal"


def royal(text: str) -> Position:
    return Position.parse(f"{text}; {ROYAL}")


def moves(text: str) -> list[str]:
    return [str(m) for m in legal_moves(royal(text))]


def refusal(text: str, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        royal(text).parse_move(move)
    return caught.value


# ---------------------------------------------------------------------------- the options

def test_the_three_variants_are_options_that_print_and_read_back() -> None:
    rules = Rules(values="royal", scoring="spade-casino", deal="draw")
    assert str(rules) == "values=royal, scoring=spade-casino, deal=draw"
    assert Rules.parse(str(rules)) == rules
    assert Rules.parse("deal=draw; values=ROYAL , scoring = spade-casino") == rules
    assert rules.target == 61 and Rules().target == 21 and Rules(game="round").target is None
    assert Rules(scoring="spade-casino", game="round").target is None
    assert Rules(values="royal", sweeps=False, game="11-lurch").target == 11


def test_a_position_carries_the_variants_and_round_trips() -> None:
    text = ("table: 3C KH [1@2: AC | AD] [14@1: 4S 10D]; hand: AS 5H QC; turn: 1; players: 2; "
            "rules: values=royal, scoring=spade-casino, deal=draw")
    position = Position.parse(text)
    assert position.one_line() == text
    assert Position.parse(str(position)) == position
    assert position.rules == Rules(values="royal", scoring="spade-casino", deal="draw")


@pytest.mark.parametrize("text, words", [
    ("values=royal, face_cards=three-take-all", "V1"),
    ("scoring=spade-casino, game=11-lurch", "26 points"),
    ("sweeps=off, sweeps_cancel=on", "nothing to cancel"),
    ("values=roayl", "values must be one of standard, royal, not 'roayl'"),
    ("deal=draw, deal=twos", "deal is given twice"),
    ("scoring=spades", "scoring must be one of standard, spade-casino"),
])
def test_nonsense_combinations_are_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Rules.parse(text)
    with pytest.raises(PositionError, match=f"line 2, field 'rules'.*{words}"):
        Position.parse(f"table: 5C\nrules: {text}")


def test_royal_builds_are_checked_with_royal_values() -> None:
    assert royal("table: [13@2: 10D 3S] [14: QC 2D] [11: JC | 8H 3H]; hand: KS").builds
    with pytest.raises(PositionError, match="must be 1 to 14, not 15"):
        royal("table: [15: KC 2D]; hand: 3S")
    with pytest.raises(PositionError, match="adds up to 14, not the build's value 13"):
        royal("table: [13: KC AH]; hand: 3S")
    with pytest.raises(PositionError, match="must be 1 to 10, not 13"):
        Position.parse("table: [13: 10D 3S]; hand: 3C")  # the standard game: no 13 at all
    with pytest.raises(PositionError, match="face cards are never part of a build"):
        Position.parse("table: [10: KD | 10S]; hand: 3C")
    with pytest.raises(PositionError, match="holds no 13"):
        royal("table: [13@1: 10H 3H]; hand: 3S")
    # V7: R2 may have made the owner trail the ace that kept a build of 14
    assert royal("table: [14@1: KC AH]; hand: 3S").owned_builds()


# ---------------------------------------------------------------------------- V7 in play

def test_a_king_takes_ten_and_three_and_pairs_with_a_king() -> None:
    found = moves("table: 10C 3D KH 5S; hand: KS")
    assert found == ["KS take 3D+10C", "KS take KH", "KS take 3D+10C KH", "trail KS"]


def test_face_cards_are_built_and_build() -> None:
    found = moves("table: 9C 2D; hand: 2H JS")
    assert "2H build 11: 2H+9C | 2D+9C" not in found
    assert "2H build 11: 2H+9C" in found and "JS take 2D+9C" in found
    assert moves("table: QD; hand: AC KS") == ["AC build 13: AC+QD", "trail AC", "trail KS"]


def test_the_ace_counts_14_to_take_fourteen_and_aces_by_rank() -> None:
    found = moves("table: AC 5S 9D; hand: AS 7H")
    assert "AS take AC" in found                    # either reading: one move, shown as 1
    assert "AS take 14: 5S+9D" in found
    assert "AS take 14: AC 5S+9D" in found          # the loose ace by rank, 5+9 by sum
    assert not any(m.startswith("AS take 1:") for m in found)
    position = royal("table: AC 5S 9D; hand: AS 7H")
    assert position.parse_move("AS take 5S 9D") == position.parse_move("AS take 14: 5S+9D")
    assert position.parse_move("as take 14 ac").value == 1
    capture = position.parse_move("AS take 14: 5S 9D")
    assert capture.value == 14 and capture.describe() == \
        "Play the ace of spades as 14 to take the five of spades and the nine of diamonds."


def test_a_build_of_14_is_kept_by_an_ace_and_taken_by_an_ace() -> None:
    assert "KS build 14: KS+AC" not in moves("table: AC; hand: KS 7H")
    assert "KS build 14: KS+AC" in moves("table: AC; hand: KS AH")
    after = royal("table: AC; hand: KS AH").play("KS build 14 AC")
    assert after.builds[0].value == 14 and after.builds[0].owner == 1
    assert moves("table: 3C [14@1: AC KS]; hand: AH 9D") == ["AH take 14: [AC KS]"]


def test_one_ace_keeps_builds_of_1_and_14_and_then_only_trails_are_left() -> None:
    # O2 forbids the ace taking one of them while the other stays; R2 leaves the trail.
    assert moves("table: 2C [14@1: KC AH] [1@1: AD | AS]; hand: AC 3D") == ["trail 3D"]
    assert moves("table: [14@1: KC AH] [1@1: AD | AS]; hand: AC") == ["trail AC"]


def test_explanations_name_the_rule() -> None:
    cases = [
        ("table: 5S 9D; hand: 5C 3D", "5C build 14 9D", "B2",
         "A build of 14 can only be taken by an ace played as 14, and you would hold no ace "
         "after this play."),
        ("table: AS; hand: AC 3D", "AC build 1 AS", "B2",
         "A build of 1 can only be taken by an ace, and you would hold no ace after this play."),
        ("table: 5S 9D; hand: AC AD", "AC build 14 5S 9D", "V7",
         "Inside a build an ace counts 1, never 14: your ace can be part of a build of 14 only "
         "with cards that make 13 with it."),
        ("table: 4S; hand: QC 3D", "QC build 16 4S", "V7",
         "In Royal Casino a build's value runs from 1 to 14: nothing could capture a build of "
         "16."),
        ("table: [14@2: 10C 4D] [1: AD | AS]; hand: AC 3D", "AC take 10C 4D AD AS", "V7",
         "One play uses one value: your ace takes a build of 1 when it counts 1 and a build of "
         "14 when it counts 14, never both at once."),
        ("table: 5S 8D; hand: AS 3C", "AS take 5S 8D", "S1",
         "Cards your ace as 14 takes together must add up to 14: 5 + 8 make 13. Played as 1 "
         "it takes only aces and builds of 1."),
        ("table: 5S 9D; hand: AS 3C", "AS take 1: 5S 9D", "S1",
         "The five of spades counts 5, more than 1, so your ace as 1 can't take it."),
        ("table: 10C 3D 5H; hand: KS 9C", "KS take 10C 5H", "S1",
         "Cards your king takes together must add up to 13: 5 + 10 make 15."),
        ("table: 10C [13@2: 10D 3S]; hand: JS 3H", "JS take 10D 3S", "S3",
         "The build of 13 can only be captured whole by a king; your jack counts 11."),
        ("table: 7C [9@2: 5C 4D]; hand: 9S 3D", "3D build 12 5C 4D", "B2",
         "You would need to hold a queen to capture a build of 12 later."),
        ("table: 2C [14@1: KC AH] [1@1: AD | AS]; hand: AC 3D", "AC take KC AH", "O2",
         "You own the multiple build of 1, and your ace is the last ace you hold: "
         "keep it to capture that build, or take the build with it."),
        ("table: 7C; hand: 7S 2H", "7S take 9: 7C", "V7",
         "Your seven of spades counts 7 when you play it, not 9."),
    ]
    for table, move, rule, reason in cases:
        error = refusal(table, move)
        assert (error.rule, error.reason) == (rule, reason), (table, move)


def test_the_standard_game_is_unchanged() -> None:
    standard = Position.parse("table: 10C 3D KH 5S AC 9D; hand: KS AS")
    assert [str(m) for m in standard.legal_moves()] == [
        "AS take AC", "KS take KH", "trail AS", "trail KS"]
    with pytest.raises(IllegalMove) as caught:
        standard.parse_move("AS take 14: 5S 9D")
    assert caught.value.rule == "C2"
    assert standard.parse_move("AS take 1: AC") == standard.parse_move("AS take AC")


def test_a_hand_made_capture_is_matched_by_what_it_takes() -> None:
    from cassino_learn import Move

    position = royal("table: 10C 3D 5S 9D; hand: KS AS")
    king = position.play(Move("capture", "KS", ["3D", "10C"]))
    assert king.piles[0] == tuple(sorted(Position.parse("table: ; hand: KS 3D 10C").hand))
    ace = position.play(Move("capture", "AS", ["5S", "9D"]))
    assert set(ace.piles[0]) == set(Position.parse("table: ; hand: AS 5S 9D").hand)
    with pytest.raises(IllegalMove):
        position.play(Move("capture", "AS", ["5S", "9D"], value=13))
