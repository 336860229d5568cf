"""The base of the widgets drawn by their own ES module (widgets/*.js), such as the card table.

anywidget's front end draws them. This module speaks its protocol without importing anywidget's
Python package: the model and view "AnyModel" and "AnyView" of the front-end module "anywidget"
at the installed anywidget's version, and the synced traits `_esm` (the module's text), `_css`
(its stylesheet) and `_anywidget_id` (the class's name, where the front end keeps the
stylesheet). The package's import brings psygnal and typing_extensions for what these widgets
never use (watching files, descriptors, commands): about a fifth of what a lesson page imports
as it starts in the browser (docs/benchmarks.md). tests/ui/test_front_end.py checks that a
widget here opens with the same state as the same widget made with anywidget.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import ipywidgets
import traitlets as t

from .shown import ShownByModel

__all__ = ["FrontEnd", "anywidget_version"]

_FROM_CLASS = ("_esm", "_css")


@lru_cache(maxsize=None)
def anywidget_version() -> str:
    """The front-end module version anywidget's Python package would send ("~0.11.*" for
    anywidget 0.11.0; a pre-release as it is)."""
    from importlib.metadata import version

    found = version("anywidget")
    major, minor, rest = found.split(".", 2)
    return found if "a" in rest or "b" in rest else f"~{major}.{minor}.*"


class FrontEnd(ShownByModel, ipywidgets.DOMWidget):
    """A widget drawn by anywidget's front end: a subclass gives its module and stylesheet as
    text (`_esm = asset("table.js")`, `_css = ...`), as with anywidget."""

    _model_name = t.Unicode("AnyModel").tag(sync=True)
    _model_module = t.Unicode("anywidget").tag(sync=True)
    _model_module_version = t.Unicode(anywidget_version()).tag(sync=True)
    _view_name = t.Unicode("AnyView").tag(sync=True)
    _view_module = t.Unicode("anywidget").tag(sync=True)
    _view_module_version = t.Unicode(anywidget_version()).tag(sync=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Before traitlets sets the class up: the texts become synced traits of the class (not
        # added to each widget, as anywidget does, which makes a class per widget).
        super().__init_subclass__(**kwargs)
        texts = {key: cls.__dict__[key] for key in _FROM_CLASS
                 if isinstance(cls.__dict__.get(key), str)}
        for key, value in {**texts, "_anywidget_id": f"{cls.__module__}.{cls.__name__}"}.items():
            trait = t.Unicode(value).tag(sync=True)
            setattr(cls, key, trait)
            trait.class_init(cls, key)  # traitlets names only the traits of the class's text
