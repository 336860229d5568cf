"""The site's ipywidgets imports the widgets a lesson page does not draw at once on first use
(cassino_learn/serving/static/lazy_widgets.py): run natively on this machine's ipywidgets,
rewritten as the build rewrites the site's copy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import ipywidgets
import pytest

from cassino_learn.serving.static.lazy_widgets import (EAGER, MARK, PACKAGE_INIT, WIDGETS_INIT,
                                                       lazy_package_init, lazy_widgets_init,
                                                       make_widgets_lazy)
from cassino_learn.serving.static.steps import BuildError

INSTALLED = Path(ipywidgets.__file__).parent

# Imports the rewritten copy, and reports what a page would notice.
PROBE = """
import importlib, json, sys
import ipywidgets
before = sorted(m for m in sys.modules if m.startswith("ipywidgets.widgets."))
drawn = [type(x).__name__ for x in (ipywidgets.VBox(), ipywidgets.HTML("x"), ipywidgets.Button(),
                                    ipywidgets.Output(), ipywidgets.Layout())]
from ipywidgets import Dropdown
menu = Dropdown(options=["a", "b"], value="b")
same = {}
for name, module in json.loads(sys.argv[1]).items():
    defined = getattr(importlib.import_module("ipywidgets.widgets." + module), name)
    same[name] = getattr(ipywidgets, name) is defined and getattr(ipywidgets.widgets, name) is defined
try:
    ipywidgets.NoSuchWidget
    missing = "found"
except AttributeError as error:
    missing = str(error)
print(json.dumps({"before": before, "drawn": drawn, "menu": menu.value, "same": same,
                  "missing": missing, "file": ipywidgets.__file__}))
"""


def _names_by_module(text: str) -> dict[str, str]:
    names = {}
    for line in text.splitlines():
        if line.startswith("from ."):
            module, listed = line[len("from ."):].split(" import ")
            names.update((name, module) for name in listed.split(", "))
    return names


@pytest.fixture(scope="module")
def rewritten(ipywidgets_rewritten) -> Path:
    """A folder holding a copy of this machine's ipywidgets, rewritten as the build does."""
    return ipywidgets_rewritten({WIDGETS_INIT: lazy_widgets_init, PACKAGE_INIT: lazy_package_init})


def test_the_widgets_a_page_draws_at_once_come_with_ipywidgets_and_the_rest_on_first_use(
        rewritten):
    original = _names_by_module((INSTALLED / "widgets" / "__init__.py").read_text())
    result = subprocess.run([sys.executable, "-c", PROBE, json.dumps(original)],
                            capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(rewritten)})
    found = json.loads(result.stdout)
    assert Path(found["file"]).parent == rewritten / "ipywidgets"
    loaded = {name.rsplit(".", 1)[1] for name in found["before"]}
    assert {"widget_box", "widget_button", "widget_output", "widget_string"} <= loaded
    assert not loaded & {"widget_int", "widget_selection", "widget_media", "interaction",
                         "widget_templates", "widget_upload"}
    assert loaded <= set(EAGER) | {"docutils", "utils"}
    assert found["drawn"] == ["VBox", "HTML", "Button", "Output", "Layout"]
    assert found["menu"] == "b"
    # Every name ipywidgets offers is still there, and is the widget its module defines.
    assert found["same"] == {name: True for name in original}
    assert "NoSuchWidget" in found["missing"]


def test_an_ipywidgets_of_another_shape_stops_the_build():
    text = (INSTALLED / "widgets" / "__init__.py").read_text(encoding="utf-8")
    with pytest.raises(BuildError, match="lazy_widgets.py"):
        lazy_widgets_init(text + "\nimport something_else\n")
    with pytest.raises(BuildError, match="lazy_widgets.py"):
        lazy_widgets_init("# nothing imported here\n")
    with pytest.raises(BuildError, match="lazy_widgets.py"):
        lazy_package_init("from ._version import __version__\n")


def _wheel(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_the_wheel_is_rewritten_once_and_keeps_its_other_files(tmp_path):
    files = {WIDGETS_INIT: (INSTALLED / "widgets" / "__init__.py").read_text(encoding="utf-8"),
             PACKAGE_INIT: (INSTALLED / "__init__.py").read_text(encoding="utf-8"),
             "ipywidgets-8.1.8.dist-info/METADATA": "Name: ipywidgets\n"}
    wheel = _wheel(tmp_path / "ipywidgets-8.1.8-py3-none-any.whl", files)
    make_widgets_lazy(wheel)
    first = wheel.read_bytes()
    make_widgets_lazy(wheel)
    assert wheel.read_bytes() == first
    with zipfile.ZipFile(wheel) as archive:
        assert archive.namelist() == list(files)
        assert MARK in archive.read(WIDGETS_INIT).decode()
        assert MARK in archive.read(PACKAGE_INIT).decode()
        assert archive.read("ipywidgets-8.1.8.dist-info/METADATA") == b"Name: ipywidgets\n"


def test_a_wheel_without_ipywidgets_modules_stops_the_build(tmp_path):
    wheel = _wheel(tmp_path / "ipywidgets-0-py3-none-any.whl", {"README": "no modules"})
    with pytest.raises(BuildError, match="lazy_widgets.py"):
        make_widgets_lazy(wheel)


def test_the_built_sites_ipywidgets_imports_its_other_widgets_on_first_use(site):
    wheels = list((Path(site.root) / "static" / "pyodide").glob("ipywidgets-*.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as archive:
        compiled = [n for n in archive.namelist()
                    if n.startswith((WIDGETS_INIT[:-3], PACKAGE_INIT[:-3]))]
        assert len(compiled) == 2 and all(MARK.encode() in archive.read(n) for n in compiled)
