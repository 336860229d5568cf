"""The lesson sheets: what a learner reads off them comes from the game modules, the scoring
cards are marked, plurals agree, and every sheet is drawn inside its own root (its drawing and
stylesheet: tests/drawing/test_sheet_drawing.py)."""

from __future__ import annotations

import re

from cassino_learn import Rules
from cassino_learn.teaching import sheets

ROUND = ("table:; pile 1: AC 2C 2H 2S 3C 3D 3S 4C 4H 4S 5H 6C 6D 6H 7C 7H 8D 8H 8S 9H 10C 10S "
         "JC JD QC QD QH KD KS; pile 2: AD AH AS 2D 3H 4D 5C 5D 5S 6S 7D 7S 8C 9C 9D 9S 10D 10H "
         "JH JS QS KC KH; sweeps: 1=1, 2=2")


def _all_drawings():
    return [sheets.score_sheet(ROUND),
            sheets.piles_sheet("table: 4C; pile 1: AS 2S; pile 2: 10D; sweeps: 1=1, 2=0"),
            sheets.last_card_case("table: 3H 9C KS; hand: 9D; hand 2:; last capture: 2",
                                  "9D take 9C"),
            sheets.match_results([{1: 18, 2: 20}]),
            sheets.round_outcome({1: 5, 2: 2}, {1: 9, 2: 3}, Rules(game="11-lurch")),
            sheets.deal_facts(), sheets.dealing_order(["AC", "AD", "AH", "AS", "2C", "2D", "2H",
                                                       "2S", "3C", "3D", "3H", "3S"]),
            sheets.variant_points(ROUND, [("standard", "")]),
            sheets.hint_list("table: 5D 3C; hand: 8S 4D"),
            sheets.position_errors(["table: 5D; hand: 5D"])]


def test_score_sheet_rings_the_scoring_cards_and_marks_the_spades():
    markup = sheets.score_sheet(ROUND)._repr_html_()
    assert markup.count("cl-sheet-face cl-sheet-scoring") == 6  # four aces and two Casinos
    assert 'aria-label="two of spades, Little Casino 1 point"' in markup
    assert 'aria-label="ten of diamonds, Big Casino 2 points"' in markup
    assert markup.count('aria-label="spade"') == 13


def test_score_sheet_table_gives_each_item_and_the_round_total():
    markup = sheets.score_sheet(ROUND)._repr_html_()
    assert "Round total" in markup and "<b>6</b>" in markup and "<b>8</b>" in markup
    assert "(29 cards)" in markup and "(7 spades)" in markup and "(1 sweep made)" in markup


def test_score_sheet_says_why_a_tied_item_scores_nobody():
    text = repr(sheets.score_sheet("table:; pile 1: 3H 4S; pile 2: 5H 6S"))
    assert "Most cards is tied" in text and "Most spades is tied" in text


def test_last_card_case_gives_the_leftovers_to_the_last_capturer_and_no_sweep():
    text = repr(sheets.last_card_case("table: 3H 9C KS; hand: 5D; hand 2:; last capture: 2",
                                      "trail 5D"))
    assert "They go to seat 2" in text and "not a sweep" in text
    assert "Side 2: 3H 5D 9C KS; 0 sweeps" in text


def test_a_three_sided_sheet_and_the_three_player_spade_tie():
    three = ("table:; players: 3; pile 1: 3S 4S AH; pile 2: 5S 6S 7H; pile 3: 8H")
    text = repr(sheets.score_sheet(three))
    assert text.count("Side ") == 3 and "side 1 and side 2: 2 spades each" in text


def test_match_results_read_as_sentences():
    text = repr(sheets.match_results([{1: 23, 2: 21}, {1: 22, 2: 22}]))
    assert "both sides have reached 21, and side 1 has the higher total. Side 1 wins." in text
    assert "Another round decides." in text


def test_drawings_are_deterministic_and_style_nothing_outside_their_root():
    first = [d._repr_html_() for d in _all_drawings()]
    assert first == [d._repr_html_() for d in _all_drawings()]
    for markup in first:
        assert markup.startswith('<div class="cl-sheet"><style>') and markup.endswith("</div>")
        assert markup.count("<style") == 1 and " style=" not in markup and " id=" not in markup


def test_drawings_agree_in_number():
    wrong = re.compile(r"(?<!seat )\b1 (cards|spades|sweeps|points|deals|aces)\b")
    for drawing in _all_drawings():
        plain = re.sub(r"<[^>]+>", " ", drawing._repr_html_())
        assert not wrong.search(plain) and not wrong.search(repr(drawing))


def test_the_hint_list_says_each_move_in_words_not_notation():
    drawn = sheets.hint_list("table: 5D 3C 6H 2S KC; hand: 8S 4D 9H 2H")
    assert "Play the eight of spades to take" in drawn._repr_html_()
    assert not re.search(r"\b8S\b|\btake\s+\w\w\+|\[", drawn._repr_html_())
