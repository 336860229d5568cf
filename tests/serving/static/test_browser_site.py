"""The browser's start-up module (the site's `sitecustomize`), run here natively: package
metadata is found among the installed packages before the working folder (the learner's
storage in the browser), and the lesson pages' module is imported once the kernel's has loaded,
in the kernel's next tasks rather than at once, and only in a site with lesson pages."""

from __future__ import annotations

import importlib.machinery
import json
import importlib.util
import os
import subprocess
import sys
import sysconfig
from importlib.metadata import DistributionFinder, MetadataPathFinder, version
from pathlib import Path

import pytest

from cassino_learn.serving.static import BuildError, browser_site, has_lesson_pages
from cassino_learn.serving.static.browser_site import InstalledFirst, ThenImport, use_installed_first
from cassino_learn.serving.static.runtime import startup_text

SITE_PACKAGES = sysconfig.get_paths()["purelib"]


@pytest.fixture
def shadowing_folder(tmp_path: Path, monkeypatch) -> Path:
    """A working folder holding metadata of pytest at a version that is not installed."""
    info = tmp_path / "pytest-0.0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pytest\nVersion: 0.0.1\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _context(**kwargs) -> DistributionFinder.Context:
    return DistributionFinder.Context(path=["", SITE_PACKAGES], **kwargs)


def test_a_lookup_by_name_finds_the_installed_package_before_the_working_folder(shadowing_folder):
    # Python's own finder looks in the working folder first (the order of the path) ...
    assert next(iter(MetadataPathFinder.find_distributions(_context(name="pytest")))).version \
        == "0.0.1"
    # ... the browser's looks among the installed packages first.
    found = next(iter(InstalledFirst.find_distributions(_context(name="pytest"))))
    assert found.version == version("pytest") != "0.0.1"


def test_every_distribution_is_still_found_once(shadowing_folder):
    def paths(finder) -> list[str]:
        return sorted(str(dist._path) for dist in finder.find_distributions(_context()))

    assert paths(InstalledFirst) == paths(MetadataPathFinder)
    assert len(paths(InstalledFirst)) == len(set(paths(InstalledFirst)))


def test_the_browser_finder_takes_the_place_of_pythons_path_finder():
    meta_path = [object(), importlib.machinery.PathFinder, object()]
    use_installed_first(meta_path)
    assert meta_path[1] is InstalledFirst and importlib.machinery.PathFinder not in meta_path
    # It finds modules as Python's finder does.
    assert InstalledFirst.find_spec("pytest").origin \
        == importlib.machinery.PathFinder.find_spec("pytest").origin


@pytest.fixture
def modules(tmp_path: Path, monkeypatch) -> Path:
    """A folder of modules on the path, forgotten again after the test."""
    monkeypatch.syspath_prepend(str(tmp_path))
    names = ("kernel_like", "page_like", "page_too", "broken_page", "other_module", "asks_early")
    yield tmp_path
    for name in names:
        sys.modules.pop(name, None)
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, ThenImport)]


def test_the_page_modules_are_imported_later_one_a_task_once_the_kernel_module_has_loaded(
        modules):
    (modules / "kernel_like.py").write_text("LOADED = True\n")
    (modules / "page_like.py").write_text("LOADED = True\n")
    (modules / "page_too.py").write_text("import page_like\n")
    (modules / "other_module.py").write_text("")
    later: list = []
    sys.meta_path.insert(0, ThenImport("kernel_like", ("page_like", "page_too"), later.append))

    import other_module  # noqa: F401  (not the trigger: nothing scheduled)
    assert later == []
    import kernel_like

    assert kernel_like.LOADED
    assert "exec_module" not in vars(kernel_like.__spec__.loader)  # the loader as it was
    assert len(later) == 1 and "page_like" not in sys.modules  # scheduled, not done at once
    later[0]()
    assert sys.modules["page_like"].LOADED and "page_too" not in sys.modules
    assert len(later) == 2  # the next is scheduled once the one before has run
    later[1]()
    assert "page_too" in sys.modules
    sys.modules.pop("kernel_like")
    import kernel_like  # noqa: F811,F401  (a second loading schedules nothing)
    assert len(later) == 2


def test_a_step_naming_a_function_calls_it_once_its_module_is_imported(modules):
    (modules / "kernel_like.py").write_text("")
    (modules / "asks_early.py").write_text("CALLS = []\ndef ask():\n    CALLS.append(1)\n")
    later: list = []
    sys.meta_path.insert(0, ThenImport("kernel_like", ("asks_early:ask",), later.append))
    import kernel_like  # noqa: F401

    later[0]()
    assert sys.modules["asks_early"].CALLS == [1]


def test_steps_given_first_run_as_the_kernel_modules_import_begins(modules):
    (modules / "asks_early.py").write_text("import sys\nCALLS = []\n"
                                           "def ask():\n    CALLS.append('kernel_like' in sys.modules)\n")
    (modules / "kernel_like.py").write_text("import asks_early\nSEEN = list(asks_early.CALLS)\n")
    later: list = []
    sys.meta_path.insert(0, ThenImport("kernel_like", (), later.append, first=("asks_early:ask",)))
    import kernel_like

    assert kernel_like.SEEN == [False]  # asked before the kernel's module ran, once
    assert sys.modules["asks_early"].CALLS == [False]


