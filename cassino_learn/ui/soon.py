"""Work done soon rather than now, on the kernel's event loop: a widget answers a click at once
and does the rest (the computer's move, a slice of the review) in a callback after it, so the
front end sees the answer before the work starts and a later click is handled between two
callbacks. Where no kernel's loop runs (a script, a test calling the widget directly), the work
is done at once. A program that drives the widgets from its own asyncio loop says so with
`on_loop()`.
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
from contextlib import contextmanager
from typing import Callable, Iterator

from ..browser import in_browser

__all__ = ["kernel_loop", "soon", "on_loop"]

_given: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = \
    contextvars.ContextVar("cassino_learn_loop", default=None)


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop the kernel runs, if this code runs on it: ipykernel's (Jupyter, Voila),
    Pyodide's (which is always there and runs its callbacks from the browser's timers), or one
    given with `on_loop`; None otherwise. Another library's loop that merely counts as running
    in this thread (Playwright's sync API leaves its own so while it waits) is none of these."""
    try:
        running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is not None and (running is _given.get() or running is _ipykernel_loop()):
        return running
    if in_browser():
        return asyncio.get_event_loop()
    return None


def _ipykernel_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop of the ipykernel running in this process, if there is one."""
    kernel_app = sys.modules.get("ipykernel.kernelapp")  # never imported here: only if running
    if kernel_app is None or not kernel_app.IPKernelApp.initialized():
        return None
    kernel = getattr(kernel_app.IPKernelApp.instance(), "kernel", None)
    return getattr(getattr(kernel, "io_loop", None), "asyncio_loop", None)


@contextmanager
def on_loop(loop: asyncio.AbstractEventLoop | None = None) -> Iterator[asyncio.AbstractEventLoop]:
    """Inside this block (and in the callbacks scheduled from it) the widgets' later work goes
    to `loop` (by default the one running here), as to a kernel's: for a program or test that
    drives the widgets from its own asyncio loop (`asyncio.run`)."""
    chosen = loop if loop is not None else asyncio.get_running_loop()
    token = _given.set(chosen)
    try:
        yield chosen
    finally:
        _given.reset(token)


def soon(callback: Callable[[], None], delay: float = 0.0) -> bool:
    """Call `callback` after `delay` seconds on the kernel's loop (True), or now where there
    is none (False)."""
    loop = kernel_loop()
    if loop is None:
        callback()
        return False
    loop.call_later(delay, callback)
    return True
