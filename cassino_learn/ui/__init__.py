"""The notebook widgets (they need ipywidgets and anywidget; the rules core does not).

    from cassino_learn.ui import CardTable
"""

from .table import MODES, CardTable

__all__ = ["CardTable", "MODES"]
