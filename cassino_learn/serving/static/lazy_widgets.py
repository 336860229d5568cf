"""ipywidgets in the browser, with the widgets a lesson page does not draw at once imported on
first use.

`import ipywidgets` imports every widget module (sliders, date pickers, media, templates, the
interact machinery): about 110 ms inside Pyodide, on the way to every lesson page's first cell,
of which the widgets the pages draw as they open (boxes, buttons, HTML, output areas, layouts)
take about 40 ms. The build rewrites the two `__init__` modules of the site's copy of
ipywidgets so that the other widget modules load when one of their names is first asked for
(`ipywidgets.Dropdown`, `from ipywidgets import Checkbox`): the same names, later. The served
edition keeps ipywidgets as it is.

When ipywidgets' `__init__` modules are not the shape this module knows, the build stops with
a message naming this file.
"""

from __future__ import annotations

import re
from pathlib import Path

from .steps import BuildError
from .wheel_text import rewrite_wheel

__all__ = ["EAGER", "MARK", "lazy_package_init", "lazy_widgets_init", "make_widgets_lazy"]

#: The widget modules imported with ipywidgets (what a lesson page's first outputs use).
EAGER = ("widget", "domwidget", "valuewidget", "trait_types", "widget_core", "widget_button",
         "widget_box", "widget_output", "widget_string", "widget_layout", "widget_style",
         "widget_description")
#: A constant of the rewritten modules (it stays in their bytecode, so a built site shows it).
MARK = "cassino-learn: widget modules imported on first use (lazy_widgets.py)"
WIDGETS_INIT = "ipywidgets/widgets/__init__.py"
PACKAGE_INIT = "ipywidgets/__init__.py"
_IMPORT = re.compile(r"from \.(?P<module>\w+) import (?P<names>\w+(?:, \w+)*)")
_STAR = "from .widgets import *\n"

_LATER = '''
_MARK = {mark!r}
#: Where each name not imported above is: imported when the name is first asked for.
_LATER = {later!r}


def __getattr__(name):
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {{__name__!r}} has no attribute {{name!r}}")
    import importlib

    value = getattr(importlib.import_module("." + module, __name__), name)
    globals()[name] = value
    return value
'''

_DELEGATE = '''

_MARK = {mark!r}


def __getattr__(name):
    """A widget `widgets` imports on first use (lazy_widgets.py in cassino-learn's build)."""
    from . import widgets

    return getattr(widgets, name)
'''


def _fail(what: str) -> BuildError:
    return BuildError(f"ipywidgets' {what} is not the one this build knows (ipywidgets 8.1): "
                      "see cassino_learn/serving/static/lazy_widgets.py")


def lazy_widgets_init(text: str) -> str:
    """`ipywidgets/widgets/__init__.py` with the modules not in EAGER imported on first use."""
    kept: list[str] = []
    later: dict[str, str] = {}
    for line in text.splitlines(keepends=True):
        found = _IMPORT.fullmatch(line.strip())
        if found is None:
            if line.strip() and not line.lstrip().startswith("#"):
                raise _fail(f"{WIDGETS_INIT} (line {line.strip()!r})")
            kept.append(line)
        elif found["module"] in EAGER:
            kept.append(line)
        else:
            later.update((name, found["module"]) for name in found["names"].split(", "))
    if not later or not any("widget_box" in line for line in kept):
        raise _fail(WIDGETS_INIT)
    return "".join(kept) + _LATER.format(mark=MARK, later=later)


def lazy_package_init(text: str) -> str:
    """`ipywidgets/__init__.py` passing names it does not have on to `widgets`."""
    if text.count(_STAR) != 1 or "def __getattr__" in text:
        raise _fail(PACKAGE_INIT)
    return text + _DELEGATE.format(mark=MARK)


def make_widgets_lazy(wheel: Path) -> None:
    """Rewrite ipywidgets' two `__init__` modules inside `wheel` (done once: a wheel already
    rewritten is left as it is)."""
    rewrite_wheel(wheel, {WIDGETS_INIT: lazy_widgets_init, PACKAGE_INIT: lazy_package_init},
                  MARK, _fail)
