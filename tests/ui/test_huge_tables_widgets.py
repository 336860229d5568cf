"""Widgets on huge tables and hostile text: a count and the first moves, never a frozen page.

A teacher may paste a table with a million legal moves into the sandbox; a learner may type
anything into a move box. The widgets answer at once with what the rules core says.
"""

from __future__ import annotations

import html

from cassino_learn import Position
from cassino_learn.core.cards import FULL_DECK
from cassino_learn.pages.lesson import captures, try_move
from cassino_learn.ui import CardTable
from cassino_learn.ui.quiz_widgets import SandboxWidget, moves_html

MILLION = ("table: AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C; "
           "hand: 10S 9H 8S 7S")
EVERYTHING = ("table: " + " ".join(str(c) for c in FULL_DECK if c.value is not None
                                   and c.value < 10) + "; hand: 10S 10H 10D 10C")


def front_end(table: CardTable, card: str, *cards: str) -> None:
    """Set the selection traits exactly as widgets/table.js does."""
    table.set_state({"selected_card": card, "selected_table": list(cards)})


def test_sandbox_counts_a_million_moves_and_shows_the_first() -> None:
    sandbox = SandboxWidget()
    assert sandbox.load(MILLION)
    shown = html.unescape(sandbox.moves.value)
    assert "More than 1,000,000 legal moves; the first 8:" in shown
    assert shown.count("<code>") == 8
    position = Position.parse(MILLION)
    for text in shown.split("<code>")[1:]:
        move = text.split("</code>")[0]
        assert position.parse_move(move)  # every move shown is legal as written


def test_sandbox_lists_every_move_of_a_small_table() -> None:
    sandbox = SandboxWidget("table: 5D 2C 4H; hand: 7S 3D")
    shown = html.unescape(sandbox.moves.value)
    assert "5 legal moves:" in shown and shown.count("<code>") == 5
    assert "trail 7S" in shown


def test_sandbox_refuses_hostile_text_and_keeps_its_table() -> None:
    sandbox = SandboxWidget("table: 5D 2C 4H; hand: 7S 3D")
    before = sandbox.share.value
    for text in ["[" * 100_000, "table: [" + "9" * 5000 + ": 5C 4D]", "table: 5♦️ 2C; hand: "
                 + " ".join(["AS"] * 9), "table: 5C\x00; hand: 3D"]:
        assert not sandbox.load(text)
        assert "Could not read the position" in sandbox.error.value
        assert len(sandbox.error.value) < 3000
        assert sandbox.share.value == before


def test_moves_html_of_everything_says_more_than() -> None:
    shown = html.unescape(moves_html(Position.parse(EVERYTHING), first=3))
    assert "More than 1,000,000 legal moves; the first 3:" in shown


def test_card_table_on_a_huge_table_offers_and_plays_one_move() -> None:
    table = CardTable(EVERYTHING)
    front_end(table, "10S")
    assert len(table.usable_cards) == 36  # every small card can be part of a ten
    front_end(table, "10S", "9C", "AS")
    assert [a["label"] for a in table.actions] == ["Take", "Build 10"]  # or "two tens"
    assert len(table.usable_cards) == 34  # more groups of ten can join
    press = [a["label"] for a in table.actions].index("Take")
    table._handle_custom_msg({"type": "action", "index": press}, [])
    assert table.last_move == "10S take AS+9C"


def test_card_table_move_box_survives_hostile_text() -> None:
    table = CardTable(MILLION)
    for text in ["3H build ² 5C", "7S build " + "9" * 5000 + " AS", "7S take " + "AS " * 10_000,
                 "\x00", "♦️" * 1000]:
        table._handle_custom_msg({"type": "move_text", "text": text}, [])
        assert table.message_kind == "error"
        assert len(table.message) < 2000
    table._handle_custom_msg({"type": "move_text", "text": "7S take 3C 4C"}, [])
    assert table.last_move == "7S take 3C+4C"


def test_lesson_captures_on_a_huge_table_counts_and_shows_the_first() -> None:
    shown = captures(MILLION, "10S")
    assert shown.text.startswith("The ten of spades: more than 100,000 captures; the first 30:")
    assert len(shown.text.splitlines()) == 31


def test_lesson_try_move_on_a_huge_table() -> None:
    assert "legal" in try_move(MILLION, "trail 7S").text
    refused = try_move(MILLION, "5D take AC 4S 3C")
    assert "not legal" in refused.text and "T2" in refused.text
    unreadable = try_move(MILLION, "3H build ² 5C")
    assert "cannot be read" in unreadable.text
