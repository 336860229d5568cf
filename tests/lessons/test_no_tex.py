"""No lesson writes TeX: Voici and Voila start JupyterLab's LaTeX typesetter (MathJax) on every
page, so a lesson's "$5" beside another "$" would turn into mathematics. Markdown is shown as
written only because none of it looks like TeX."""

from __future__ import annotations

import re

import nbformat
import pytest

from cassino_learn.teaching.catalog import lessons_dir

TEX = re.compile(r"\$|\\\(|\\\[|\\begin\{")
NOTEBOOKS = sorted(lessons_dir().glob("*.ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[n.stem for n in NOTEBOOKS])
def test_the_lessons_markdown_has_no_tex(notebook):
    cells = nbformat.read(notebook, as_version=4).cells
    found = [(number, match.group(), cell.source[max(0, match.start() - 30):match.end() + 30])
             for number, cell in enumerate(cells, 1) if cell.cell_type == "markdown"
             for match in TEX.finditer(cell.source)]
    assert found == [], f"TeX in {notebook.name} (cell, delimiter, text): {found}"


def test_the_check_finds_tex():
    assert TEX.search("a pair is worth $1$ point") and TEX.search(r"\(x\)")
    assert not TEX.search("Sweeps score 1 point each (S1).")
