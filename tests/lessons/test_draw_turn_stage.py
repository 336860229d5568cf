"""Lesson 13's Draw Casino turn (V9) on the card table: the stock shown face down with its
count, the goal judged by the core, and after the play the hand refilled from the stock by the
game's own draw, visibly; a wrong play puts the drawn card back."""

from __future__ import annotations

import json
import re

import pytest

from cassino_learn.core.cards import FULL_DECK
from cassino_learn.teaching.stages import StageError, load_stages, parse_stage
from cassino_learn.ui.stages import StageRunner

SLUG = "13_variants_and_etiquette"
LESSON = load_stages(SLUG)
STAGE = LESSON.stage("draw-turn")


def stock_count(html: str) -> int:
    return int(re.search(r'data-stock="(\d+)"', html).group(1))


def open_draw_turn() -> StageRunner:
    runner = StageRunner(SLUG)
    runner.open_stage(LESSON.ids.index("draw-turn"))
    return runner


def play(runner: StageRunner, move: str) -> None:
    """Type the move into the table's move box, as table.js sends it."""
    runner.table._handle_custom_msg({"type": "move_text", "text": move}, [])


def test_the_stock_is_the_rest_of_the_pack_with_the_named_card_on_top():
    position = STAGE.position
    assert position.rules.deal == "draw"
    placed = set(position.all_cards())
    assert [str(c) for c in STAGE.stock[:1]] == ["QC"]
    assert len(STAGE.stock) == 40 == 52 - len(placed)  # a two-player first deal leaves 40
    assert set(STAGE.stock) | placed == set(FULL_DECK)
    assert {str(m) for m in STAGE.solutions()} == {"10S take 10D"}


def test_the_table_shows_the_stock_and_the_play_refills_the_hand_from_it():
    runner = open_draw_turn()
    table = runner.table
    assert table.mode == "play" and stock_count(table.table_html) == 40
    assert 'aria-label="stock: 40 cards, face down"' in table.table_html
    play(runner, "10S take 10D")
    assert runner.bottom.verdict_kind == "right"
    hand = [str(c) for c in table.position.hands[0]]
    assert len(hand) == 4 and "QC" in hand and "10S" not in hand
    assert stock_count(table.table_html) == 39 and len(table.stock) == 39
    assert 'class="cl-card cl-drawn" data-card="QC"' in table.table_html
    assert "You drew the queen of clubs from the stock (39 cards left)." in table.message
    assert table.mode == "watch"  # solved: the drawn card stays in sight
    assert 'class="cl-card cl-drawn" data-card="QC"' in table.table_html


def test_a_wrong_play_puts_the_table_and_the_stock_back():
    runner = open_draw_turn()
    play(runner, "9C trail")
    assert runner.bottom.verdict_kind == "wrong"
    table = runner.table
    assert table.position == STAGE.position and table.stock == STAGE.stock
    assert stock_count(table.table_html) == 40 and "cl-drawn" not in table.table_html
    play(runner, "10S take 10D")
    assert runner.bottom.verdict_kind == "right" and "QC" in map(str, table.position.hands[0])


RAW = {"id": "t", "kind": "goal", "say": "Take it.", "goal": "take 10D", "stock": "QC",
       "position": "table: 10D 7C; hand: 10S 4D; hand 2: 5S 8H; rules: deal=draw"}


@pytest.mark.parametrize("change, error", [
    ({"position": RAW["position"].replace("; rules: deal=draw", "")}, "add 'rules: deal=draw'"),
    ({"position": "table: 10D 7C; hand: 10S 4D; rules: deal=draw"}, "gives every hand"),
    ({"stock": "7C"}, "stock: 7C is already in the position"),
    ({"stock": "QC QC"}, "stock: QC is named twice"),
    ({"stock": ["QC"]}, "the top of the stock as text"),
    ({"kind": "legal", "move": "10S take 10D", "legal": True}, "does not take stock"),
])
def test_a_wrong_stock_is_refused_saying_what_is_wrong(change, error):
    raw = {**RAW, **change}
    if raw["kind"] != "goal":
        del raw["goal"]
    with pytest.raises(StageError, match=re.escape(error)):
        parse_stage(json.loads(json.dumps(raw)))
