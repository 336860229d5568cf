"""The notebook widgets (they need ipywidgets, and anywidget's front end to draw them: see
front_end.py; the rules core needs neither).

    from cassino_learn.ui import CardTable

The card table is imported when first asked for: a page whose first screen has no table (an
on-demand button, a progress line) then imports none of its modules as it opens.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CardTable", "MODES"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import table

        return getattr(table, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
