"""The package's layers import only from the layers below them, and no layer's modules import
each other in a loop (docs/layout.md): read from every module's import statements, those inside
functions included."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import cassino_learn

PACKAGE = Path(cassino_learn.__file__).parent
# From the bottom up; serving may use everything below it.
LAYERS = ("core", "drawing", "game", "teaching", "learner", "classroom", "ui", "pages",
          "serving")
# The one way down-up: the core's `_repr_html_` hooks draw with `drawing` when a notebook shows
# a card, a position or a move (as python-chess imports chess.svg for `_repr_svg_`).
LAZY_UP = {("core", "drawing"): "_repr_html_"}
# Cycles found in layers this change does not own, left for their owners (see the xfail).
KNOWN_CYCLES: dict[str, str] = {}
# Modules beside the layers, below them all: any layer may import them, they import nothing of
# the package but each other (`browser`: whether we run in the browser; `files`: the one atomic
# writer; `filelock`: a file's lock, which asks `browser`).
BOTTOM = ("browser", "files", "filelock")


@dataclass(frozen=True)
class Import:
    module: str             # the absolute name imported
    function: str | None    # the function it is inside, None at module level
    type_checking: bool     # under `if TYPE_CHECKING:`: never run, only read by type checkers


def imports_of(path: Path) -> list[Import]:
    """What `path` (a module of the package) imports, relative imports resolved."""
    return imports_in(path.read_text(encoding="utf-8"),
                      ["cassino_learn", *path.relative_to(PACKAGE).parent.parts])


def imports_in(source: str, package: list[str]) -> list[Import]:
    """What `source` (a module of `package`) imports, with where each import sits."""
    found: list[Import] = []

    def visit(node: ast.AST, function: str | None, type_checking: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name, type_checking)
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for item in child.body:
                    visit(ast.Module(body=[item], type_ignores=[]), function, True)
                for item in child.orelse:
                    visit(ast.Module(body=[item], type_ignores=[]), function, type_checking)
            else:
                names: list[str] = []
                if isinstance(child, ast.Import):
                    names = [alias.name for alias in child.names]
                elif isinstance(child, ast.ImportFrom):
                    base = package[:len(package) - child.level + 1] if child.level else []
                    module = ".".join([*base, *([child.module] if child.module else [])])
                    # `from .. import ui` imports a layer (or a module) by name
                    names = [module, *(f"{module}.{alias.name}" for alias in child.names)]
                found.extend(Import(name, function, type_checking) for name in names)
                visit(child, function, type_checking)

    visit(ast.parse(source), None, False)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def modules_in(source: str, package: list[str]) -> set[str]:
    """The absolute names of the modules `source` (a module of `package`) imports."""
    return {i.module for i in imports_in(source, package)}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "cassino_learn" and parts[1] in LAYERS \
        else None


def above(layer: str, imports: list[Import]) -> list[str]:
    """The modules of `imports` in a layer above `layer` (the one lazy way up excepted)."""
    allowed = set(LAYERS[:LAYERS.index(layer) + 1])
    return sorted({i.module for i in imports
                   if layer_of(i.module) is not None and layer_of(i.module) not in allowed
                   and not (i.function is not None and i.function == LAZY_UP.get(
                       (layer, layer_of(i.module))))})


def upward_imports(layer: str) -> list[str]:
    return [f"{path.relative_to(PACKAGE)} imports {module}"
            for path in sorted((PACKAGE / layer).rglob("*.py"))
            for module in above(layer, imports_of(path))]


def module_name(path: Path) -> str:
    parts = ["cassino_learn", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(layer: str) -> dict[str, set[str]]:
    """Each module of `layer` and the modules of the same layer it imports when run (at module
    level or inside a function; not what only type checkers read)."""
    modules = {module_name(p): p for p in sorted((PACKAGE / layer).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph[name] = {i.module for i in imports_of(path)
                       if not i.type_checking and i.module in modules and i.module != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import loops of `graph`: each strongly connected group of modules (Tarjan), as one
    loop through it, shortest names first, so a failure names the modules to untie."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return [_loop(group, graph) for group in groups]


def _loop(group: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One loop through a strongly connected group, from its first module back to it."""
    start = group[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & set(group)):
                if nxt == start:
                    return paths[node] + [start]
                if nxt not in paths:
                    paths[nxt] = paths[node] + [nxt]
                    following.append(nxt)
        frontier = following
    return group  # pragma: no cover - a strongly connected group always loops


def loops_text(layer: str) -> list[str]:
    return [" -> ".join(m.removeprefix("cassino_learn.") for m in loop)
            for loop in cycles(import_graph(layer))]


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    assert upward_imports(layer) == []


@pytest.mark.parametrize("layer", [
    pytest.param(layer, marks=pytest.mark.xfail(strict=True, reason=KNOWN_CYCLES[layer]))
    if layer in KNOWN_CYCLES else layer for layer in LAYERS])
def test_no_import_loop_inside_a_layer(layer: str) -> None:
    assert loops_text(layer) == []


def test_the_core_imports_the_drawing_only_when_asked_to_draw() -> None:
    """No module of the core imports `drawing` at import time (only `_repr_html_` does)."""
    found = [f"{path.relative_to(PACKAGE)}: {i.module} in {i.function or 'module level'}"
             for path in sorted((PACKAGE / "core").rglob("*.py")) for i in imports_of(path)
             if layer_of(i.module) == "drawing"]
    assert found and all(line.endswith("in _repr_html_") for line in found), found


