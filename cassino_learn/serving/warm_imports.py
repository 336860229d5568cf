"""An IPython extension for the kernels of the app's own server: it imports the lesson modules
in the background while Voila is still preparing the page.

A cold kernel waits 0.2-0.4 s between its start and the first cell Voila sends it (Voila waits
for it to answer, then renders the top of the page). A lesson's first cell spends about 0.1 s of
its own importing ipywidgets and the lesson modules; done in that wait, the import
costs the learner nothing.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

__all__ = ["MODULES", "load_ipython_extension", "warm_up"]

# In the order a lesson imports them: its first cell imports `lesson`, whose header then
# imports `ui.stages`. Python locks each module while it is imported; taking the locks in one
# order in both threads means neither can ever wait for the other in a circle.
MODULES = ("cassino_learn.pages.lesson", "cassino_learn.ui.stages", "cassino_learn.pages.contents")


def warm_up(modules: tuple[str, ...] = MODULES) -> None:
    """Import `modules`; a failure is left for the lesson's own import to report, in its
    cell, where the learner and the teacher see it."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001  (reported by the lesson's own import)
            return


def load_ipython_extension(_ipython: Any) -> None:
    threading.Thread(target=warm_up, name="cassino-warm-imports", daemon=True).start()
