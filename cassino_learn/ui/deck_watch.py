"""A widget that draws nothing and tells its owner when the page is shown again (drawn, brought
back from another tab, restored by the back button): "Your review" reads the deck afresh then,
so the cards a game added meanwhile show without a reload."""

from __future__ import annotations

from typing import Any, Callable

from ._assets import asset
from .front_end import FrontEnd

__all__ = ["DeckWatch"]


class DeckWatch(FrontEnd):
    """Calls `shown()` each time the front end says the page is shown."""

    _esm = asset("deck_watch.js")
    _css = ""

    def __init__(self, shown: Callable[[], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown = shown
        self.on_msg(self._handle_message)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "refresh":
            self._shown()
