"""The course as one page in the browser, without a browser: the build ends each lesson page
with the course shell's cell and keeps every other notebook as it is; a lesson's cells run in a
namespace of their own, their last expression shown, a failing cell not stopping the next."""

from __future__ import annotations

import json

from cassino_learn.pages import course
from cassino_learn.serving.static.course_pages import SHELL_CELL, add_course_shell


def _notebook(path, *sources: str) -> None:
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": s, "metadata": {},
                                           "outputs": [], "execution_count": None}
                                          for s in sources],
                                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


def test_only_lesson_pages_get_the_shell(tmp_path):
    _notebook(tmp_path / "02_pairing.ipynb",
              'from cassino_learn.pages.lesson import header\nheader("02_pairing")')
    _notebook(tmp_path / "empty.ipynb", "1 + 1")
    shelled = add_course_shell(tmp_path)
    assert list(shelled) == ["02_pairing"]
    assert len(shelled["02_pairing"]) == 1  # the lesson's own cells, without the shell's
    cells = json.loads((tmp_path / "02_pairing.ipynb").read_text())["cells"]
    assert cells[-1]["source"] == SHELL_CELL.format(slug="02_pairing")
    assert json.loads((tmp_path / "empty.ipynb").read_text())["cells"][-1]["source"] == "1 + 1"


def test_a_cell_runs_in_its_lesson_namespace_and_gives_its_last_value():
    mine: dict = {}
    assert course.run_code("x = 20\nx + 1", mine) == 21
    assert course.run_code("y = x", mine) is None and mine["y"] == 20
    other: dict = {}
    assert course.run_code("'x' in dir()", other) is False


def test_a_failing_cell_shows_its_error_and_the_next_ones_run(capsys, monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display",
                        lambda *values, **_: shown.extend(values))
    namespace: dict = {}
    course.run_cells([{"code": "1 / 0"}, {"markdown": "<p>Next</p>"}, {"code": "'after'"}],
                     namespace)
    assert "ZeroDivisionError" in capsys.readouterr().err
    assert "<p>Next</p>" in shown[0]["text/html"] and shown[1] == "after"


def test_a_markdown_cell_never_asks_the_file_system(monkeypatch):
    """In the browser every question to the file system in the learner's storage is a round
    trip: a markdown cell's HTML is shown as it is, not first looked for as a file name."""
    asked = []
    monkeypatch.setattr("os.path.exists", lambda path: asked.append(path) or False)
    monkeypatch.setattr("IPython.display.display", lambda *values, **_: None)
    course.run_cells([{"markdown": "<p>Cassino is a <em>fishing</em> game.</p>"}], {})
    assert asked == []
