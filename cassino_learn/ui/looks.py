"""Layout and style models shared by the widgets that are never restyled one by one (buttons,
rows, on-demand launchers): a page sends the browser one model for all of them rather than one
or two per widget."""

from __future__ import annotations

from typing import Callable

import ipywidgets as w
from ipywidgets.widgets.widget_bool import CheckboxStyle  # (not exported at the top)

__all__ = ["shared_look"]

_LOOKS: dict[str, Callable[[], w.Widget]] = {
    "plain": w.Layout, "auto width": lambda: w.Layout(width="auto"), "button": w.ButtonStyle,
    "checkbox": CheckboxStyle}
_made_looks: dict[str, w.Widget] = {}


def shared_look(name: str) -> w.Widget:
    """The kernel's one model of `_LOOKS[name]`, made again if it was closed (e.g. by a
    notebook front end closing every widget)."""
    look = _made_looks.get(name)
    if look is None or look.comm is None:
        look = _made_looks[name] = _LOOKS[name]()
    return look
