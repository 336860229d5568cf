"""A lesson page imports only what its first screen uses: the question makers of practice, the
game widget, the computer players, their search and the review are imported when the learner
asks for them, and what records a learner's doings for a class only in a class (in the browser
each module imported at load is paid for before the page is interactive). `game.match`, the one
turn driver (core, dealing and scoring only), loads with a first stage that plays moves, as
lesson 5's opening demonstration does. Each page runs in a fresh Python, as a kernel would."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cassino_learn.teaching.catalog import lessons_dir

RUN_CELLS = """
import json, sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
notebook = json.load(open(sys.argv[1], encoding="utf-8"))
for cell in notebook["cells"]:
    if cell["cell_type"] == "code":
        result = shell.run_cell("".join(cell["source"]))
        result.raise_error()
print(json.dumps(sorted(m for m in sys.modules if m.startswith("cassino_learn"))))
"""
LATER = ("cassino_learn.teaching.practice", "cassino_learn.ui.game", "cassino_learn.game.bots",
         "cassino_learn.game.search", "cassino_learn.game.review",
         "cassino_learn.game.review_queue", "cassino_learn.ui.review_runner",
         "cassino_learn.classroom.class_events")


def _imported_at_load(notebook: str, tmp_path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", RUN_CELLS, str(lessons_dir() / notebook)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={"CASSINO_LEARN_DATA": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-3000:]
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("notebook", ["02_pairing.ipynb", "05_building.ipynb"])
def test_a_lesson_page_imports_no_game_search_or_practice_at_load(notebook, tmp_path):
    imported = _imported_at_load(notebook, tmp_path)
    assert "cassino_learn.pages.lesson" in imported  # the page did run
    assert not imported & set(LATER), sorted(imported & set(LATER))


def test_a_page_whose_first_stage_has_no_cards_imports_no_card_table(tmp_path):
    """Lesson 11 opens on a question about the deal: its stage runner, its launchers and its
    hint list need no card table (the game it offers is dealt on request)."""
    imported = _imported_at_load("11_full_game.ipynb", tmp_path)
    assert "cassino_learn.ui.stages" in imported and "cassino_learn.ui.launcher" in imported
    assert not imported & {"cassino_learn.ui.table", "cassino_learn.ui.quiz_widgets",
                           "cassino_learn.ui.selection", "cassino_learn.game.match"}


def test_practice_imports_its_question_makers_when_started(tmp_path, monkeypatch):
    monkeypatch.setenv("CASSINO_LEARN_DATA", str(tmp_path))
    check = """
import sys
from cassino_learn.pages.lesson import practice
box = practice("02_pairing")
assert "cassino_learn.teaching.practice" not in sys.modules, "imported at load"
box.children[-1].press()
from cassino_learn.ui.quiz_widgets import PracticeWidget
assert isinstance(box.children[-1], PracticeWidget), box.children
assert "cassino_learn.teaching.practice" in sys.modules
try:
    practice("no_such_lesson")
except KeyError as error:
    assert "no_such_lesson" in str(error)
else:
    raise AssertionError("an unknown lesson's practice was accepted")
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-3000:]
