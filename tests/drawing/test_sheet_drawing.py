"""The sheets' drawing (drawing/sheets.py): a sheet sits in one root with its stylesheet, the
stylesheet reaches nothing outside that root, a card says its points to a screen reader, and
text shown on a sheet is escaped (a position a learner typed is data)."""

from __future__ import annotations

import re

from cassino_learn.core.cards import Card
from cassino_learn.drawing import sheets as draw

TEN = Card.parse("10D")


def test_a_drawing_sits_in_one_root_with_its_stylesheet():
    drawn = draw.Drawn(draw.line("Points shared this round: 11."), "Points shared: 11")
    markup = drawn._repr_html_()
    assert markup == ('<div class="cl-sheet"><style>' + draw.stylesheet() + "</style>"
                      '<p class="cl-sheet-line">Points shared this round: 11.</p></div>')
    assert repr(drawn) == "Points shared: 11"  # the plain text nbval compares


def test_the_stylesheet_reaches_only_inside_a_sheet():
    rules = draw.stylesheet()
    assert "/*" not in rules and "\n" not in rules  # carried inline, comments dropped
    assert re.search(r"\.cl-sheet \.cl-sheet-scoring \{ outline: 3px solid", rules)
    selectors = [s.strip() for block in rules.split("}")[:-1]
                 for s in block.split("{")[0].split(",")]
    assert selectors and all(re.fullmatch(r"\.cl-sheet( \.cl-sheet-[\w.-]+( \w+)?)?", s)
                             for s in selectors), selectors
    assert "@import" not in rules and "url(" not in rules  # nothing loaded from elsewhere


def test_a_scoring_card_is_ringed_and_says_its_points():
    ringed = draw.card((TEN, "Big Casino 2", False))
    assert 'class="cl-sheet-face cl-sheet-scoring"' in ringed
    assert 'aria-label="ten of diamonds, Big Casino 2 points"' in ringed
    assert '<span class="cl-sheet-mark">Big Casino 2</span>' in ringed
    ace = draw.card((Card.parse("AS"), "ace 1", True))
    assert 'aria-label="ace of spades, ace 1 point"' in ace and 'aria-label="spade">♠' in ace
    bare = draw.card((TEN, "", False))
    assert "cl-sheet-scoring" not in bare and 'aria-label="ten of diamonds"' in bare
    assert "<svg" in bare and 'role="img"' in bare


def test_no_cards_is_said_and_rows_can_keep_to_one_line():
    assert draw.cards([]) == '<div class="cl-sheet-none">no cards</div>'
    row = draw.cards([(TEN, "", False)], wrap=False)
    assert row.startswith('<div class="cl-sheet-cards cl-sheet-nowrap">')


def test_a_table_has_its_heads_then_a_row_a_line():
    drawn = draw.table(["Item", "Side 1"], [["Cards", draw.with_note(3, "29 cards")],
                                            [draw.bold("Round total"), draw.bold(6)]],
                       "cl-sheet-items")
    assert drawn == ('<table class="cl-sheet-table cl-sheet-items"><tr><th>Item</th>'
                     "<th>Side 1</th></tr><tr><td>Cards</td><td>3 <small>(29 cards)</small>"
                     "</td></tr><tr><td><b>Round total</b></td><td><b>6</b></td></tr></table>")


def test_text_on_a_sheet_is_escaped():
    typed = 'table: <img src=x onerror="alert(1)">'
    shown = (draw.line(typed) + draw.para(typed) + draw.listed([(typed, typed)], "x")
             + draw.numbered([(typed, typed)], "y") + draw.side(typed, "", typed)
             + draw.text(typed) + draw.bold(typed)
             + draw.play(typed, (TEN, "", False), "takes", []))
    assert "<img" not in shown and "&lt;img" in shown
    assert 'aria-label="table: &lt;img src=x onerror=&quot;alert(1)&quot;&gt;"' in shown


def test_a_play_is_one_group_said_in_words():
    drawn = draw.play("Play the ten of diamonds to take the ten of clubs",
                      (TEN, "", False), "takes", [(Card.parse("10C"), "", False)])
    assert drawn.startswith('<div class="cl-sheet-move" role="group" aria-label="Play the ten')
    assert drawn.count('class="cl-sheet-card"') == 2 and "→ takes" in drawn
