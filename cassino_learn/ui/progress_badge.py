"""A lesson's progress line ("✔ done · best quiz score 7/8"), read afresh whenever it is shown."""

from __future__ import annotations

from typing import Any, Callable

import traitlets

from ..browser import in_browser
from ._assets import asset
from .front_end import FrontEnd

__all__ = ["ProgressBadge"]


class ProgressBadge(FrontEnd):
    """Shows `summary()`; the front end asks for a new reading each time it renders the badge,
    so a lesson page prepared in a preheated kernel shows the progress of the moment it opens
    (in the browser, where no kernel is prepared in advance, the first reading stands)."""

    _esm = asset("progress.js")
    _css = ".cl-progress { color: #2e6b47; font-weight: 600; margin: 0 0 0.6em; }"
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, summary: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._summary = summary
        self.on_msg(self._handle_message)
        self.refresh()

    def refresh(self) -> None:
        self.text = self._summary()

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # (the browser's kernel is never prepared in advance: its reading is the moment's)
        if isinstance(content, dict) and content.get("type") == "refresh" and not in_browser():
            self.refresh()
