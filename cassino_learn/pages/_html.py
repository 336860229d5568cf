"""Rich HTML output for a page, with the plain text nbval compares."""

from __future__ import annotations

__all__ = ["Html"]


class Html:
    """Rich HTML output with a plain-text fallback (what nbval compares)."""

    def __init__(self, markup: str, text: str) -> None:
        self.markup, self.text = markup, text

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


# Every link between pages says target="_self": the notebook front ends open links in HTML