def test_the_progress_file_is_asked_for_as_the_kernel_starts():
    assert browser_site.KERNEL_START_STEPS == ("cassino_learn.pages.read_ahead:read_progress_ahead",)
    module, _, function = browser_site.KERNEL_START_STEPS[0].partition(":")
    assert callable(getattr(importlib.import_module(module), function))


def test_the_class_check_is_started_first_as_the_kernel_starts():
    assert browser_site.PAGE_MODULES[0] == "cassino_learn.pages.browser_class:ask_early"
    module, _, function = browser_site.PAGE_MODULES[0].partition(":")
    assert callable(getattr(importlib.import_module(module), function))


def test_a_page_module_that_fails_to_import_is_left_to_the_page(modules):
    (modules / "kernel_like.py").write_text("")
    (modules / "broken_page.py").write_text("raise ValueError('a broken lesson module')\n")
    (modules / "other_module.py").write_text("")
    later: list = []
    sys.meta_path.insert(0, ThenImport("kernel_like", ("broken_page", "other_module"),
                                       later.append))
    import kernel_like  # noqa: F401

    later[0]()  # no error here, and the next one still comes ...
    later[1]()
    assert "other_module" in sys.modules
    with pytest.raises(ValueError, match="a broken lesson module"):
        import broken_page  # noqa: F401  (... but where the page imports it)


def test_in_the_browser_it_follows_the_kernel_with_what_a_lesson_pages_first_cells_import(
        tmp_path):
    """The modules named are those a lesson page's first cells import (lesson 2's, natively),
    and nothing more: what is imported in advance would otherwise be extra work."""
    assert browser_site.KERNEL_MODULE == "pyodide_kernel"
    code = ("import sys; before = set(sys.modules); "
            "from cassino_learn.pages.lesson import header, quiz, practice; "
            "shown = [header('02_pairing'), quiz('02_pairing'), practice('02_pairing')]; "
            "[getattr(item, '_ipython_display_', lambda: None)() for item in shown]; "
            "print(' '.join(sorted(set(sys.modules) - before)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={**os.environ, "CASSINO_LEARN_DATA": str(tmp_path)})
    imported = set(result.stdout.split())
    # (a step naming a function is a call the page makes in the browser only: tested below)
    assert {name for name in browser_site.PAGE_MODULES if ':' not in name} <= imported


def test_a_loader_that_takes_no_attribute_still_loads_the_kernel_module(monkeypatch):
    class Sealed:
        __slots__ = ()

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            module.LOADED = True

    spec = importlib.machinery.ModuleSpec("kernel_like", Sealed())
    monkeypatch.setattr(importlib.machinery.PathFinder, "find_spec",
                        classmethod(lambda cls, name, path=None, target=None: spec))
    later: list = []
    found = ThenImport("kernel_like", ("page_like",), later.append).find_spec("kernel_like")
    assert found is spec and len(later) == 1  # scheduled at once rather than not at all


@pytest.mark.parametrize("in_advance", [True, False])
def test_the_build_turns_the_imports_in_advance_off_for_a_site_of_no_lessons(
        in_advance, monkeypatch):
    """Run as the browser runs it: the kernel's module is followed by the page modules only in
    a site that has lesson pages (elsewhere the page's first message would wait for them)."""
    meta_path, path_hooks = list(sys.meta_path), list(sys.path_hooks)
    monkeypatch.setattr(sys, "meta_path", meta_path)
    monkeypatch.setattr(sys, "path_hooks", path_hooks)
    monkeypatch.setattr(sys, "platform", "emscripten")
    namespace: dict = {"__name__": "sitecustomize"}
    exec(compile(startup_text(in_advance), "sitecustomize.py", "exec"), namespace)

    steps = [(f.first, f.followers) for f in meta_path if type(f).__name__ == "ThenImport"]
    assert steps == ([(browser_site.KERNEL_START_STEPS, browser_site.PAGE_MODULES)]
                     if in_advance else [])
    assert namespace["_storage_finder"] in path_hooks  # the rest is done either way
    assert namespace["InstalledFirst"] in meta_path


def _notebook(folder: Path, name: str, *cells: tuple[str, str]) -> None:
    (folder / name).write_text(json.dumps({"cells": [
        {"cell_type": kind, "metadata": {}, "source": source} for kind, source in cells]}))


def test_a_site_has_lesson_pages_when_a_code_cell_imports_the_lesson_functions(tmp_path):
    assert has_lesson_pages(Path(__file__).resolve().parents[3] / "lessons")
    _notebook(tmp_path, "00_index.ipynb",
              ("markdown", "from cassino_learn.pages.lesson import header"),
              ("code", "steps = ['from cassino_learn.pages.lesson import header']"))
    assert not has_lesson_pages(tmp_path)  # in prose, or in a string, it imports nothing
    _notebook(tmp_path, "01_one.ipynb",
              ("code", "x = 1\nfrom cassino_learn.pages.lesson import header\nheader('x')"))
    assert has_lesson_pages(tmp_path)


def test_a_notebook_that_cannot_be_read_stops_the_build_with_its_name(tmp_path):
    (tmp_path / "00_index.ipynb").write_text("{ not json")
    with pytest.raises(BuildError, match="00_index.ipynb is not a notebook"):
        has_lesson_pages(tmp_path)
