"""What the static edition is built from, pinned: the Pyodide runtime, the Python packages the
lessons load in the browser, and the build tools (build-requirements.txt beside this file)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["PYODIDE_VERSION", "BUILD_REQUIREMENTS", "BROWSER_PACKAGES", "KERNEL_PACKAGES",
           "PLACEHOLDERS", "CUT_DEPENDENCIES", "NOT_SHIPPED", "PRELOADED"]

#: The npm package `pyodide` at this version holds the runtime (interpreter, standard library,
#: lock file); jupyterlite-pyodide-kernel 0.7.0 expects exactly this version.
PYODIDE_VERSION = "0.29.0"

BUILD_REQUIREMENTS = Path(__file__).with_name("build-requirements.txt")

#: Packages of Pyodide's lock the kernel loads when it starts (with their dependencies); their
#: wheels come from PyPI at the versions the lock names.
KERNEL_PACKAGES = ("micropip", "ipython", "jedi", "sqlite3")

#: What every page's Python loads as it starts, in one batch from the site's lock (the kernel's
#: own pieces and cassino-learn with its widgets), instead of one by one through micropip.
#: Spelled as the kernel spells them: it skips installing a package named here.
PRELOADED = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi",
             "ipython", "cassino-learn")

#: Packages the lessons need beyond the kernel's, at the versions whose front ends the build
#: tools put into the site (the Python and JavaScript halves of a widget must agree).
BROWSER_PACKAGES = {
    "comm": "0.2.3",
    "ipywidgets": "8.1.8",
    "jupyterlab-widgets": "3.0.17",
    "anywidget": "0.11.0",
    "psygnal": "0.16.1",
    "typing-extensions": "4.15.0",
    "fsrs": "6.3.2",  # the learner's deck's scheduler (learner/deck)
}

#: Requirements of those packages the browser does without, and why.
NOT_SHIPPED = {
    "widgetsnbextension": "it holds only the widgets' front end, which the site has already",
}

#: Packages the kernel asks for by name that the browser does without: an empty placeholder
#: satisfies the request, and the module stays absent. sqlite3 is a standard-library module
#: Pyodide ships separately, compiled, and on no registry (IPython then keeps its history in
#: memory instead of a database). jedi (with parso, which only it needs) serves completions
#: typed in a cell, and no page of the course has a cell to type in; IPython imports it as it
#: starts when it is there and completes without it when not (`JEDI_INSTALLED`). It is 1,880
#: files, unpacked and imported on every first page of a visit: about a third of the time the
#: kernel's packages took to load (docs/benchmarks.md).
PLACEHOLDERS = ("sqlite3", "jedi")

#: Dependencies of lock entries that nothing the course does needs (matplotlib-inline imports
#: matplotlib only when a plot is drawn; the lessons draw none).
CUT_DEPENDENCIES = {"matplotlib-inline": ("matplotlib",)}
