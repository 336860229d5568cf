"""The base of the widgets drawn by their own ES module (widgets/*.js), such as the card table.

anywidget's front end draws them. This module speaks its protocol without importing anywidget's
Python package: the model and view "AnyModel" and "AnyView" of the front-end module "anywidget"
at the installed anywidget's version, and the synced traits `_esm` (the module's text), `_css`
(its stylesheet) and `_anywidget_id` (the class's name, where the front end keeps the
stylesheet). The package's import brings psygnal and typing_extensions for what these widgets
never use (watching files, descriptors, commands): about a fifth of what a lesson page imports
as it starts in the browser (docs/benchmarks.md). tests/ui/test_front_end.py checks that a
widget here opens with the same state as the same widget made with anywidget.

In the in-browser edition the module is a file of the site (`WIDGET_MODULES`, written by the
build from `widget_modules()`) and `_esm` its address, which anywidget's front end imports as
the browser imports a module: once a visit, however many widgets and lessons use it, where a
text is made into a module again for every widget. Elsewhere (Voila, a notebook) it is the text.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

import ipywidgets
import traitlets as t

from ..browser import site_url
from .shown import ShownByModel

__all__ = ["FrontEnd", "WIDGET_MODULES", "anywidget_version", "module_file", "widget_modules"]

_FROM_CLASS = ("_esm", "_css")
#: The folder of the site (in-browser edition) that holds the widgets' modules.
WIDGET_MODULES = "static/widgets/"
#: Every widget class's module: its file name in WIDGET_MODULES, and its text.
_MODULES: dict[str, str] = {}


def module_file(widget_id: str, text: str) -> str:
    """The file name of a widget class's module: its class's name and a digest of its text (a
    new text is a new name, so no browser keeps an old one)."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return f"{widget_id}.{digest}.js"


def widget_modules() -> dict[str, str]:
    """{file name: module text} of every FrontEnd class defined so far."""
    return dict(_MODULES)


def _module_address(widget_id: str, text: str) -> str:
    """What a class sends as `_esm`: its module's address in the site in the browser (when the
    site's address is known), its text elsewhere."""
    name = module_file(widget_id, text)
    _MODULES[name] = text
    site = site_url()
    return f"{site}{WIDGET_MODULES}{name}" if site else text


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
    text (`_esm = asset("table.js")`, `_css = ...`), as with anywidget (in the browser `_esm`
    is sent as the module's address: see the module's text)."""

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
        widget_id = f"{cls.__module__}.{cls.__name__}"
        texts = {key: cls.__dict__[key] for key in _FROM_CLASS
                 if isinstance(cls.__dict__.get(key), str)}
        if "_esm" in texts:
            texts["_esm"] = _module_address(widget_id, texts["_esm"])
        for key, value in {**texts, "_anywidget_id": widget_id}.items():
            trait = t.Unicode(value).tag(sync=True)
            setattr(cls, key, trait)
            trait.class_init(cls, key)  # traitlets names only the traits of the class's text
