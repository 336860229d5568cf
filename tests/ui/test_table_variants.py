"""What the card table shows of the variant in play: Royal values on the cards they change
(V7), Draw Casino's stock with its count and the card just drawn (V9), and a table where the
learner is alone speaks of "your hand" and "your pile", with no seat numbers."""

from __future__ import annotations

import re

import pytest

from cassino_learn import Position, Rules
from cassino_learn.drawing.render import move_html, position_html
from cassino_learn.game.bots import make_player
from cassino_learn.ui import CardTable
from cassino_learn.ui.game import GameWidget

ROYAL = "table: AC 3D KH [12@1: 2H 10C]; hand: AS QS 4C KS; rules: values=royal"
DRAW = ("table: 10D 7C KH 3S; hand: 10S 4D 9C 2H; hand 2: 5S 8H JD 6C; "
        "rules: deal=draw")


def tags(html: str) -> dict[str, str]:
    """Each card's printed value, by card."""
    shown = {}
    for chunk in html.split('<div class="cl-card')[1:]:
        card = re.search(r'data-card="(\w+)"', chunk)
        value = re.search(r'<span class="cl-value" aria-hidden="true">([^<]+)</span>', chunk)
        if card and value:
            shown[card.group(1)] = value.group(1)
    return shown


def stock_count(html: str) -> int | None:
    found = re.search(r'data-stock="(\d+)"', html)
    return int(found.group(1)) if found else None


def zone(html: str, name: str) -> str:
    return html.split(f'data-zone="{name}"')[1].split("</section>")[0]


# ---------------------------------------------------------------------------- Royal values

def test_royal_values_are_printed_on_face_cards_and_aces_from_the_rules():
    position = Position.parse(ROYAL)
    shown = tags(position_html(position))
    table, play = position.rules.by_rank()
    assert shown == {"AC": "1", "KH": "13", "AS": "1/14", "QS": "12", "KS": "13"}
    assert shown["AS"] == "/".join(map(str, play[1])) and shown["AC"] == str(table[1])
    # numeral cards keep their pips only; the build's 2 and 10 carry no tag
    assert not {"3D", "4C", "2H", "10C"} & set(shown)
    # said in words too, for screen readers
    html = position_html(position)
    assert 'aria-label="ace of spades, counts 1 or 14"' in html
    assert 'aria-label="king of hearts, counts 13"' in html


def test_the_standard_game_prints_no_values():
    standard = Position.parse(ROYAL.replace("; rules: values=royal", "").replace(
        "[12@1: 2H 10C]", "[5@1: 2H 3C]").replace("4C", "5C"))
    html = position_html(standard)
    assert 'class="cl-value"' not in html and "counts" not in html


def test_a_move_drawn_under_the_table_carries_the_values_too():
    position = Position.parse(ROYAL)
    move = position.parse_move("AS take AC")
    assert tags(move_html(move)) == {"AS": "1/14", "AC": "1"}
    plain = Position.parse("table: AC 3D; hand: AS 4C")
    assert 'class="cl-value"' not in move_html(plain.parse_move("AS take AC"))


def test_the_card_table_shows_royal_values_in_a_royal_game():
    widget = GameWidget(seed=4, rules="values=royal")
    hand = widget.game.state.hands[0]
    faces = {str(c) for c in hand if c.rank in (1, 11, 12, 13)}
    shown = tags(zone(widget.table.table_html, "hand"))
    assert set(shown) == faces
    assert "cl-value" not in GameWidget(seed=4).table.table_html


# ---------------------------------------------------------------------------- the stock

def test_the_stock_is_a_face_down_pile_with_its_count():
    html = position_html(Position.parse(DRAW), stock=40)
    assert stock_count(html) == 40
    assert 'aria-label="stock: 40 cards, face down"' in html
    assert '<span class="cl-stock-count">40</span>' in html
    assert stock_count(position_html(Position.parse(DRAW))) is None  # no stock given
    assert "stock: empty" in position_html(Position.parse(DRAW), stock=0)


def test_after_a_play_the_player_draws_and_the_table_shows_it():
    table = CardTable(DRAW, stock=["QC", "4S", "AH"])
    assert stock_count(table.table_html) == 3
    table.play("10S take 10D")
    assert table.position.hands[0] == tuple(sorted(
        Position.parse("table:; hand: 4D 9C 2H QC").hand))
    assert [str(c) for c in table.stock] == ["4S", "AH"]
    assert stock_count(table.table_html) == 2
    drawn = zone(table.table_html, "hand")
    assert 'class="cl-card cl-drawn" data-card="QC"' in drawn
    assert "you drew the queen of clubs" in drawn
    assert "You drew the queen of clubs from the stock (2 cards left)." in table.message


