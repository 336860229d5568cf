"""A quiz's first question is a fresh position, not a replay of a demonstration or example
shown on the same page."""

from __future__ import annotations

import re

import nbformat
import pytest

from cassino_learn import Position
from cassino_learn.teaching.catalog import LESSONS, lessons_dir
from cassino_learn.teaching.quiz import bank_path, load_bank

WITH_QUIZ = [item.slug for item in LESSONS if bank_path(item.slug).exists()]
POSITION_TEXT = re.compile(r"""['"](table:[^'"]*)['"]""")


def _key(position: Position) -> tuple:
    """What a learner recognises: the table, and the piles of a finished round."""
    return frozenset(position.table_cards), tuple(frozenset(p) for p in position.piles)


def _tables_on_the_page(slug: str) -> list[frozenset]:
    nb = nbformat.read(lessons_dir() / f"{slug}.ipynb", as_version=4)
    tables = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            for text in POSITION_TEXT.findall(cell.source):
                tables.append(_key(Position.parse(text)))
    return tables


@pytest.mark.parametrize("slug", WITH_QUIZ)
def test_the_first_quiz_question_is_not_a_position_from_the_page(slug):
    first = load_bank(slug).items[0]
    if not first.has_table:
        return
    shown = _tables_on_the_page(slug)
    assert shown, f"{slug}: no positions found on the page"
    assert _key(first.position) not in shown, \
        f"{slug}: question {first.id!r} replays a table shown in the lesson"
