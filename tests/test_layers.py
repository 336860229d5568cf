"""The package's layers import only from the layers below them (docs/layout.md): read from
every module's import statements, those inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cassino_learn

PACKAGE = Path(cassino_learn.__file__).parent
# From the bottom up; serving may use everything below it.
LAYERS = ("core", "game", "teaching", "ui", "pages", "serving")
# Modules beside the layers, below them all: any layer may import them, they import nothing of
# the package (`browser`: whether we run in the browser).
BOTTOM = ("browser",)


def imported_modules(path: Path) -> set[str]:
    """The absolute names of the modules `path` imports (relative imports resolved)."""
    return modules_in(path.read_text(encoding="utf-8"),
                      ["cassino_learn", *path.relative_to(PACKAGE).parent.parts])


def modules_in(source: str, package: list[str]) -> set[str]:
    """The absolute names of the modules `source` (a module of `package`) imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            # `from .. import ui` imports a layer by name
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "cassino_learn" and parts[1] in LAYERS \
        else None


def above(layer: str, modules: set[str]) -> list[str]:
    """The modules of `modules` in a layer above `layer`."""
    allowed = set(LAYERS[:LAYERS.index(layer) + 1])
    return sorted(m for m in modules if layer_of(m) is not None and layer_of(m) not in allowed)


def upward_imports(layer: str) -> list[str]:
    return [f"{path.relative_to(PACKAGE)} imports {module}"
            for path in sorted((PACKAGE / layer).rglob("*.py"))
            for module in above(layer, imported_modules(path))]


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    assert upward_imports(layer) == []


@pytest.mark.parametrize("name", BOTTOM)
def test_a_module_below_the_layers_imports_nothing_of_the_package(name: str) -> None:
    own = {m for m in imported_modules(PACKAGE / f"{name}.py") if m.startswith("cassino_learn")}
    assert own == set()


def test_every_module_beside_the_layers_is_registered() -> None:
    """A new module at the package's top is placed in the layers here (else nothing checks
    what it imports)."""
    beside = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    assert beside == set(BOTTOM)


def test_teaching_imports_nothing_of_ui_or_pages() -> None:
    names = {module for path in (PACKAGE / "teaching").rglob("*.py")
             for module in imported_modules(path)}
    assert not {layer_of(n) for n in names} & {"ui", "pages", "serving"}


def test_the_check_sees_an_upward_import() -> None:
    """Imports inside functions and relative ones are found (else the tests above could not
    fail)."""
    source = ("import json\nfrom ..core import cards\n"
              "def f():\n    from ..ui import table\n    from ..pages.lesson import header\n")
    found = modules_in(source, ["cassino_learn", "teaching"])
    assert above("teaching", found) == ["cassino_learn.pages.lesson",
                                        "cassino_learn.pages.lesson.header", "cassino_learn.ui",
                                        "cassino_learn.ui.table"]
    assert above("pages", found) == []
