"""The card table widget, driven as its front end would drive it (no browser)."""

from __future__ import annotations

import pytest
import traitlets

from cassino_learn import IllegalMove, Position, PositionError
from cassino_learn.ui import CardTable

START = "table: 5D 2C KH [8@2: 5H 3S]; hand: 7S 3D 9S 8C; hand 2: 4C 6H 8D"


def front_end(table: CardTable, card: str, *cards: str) -> None:
    """Set the selection traits exactly as widgets/table.js does."""
    table.set_state({"selected_card": card, "selected_table": list(cards)})


def press(table: CardTable, label: str) -> None:
    index = [a["label"] for a in table.actions].index(label)
    table._handle_custom_msg({"type": "action", "index": index}, [])


def test_offers_exactly_the_legal_moves_for_the_selection() -> None:
    table = CardTable(START)
    front_end(table, "7S", "2C", "5D")
    legal = [m for m in table.position.legal_moves()
             if str(m.card) == "7S" and {str(c) for c in m.table_cards} == {"2C", "5D"}]
    assert [a["move"] for a in table.actions if a["legal"]] == [str(m) for m in legal]
    assert [a["label"] for a in table.actions] == ["Take"]
    front_end(table, "7S", "2C")
    assert [a["label"] for a in table.actions] == ["Build 9", "Try take"]
    front_end(table, "7S")
    assert [a["label"] for a in table.actions] == ["Trail"]


def test_highlights_what_the_selected_card_could_use() -> None:
    table = CardTable(START)
    front_end(table, "8C")
    assert table.usable_builds == [0]          # 8C takes the build of 8
    assert table.usable_cards == []
    front_end(table, "7S")
    assert table.usable_cards == ["2C", "5D"]  # 7S takes 2C+5D or builds 9 with 2C
    front_end(table, "7S", "2C")
    assert table.usable_cards == ["5D"]


def test_illegal_try_shows_reason_and_rule_and_changes_nothing() -> None:
    table = CardTable(START)
    played = []
    table.on_move(lambda move, position: played.append(move))
    before = table.position_text
    front_end(table, "7S", "2C")
    press(table, "Try take")
    assert table.message_kind == "error"
    assert table.rule == "S1"
    assert "7" in table.message and table.message
    assert table.position_text == before
    assert table.selected_card == "7S" and table.selected_table == ["2C"]
    assert played == []


def test_legal_move_updates_the_table_and_calls_back() -> None:
    table = CardTable(START)
    played = []
    table.on_move(lambda move, position: played.append((str(move), position)))
    front_end(table, "7S", "2C", "5D")
    press(table, "Take")
    after = Position.parse(START).play("7S take 2C 5D")
    assert table.position == after
    assert Position.parse(table.position_text) == after
    assert played == [("7S take 2C+5D", after)]
    assert 'data-card="5D"' not in table.table_html.split('data-zone="table"')[1].split(
        "</section>")[0]
    assert table.selected_card == "" and table.actions == []
    assert table.message.startswith("You played the seven of spades")


def test_move_box_and_syntax_errors() -> None:
    table = CardTable(START)
    table._handle_custom_msg({"type": "move_text", "text": "7S take 5D"}, [])
    assert table.message_kind == "error" and table.rule == "S1"
    table._handle_custom_msg({"type": "move_text", "text": "7S grab 5D"}, [])
    assert table.message_kind == "error" and "verb" in table.message
    assert table.position == Position.parse(START)
    assert str(table.play("trail 3D")) == "trail 3D"
    assert table.position.turn == 2


def test_bad_selection_from_the_front_end_is_refused() -> None:
    table = CardTable(START)
    front_end(table, "4C")  # seat 2's card
    assert table.selected_card == "" and table.message_kind == "error"
    assert "4C is not in your hand" in table.message


def test_bad_position_text_raises_and_leaves_the_table_unchanged() -> None:
    table = CardTable(START)
    before = (table.position, table.table_html)
    with pytest.raises(PositionError):
        table.position = "table: 5D 5D; hand: 7S"
    assert (table.position, table.table_html) == before
    with pytest.raises(PositionError):
        CardTable("table: XZ; hand: 7S")
    with pytest.raises(traitlets.TraitError):
        table.mode = "fly"


@pytest.mark.parametrize("action", ["build ²", "build ٣", "build ９"])
def test_a_build_value_in_other_digits_is_refused_by_name_and_changes_nothing(action) -> None:
    table = CardTable(START)
    table.select("3D")
    before = (table.position, table.table_html)
    with pytest.raises(ValueError, match="not a whole number written with the digits 0-9") as caught:
        table.submit(action)
    assert repr(action.split()[1]) in str(caught.value)
    assert (table.position, table.table_html) == before


def test_opponent_answers_and_learner_keeps_their_seat() -> None:
    def first_legal(position: Position):
        return position.legal_moves()[0]

    table = CardTable(START, opponent=first_legal)
    played = []
    table.on_move(lambda move, position: played.append(str(move)))
    table.select("3D")
    table.submit("Trail")
    assert len(played) == 2 and played[0] == "trail 3D"
    assert table.position.turn == 1 and table.can_act
    assert "Your hand (seat 1)" in table.table_html


class ChoosingBot:
    def __init__(self) -> None:
        self.seen: list[Position] = []

    def choose(self, position: Position) -> str:
        self.seen.append(position)
        return str(position.legal_moves()[-1])


def test_opponent_object_with_choose() -> None:
    bot = ChoosingBot()
    table = CardTable(START, opponent=bot)
    table.play("trail 3D")
    assert table.position.turn == 1
    assert len(bot.seen) == 1 and bot.seen[0].hands[0] is None  # the bot sees only its hand
    assert table.last_move == str(bot.seen[0].legal_moves()[-1])


def test_watch_mode_is_read_only() -> None:
    table = CardTable(START, mode="watch")
    assert not table.can_act and "tabindex" not in table.table_html
    front_end(table, "7S", "2C", "5D")
    assert table.actions == []
    assert table.play("trail 3D") is None and table.position == Position.parse(START)


def test_demo_steps_forward_and_back() -> None:
    table = CardTable.demo(START, steps=[("7S take 2C 5D", "Seven takes two and five."),
                                         ("8D take 3S 5H", "Seat 2 takes its build.")])
    assert table.mode == "demo" and table.demo_length == 2 and table.demo_index == 0
    assert 'data-card="4C"' in table.table_html  # hands face up in demonstrations
    table._handle_custom_msg({"type": "demo", "step": 1}, [])
    assert table.caption == "Seven takes two and five."
    assert table.position == Position.parse(START).play("7S take 2C 5D")
    table.forward()
    assert table.demo_index == 2 and table.last_move == "8D take [3S 5H]"
    table.forward()
    assert table.demo_index == 2
    table._handle_custom_msg({"type": "demo", "step": -1}, [])
    table.back()
    assert table.demo_index == 0 and table.position == Position.parse(START)


def test_demo_rejects_an_illegal_step_naming_it() -> None:
    with pytest.raises(IllegalMove, match="step 2"):
        CardTable.demo(START, steps=[("trail 3D", "a"), ("4C take 5D", "b")])


def test_four_colour_redraws() -> None:
    table = CardTable(START)
    plain = table.table_html
    table.four_color = True
    assert table.table_html != plain and "#17803a" in table.table_html


def test_front_end_files_are_found() -> None:
    table = CardTable(START)
    assert "export default" in table._esm
    assert ".cl-selected" in table._css and ".cl-build" in table._css
