"""The course's widgets are shown by their model alone (cassino_learn/ui/shown.py): IPython's
formatters are not asked for them, and the page gets the widget view ipywidgets would send,
with the class's name as its text."""

from __future__ import annotations

import IPython.display
import pytest
from IPython.core.formatters import DisplayFormatter

from cassino_learn.pages.lesson import on_demand, stage_runner
from cassino_learn.ui import CardTable
from cassino_learn.ui.launcher import Launcher

VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture
def published(monkeypatch) -> list[dict]:
    shown: list[dict] = []
    monkeypatch.setattr(IPython.display, "publish_display_data", shown.append)
    return shown


@pytest.mark.parametrize("make", [
    lambda: stage_runner("02_pairing"),
    lambda: on_demand("Open", lambda: Launcher("built", lambda: None), intro="Says what."),
    lambda: CardTable("table: 5C 5D; hand: 5S"),
], ids=["stage runner", "launcher box", "card table"])
def test_a_widget_is_shown_as_one_widget_view_without_the_formatters(published, make, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("CASSINO_LEARN_DATA", str(tmp_path))
    widget = make()
    # what IPython does with a cell's value: the widget shows itself, nothing else is formatted
    assert DisplayFormatter().format(widget) == ({}, {})
    assert published == [{"text/plain": repr(widget),
                           VIEW: {"version_major": 2, "version_minor": 0,
                                  "model_id": widget.model_id}}]
    assert published[0] == widget._repr_mimebundle_()  # ipywidgets' own bundle
    # a short text, not every trait of the widget and of its children
    assert len(repr(widget)) < 80 and "children" not in repr(widget)
