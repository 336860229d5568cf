"""The widgets drawn by their own ES module speak anywidget's protocol without importing its
Python package (cassino_learn/ui/front_end.py): the same state as anywidget's, and a lesson's
imports without anywidget, psygnal or typing_extensions."""

from __future__ import annotations

import json
import subprocess
import sys

import anywidget
import traitlets as t
from anywidget._version import _ANYWIDGET_SEMVER_VERSION

from cassino_learn.ui.front_end import FrontEnd, anywidget_version
from cassino_learn.ui.stages import StagePanel
from cassino_learn.ui.table import CardTable

MODULE = "export default { render({ model, el }) { el.textContent = model.get('n'); } };"


class Ours(FrontEnd):
    _esm = MODULE
    _css = ".ours { color: red; }"
    n = t.Int(3).tag(sync=True)


class Theirs(anywidget.AnyWidget):
    _esm = MODULE
    _css = ".ours { color: red; }"
    n = t.Int(3).tag(sync=True)


def test_a_widget_opens_with_the_state_anywidget_would_give_it():
    ours, theirs = Ours().get_state(), Theirs().get_state()
    assert set(ours) == set(theirs)
    differ = {key for key in ours if ours[key] != theirs[key]}
    assert differ == {"_anywidget_id", "layout"}  # the class's name; each widget's own layout
    assert ours["_anywidget_id"] == f"{__name__}.Ours"
    assert ours["_esm"] == MODULE and ours["_model_module_version"] == _ANYWIDGET_SEMVER_VERSION
    assert anywidget_version() == _ANYWIDGET_SEMVER_VERSION


def test_each_widget_keeps_its_class_and_its_own_texts():
    table, panel = CardTable("table: 5D; hand: 5S"), StagePanel()
    assert type(table) is CardTable and type(panel) is StagePanel  # no class made per widget
    assert "export default" in table._esm and ".cl-selected" in table._css
    assert table._esm != panel._esm
    assert table.get_state()["_anywidget_id"] == "cassino_learn.ui.table.CardTable"


def test_displaying_a_widget_does_not_spell_out_its_module():
    bundle = Ours()._repr_mimebundle_()
    assert bundle["text/plain"] == "<Ours>"
    assert "application/vnd.jupyter.widget-view+json" in bundle
    table = CardTable("table: 5D; hand: 5S")._repr_mimebundle_()["text/plain"]
    assert table.startswith("CardTable('table: 5D") and "export default" not in table


def test_a_lesson_page_imports_no_anywidget_package():
    probe = ("import json, sys\n"
             "import cassino_learn.pages.lesson, cassino_learn.ui.stages, "
             "cassino_learn.ui.quiz_widgets\n"
             "from cassino_learn.pages.lesson import stage_runner\n"
             "stage_runner('02_pairing')\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('anywidget', 'psygnal', 'typing_extensions'))))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
