"""Everything a lesson cell computes reaches the page, drawn, never printed.

Read from the cells (fast): a cell shows at most one thing, its last expression, so no engine
call is computed and then lost; nothing prints; the only names bound are plain constants.
Run (slow): every lesson's outputs are HTML or widgets, with no stream output and no Python
repr, and every cell that ends in an expression shows it.
"""

from __future__ import annotations

import ast
import os
import re

import nbformat
import pytest

from cassino_learn.teaching.catalog import INDEX, LESSONS, SANDBOX, lessons_dir

PAGES = [item.notebook for item in (INDEX, *LESSONS, SANDBOX)]
# The sandbox may show notation text, which is what teachers type.
STREAM_ALLOWED = {(SANDBOX.notebook, "notation(")}
WRONG_PLURAL = re.compile(r"(?<!seat )\b1 (cards|spades|sweeps|points|deals|aces)\b")
REPR_SIGNS = ("MatchResult(", "RoundScore(", "Position.parse(", "Card.parse(", "{1: ", "<cassino")


def _code_cells(name: str) -> list[tuple[int, str]]:
    nb = nbformat.read(lessons_dir() / name, as_version=4)
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


def _calls(node: ast.AST) -> list[str]:
    return [ast.unparse(n.func) for n in ast.walk(node) if isinstance(n, ast.Call)]


@pytest.mark.parametrize("name", PAGES)
def test_every_call_in_a_lesson_cell_is_the_one_thing_it_shows(name):
    for index, source in _code_cells(name):
        body = ast.parse(source).body
        where = f"{name} cell {index}"
        for statement in body[:-1]:
            assert isinstance(statement, (ast.Import, ast.ImportFrom, ast.Assign)), \
                f"{where}: only imports and constants may come before the shown expression"
        for statement in body:
            if isinstance(statement, ast.Assign):
                value = statement.value
                plain = isinstance(value, ast.Constant) or (
                    isinstance(value, ast.Call) and ast.unparse(value.func) == "Rules")
                assert plain, f"{where}: {ast.unparse(statement)} computes a value never shown"
            if not isinstance(statement, (ast.Import, ast.ImportFrom, ast.Assign, ast.Expr)):
                raise AssertionError(f"{where}: {type(statement).__name__} hides what it computes")
        assert "print" not in _calls(ast.Module(body=body, type_ignores=[])) or \
            (name, "notation(") in STREAM_ALLOWED and "notation(" in source, where


@pytest.mark.slow
def test_every_lesson_page_shows_html_or_widgets_and_never_a_printout(tmp_path,
                                                                      local_socket_kernel):
    from nbclient import NotebookClient

    os.environ["CASSINO_LEARN_DATA"] = str(tmp_path)
    for name in PAGES:
        nb = nbformat.read(lessons_dir() / name, as_version=4)
        NotebookClient(nb, km=local_socket_kernel(), timeout=180,
                       resources={"metadata": {"path": str(lessons_dir())}}).execute()
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            where = f"{name} cell {index}"
            shows = [o for o in cell.outputs if o.output_type in ("execute_result", "display_data")]
            for output in cell.outputs:
                if output.output_type == "stream":
                    assert any(n == name and mark in cell.source for n, mark in STREAM_ALLOWED), \
                        f"{where} prints: {output.text[:200]}"
                assert output.output_type != "error", f"{where}: {output.get('evalue')}"
            for output in shows:
                data = output.get("data", {})
                assert "text/html" in data or "application/vnd.jupyter.widget-view+json" in data, \
                    f"{where} shows plain text: {data.get('text/plain', '')[:200]}"
                html = data.get("text/html", "")
                assert not any(sign in html for sign in REPR_SIGNS), f"{where} shows a repr"
                assert not WRONG_PLURAL.search(re.sub(r"<[^>]+>", " ", html)), f"{where}: plural"
            body = ast.parse(cell.source).body
            if body and isinstance(body[-1], ast.Expr):
                assert shows or any(o.output_type == "stream" for o in cell.outputs), \
                    f"{where} computes {ast.unparse(body[-1])[:60]} and shows nothing"
