"""The widgets' modules as files of the in-browser site (serving/static/widget_files.py): in
the browser a widget class sends its module's address as `_esm` (anywidget's front end then
imports it once a visit), the build writes every class's module there, and elsewhere the text
is sent as before."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

import cassino_learn
from cassino_learn import browser
from cassino_learn.serving.static.widget_files import WIDGET_PACKAGES, write_widget_modules
from cassino_learn.ui.front_end import WIDGET_MODULES, FrontEnd, module_file

SITE = "http://127.0.0.1:8000/course/"
WORKER = f"{SITE}{browser.KERNEL_FOLDER}static/154.466b2531e0bb7bbe2efa.js"


def _in_a_browser(monkeypatch, worker: str) -> None:
    """Stand in for Pyodide: the platform, and the kernel worker's location."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    fake_js = types.ModuleType("js")
    fake_js.location = types.SimpleNamespace(href=worker)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", fake_js)


def _all_widget_classes() -> list[type]:
    found, todo = [], list(FrontEnd.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("cassino_learn."):
            found.append(cls)
    return found


def test_the_build_writes_every_widget_classs_module(tmp_path):
    written = {path.name: path.read_text(encoding="utf-8")
               for path in write_widget_modules(tmp_path, report=lambda _: None)}
    assert all(path.parent == tmp_path / WIDGET_MODULES
               for path in (tmp_path / WIDGET_MODULES).iterdir())
    classes = [cls for cls in _all_widget_classes() if "_esm" in cls.__dict__]
    assert {c.__name__ for c in classes} >= {"CardTable", "StagePanel", "CourseShell"}
    for cls in classes:  # outside the browser the class sends its text: the file holds it
        text = cls.class_traits()["_esm"].default_value
        name = module_file(f"{cls.__module__}.{cls.__name__}", text)
        assert written[name] == text, cls


def test_no_widget_class_is_defined_outside_the_packages_the_build_imports():
    root = Path(cassino_learn.__file__).parent
    packages = tuple(root.joinpath(*name.split(".")[1:]) for name in WIDGET_PACKAGES)
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defines = any(isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Name) and base.id == "FrontEnd" for base in node.bases)
            for node in ast.walk(tree))
        if defines:
            assert any(p in path.parents for p in packages), path


def test_in_the_browser_a_widget_sends_its_modules_address_and_elsewhere_its_text(
        monkeypatch):
    class Plain(FrontEnd):
        _esm = "export default { render() {} };"

    assert Plain.class_traits()["_esm"].default_value == "export default { render() {} };"

    _in_a_browser(monkeypatch, WORKER)
    assert browser.site_url() == SITE

    class Drawn(FrontEnd):
        _esm = "export default { render() {} };"

    address = Drawn.class_traits()["_esm"].default_value
    name = module_file(f"{__name__}.Drawn", "export default { render() {} };")
    assert address == f"{SITE}{WIDGET_MODULES}{name}"


@pytest.mark.parametrize("worker", ["http://127.0.0.1:8000/elsewhere/worker.js",
                                    f"blob:{WORKER}", ""])
def test_a_kernel_not_in_a_site_sends_the_text(monkeypatch, worker):
    _in_a_browser(monkeypatch, worker)
    assert browser.site_url() is None

    class Elsewhere(FrontEnd):
        _esm = "export default {};"

    assert Elsewhere.class_traits()["_esm"].default_value == "export default {};"
