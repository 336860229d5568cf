"""The class's progress API, what a learner's page (serving/static/class-client.js) talks to:

    GET  {base}class/api/me     the cookie's learner: {"learner": {id, name, code},
                                "progress": {...}, "xsrf": token}; 401 without a learner
    GET  {base}class/api/homework   the class's homework with this learner's own results
                                (never another's): {"homework": [...]}; 401 without a learner
    POST {base}class/api/sync   {"learner": id, "events": [...], "progress": {...}?}
                                -> {"stored": n new events}

Every request is checked before anything is stored, and a refused one changes nothing:
413 for a body over MAX_BODY, 401 without a learner cookie of this class (signed, so it cannot
be made up), 403 for a missing or wrong XSRF header (tornado's check) or a body naming another
learner than the cookie's, 429 past the rate limit (a bucket of RATE_BURST requests a learner,
refilled RATE_PER_SECOND a second), 400 for anything that is not JSON of that shape (the
store refuses a malformed event, with nothing stored). Events carry ids made by the page:
sending one twice stores it once, so the page can send again whenever it is not sure.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tornado import web

from ..classroom.class_store import EventRefused, ProgressRefused
from ..classroom.homework_positions import judge_ahead
from .class_limits import RATE_BURST, RATE_PER_SECOND, RateLimit
from .class_web import ClassState, cookie_learner_id

__all__ = ["api_handlers", "RateLimit", "MAX_BODY", "MAX_EVENTS", "RATE_BURST",
           "RATE_PER_SECOND", "LEARNER_ID"]

MAX_BODY = 256 * 1024
MAX_EVENTS = 500
LEARNER_ID = re.compile(r"[0-9a-f]{16}")
SYNC_FIELDS = {"learner", "events", "progress"}


class Refused(Exception):
    def __init__(self, status: int, reason: str, **more: Any) -> None:
        super().__init__(reason)
        self.status, self.reason, self.more = status, reason, more

    def answer(self) -> dict[str, Any]:
        """The JSON a page gets: the reason, and which event (its place and id) or "progress"
        was refused, so that the page sets aside only that one."""
        return {"error": self.reason, **self.more}


class _Api(web.RequestHandler):
    def initialize(self, state: ClassState, limit: RateLimit) -> None:
        self.state, self.limit = state, limit

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Content-Type", "application/json; charset=utf-8")

    def answer(self, status: int, data: dict[str, Any]) -> None:
        self.set_status(status)
        self.finish(json.dumps(data, ensure_ascii=False))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        reasons = {403: "refused: the page's XSRF token is missing or wrong; reload the page",
                   405: "not a method of this address"}
        self.finish(json.dumps({"error": reasons.get(status_code, self._reason)}))

    def learner_id(self) -> str:
        learner_id = cookie_learner_id(self, self.state)
        if learner_id is None:
            raise Refused(401, "this browser is not a learner of this class: open the class's "
                               "address and give your name")
        return learner_id

    async def learner(self, learner_id: str) -> Any:
        learner = await self.state.store.read(lambda store: store.learner(learner_id))
        if learner is None:
            raise _no_such_learner()
        return learner


def _no_such_learner() -> Refused:
    return Refused(401, "this class has no such learner (the class may have been ended): "
                        "open the class's address and give your name")


class MeHandler(_Api):
    async def get(self) -> None:
        try:
            learner_id = self.learner_id()
            # one trip to a reader thread for both (a page asks twice at each load)
            learner, saved = await self.state.store.read(lambda store: _me(store, learner_id))
        except Refused as refused:
            self.answer(refused.status, {"error": refused.reason})
            return
        self.answer(200, {"learner": {"id": learner.id, "name": learner.name,
                                      "code": learner.code},
                          "class": self.state.name, "progress": saved,
                          "xsrf": self.xsrf_token.decode("ascii")})


def _me(store: Any, learner_id: str) -> tuple[Any, dict[str, Any]]:
    """The learner and their progress, or Refused 401 for a learner the class has not."""
    learner = store.learner(learner_id)
    if learner is None:
        raise _no_such_learner()
    return learner, store.progress(learner_id)


class HomeworkHandler(_Api):
    """The homework set in the class, each item with the cookie's learner's own state: the
    homework list and that learner's events (indexed), nothing of the rest of the class."""

    async def get(self) -> None:
        try:
            learner = await self.learner(self.learner_id())
        except Refused as refused:
            self.answer(refused.status, {"error": refused.reason})
            return
        self.answer(200, {"homework": await self.state.store.read(
            lambda store: own_homework(store, learner.id))})


