"""Widgets a page shows by their model alone.

IPython shows an ipywidgets widget by asking each of its eleven formatters for the widget (each
walks the widget's classes), and ipywidgets writes the widget's whole repr, every trait that
differs from its default and its children's, as the plain-text alternative. A lesson page shows
half a dozen widgets as it opens, in the browser's Python. The widgets here skip both: the same
widget view, with their class's name as the text.
"""

from __future__ import annotations

__all__ = ["ShownByModel"]


class ShownByModel:
    """Mixin for an ipywidgets widget class (before the widget class in its bases)."""

    def _ipython_display_(self) -> None:
        from IPython.display import publish_display_data

        publish_display_data(self._repr_mimebundle_())  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
