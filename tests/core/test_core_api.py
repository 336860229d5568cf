"""The public objects of the rules core: immutable and hashable, importable without Jupyter,
and playing moves in every kind of game."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from cassino_learn import Card, Move, Position, Rules

POSITION = "table: 5D 2C KH [8@2: 5H 3S] [9@1: 5C 4D | 9H]; hand: 7S 3D 9S"


def test_cards_are_immutable_interned_and_hashable() -> None:
    card = Card.parse("10D")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.suit = "S"  # type: ignore[misc]
    assert Card.parse("td") is card and Card.parse("10♦") is card
    assert {card: 1}[Card.parse("10D")] == 1
    assert len({Card.parse(t) for t in ["10D", "TD", "10d", "AS"]}) == 2


def test_positions_are_immutable_and_hashable() -> None:
    position = Position.parse(POSITION)
    with pytest.raises(dataclasses.FrozenInstanceError):
        position.turn = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        position.loose = ()  # type: ignore[misc]
    assert isinstance(position.loose, tuple) and isinstance(position.builds, tuple)
    assert all(isinstance(h, tuple) or h is None for h in position.hands)
    same = Position.parse(POSITION.replace("5D 2C KH", "KH 2C 5D"))
    assert same == position and hash(same) == hash(position)
    assert len({position, same, position.play("9S take 5C 4D 9H")}) == 2
    played = position.play("7S take 5D 2C")
    assert str(position) == str(Position.parse(POSITION)), "play must not change the position"
    assert played != position


def test_builds_and_rules_are_immutable_and_hashable() -> None:
    build = Position.parse(POSITION).builds[1]
    with pytest.raises(dataclasses.FrozenInstanceError):
        build.value = 5  # type: ignore[misc]
    assert isinstance(build.sets, tuple) and all(isinstance(s, tuple) for s in build.sets)
    assert hash(build) == hash(Position.parse(POSITION).builds[1])
    rules = Rules(face_cards="three-take-all")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.sweeps = False  # type: ignore[misc]
    assert hash(rules) == hash(Rules.parse("face_cards=three-take-all"))


def test_moves_are_immutable_and_hashable() -> None:
    position = Position.parse(POSITION)
    moves = position.legal_moves()
    move = position.parse_move("9S take 5C 4D 9H")
    with pytest.raises(AttributeError):
        move.card = Card.parse("AS")  # type: ignore[misc]
    with pytest.raises(TypeError):
        move[0] = "trail"  # type: ignore[index]
    assert isinstance(move.table_cards, frozenset)
    assert move in set(moves) and {move: 1}[position.parse_move("9S take 9H 4D 5C")] == 1
    by_hand = Move("capture", "9S", ["5C", "4D", "9H"])
    assert by_hand == move and hash(by_hand) == hash(move)
    assert Move("build", "3D", ["5D"], 8) != Move("build", "3D", ["5D"], 8 - 3)


def test_partnership_players_can_play_face_cards() -> None:
    """Playing a face card in a partnership game (no build announced) must work."""
    position = Position.parse("table: JC 5D; hand: JS 5C; hand 2: 7H; players: 4; "
                              "partners: yes")
    taken = position.play("JS take JC")
    assert set(taken.piles[0]) == {Card.parse("JC"), Card.parse("JS")}
    trailed = position.play("trail JS")
    assert Card.parse("JS") in trailed.loose and trailed.turn == 2


def test_partnership_declaration_ends_when_its_value_is_played() -> None:
    position = Position.parse("table: 3C 9D; hand: 9S 4H; turn: 2; players: 4; partners: yes; "
                              "declared: 2=9, 4=7")
    after = position.play("9S take 9D")
    assert dict(after.declared) == {4: 7}
    kept = position.play("4H build 7 3C")
    assert dict(kept.declared) == {2: 7, 4: 7}


def test_import_does_not_load_jupyter() -> None:
    code = ("import sys, cassino_learn\n"
            "from cassino_learn import Position\n"
            "Position.parse('table: 5C; hand: 5D').legal_moves()\n"
            "bad = sorted(m for m in ('ipywidgets', 'IPython', 'anywidget', 'traitlets',"
            " 'ipykernel') if m in sys.modules)\n"
            "print(','.join(bad))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    loaded = [m for m in result.stdout.strip().split(",") if m]
    assert not {"ipywidgets", "IPython", "anywidget"} & set(loaded), loaded
