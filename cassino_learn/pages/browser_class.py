"""A lesson running in the learner's browser (Pyodide), handed out by a class's server
(`cassino-learn serve --class NAME`). When a page starts, its Python asks the server who this
browser is (GET class/api/me; a plain static site answers 404 and nothing changes). In a class
the page's learner context is that learner's: their own progress file in the browser's storage,
with the server's copy merged in first, and every event and save posted on the channel CHANNEL
to the page's outbox (serving/static/class-client.js), which sends it on until the server has
it. Without a connection at start the learner known last in this browser is used, so nothing
done offline is lost.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

__all__ = ["CHANNEL", "ME_PATH", "BrowserIdentity", "ask_early", "ask_server", "join_in_browser"]

CHANNEL = "cassino-learn-class"
ME_PATH = "/class/api/me"
HOMEWORK_PATH = "/class/api/homework"
#: The browser's storage (JupyterLite's drive); memory elsewhere is lost with the page.
STORAGE = Path("/drive/cassino-learn/class")
LAST_LEARNER = STORAGE / "learner.json"


@dataclass(frozen=True)
class BrowserIdentity:
    id: str
    name: str
    code: str
    progress: dict[str, Any] | None = None  # the server's copy (None: the server not reached)


Fetch = Callable[[str], tuple[int, str]]


#: Answers of GETs started early (`ask_early`), by path, each taken once by `_fetch`.
_early: dict[str, tuple[int, str]] = {}
_asking: set[Any] = set()


def ask_early(path: str = ME_PATH) -> None:
    """Start the GET of `path` now, without waiting for it (the browser's Python calls this as
    its kernel starts, serving/static/browser_site.py): the page's first cell asks the class
    check, and the answer is there by then. Not answered, the page asks again itself."""
    import asyncio

    asking = asyncio.ensure_future(_get_early(path))
    _asking.add(asking)  # held until done: the event loop keeps only a weak reference
    asking.add_done_callback(_asking.discard)


async def _get_early(path: str) -> None:
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    try:
        response = await js.fetch(f"{js.location.origin}{path}",
                                  to_js({"headers": {"Accept": "application/json"}},
                                        dict_converter=js.Object.fromEntries))
        _early[path] = (int(response.status), str(await response.text()))
    except Exception:  # noqa: BLE001 - a JsException (offline): `_fetch` asks, and says so
        pass


def _fetch(path: str) -> tuple[int, str]:
    """(status, text) of a GET to this site's server; OSError when it cannot be reached."""
    if path in _early:
        return _early.pop(path)
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser

    request = js.XMLHttpRequest.new()
    try:
        request.open("GET", f"{js.location.origin}{path}", False)  # a worker may wait
        request.setRequestHeader("Accept", "application/json")
        request.send(None)
    except Exception as error:  # a JsException: offline, or the server is down
        raise OSError(f"the class's server cannot be reached ({error})") from None
    return int(request.status), str(request.responseText)


def _post(message: dict[str, Any]) -> None:
    import js  # type: ignore[import-not-found]

    global _channel
    if _channel is None:
        _channel = js.BroadcastChannel.new(CHANNEL)
    _channel.postMessage(json.dumps(message))


_channel: Any = None


def ask_server(fetch: Fetch = _fetch) -> BrowserIdentity | None:
    """This browser's learner as the server says (None: no class here, or not joined yet);
    the learner known last when the server cannot be reached (None if there is none)."""
    try:
        status, text = fetch(ME_PATH)
    except OSError:
        return _last_learner()
    if status != 200:
        return None  # 404: a static site with no class; 401: not joined (the page asks)
    try:
        data = json.loads(text)
        learner = data["learner"]
        identity = BrowserIdentity(str(learner["id"]), str(learner["name"]),
                                   str(learner["code"]), data.get("progress") or {})
    except (ValueError, KeyError, TypeError):
        return None
    _remember(identity)
    return identity


def _remember(identity: BrowserIdentity) -> None:
    try:
        STORAGE.mkdir(parents=True, exist_ok=True)
        LAST_LEARNER.write_text(json.dumps({"id": identity.id, "name": identity.name,
                                            "code": identity.code}), encoding="utf-8")
    except OSError:
        pass  # only the offline start needs it


def _last_learner() -> BrowserIdentity | None:
    try:
        data = json.loads(LAST_LEARNER.read_text(encoding="utf-8"))
        return BrowserIdentity(str(data["id"]), str(data["name"]), str(data["code"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def join_in_browser(fetch: Fetch = _fetch,
                    post: Callable[[dict[str, Any]], None] = _post) -> BrowserIdentity | None:
    """Make this page a class's learner if the server says it is one (see the module's text):
    progress in the learner's own file, merged with the server's copy, and every event and
    save passed on to the page's outbox. None, and nothing changed, outside a class."""
    from ..classroom import class_events, homework
    from ..learner import learner_context, progress

    identity = ask_server(fetch)
    if identity is None:
        return None
    learner = identity.id

    def send(data: dict[str, Any]) -> None:
        post({"type": "progress", "learner": learner, "progress": data})

    # Merged first, passed on after: the server's own copy is not sent back to it.
    learner_context.use(learner_context.LearnerContext(
        learner=identity, progress_path=STORAGE / identity.id / progress.FILE_NAME))
    store = progress.load()
    if identity.progress:
        try:
            store.merge_json(identity.progress)
        except ValueError:
            pass  # the server's copy is not progress: keep this browser's
    class_events.record_to(lambda event: post({"type": "event", "learner": learner,
                                               "event": event}))
    learner_context.use(replace(learner_context.current(), after_save=(send,)))
    send(progress.load().to_json())  # what was done here offline, or before the class
    homework.ask_with(lambda: ask_homework(fetch))
    return identity


def ask_homework(fetch: Fetch = _fetch) -> list[dict[str, Any]]:
    """The class's homework with this learner's own results ([] when the server says no)."""
    status, text = fetch(HOMEWORK_PATH)
    if status != 200:
        return []
    work = json.loads(text).get("homework", [])
    if not isinstance(work, list):
        raise ValueError("the homework is a list")
    return [item for item in work if isinstance(item, dict)]
