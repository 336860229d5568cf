"""Run by the browser's Python as it starts (the build puts this file into Pyodide's standard
library as `sitecustomize`). Four things about the folder of the learner's browser storage,
`/drive`, and the page's first moments:

- `/drive` is never searched for Python modules. The kernel makes it the working folder, and
  `sys.path` starts with '' (the working folder), so without this every import would first ask
  `/drive` whether it holds the module: each question is a synchronous request to the site's
  service worker, a few hundred of them while IPython and the lessons' packages load.
- Package metadata (`importlib.metadata.version` and the like, which the widgets ask for
  anywidget's version) is looked up among the installed packages first: a lookup that starts
  with the working folder lists `/drive`, about 70 ms, and never finds a package there.
- Once the kernel's own module has loaded, it starts the class check (a request to the server
  that every lesson page's first cell makes: the answer comes while the kernel imports, and
  the cell takes it rather than waiting for a request of its own), then imports the modules
  every lesson page's first cells import (the widget library, the page's functions, the
  on-demand button), one module a task, each task scheduled when the one before has run (so
  the page's messages meanwhile are answered between two imports). These imports are not
  free: the page's first message to the kernel waits behind them. A lesson page imports them
  anyway, and done here they overlap the page's own start (its widget manager, its first
  outputs). What only some pages use (the stage runner and its card table, the quiz) is left
  to the cells that use it: a page without it would only wait longer. A site with no lesson
  page would only wait for them all, so the build sets IMPORT_IN_ADVANCE to False there
  (`runtime.startup_text`).

- As the kernel's module begins to import, the page's progress file is asked for without
  waiting (`KERNEL_START_STEPS`, `cassino_learn/pages/read_ahead.py`): the storage is mounted
  by then and the page idle, so the answer is there when the page's first cell looks at its
  progress, where a reading of its own would wait about 12 ms on the page.

The lessons keep files in `/drive` (progress), never modules.
"""

import importlib.machinery
import sys

DRIVE = "/drive"
#: What every lesson page's first cells import, in the order they import it; "module:function"
#: also calls the function (the class check, started first so that its answer comes meanwhile).
PAGE_MODULES = ("cassino_learn.pages.browser_class:ask_early", "ipywidgets",
                "cassino_learn.pages.lesson", "cassino_learn.ui.launcher")
#: Asked as the kernel's module begins to import (the storage is mounted, the page idle): the
#: page's progress file, read ahead for its first look at its progress.
KERNEL_START_STEPS = ("cassino_learn.pages.read_ahead:read_progress_ahead",)
#: The kernel's module: the page starts to connect once it has loaded.
KERNEL_MODULE = "pyodide_kernel"
#: Whether PAGE_MODULES are imported in advance (the build writes False for a site of no lessons).
IMPORT_IN_ADVANCE = True


class _NoModulesHere:
    """The import finder of the storage folder: it finds nothing, and asks nothing."""

    def find_spec(self, fullname, target=None):
        return None

    def invalidate_caches(self):
        pass


def _storage_finder(path):
    if path == DRIVE or path.startswith(DRIVE + "/"):
        return _NoModulesHere()
    raise ImportError(path)  # not the storage folder: the usual finders take it


class InstalledFirst(importlib.machinery.PathFinder):
    """Python's path finder, except that package metadata is looked for in the installed
    packages' folders before the other entries of the path (the same distributions, in another
    order: a lookup by name stops at the first it finds)."""

    @classmethod
    def find_distributions(cls, context=None):
        from importlib.metadata import DistributionFinder, MetadataPathFinder

        context = context if context is not None else DistributionFinder.Context()
        path = sorted(context.path, key=lambda entry: not str(entry).endswith("site-packages"))
        return MetadataPathFinder.find_distributions(
            DistributionFinder.Context(name=context.name, path=path))


def use_installed_first(meta_path: list) -> None:
    """Put InstalledFirst in place of Python's path finder in `meta_path`."""
    for index, finder in enumerate(meta_path):
        if finder is importlib.machinery.PathFinder:
            meta_path[index] = InstalledFirst


class ThenImport:
    """A one-time import finder: as `trigger`'s import begins it runs the steps `first`; once
    `trigger` has been imported (run, not only found), it asks `schedule` to import each of
    `followers` later, one a call, each scheduled when the one before has run. A failure there
    is left to the page's own import of the module, which reports it where the learner sees it."""

    def __init__(self, trigger: str, followers: tuple[str, ...], schedule,
                 first: tuple[str, ...] = ()) -> None:
        self.trigger, self.followers, self.schedule = trigger, followers, schedule
        self.first = first  # run (imported, called) as the trigger's import begins
        self.done = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.trigger or self.done:
            return None
        self.done = True
        for step in self.first:
            _import_quietly(step)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader

        def exec_then_schedule(module) -> None:
            del loader.exec_module  # the loader's own again, for any other module it loads
            loader.exec_module(module)
            self.schedule_followers()

        try:
            loader.exec_module = exec_then_schedule
        except AttributeError:  # a loader that takes no attribute: the module is found, at least
            self.schedule_followers()
        return spec

    def schedule_followers(self, first: int = 0) -> None:
        """Schedule follower `first`; once it has run, the next. A message from the page that
        comes meanwhile is answered before the next import, not after all of them."""
        if first >= len(self.followers):
            return

        def step() -> None:
            _import_quietly(self.followers[first])
            self.schedule_followers(first + 1)

        self.schedule(step)

    def invalidate_caches(self):
        pass


def _import_quietly(name: str) -> None:
    """Import module `name`; for "module:function", call the function too."""
    module, _, function = name.partition(":")
    try:
        __import__(module)
        if function:
            getattr(sys.modules[module], function)()
    except Exception:  # noqa: BLE001 - the page's own import raises it again, visibly
        pass


def _in_a_task_of_its_own(function) -> None:
    """Run `function` in a task of its own on the browser's event loop."""
    from js import setTimeout
    from pyodide.ffi import create_once_callable

    setTimeout(create_once_callable(function), 0)


if sys.platform == "emscripten":  # only in the browser, whoever imports this file
    sys.path_hooks.insert(0, _storage_finder)
    use_installed_first(sys.meta_path)
    if IMPORT_IN_ADVANCE:
        sys.meta_path.insert(0, ThenImport(KERNEL_MODULE, PAGE_MODULES, _in_a_task_of_its_own,
                                           first=KERNEL_START_STEPS))
