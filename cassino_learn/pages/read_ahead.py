"""A page's progress file read ahead in the browser, as its kernel starts.

In the browser the learner's files live in JupyterLite's storage, mounted at /drive, and every
reading there is a synchronous request that the page answers: about 12 ms with the kernel
waiting, at the moment the lesson's first cell reads its progress. The browser's Python asks it
here instead as the kernel's module begins to import (serving/static/browser_site.py), when the
storage is mounted and the page is idle: the request leaves at once, the page answers it while
the kernel imports, and the answer goes to `progress.read_ahead` for the page's first reading
to take.

The question is the one the storage's own file system asks (a POST to its service worker, with
the browsing context the storage was mounted for), and the answer is decoded as it decodes it.
Anything unexpected leaves no answer: the first reading is then made as before.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any, Callable

from ..learner import progress

__all__ = ["read_progress_ahead", "decoded"]

DRIVE = "/drive"
_asking: set[Any] = set()


def read_progress_ahead(*, again: bool = False, then: Callable[[], None] | None = None) -> None:
    """Ask now for the progress file a page would read now, and take the answer when it comes,
    without waiting for it. `again`: a lesson shown later in the same Python (the course shell)
    reads ahead as a page's start does; `then` is called once the answer is taken or none will
    come."""
    import asyncio

    if again:
        progress.expect_read_ahead()
    path = progress.current_path()
    try:
        answer = _ask_storage(path)  # the request leaves now
    except Exception:  # noqa: BLE001 - no storage mounted, not in it: the page reads it itself
        if then is not None:
            then()
        return
    taking = asyncio.ensure_future(_take(path, answer))
    _asking.add(taking)  # held until done: the event loop keeps only a weak reference
    taking.add_done_callback(_asking.discard)
    if then is not None:
        taking.add_done_callback(lambda _: then())


def _ask_storage(path: Path) -> Any:
    """Ask the storage for `path` as its file system would ("get"); returns the awaitable
    response."""
    import js  # type: ignore[import-not-found]
    import pyodide_js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    if not str(path).startswith(f"{DRIVE}/"):
        raise ValueError(f"{path} is not in the browser's storage")
    storage = pyodide_js.FS.lookupPath(DRIVE).node.mount.type.API
    request_id = str(js.crypto.randomUUID())
    body = {"data": {"method": "get", "path": str(storage.normalizePath(str(path))),
                     "requestId": request_id},
            "browsingContextId": str(storage._browsingContextId), "requestId": request_id}
    return js.fetch(str(storage.endpoint), to_js({"method": "POST", "body": json.dumps(body)},
                                                 dict_converter=js.Object.fromEntries))


async def _take(path: Path, answer: Any) -> None:
    try:
        response = await answer
        if int(response.status) >= 400:
            return
        raw = decoded(json.loads(str(await response.text())))
    except Exception:  # noqa: BLE001 - a JsException, an odd answer: the page reads it itself
        return
    progress.read_ahead(path, raw)


def decoded(answer: Any) -> bytes | None:
    """The file's bytes from the storage's answer (None: no file there), as the storage's file
    system makes them; ValueError for an answer it would not read either."""
    if answer is None:
        return None
    if not isinstance(answer, dict) or not isinstance(answer.get("content"), str):
        raise ValueError(f"not an answer about a file: {answer!r:.80}")
    if answer.get("format") in ("text", "json"):
        return answer["content"].encode("utf-8")
    if answer.get("format") == "base64":
        return base64.b64decode(answer["content"], validate=True)
    raise ValueError(f"a file in an unknown format: {answer.get('format')!r:.40}")
