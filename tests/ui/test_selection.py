"""What a selection at the card table allows (ui/selection.py), without a widget or a browser:
the buttons a learner is offered for the cards they picked, and the core's reason when an
attempt is refused."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cassino_learn import IllegalMove, Position
from cassino_learn.core.cards import CardError
from cassino_learn.core.move import BUILD, CAPTURE, TRAIL
from cassino_learn.ui import selection
from cassino_learn.ui.selection import attempt, named_attempt, offers, read_selection

START = Position.parse("table: 5D 2C KH [8@2: 5H 3S]; hand: 7S 3D 9S 8C; hand 2: 4C 6H 8D")
OWNER = Position.parse("table: 5D [8@1: 5H 3S]; hand: 8C 2D; hand 2: 4C")


def offered(position: Position, card: str, *table: str) -> selection.Offers:
    return offers(position, *read_selection(position, card, table))


def labels(position: Position, card: str, *table: str) -> list[str]:
    return [action.label for action in offered(position, card, *table).actions]


def test_a_card_and_the_cards_it_takes_offer_take_only():
    found = offered(START, "7S", "2C", "5D")
    assert [a.as_dict() for a in found.actions] == [
        {"label": "Take", "move": "7S take 2C+5D", "legal": True,
         "describe": "Play the seven of spades to take the two of clubs and the five of "
                     "diamonds."}]


def test_a_card_that_cannot_take_its_selection_offers_the_build_and_a_try():
    assert labels(START, "7S", "2C") == ["Build 9", "Try take"]
    assert offered(START, "7S", "2C").usable_cards == ("5D",)  # 2C+5D with 7S is a take


def test_a_card_alone_offers_the_trail_and_shows_what_it_could_use():
    found = offered(START, "7S")
    assert [a.label for a in found.actions] == ["Trail"]
    assert found.usable_cards == ("2C", "5D") and found.usable_builds == ()
    assert offered(START, "8C").usable_builds == (0,)  # the 8 takes the build of 8


def test_no_hand_card_offers_nothing():
    assert offered(START, "", "2C") == selection.Offers()


def test_a_face_card_with_a_number_card_is_only_a_try_and_the_core_says_why():
    assert labels(START, "9S", "KH") == ["Try take"]
    with pytest.raises(IllegalMove) as refused:
        attempt(START, CAPTURE, *read_selection(START, "9S", ["KH"]))
    assert refused.value.rule == "P2" and "only another king pairs with it" in \
        refused.value.reason


def test_a_take_that_does_not_add_up_is_refused_with_rule_s1():
    with pytest.raises(IllegalMove) as refused:
        attempt(START, CAPTURE, *read_selection(START, "7S", ["2C"]))
    assert refused.value.rule == "S1" and "add up to 7" in refused.value.reason


def test_an_owner_may_not_trail_the_try_is_offered_and_refused_with_rule_o1():
    assert labels(OWNER, "2D") == ["Try trail"]
    with pytest.raises(IllegalMove) as refused:
        attempt(OWNER, TRAIL, *read_selection(OWNER, "2D", []))
    assert refused.value.rule == "O1" and "may not trail" in refused.value.reason


def test_a_build_too_high_is_refused_with_rule_b3():
    with pytest.raises(IllegalMove) as refused:
        attempt(START, BUILD, *read_selection(START, "7S", ["5D"]), 12)
    assert refused.value.rule == "B3"


def test_a_legal_attempt_is_the_cores_move():
    assert str(attempt(START, CAPTURE, *read_selection(START, "8C", ["5H", "3S"]))) == \
        "8C take [3S 5H]"
    assert str(attempt(START, TRAIL, *read_selection(START, "3D", []))) == "trail 3D"


def test_an_attempt_without_a_hand_card_asks_for_one():
    with pytest.raises(ValueError, match="Choose a card from your hand first"):
        attempt(START, TRAIL, None, frozenset())


def test_royal_values_make_the_build_try_the_rules_own_total():
    royal = Position.parse("table: AC 6H; hand: KS 8D 6C; rules: values=royal")
    assert labels(royal, "KS", "AC") == ["Try take", "Try build 14"]
    with pytest.raises(IllegalMove) as refused:
        attempt(royal, BUILD, *read_selection(royal, "KS", ["AC"]), 14)
    assert refused.value.rule == "B2"


@pytest.mark.parametrize("card, table, said", [
    ("4C", [], "4C is not in your hand"),  # seat 2's card
    ("8C", ["9H"], "9H is not on the table"),
])
def test_a_selection_of_cards_not_there_is_refused_saying_which(card, table, said):
    with pytest.raises(ValueError, match=said):
        read_selection(START, card, table)


def test_a_card_that_is_not_a_card_is_refused():
    with pytest.raises(CardError, match="'XX' is not a card"):
        read_selection(START, "XX", [])


def test_actions_typed_by_name():
    assert named_attempt("Try build 7") == (BUILD, 7)
    assert named_attempt(" take ") == (CAPTURE, None)
    assert named_attempt("trail") == (TRAIL, None)
    assert named_attempt("fly") is None
    with pytest.raises(ValueError, match="digits 0-9"):
        named_attempt("build ９")


@pytest.mark.parametrize("module", ["selection", "turns"])
def test_the_decisions_import_no_widget_package(module):
    source = (Path(selection.__file__).parent / f"{module}.py").read_text(encoding="utf-8")
    imported = {alias.name.split(".")[0] for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.ImportFrom) and not node.level}
    assert not imported & {"ipywidgets", "anywidget", "traitlets"}
