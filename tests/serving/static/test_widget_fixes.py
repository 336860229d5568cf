"""The site's ipywidgets with its two fixes (cassino_learn/serving/static/widget_fixes.py), run
natively on this machine's ipywidgets rewritten as the build rewrites the site's copy; the
traitlets of the site, installed without sources, imitated by `inspect.getfile` naming the
bytecode file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import ipywidgets
import pytest

from cassino_learn.serving.static.steps import BuildError
from cassino_learn.serving.static.widget_fixes import (MARK, TRAIT_TYPES, WIDGET,
                                                        fix_trait_types, fix_widget, fix_widgets)

INSTALLED = Path(ipywidgets.__file__).parent

# As in the site: traitlets' module file is its bytecode, its code's file the source.
PROBE = """
import inspect, json, re, sys, warnings
real_getfile = inspect.getfile
def getfile(thing):
    found = real_getfile(thing)
    return found + "c" if found.endswith("traitlets.py") else found
inspect.getfile = getfile
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import ipywidgets
    from ipywidgets.widgets import trait_types
    class Shown(ipywidgets.DOMWidget):
        pass
    box = ipywidgets.VBox([ipywidgets.HTML("x")])
deprecated = sorted({str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)})
compiled_at_import = isinstance(trait_types._color_var_re, re.Pattern) or \\
    getattr(trait_types._color_var_re, "_compiled", None) is not None
colours = {}
for value in sys.argv[1:]:
    try:
        ipywidgets.Button(style={"button_color": value})
        colours[value] = True
    except Exception:
        colours[value] = False
print(json.dumps({"deprecated": deprecated, "compiled_at_import": compiled_at_import,
                  "colours": colours, "file": ipywidgets.__file__}))
"""
COLOURS = ["blue", "#a80", "#A80f", "rgb(1, 2, 3)", "hsla(10, 20%, 30%, 0.5)", "var(--jp-x)",
           "var(--jp-x, red)", "var(--jp-x, #fff)", "var(--jp-x, rgb(1,2,3))", "bluish",
           "var(-x)", "#12", "var(--jp-x, notacolour)"]


def _probe(path: Path | None) -> dict:
    env = {**os.environ, **({"PYTHONPATH": str(path)} if path else {})}
    result = subprocess.run([sys.executable, "-c", PROBE, *COLOURS], capture_output=True,
                            text=True, check=True, env=env)
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def rewritten(ipywidgets_rewritten) -> Path:
    """A folder holding a copy of this machine's ipywidgets with the build's two fixes."""
    return ipywidgets_rewritten({WIDGET: fix_widget, TRAIT_TYPES: fix_trait_types})


def test_without_sources_a_widget_class_warns_no_one_and_colours_are_checked_as_before(
        rewritten):
    before, after = _probe(None), _probe(rewritten)
    assert Path(after["file"]).parent == rewritten / "ipywidgets"
    # ipywidgets as it is: every class walks the stack to warn of four deprecated properties
    assert "Widget.widgets is deprecated." in before["deprecated"]
    assert after["deprecated"] == []
    # the var(...) colour pattern: not compiled at import, and every answer the same
    assert before["compiled_at_import"] and not after["compiled_at_import"]
    assert after["colours"] == before["colours"]
    assert after["colours"]["var(--jp-x, red)"] and not after["colours"]["bluish"]


def test_an_ipywidgets_of_another_shape_stops_the_build():
    widget = (INSTALLED / "widgets" / "widget.py").read_text(encoding="utf-8")
    types = (INSTALLED / "widgets" / "trait_types.py").read_text(encoding="utf-8")
    with pytest.raises(BuildError, match="widget_fixes.py"):
        fix_widget(widget.replace("inspect.getfile(HasTraits)", "getfile(HasTraits)"))
    with pytest.raises(BuildError, match="widget_fixes.py"):
        fix_trait_types(types + "\n_color_var_re.search('x')\n")
    with pytest.raises(BuildError, match="widget_fixes.py"):
        fix_trait_types(types.replace("re.compile(_css_var_fallback_color)", "None"))


def test_the_wheel_gets_both_fixes_and_one_without_them_stops_the_build(tmp_path):
    files = {WIDGET: (INSTALLED / "widgets" / "widget.py").read_text(encoding="utf-8"),
             TRAIT_TYPES: (INSTALLED / "widgets" / "trait_types.py").read_text(encoding="utf-8")}
    for name, kept in (("ipywidgets-8.1.8-py3-none-any.whl", files),
                       ("other.whl", {WIDGET: files[WIDGET]})):
        with zipfile.ZipFile(tmp_path / name, "w") as archive:
            for member, text in kept.items():
                archive.writestr(member, text)
    fix_widgets(tmp_path / "ipywidgets-8.1.8-py3-none-any.whl")
    with zipfile.ZipFile(tmp_path / "ipywidgets-8.1.8-py3-none-any.whl") as archive:
        assert all(MARK in archive.read(name).decode() for name in files)
    with pytest.raises(BuildError, match="widget_fixes.py"):
        fix_widgets(tmp_path / "other.whl")
