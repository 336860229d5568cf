"""The rule book's worked examples E1-E15 (docs/rules.md), as positions and moves in notation.

Each example's legal plays must be among the legal moves, and each illegal attempt must raise
IllegalMove naming the rule the example names.
"""

from __future__ import annotations

import pytest

from cassino_learn import Build, Card, IllegalMove, Position


def _c(text: str) -> Card:
    return Card.parse(text)


def legal_texts(position: Position) -> set[str]:
    return {str(m) for m in position.legal_moves()}


def assert_legal(position: Position, text: str) -> None:
    move = position.parse_move(text)
    assert move in position.legal_moves(), text


def assert_illegal(position: Position, text: str, rule: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        position.parse_move(text)
    assert caught.value.rule == rule, (text, caught.value.rule, caught.value.reason)
    return caught.value


def built(position: Position, text: str) -> Build:
    """The build a legal build move leaves on the table (owned by the mover)."""
    move = position.parse_move(text)
    after = position.play(move)
    new = [b for b in after.builds if b not in position.builds]
    assert len(new) == 1, text
    assert new[0].owner == position.turn
    assert set(new[0].cards) == set(move.table_cards) | {move.card}
    return new[0]


def test_e1_build_needs_a_card_of_the_value() -> None:
    ok = Position.parse("table: 5C; hand: 3D 8H")
    assert_legal(ok, "3D build 8 5C")
    assert "3D build 8: 3D+5C" in legal_texts(ok)
    build = built(ok, "3D build 8 5C")
    assert build.value == 8 and not build.is_multiple
    bad = Position.parse("table: 5C; hand: 3D 10H")
    assert_illegal(bad, "3D build 8 5C", "B2")
    assert not any(m.kind == "build" for m in bad.legal_moves())


def test_e2_ace_and_two_with_threes() -> None:
    pos = Position.parse("table: AC 2D; hand: 3H 3S 6C")
    assert_legal(pos, "3H take AC 2D")
    assert not built(pos, "3H build 6 AC 2D").is_multiple
    assert built(pos, "3H build 3 AC 2D").is_multiple
    assert built(pos, "3H build 3 AC 2D").sets == Build.make(
        3, 1, [[_c("3H")], [_c("AC"), _c("2D")]]).sets
    assert_illegal(pos, "3H build 4 AC", "B2")
    assert_illegal(pos, "3H build 5 2D", "B2")


def test_e3_five_on_five() -> None:
    ten = Position.parse("table: 5C; hand: 5H 10S")
    assert not built(ten, "5H build 10 5C").is_multiple
    assert_illegal(ten, "5H build 5 5C", "B2")
    fives = Position.parse("table: 5C; hand: 5H 5S")
    assert built(fives, "5H build 5 5C").is_multiple
    assert_illegal(fives, "5H build 10 5C", "B2")


def test_e4_raising_a_single_build_and_not_a_multiple_one() -> None:
    pos = Position.parse("table: [6@2: 3C 3D]; hand 1: 2H 8S; hand 2: AS 9C; turn: 1")
    assert_legal(pos, "2H build 8 3C 3D")
    assert pos.parse_move("2H build 8 3C 3D").raised == pos.builds[0]
    after = pos.play("2H build 8 3C 3D")
    assert after.turn == 2 and after.builds[0].value == 8 and after.builds[0].owner == 1
    assert not after.builds[0].is_multiple
    assert_legal(after, "AS build 9 2H 3C 3D")
    multiple = Position.parse("table: [3@2: 3C | 3D]; hand: 2H 8S")
    assert_illegal(multiple, "2H build 8 3C 3D", "B7")
    assert_illegal(Position.parse("table: [3@2: 3C | 3D]; hand: 2H 5S"), "2H build 5 3C 3D", "B7")
    assert not any(m.kind == "build" for m in multiple.legal_moves())


def test_e5_table_cards_cannot_raise_a_build() -> None:
    pos = Position.parse("table: 2C [5@2: AS 4D]; hand: 3H 8C 10S")
    assert_legal(pos, "3H build 8 AS 4D")
    assert_illegal(pos, "3H build 10 AS 4D 2C", "B6")
    assert not any(m.card.rank == 3 and m.value == 10 for m in pos.legal_moves())


def test_e6_raise_and_gather_a_loose_card() -> None:
    pos = Position.parse("table: 9C [7@2: 3S 4H]; hand: 2D 9H")
    assert_legal(pos, "2D build 9 3S 4H 9C")
    build = built(pos, "2D build 9 3S 4H 9C")
    assert build.is_multiple and build.value == 9


def test_e7_adding_to_a_build_then_capturing_it_all() -> None:
    pos = Position.parse("table: 3C [9@2: 5S 4H]; hand 1: 6D 9C 9H; hand 2: KD QS")
    assert_legal(pos, "6D build 9 3C 5S 4H")
    assert built(pos, "6D build 9 3C 5S 4H").is_multiple
    pos = pos.play("6D build 9 3C 5S 4H").play("trail KD")
    assert_legal(pos, "9C build 9 3C 4H 5S 6D")
    pos = pos.play("9C build 9 3C 4H 5S 6D").play("trail QS")
    take = pos.parse_move("9H take 3C 4H 5S 6D 9C")
    assert pos.play(take).builds == ()
    assert pos.play(take).piles[0] == tuple(sorted(map(_c, "3C 4H 5S 6D 9C 9H".split()),
                                                   key=lambda c: c.index))


def test_e8_two_sevens() -> None:
    pos = Position.parse("table: 5C 2D 4H; hand: 7S 3D")
    assert_legal(pos, "3D build 7 4H 5C 2D")
    build = built(pos, "3D build 7 4H 5C 2D")
    assert build.is_multiple and len(build.sets) == 2


def test_e9_two_eights_captured_by_the_third() -> None:
    pos = Position.parse("table: 8C; hand 1: 8D 8H; hand 2: 2S")
    assert built(pos, "8D build 8 8C").is_multiple
    pos = pos.play("8D build 8 8C").play("trail 2S")
    assert_legal(pos, "8H take 8C 8D")


def test_e10_disjoint_groups() -> None:
    pos = Position.parse("table: AC 2D 3H 5S 6C 8D; hand: 8S")
    assert_legal(pos, "8S take 8D 6C 2D 5S 3H")
    assert_legal(pos, "8S take 8D 5S 2D AC")
    assert all(len(m.table_cards) < 6 for m in pos.legal_moves())
    assert_illegal(pos, "8S take AC 2D 3H 5S 6C 8D", "S2")


def test_e11_a_queen_takes_one_queen() -> None:
    pos = Position.parse("table: QC QD; hand: QH")
    assert legal_texts(pos) == {"QH take QC", "QH take QD", "trail QH"}
    assert_illegal(pos, "QH take QC QD", "P2")


def test_e12_a_sweep() -> None:
    pos = Position.parse("table: 5C 3D 6H 2S; hand: 8C")
    move = pos.parse_move("8C take 6H 2S 5C 3D")
    assert move.is_sweep
    after = pos.play(move)
    assert after.table == () and after.sweeps == (1, 0) and after.last_capture == 1


def test_e13_an_owner_must_keep_or_take_the_build() -> None:
    pos = Position.parse("table: 5C 4C [9@1: 5S 4H]; hand: 9D 4D")
    assert_illegal(pos, "trail 4D", "O1")
    assert_illegal(pos, "9D take 5C 4C", "O2")
    assert_legal(pos, "9D take 5C 4C 5S 4H")
    assert all(m.kind != "trail" for m in pos.legal_moves())
    two = Position.parse("table: 5C 4C [9@1: 5S 4H]; hand: 9D 9C 4D")
    assert_legal(two, "9D take 5C 4C")


def test_e14_raising_with_table_cards() -> None:
    pos = Position.parse("table: 2C 4D [5@1: AS AH 3C]; hand: 9S 7H; turn: 2")
    five = set(pos.builds[0].cards)
    assert not any(five & m.table_cards for m in pos.legal_moves())
    # the loose 4 put on the build of 5 to make 9, the 9 from hand being the other set
    assert_illegal(pos, "9S build 9 AS AH 3C 4D", "B6")
    can = Position.parse("table: 2C 4D [5@1: AS AH 3C]; hand: 4S 9S; turn: 2")
    assert_legal(can, "4S build 9 AS AH 3C")
    assert can.parse_move("4S build 9 AS AH 3C").raised is not None


def test_e15_partner_build_lets_a_player_build_without_the_value() -> None:
    pos = Position.parse("table: 6C [8@1: 5S 3H]; hand: 2S KD; turn: 3; players: 4; "
                         "partners: yes")
    assert_legal(pos, "2S build 8 6C 5S 3H")
    build = built(pos, "2S build 8 6C 5S 3H")
    assert build.is_multiple and build.owner == 3
    assert_legal(pos, "2S build 8 6C")
    solo = Position.parse("table: 6C [8@1: 5S 3H]; hand: 2S KD; turn: 3; players: 4")
    assert_illegal(solo, "2S build 8 6C 5S 3H", "B2")
