"""The notebook widgets (they need ipywidgets, and anywidget's front end to draw them: see
front_end.py; the rules core needs neither).

    from cassino_learn.ui import CardTable
"""

from .table import MODES, CardTable

__all__ = ["CardTable", "MODES"]
