"""What the browser's Python is given: bytecode instead of sources to compile on every page load,
the start-up module that keeps imports out of browser storage, a copy of cassino-learn without
what only serves pages, and the site's own service worker, named after this build."""

from __future__ import annotations

import json
import re
import zipfile

import pytest

from cassino_learn.serving.static.finish import build_id

pytestmark = [pytest.mark.slow]


def _names(path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()


def test_the_standard_library_and_the_wheels_come_compiled(site):
    pyodide = site.root / "static" / "pyodide"
    stdlib = _names(pyodide / "python_stdlib.zip")
    assert "os.pyc" in stdlib and "os.py" not in stdlib
    assert "sitecustomize.py" in stdlib
    ipython = _names(pyodide / "ipython-9.0.2-py3-none-any.whl")
    assert "IPython/core/interactiveshell.pyc" in ipython
    assert not [n for n in ipython if n.endswith(".py")]
    # A module that is one file is still found by its bytecode, so importing it loads it.
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert lock["packages"]["typing-extensions"]["imports"] == ["typing_extensions"]


def test_cassino_learn_keeps_its_sources_and_leaves_out_serving(site):
    lock = json.loads((site.root / "static" / "pyodide" / "pyodide-lock.json").read_text())
    wheel = lock["packages"]["cassino-learn"]["file_name"]
    names = _names(site.root / "static" / "pyodide" / wheel)
    assert "cassino_learn/core/movegen.py" in names  # a learner's traceback shows its lines
    assert "cassino_learn/drawing/sheets.css" in names  # the drawn sheets' look goes along
    assert any(re.fullmatch(r"cassino_learn/core/__pycache__/movegen\.cpython-3\d+\.pyc", n)
               for n in names)
    assert not [n for n in names if n.startswith(("cassino_learn/serving/",
                                                  "cassino_learn/share/"))]
    assert lock["packages"]["cassino-learn"]["imports"] == ["cassino_learn"]


def test_the_service_worker_is_the_sites_own_and_named_after_the_build(site):
    worker = (site.root / "service-worker.js").read_text(encoding="utf-8")
    assert f'const CACHE = "cassino-learn-{build_id(site.root)}";' in worker
    assert "refetch" not in worker  # JupyterLite's fetched every file again behind its cache


def test_jedi_is_a_placeholder_and_its_parser_is_not_shipped(site):
    """Completions typed in a cell are jedi's, and no page of the course has a cell to type in:
    the browser's Python is spared its 1,880 files on every first page of a visit. IPython
    starts without it (every browser test's page runs on that kernel)."""
    lock = json.loads((site.root / "static" / "pyodide" / "pyodide-lock.json").read_text())
    jedi = lock["packages"]["jedi"]
    assert jedi["imports"] == [] and jedi["depends"] == []
    assert _names(site.root / "static" / "pyodide" / jedi["file_name"]) == [
        f"jedi-{jedi['version']}.dist-info/{name}" for name in ("METADATA", "WHEEL", "RECORD")]
    assert "parso" not in lock["packages"]
    assert not list((site.root / "static" / "pyodide").glob("parso-*"))
