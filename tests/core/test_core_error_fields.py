"""The core's errors carry what a caller needs as fields (where, what, the option, the rule),
all of them defined in core/errors.py, and their messages are those fields put together."""

from __future__ import annotations

import pytest

import cassino_learn
from cassino_learn import Position
from cassino_learn.core import cards, errors
from cassino_learn.core.errors import (CardError, IllegalMove, MoveSyntaxError, PositionError,
                                       RulesError)
from cassino_learn.core.notation import read_move
from cassino_learn.core.rules import Rules


def test_every_error_of_the_core_is_defined_in_errors_py() -> None:
    assert cards.CardError is errors.CardError  # still importable where it was
    assert cassino_learn.CardError is errors.CardError
    for name in ("PositionError", "MoveSyntaxError", "IllegalMove"):
        assert getattr(cassino_learn, name) is getattr(errors, name)
        assert issubclass(getattr(errors, name), ValueError)


@pytest.mark.parametrize("text, where, what", [
    ("table: 5D; hand: 7X", "position, field 'hand'",
     "'7X' is not a card: 'X' is not a suit (use S, H, D or C)"),
    ("table: 5D\nplayers: 9", "players", "must be 2, 3 or 4, not 9"),
    ("table: 5D\nhand: 7S\nhand: 8S", "line 3, field 'hand'", "the field is given twice"),
    ("table: [8@2: 5H 3S", "position, field 'table'", "the build '[8@2: 5H 3S' has no closing ']'"),
    ("table: 5D 5D", "", "5D appears twice in the table"),
    ("table: 5D; turn: x", "position, field 'turn'", "the number 'x' is not a whole number"),
])
def test_a_position_error_says_where_and_what(text: str, where: str, what: str) -> None:
    with pytest.raises(PositionError) as caught:
        Position.parse(text)
    assert (caught.value.where, caught.value.what) == (where, what)
    assert str(caught.value) == (f"{where}: {what}" if where else what)


def test_a_bad_rules_field_is_a_position_error_at_that_field_with_the_rules_reason() -> None:
    with pytest.raises(PositionError) as caught:
        Position.parse("table: 5D; rules: sweeps=maybe")
    assert caught.value.where == "position, field 'rules'"
    assert caught.value.what == "sweeps must be on or off, not 'maybe'"
    assert "rules: " not in str(caught.value)


@pytest.mark.parametrize("text, option, what", [
    ("sweeps=maybe", "sweeps", "sweeps must be on or off, not 'maybe'"),
    ("sweeps=on, sweeps=off", "sweeps", "sweeps is given twice"),
    ("colour", "", "'colour' should look like name=value"),
])
def test_a_rules_error_names_its_option(text: str, option: str, what: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.parse(text)
    assert (caught.value.option, caught.value.what) == (option, what)
    assert str(caught.value) == f"rules: {what}"


def test_rules_that_cannot_be_played_together_are_a_rules_error_of_no_one_option() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(sweeps=False, sweeps_cancel=True)
    assert caught.value.option == "" and caught.value.what.startswith("sweeps_cancel=on (V3)")


@pytest.mark.parametrize("text, where, what", [
    ("7S take 4X", "word 3 of '7S take 4X'",
     "'4X' is not a card: 'X' is not a suit (use S, H, D or C)"),
    ("3D build x 5C", "'3D build x 5C'",
     "a build needs its value, a number like 8, right after 'build' (for example '3D build 8 5C')"),
    ("3D build 999 5C", "'3D build 999 5C'", "the build value 999 is far too large"),
    ("7S take 3C 3C", "word 4 of '7S take 3C 3C'", "3C is named twice"),
])
def test_a_move_syntax_error_says_where_and_what(text: str, where: str, what: str) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        read_move(text)
    assert (caught.value.where, caught.value.what) == (where, what)
    assert str(caught.value) == f"{where}: {what}"


def test_a_card_error_says_what() -> None:
    with pytest.raises(CardError) as caught:
        cards.Card.parse("7X")
    assert caught.value.what == str(caught.value) == \
        "'7X' is not a card: 'X' is not a suit (use S, H, D or C)"


def test_an_illegal_move_keeps_its_fields() -> None:
    with pytest.raises(IllegalMove) as caught:
        Position.parse("table: 5D; hand: 7S").parse_move("7S take 5D")
    error = caught.value
    assert error.rule and error.reason and str(error) == f"{error.reason} (rule {error.rule})"


@pytest.mark.parametrize("error", [
    PositionError("must be 2, 3 or 4, not 9", "players"), MoveSyntaxError("3C is named twice",
    "word 4 of '7S take 3C 3C'"), RulesError("sweeps is given twice", "sweeps"),
    CardError("'7X' is not a card"), IllegalMove("You don't hold the five of hearts.", "T2", "5H"),
    errors.UnclearMove("Those words fit more than one move."),
])
def test_an_error_copied_or_pickled_keeps_its_fields_and_words(error: ValueError) -> None:
    import copy
    import pickle

    for again in (pickle.loads(pickle.dumps(error)), copy.copy(error)):
        assert type(again) is type(error) and str(again) == str(error)
        assert vars(again) == vars(error)