@pytest.mark.parametrize("name", BOTTOM)
def test_a_module_below_the_layers_imports_only_those_below_it(name: str) -> None:
    """`BOTTOM` is in order: each module imports only the ones listed before it."""
    below = {f"cassino_learn.{other}" for other in BOTTOM[:BOTTOM.index(name)]}
    own = {i.module for i in imports_of(PACKAGE / f"{name}.py")
           if i.module.startswith("cassino_learn")}
    # a name taken from a module below (`cassino_learn.browser.in_browser`) counts as it
    assert {m for m in own if m not in below and m.rsplit(".", 1)[0] not in below} == set()


def test_every_module_beside_the_layers_is_registered() -> None:
    """A new module at the package's top is placed in the layers here (else nothing checks
    what it imports)."""
    beside = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    assert beside == set(BOTTOM)


def test_teaching_imports_nothing_of_the_learner_the_class_ui_or_pages() -> None:
    """Lesson content knows no learner's storage and no class: those read it."""
    names = {i.module for path in (PACKAGE / "teaching").rglob("*.py") for i in imports_of(path)}
    assert not {layer_of(n) for n in names} & {"learner", "classroom", "ui", "pages", "serving"}


def test_the_check_sees_an_upward_import() -> None:
    """Imports inside functions and relative ones are found (else the tests above could not
    fail)."""
    source = ("import json\nfrom ..core import cards\n"
              "def f():\n    from ..ui import table\n    from ..pages.lesson import header\n")
    found = imports_in(source, ["cassino_learn", "teaching"])
    assert above("teaching", found) == ["cassino_learn.pages.lesson",
                                        "cassino_learn.pages.lesson.header", "cassino_learn.ui",
                                        "cassino_learn.ui.table"]
    assert above("pages", found) == []
    drawing = imports_in("def _repr_html_(self):\n    from ..drawing.render import card_svg\n"
                         "def show(self):\n    from ..drawing import render\n",
                         ["cassino_learn", "core"])
    assert above("core", drawing) == ["cassino_learn.drawing", "cassino_learn.drawing.render"]


def test_the_check_sees_a_loop_through_a_function_level_import() -> None:
    """A loop closed by an import inside a function is a loop; one that only type checkers
    read is not (it never runs)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    late = imports_in("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from .position import Position\n"
                      "def f():\n    from .movegen import legal_moves\n",
                      ["cassino_learn", "core"])
    assert [(i.module, i.function, i.type_checking) for i in late if "core." in i.module] == [
        ("cassino_learn.core.position", None, True),
        ("cassino_learn.core.position.Position", None, True),
        ("cassino_learn.core.movegen", "f", False),
        ("cassino_learn.core.movegen.legal_moves", "f", False)]


# ---------------------------------------------------------------------- moves: listed and played

# What a module outside the core may take from the move generator: the legal moves, and what a
# selection on the card table allows. A move is played with `Position.play`, which checks it;
# only the game's search (game/) may use the unchecked fast path `apply_move`. The generator's
# other ways (`_iter_moves`, `_count_moves`, `_has_play`, `_find_move`) are the core's own.
MOVEGEN_PUBLIC = {"legal_moves", "extensions", "moves_with"}
MOVEGEN_FOR_GAME = {"apply_move"}


def movegen_names_used(source: str, package: list[str]) -> set[str]:
    """The names `source` (a module of `package`) takes from `cassino_learn.core.movegen`,
    imported or as attributes of the module."""
    prefix = "cassino_learn.core.movegen."
    found = imports_in(source, package)
    names = {i.module.removeprefix(prefix) for i in found if i.module.startswith(prefix)}
    if any(i.module == "cassino_learn.core.movegen" for i in found):
        names |= {node.attr for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id == "movegen"}
    return names


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py")
                                        if p.relative_to(PACKAGE).parts[0] != "core"),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_outside_the_core_moves_are_listed_and_played_the_public_way(path: Path) -> None:
    allowed = MOVEGEN_PUBLIC | (MOVEGEN_FOR_GAME if path.relative_to(PACKAGE).parts[0] == "game"
                                else set())
    package = ["cassino_learn", *path.relative_to(PACKAGE).parent.parts]
    wrong = movegen_names_used(path.read_text(encoding="utf-8"), package) - allowed
    assert not wrong, (f"{path.relative_to(PACKAGE)} uses {sorted(wrong)} of core.movegen: "
                       f"list moves with legal_moves, play one with Position.play")


def test_the_unchecked_ways_to_play_a_move_are_gone() -> None:
    """One checked way (`Position.play`) and the search's fast path (`movegen.apply_move`)."""
    from cassino_learn import Move, Position

    assert not hasattr(Position, "after") and not hasattr(Move, "play_from")


def test_the_movegen_check_sees_an_internal_name_and_the_fast_path() -> None:
    source = ("from ..core.movegen import _iter_moves, legal_moves\n"
              "from ..core import movegen\nmovegen.apply_move(p, m)\n")
    assert movegen_names_used(source, ["cassino_learn", "ui"]) == {
        "_iter_moves", "legal_moves", "apply_move"}
