"""Sentences the rule book contradicts stay out of the lessons (issue 9's findings)."""

from __future__ import annotations

import nbformat
import pytest

from cassino_learn.teaching.catalog import lessons_dir

CONTRADICTED = [
    ("01_cards_and_points", "11 points in every round", "K2: a tie leaves an item unscored"),
    ("01_cards_and_points", "never 11 and never 14", "V7 lets an ace count 14"),
    ("07_multiple_builds", "Raising a single build would need", "B5: a single build is raised"),
    ("07_multiple_builds", "nobody may change a multiple build", "B8, B10: anyone may add to it"),
    ("07_multiple_builds", "the 5 and 3 that", "the table shows 8C and 3H"),
    ("10_scoring", "exactly **11 points**", "K2: ties share fewer"),
    ("10_scoring", "pass 21", "K3: reach 21"),
    ("10_scoring", "passed 21", "K3: reach 21"),
    ("11_full_game", "There is no hint button", "the game has a Hint button"),
    ("12_more_players", "Seats are numbered clockwise, starting on the dealer's left",
     "D3: the dealer's left plays first"),
    ("13_variants_and_etiquette", "7C take 7D", "X1 is not a T2 refusal"),
]


def _text(slug: str) -> str:
    nb = nbformat.read(lessons_dir() / f"{slug}.ipynb", as_version=4)
    return "\n".join(cell.source for cell in nb.cells)


@pytest.mark.parametrize("slug, words, why", CONTRADICTED, ids=[f"{s}:{w}" for s, w, _ in CONTRADICTED])
def test_lesson_does_not_say_what_the_rule_book_contradicts(slug, words, why):
    assert words not in _text(slug), why


def test_lesson11_points_at_the_hint_button_it_has():
    assert "**Hint**" in _text("11_full_game")
