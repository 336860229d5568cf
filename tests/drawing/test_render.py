"""The card, position and move renders: deterministic, complete, labelled."""

from __future__ import annotations

import re

import pytest

from cassino_learn import Card, Position
from cassino_learn.core.cards import FULL_DECK
from cassino_learn.drawing.render import card_svg, move_html, position_html

POSITION = Position.parse(
    "table: 5D 2C KH [8@2: 5H 3S] [9@1: 5C 4D | 9H]; hand: 7S 3D 9S; hand 2: AS QD 4C; "
    "turn: 1; pile 1: 2D 3H; sweeps: 1=1")


def test_every_card_renders_with_its_name_and_rank() -> None:
    svgs = [card_svg(card) for card in FULL_DECK]
    assert len(set(svgs)) == 52
    for card, svg in zip(FULL_DECK, svgs):
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert f'aria-label="{card.name}"' in svg
        assert f">{card.rank_text}</text>" in svg


def test_renders_are_deterministic() -> None:
    assert position_html(POSITION) == position_html(Position.parse(str(POSITION)))
    move = POSITION.legal_moves()[0]
    assert move_html(move) == move_html(move)
    assert 'id="' not in position_html(POSITION)  # no ids, hence no random ids


def test_face_down_card_hides_its_identity() -> None:
    svg = card_svg(Card.parse("QH"), face_down=True)
    assert 'aria-label="face-down card"' in svg
    assert svg == card_svg(Card.parse("2C"), face_down=True)


def test_four_colour_option_colours_the_suits_apart() -> None:
    def colours(text: str) -> set[str]:
        return set(re.findall(r'fill="(#[0-9a-f]{6})"', text)) - {"#ffffff", "#fff"}

    two = {s: colours(card_svg(Card.parse("7" + s))) for s in "SHDC"}
    four = {s: colours(card_svg(Card.parse("7" + s), four_color=True)) for s in "SHDC"}
    assert two["S"] == two["C"] and two["H"] == two["D"]
    assert len({frozenset(c) for c in four.values()}) == 4
    # suits differ by shape, not only colour
    assert len({re.sub(r'fill="[^"]*"', "", card_svg(Card.parse("7" + s))) for s in "SHDC"}) == 4


def test_size_sets_the_drawn_size() -> None:
    svg = card_svg(Card.parse("10D"), size=120)
    assert 'width="120" height="168"' in svg


def test_position_shows_table_hand_builds_owners_and_turn() -> None:
    html = position_html(POSITION)
    for card in ("5D", "2C", "KH", "7S", "3D", "9S"):
        assert f'data-card="{card}"' in html
    # other hands are face down: their cards are not named
    assert 'data-card="AS"' not in html and "ace of spades" not in html
    assert html.count('aria-label="face-down card"') == 0  # the wrapper hides the drawing
    assert html.count('class="cl-card cl-back"') == 3
    assert 'data-build="0"' in html and 'data-build="1"' in html
    assert '<span class="cl-badge" aria-hidden="true">8</span>' in html
    assert '<span class="cl-badge" aria-hidden="true">9</span><span class="cl-sets-tag" ' \
           'aria-hidden="true">2 sets</span>' in html
    assert 'aria-label="build of eight, seat 2&#x27;s: three of spades, five of hearts"' in html
    assert "multiple build of nine, yours" in html
    assert html.count('class="cl-set"') == 3  # the multiple build's two sets are separate
    assert "Seat 1 to move (you)" in html
    assert "seat 1 pile: 2 cards, 1 sweep" in html


def test_reveal_and_viewer_seat() -> None:
    html = position_html(POSITION, reveal=True)
    assert 'data-card="AS"' in html and 'aria-label="ace of spades"' in html
    seen_by_2 = position_html(POSITION, seat=2)
    assert "Your hand (seat 2)" in seen_by_2
    assert "build of eight, yours" in seen_by_2


def test_unknown_hands_and_empty_table() -> None:
    html = position_html(Position.parse("table: ; hand: 7S; turn: 1"))
    assert "hand not shown" in html
    assert "The table is empty." in html


def test_interactive_marks_only_the_movers_cards_as_options() -> None:
    html = position_html(POSITION, interactive=True)
    assert re.search(r'data-card="7S" aria-label="seven of spades" tabindex="0" '
                     r'role="option" aria-selected="false"', html)
    assert re.search(r'data-build="0"[^>]*tabindex="0" role="option" aria-selected="false"', html)
    # the hand: one card is chosen; the table: several
    hand = re.search(r'data-zone="hand".*', html).group(0)
    assert re.search(r'role="listbox"[^>]*>', hand)
    assert "aria-multiselectable" not in hand
    table = re.search(r'data-zone="table".*?</section>', html).group(0)
    assert re.search(r'role="listbox" aria-label="table"[^>]*aria-multiselectable="true"', table)
    assert 'role="listbox"' not in position_html(POSITION)
    assert "tabindex" not in position_html(POSITION)
    assert "tabindex" not in position_html(POSITION, seat=2, interactive=True)


MOVES = Position.parse("table: 5D 2C KH [8@2: 5H 3S] [9@2: 5C 4D | 9H]; hand: 7S 3D 9S 8C")


@pytest.mark.parametrize("text", [
    "trail 7S",
    "7S take 2C 5D",
    "9S take 5C 4D 9H",
    "3D build 8 5D",
    "3D build 8 5D 5H 3S",
])
def test_moves_show_card_verb_and_groups(text: str) -> None:
    move = MOVES.parse_move(text)
    html = move_html(move)
    assert html.count(f'data-card="{move.card}"') == 1
    assert str(move) in html
    for card in move.table_cards:
        assert f'data-card="{card}"' in html
    verb = {"trail": "trails", "capture": "takes", "build": f"builds {move.value}"}[move.kind]
    assert f"&rarr; {verb}" in html
    assert html.count('class="cl-build"') == len(move.builds)


def test_repr_html_uses_the_renderer() -> None:
    card = Card.parse("10D")
    assert card._repr_html_() == card_svg(card)
    assert POSITION._repr_html_() == position_html(POSITION)


def test_a_multiple_builds_badge_cannot_be_read_as_a_card() -> None:
    """"8s" read as the eight of spades: the badge says the value, and "2 sets" beside it."""
    position = Position.parse("table: 4C [8@1: 5H 3S | 8D]; hand: 8C 4D; hand 2: 2C")
    html = position_html(position)
    assert '<span class="cl-badge" aria-hidden="true">8</span>' in html
    assert '<span class="cl-sets-tag" aria-hidden="true">2 sets</span>' in html
    assert ">8s<" not in html
    drawn = move_html(position.parse_move("8C take [3S 5H 8D]"))
    assert "2 sets" in drawn and ">8s<" not in drawn


def test_a_moves_notation_is_hidden_and_its_words_are_said() -> None:
    move = MOVES.parse_move("7S take 2C 5D")
    html = move_html(move)
    assert 'aria-label="Play the seven of spades to take the two of clubs and the five of ' \
           'diamonds."' in html
    assert '<div class="cl-notation" lang="zxx">7S take 2C+5D</div>' in html
    assert ".cl-table .cl-notation{display:none;" in html  # shown only under cl-show-notation
