"""Work done soon rather than now, on the kernel's event loop: a widget answers a click at once
and does the rest (the computer's move, a slice of the review) in a callback after it, so the
front end sees the answer before the work starts and a later click is handled between two
callbacks. Where no event loop runs (a script, a test calling the widget directly), the work
is done at once, as before.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Callable

__all__ = ["kernel_loop", "soon"]


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop the kernel runs (ipykernel's, or Pyodide's, which is always there and
    runs its callbacks from the browser's timers), or None outside a kernel."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()
    return None


def soon(callback: Callable[[], None], delay: float = 0.0) -> bool:
    """Call `callback` after `delay` seconds on the kernel's loop (True), or now where there
    is none (False)."""
    loop = kernel_loop()
    if loop is None:
        callback()
        return False
    loop.call_later(delay, callback)
    return True
