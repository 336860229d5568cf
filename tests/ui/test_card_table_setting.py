"""The card table follows the learner's four-colour setting unless told otherwise."""

from __future__ import annotations

import pytest

from cassino_learn.learner import progress
from cassino_learn.ui import CardTable

START = "table: 5D 2C KH; hand: 7S 3D 9S 8C"



def blue_diamonds(table: CardTable) -> bool:
    return 'fill="#0b5cad"' in table.table_html


def shown(table: CardTable) -> None:
    """What widgets/table.js sends each time it draws the table on a page."""
    table._handle_custom_msg({"type": "shown"}, [])


def test_a_table_follows_the_stored_setting(data):
    assert not CardTable(START).four_color and not blue_diamonds(CardTable(START))
    progress.load().set_preference("four_color", True)
    table = CardTable(START)
    assert table.four_color and blue_diamonds(table)
    assert CardTable.demo(START, [("trail 3D", "a trail")]).four_color


@pytest.mark.parametrize("stored", [True, False])
def test_an_explicit_choice_wins_over_the_setting(data, stored):
    progress.load().set_preference("four_color", stored)
    table = CardTable(START, four_color=not stored)
    assert table.four_color is (not stored)
    progress.load().set_preference("four_color", not stored)
    progress.load().set_preference("four_color", stored)
    shown(table)
    assert table.four_color is (not stored) and blue_diamonds(table) is (not stored)


def test_a_table_made_before_the_change_follows_it_when_shown(data):
    table = CardTable(START)   # e.g. in a preheated kernel, before the learner used the toggle
    table.select("7S", "5D")
    progress.load().set_preference("four_color", True)
    assert not blue_diamonds(table)
    shown(table)
    assert table.four_color and blue_diamonds(table)
    progress.load().set_preference("four_color", False)
    shown(table)
    assert not blue_diamonds(table)


def test_showing_again_without_a_change_keeps_the_selection(data):
    table = CardTable(START)
    table.select("7S", "5D")
    shown(table)
    assert table.selected_card == "7S" and table.selected_table == ["5D"]


def test_colours_set_from_code_stop_following_the_setting(data):
    table = CardTable(START)
    table.four_color = True
    progress.load().set_preference("four_color", False)
    shown(table)
    assert table.four_color and blue_diamonds(table)