def own_homework(store: Any, learner_id: str) -> list[dict[str, Any]]:
    from ..classroom.homework import listed, results

    work = listed(store)
    mine = results(work, store.events(learner_id))
    out = []
    for item in work:
        data = item.to_json()
        cells = mine.get(str(item.id), {})
        for entry in data["items"]:
            entry.update(cells.get(entry["key"], {}))
        out.append(data)
    return out


def check_sync(body: bytes, learner_id: str) -> tuple[list[dict], dict | None]:
    """The events and progress of a sync request, or Refused saying what is wrong."""
    if len(body) > MAX_BODY:
        raise Refused(413, f"a request holds at most {MAX_BODY // 1024} KB")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise Refused(400, "the body is a JSON object with learner, events and progress")
    extra = set(data) - SYNC_FIELDS
    if extra:
        raise Refused(400, f"unknown field {sorted(extra)[0][:40]!r}")
    named = data.get("learner")
    if not isinstance(named, str) or LEARNER_ID.fullmatch(named) is None:
        raise Refused(400, "learner is a learner's id: 16 hexadecimal digits")
    if named != learner_id:
        raise Refused(403, "a page sends only its own learner's progress")
    events = data.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise Refused(400, "events is a list of objects")
    if len(events) > MAX_EVENTS:
        raise Refused(400, f"at most {MAX_EVENTS} events a request")
    progress = data.get("progress")
    if progress is not None and not isinstance(progress, dict):
        raise Refused(400, "progress is a JSON object (a progress file's contents)")
    return events, progress


class SyncHandler(_Api):
    async def post(self) -> None:
        try:
            length = int(self.request.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                raise Refused(413, f"a request holds at most {MAX_BODY // 1024} KB")
            learner_id = self.learner_id()
            if not self.limit.allow(learner_id):
                self.set_header("Retry-After", str(self.limit.wait(learner_id)))
                raise Refused(429, "too many requests from this learner; wait a little")
            events, progress = check_sync(self.request.body, learner_id)
            # a homework position's answer takes seconds of search: judged on a reader
            # thread first, so the writer (every learner's writes) finds the verdict kept
            await self.state.store.read(lambda store: judge_ahead(events,
                                                                  store.homework_positions))
            stored = await self.state.store.write(
                lambda store: _store(store, learner_id, events, progress))
        except Refused as refused:
            self.answer(refused.status, refused.answer())
            return
        self.answer(200, {"stored": stored})


def _store(store: Any, learner_id: str, events: list[dict], progress: dict | None) -> int:
    """Store the events and the progress in one transaction, or neither (Refused 400 when the
    store refuses; 401 for a learner the class no longer has). One call in the store's thread."""
    if store.learner(learner_id) is None:
        raise _no_such_learner()
    try:
        stored, _ = store.sync(learner_id, events, progress)  # one transaction: both or neither
    except EventRefused as error:
        raise Refused(400, str(error)[:300], event=error.index, id=error.event_id) from None
    except ProgressRefused as error:
        raise Refused(400, str(error)[:300], field="progress") from None
    except ValueError as error:
        raise Refused(400, str(error)[:300]) from None
    return stored


def api_handlers(state: ClassState, limit: RateLimit | None = None) -> list[tuple]:
    options = {"state": state, "limit": limit or RateLimit()}
    base = state.base_url
    return [(f"{base}class/api/me", MeHandler, options),
            (f"{base}class/api/homework", HomeworkHandler, options),
            (f"{base}class/api/sync", SyncHandler, options)]
