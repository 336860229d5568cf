"""The code `dataclasses` compiles for the course's classes comes compiled at build time
(compile_in_pyodide.dataclass_code) and the browser's Python takes it rather than compiling the
same texts on every page load (browser_site.CompiledAtBuild): natively here with a small
package, on the built site, and in Chromium, where a page that imports course modules
compiles none of their dataclasses."""

from __future__ import annotations

import dataclasses
import importlib
import marshal
import sys
import zipfile
from pathlib import Path

import pytest

from cassino_learn.serving.static import compile_in_pyodide
from cassino_learn.serving.static.browser_site import (COMPILED_FILE, COMPILED_PACKAGE,
                                                       CompiledAtBuild)

PACKAGE = {
    "shop/__init__.py": "",
    "shop/items.py": ("from dataclasses import dataclass, field\n\n"
                      "@dataclass(frozen=True)\nclass Item:\n    name: str\n    price: int = 0\n\n"
                      "@dataclass\nclass Basket:\n    items: list = field(default_factory=list)\n"),
    "shop/elsewhere.py": "import no_such_package_here\n",  # a module for another place
}


@pytest.fixture
def shop(tmp_path: Path):
    for name, text in PACKAGE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    yield tmp_path
    for name in [name for name in sys.modules if name.split(".")[0] == "shop"]:
        del sys.modules[name]


def _made_with(codes_file: Path, folder: Path, monkeypatch) -> tuple[CompiledAtBuild, object]:
    made = CompiledAtBuild(str(codes_file))
    monkeypatch.setattr(dataclasses, "exec", made, raising=False)
    monkeypatch.syspath_prepend(str(folder))
    return made, importlib.import_module("shop.items")


def test_the_build_keeps_the_code_of_every_dataclass_of_the_modules_that_import(shop):
    codes = marshal.loads(compile_in_pyodide.dataclass_code(str(shop), "shop"))
    assert codes and all(isinstance(code, bytes) for code in codes.values())
    assert "shop" not in sys.modules and str(shop) not in sys.path  # left as it found them
    assert not hasattr(dataclasses, "exec")


def test_a_page_takes_the_code_compiled_at_build_and_the_classes_work_the_same(
        shop, tmp_path, monkeypatch):
    codes_file = tmp_path / COMPILED_FILE
    codes_file.write_bytes(compile_in_pyodide.dataclass_code(str(shop), "shop"))
    made, items = _made_with(codes_file, shop, monkeypatch)
    assert made.compiled == 0 and made.taken == len(marshal.loads(codes_file.read_bytes()))
    item = items.Item("pear", 3)
    assert item == items.Item("pear", 3) and repr(item) == "Item(name='pear', price=3)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.price = 4
    assert items.Basket().items == [] and items.Basket().items is not items.Basket().items


@pytest.mark.parametrize("contents", [None, b"not marshal at all", marshal.dumps([1, 2])])
def test_without_the_file_or_with_a_broken_one_each_text_is_compiled_as_before(
        shop, tmp_path, monkeypatch, contents):
    codes_file = tmp_path / COMPILED_FILE
    if contents is not None:
        codes_file.write_bytes(contents)
    made, items = _made_with(codes_file, shop, monkeypatch)
    assert made.taken == 0 and made.compiled >= 2
    assert items.Item("fig") == items.Item("fig", 0)


def test_a_text_the_build_did_not_see_is_compiled_as_before(shop, tmp_path, monkeypatch):
    codes_file = tmp_path / COMPILED_FILE
    codes_file.write_bytes(marshal.dumps({"x = 1": marshal.dumps(compile("x = 2", "<s>", "exec")),
                                          "y = 1": b"not a code"}))
    made = CompiledAtBuild(str(codes_file))
    space: dict = {}
    made("x = 1", space)
    made("y = 1", space)
    made("z = 1", space)
    # the build's code for a text it knows (here, on purpose, other code); the rest as exec
    assert (space["x"], space["y"], space["z"]) == (2, 1, 1)
    assert (made.taken, made.compiled) == (1, 2)


@pytest.mark.slow
def test_the_built_sites_course_carries_its_dataclasses_code(site):
    wheel, = (Path(site.root) / "static" / "pyodide").glob("cassino_learn-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        data = archive.read(f"{COMPILED_PACKAGE}/{COMPILED_FILE}")
        record = archive.read(next(n for n in archive.namelist() if n.endswith("RECORD")))
    assert len(data) > 10_000 and f"{COMPILED_PACKAGE}/{COMPILED_FILE},sha256=" in record.decode()


@pytest.mark.slow
@pytest.mark.browser
def test_a_page_compiles_none_of_the_course_dataclasses_it_makes(small_visit):
    """tests/browser/notebooks/dataclasses_compiled.ipynb imports the quiz and the review."""
    small_visit.open("voici/render/dataclasses_compiled.html")
    said = small_visit.page.locator(".jp-OutputArea-output").first.inner_text().strip()
    name, counts = said.split(": ")
    classes, taken, compiled = (int(part.split()[0]) for part in counts.split(", "))
    assert name == "CompiledAtBuild" and classes >= 10
    assert (taken, compiled) == (classes, 0), said
    assert small_visit.errors() == []
