"""Whether this Python runs in a web browser (Pyodide: the in-browser edition), where there are
no threads and no file locks, files live in the browser's storage and the computer is several
times slower. The one place that asks; every layer may import it (it imports nothing)."""

from __future__ import annotations

import sys

__all__ = ["in_browser"]


def in_browser() -> bool:
    """True in Pyodide (asked afresh each time, so a test may stand in for the browser)."""
    return sys.platform == "emscripten"