def test_the_opponent_draws_too_and_the_learners_drawn_card_stays_marked():
    table = CardTable(DRAW, stock=["QC", "4S"],
                      opponent=lambda p: next(m for m in p.legal_moves() if m.kind == "trail"))
    table.play("10S take 10D")
    assert table.stock == ()
    assert len(table.position.hands[1]) == 4  # seat 2 drew the 4S after its trail
    assert "Seat 2 drew a card from the stock (0 cards left)." in table.message
    assert "cl-drawn" in table.table_html and "stock: empty" in table.table_html
    table.play("9C trail")  # the stock is empty: nothing drawn, the mark goes
    assert len(table.position.hands[0]) == 3 and "cl-drawn" not in table.table_html


def test_no_draw_without_draw_casino_rules():
    table = CardTable(DRAW.replace("; rules: deal=draw", ""), stock=["QC"])
    table.play("10S take 10D")
    assert [str(c) for c in table.stock] == ["QC"] and len(table.position.hands[0]) == 3


def test_a_wrong_stock_is_refused_saying_what_is_wrong():
    with pytest.raises(ValueError, match="stock: 10D is already in the position"):
        CardTable(DRAW, stock=["10D"])
    with pytest.raises(ValueError, match="stock: QC is in it twice"):
        CardTable(DRAW, stock=["QC", "QC"])
    with pytest.raises(TypeError, match="list of cards"):
        CardTable(DRAW, stock="QC")
    table = CardTable(DRAW, stock=["QC"])
    with pytest.raises(ValueError, match="already in the position"):
        table.stock = ["2H"]
    assert [str(c) for c in table.stock] == ["QC"]  # unchanged


def test_a_draw_casino_game_shows_the_games_stock_as_it_goes_down():
    widget = GameWidget(seed=2, rules="deal=draw")
    learner = make_player("greedy")
    assert stock_count(widget.table.table_html) == len(widget.game.stock) > 0
    for _ in range(3):
        before = len(widget.game.stock)
        held = set(widget.game.state.hands[0])
        widget.table.play(str(learner.choose(widget.game.observation())))
        assert len(widget.game.stock) == before - 2  # the learner and the computer drew
        assert stock_count(widget.table.table_html) == len(widget.game.stock)
        new = set(widget.game.state.hands[0]) - held
        (card,) = new
        assert f'class="cl-card cl-drawn" data-card="{card}"' in widget.table.table_html
    assert stock_count(GameWidget(seed=2).table.table_html) is None  # standard: no stock


# ---------------------------------------------------------------------------- alone or not

def test_a_learner_alone_at_the_table_sees_no_seat_numbers():
    table = CardTable("table: 5C 3D; hand: 8S 2H")
    html = table.table_html
    assert table.turn_text == "Your move"
    assert ">Your hand <" in html and "Your pile: 0 cards" in html
    assert "seat 1" not in html.lower()


def test_a_table_with_an_opponent_keeps_the_seats_apart():
    table = CardTable(DRAW)
    assert table.turn_text == "Your move (seat 1)"
    assert "Your hand (seat 1)" in table.table_html
    assert "seat 1 pile" in table.table_html and "seat 2 pile" in table.table_html
    html = position_html(Position.parse(DRAW))  # the plain drawing shows every seat
    assert "Your hand (seat 1)" in html


# ---------------------------------------------------------------------------- hidden hands

def test_a_game_shows_how_many_cards_the_computer_holds_never_which():
    widget = GameWidget(seed=3)
    other = zone(widget.table.table_html, "seat-2")
    held = len(widget.game.state.hands[1])
    assert f"{held} card{'s' if held != 1 else ''}, face down" in other
    assert other.count('class="cl-card cl-back"') == held
    assert not any(f'data-card="{c}"' in widget.table.table_html
                   for c in widget.game.state.hands[1])
    assert "hand not shown" not in widget.table.table_html


def test_hand_sizes_are_checked_and_forgotten_with_a_new_position():
    table = CardTable("table: 5C; hand: 5H 7C; players: 2")
    with pytest.raises(ValueError, match="hand_sizes: give 2 counts"):
        table.hand_sizes = [4]
    with pytest.raises(ValueError, match="hand_sizes"):
        table.hand_sizes = [2, -1]
    table.hand_sizes = [2, 4]
    assert "4 cards, face down" in table.table_html
    table.position = "table: 5C; hand: 5H 7C; hand 2: 8D"
    assert table.hand_sizes is None and "1 card, face down" in table.table_html


def test_after_the_learners_move_a_table_where_they_are_alone_stays_theirs():
    table = CardTable("table: 10C 3D 6S; hand: KS 4C 8D; rules: values=royal")
    table.play("KS take 3D+10C")
    html = table.table_html
    assert table.turn_text == "You have played" and not table.can_act
    assert "Your pile: 3 cards" in html and ">Your hand <" in html
    assert "Seat 2" not in html and "seat 2" not in html and "hand not shown" not in html


def test_a_royal_build_attempt_is_offered_and_refused_with_the_cores_reason():
    table = CardTable("table: AC 6H; hand: KS 8D 6C; rules: values=royal")
    table.select("KS", "AC")  # 13 + 1: a build of 14, with no ace left to take it
    assert [a["label"] for a in table.actions] == ["Try take", "Try build 14"]
    assert table.submit("Try build 14") is None
    assert table.rule == "B2" and "ace played as 14" in table.message
