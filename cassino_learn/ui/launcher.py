"""The button of a lesson's on-demand part (`pages.lesson.on_demand`): pressed, it asks Python to
build what it opens. One widget, where a box, a line of HTML carrying the buttons' stylesheet and
an ipywidgets button took three: each widget is a model the page's kernel sends and the browser
draws before the page is interactive."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets
import traitlets

from ._assets import asset
from .front_end import FrontEnd
from .shown import ShownByModel

__all__ = ["Launcher", "LauncherBox"]


class Launcher(FrontEnd):
    """A button labelled `label`, under the line `intro` (none if empty); each press calls
    `on_press`."""

    _esm = asset("launcher.js")
    _css = asset("buttons.css")
    label = traitlets.Unicode("").tag(sync=True)
    intro = traitlets.Unicode("").tag(sync=True)
    primary = traitlets.Bool(True).tag(sync=True)

    def __init__(self, label: str, on_press: Callable[[], None], *, intro: str = "",
                 primary: bool = True, **kwargs: Any) -> None:
        super().__init__(label=label, intro=intro, primary=primary, **kwargs)
        self._on_press = on_press
        self.on_msg(self._handle_message)

    def press(self) -> None:
        """What a click on the button does."""
        self._on_press()

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "press":
            self.press()


class LauncherBox(ShownByModel, ipywidgets.VBox):
    """Where a launcher stands, and then what it built."""
