"""The class demonstration on the web: `demo_handlers(DemoState)` mounts the teacher's page,
the learners' follow page and its Server-Sent Events stream, and the answer API in any Tornado
app of a class, under `{base}class/demo/`. Who is who is decided outside (`DemoState`'s
callables); teacher URLs need the token, a learner's POST the XSRF token, a small JSON body and
no more than `ANSWERS_PER_WINDOW` answers in `ANSWER_WINDOW` seconds. The URLs, the stream and
how the demonstration is saved: docs/class-demonstration.md. The pages are templates in
cassino_learn/share/class/demo/, their scripts and stylesheet in its static/ folder.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import secrets
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from tornado import web
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.iostream import StreamClosedError

from ..core.errors import IllegalMove, MoveSyntaxError, PositionError
from ..core.position import Position
from ..core.variants import DEMONSTRATED, STANDARD_NAME
from ..drawing.render import TABLE_CSS, move_html, position_html
from ..classroom.demo_store import DemoStore
from ..teaching.demonstration import DemoError, Demonstration, MAX_MOVE_TEXT
from .templates import TEMPLATES, render

__all__ = ["DemoState", "Follower", "Broadcaster", "demo_handlers", "token_checker", "for_class",
           "MAX_BODY", "COUNT_EVERY", "HEARTBEAT_SECONDS", "ASSETS"]

MAX_BODY = 4096
ANSWERS_PER_WINDOW = 10      # a learner's answers (legal or not) within
ANSWER_WINDOW = 10.0         # this many seconds; more are refused (429) unjudged
COUNT_EVERY = 0.3
HEARTBEAT_SECONDS = 20
#: Streams one learner (or the teacher) may hold open at once: a few tabs, not a hundred.
MAX_STREAMS_EACH = 6
ASSETS = TEMPLATES / "class" / "demo" / "static"
_QUESTION_ID = re.compile(r"[0-9a-f]{16}")
_ASSET_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@dataclass(frozen=True)
class Follower:
    """A learner of the class, as the class server knows them (the name is data)."""

    id: str
    name: str


def token_checker(token: str) -> Callable[[web.RequestHandler], bool]:
    """A `teacher` callable: the request carries `token` (query argument or header)."""
    expected = token.encode("utf-8")

    def is_teacher(handler: web.RequestHandler) -> bool:
        given = handler.request.headers.get("X-Teacher-Token") \
            or handler.get_query_argument("token", "")
        return bool(given) and secrets.compare_digest(given.encode("utf-8"), expected)

    return is_teacher


@dataclass
class DemoState:
    """What the demonstration's handlers share."""

    teacher: Callable[[web.RequestHandler], bool]
    # either may also return an awaitable (a class store read off the event loop)
    learner: Callable[[web.RequestHandler], "Follower | None | Awaitable[Follower | None]"]
    roster: Callable[[], "dict[str, str] | Awaitable[dict[str, str]]"] = dict
    store: DemoStore | None = None
    base_url: str = "/"
    demo: Demonstration = field(default_factory=Demonstration)
    hub: "Broadcaster" = field(init=False)
    busy: asyncio.Lock = field(default_factory=asyncio.Lock, init=False)  # one action at a time
    recent: dict[str, list[float]] = field(default_factory=dict, init=False)  # answers' times

    def __post_init__(self) -> None:
        self.hub = Broadcaster(self)

    @property
    def prefix(self) -> str:
        return f"{self.base_url}class/demo/"

    async def follower(self, handler: web.RequestHandler) -> Follower | None:
        found = self.learner(handler)
        return await found if inspect.isawaitable(found) else found  # type: ignore[return-value]

    async def names(self) -> dict[str, str]:
        found = self.roster()
        return await found if inspect.isawaitable(found) else found  # type: ignore[return-value]

    def too_fast(self, learner: str, now: float) -> bool:
        """A learner's answer beyond `ANSWERS_PER_WINDOW` in `ANSWER_WINDOW` seconds."""
        times = [t for t in self.recent.get(learner, ()) if now - t < ANSWER_WINDOW]
        if len(times) >= ANSWERS_PER_WINDOW:
            self.recent[learner] = times
            return True
        self.recent[learner] = times + [now]
        return False

    def keep(self) -> None:
        """Save the demonstration and its current question (asked, answered, closed,
        revealed) in the store: a restarted server picks them up (`restored`)."""
        if self.store is None:
            return
        self.store.save_current(self.demo.to_dict())
        if self.demo.question is not None:
            self.store.save(self.demo.question.to_dict())

    def end_class(self, archive: Path) -> None:
        """The class has ended: its questions go to the archive, the table away."""
        if self.store is not None:
            self.store.archive_to(archive)
        last = self.demo.version
        self.demo = Demonstration()
        self.demo.version = self.demo.table_version = last + 1  # followers see the change
        IOLoop.current().add_callback(self.hub.changed)

    def restored(self) -> "DemoState":
        """The demonstration the store kept, if any (one that no longer fits the rules
        core is set aside with a warning: the class starts without a table)."""
        kept = self.store.current() if self.store is not None else None
        if kept and self.store is not None:
            try:
                self.demo = Demonstration.from_dict(kept)
            except (ValueError, KeyError, TypeError) as error:
                warnings.warn(f"the demonstration kept in {self.store.path} could not be "
                              f"set up again ({error}); starting without a table",
                              stacklevel=2)
        return self


def for_class(class_state: Any) -> DemoState:
    """The demonstration of a class's server (`serving.class_web.ClassState`): its teacher's
    token, its learners' signed cookie, its roster's names, its folder for the questions."""
    from .class_web import learner_from_cookie

    async def learner(handler: web.RequestHandler) -> Follower | None:
        found = await learner_from_cookie(handler, class_state)
        return Follower(found.id, found.name) if found is not None else None

    async def roster() -> dict[str, str]:
        return await class_state.store.read(
            lambda store: {x.id: x.name for x in store.learners()})

    demo = DemoState(teacher=token_checker(class_state.token), learner=learner, roster=roster,
                     store=DemoStore(class_state.folder),
                     base_url=class_state.base_url).restored()
    class_state.on_end.append(demo.end_class)
    return demo


# ------------------------------------------------------------------------------ broadcasting

class Broadcaster:
    """Every follower's open stream; sends each change to all of them."""

    def __init__(self, state: DemoState) -> None:
        self.state = state
        self.streams: set[StreamHandler] = set()
        self._scheduled = False
        self._cache: tuple[int, bytes] | None = None   # (version, the full event)
        self._sent_table = -1
        self._heartbeat: PeriodicCallback | None = None

    def table_event(self) -> bytes:
        """The full event for the table as it is now (made once a version)."""
        demo = self.state.demo
        if self._cache is None or self._cache[0] != demo.version:
            self._cache = (demo.version, _event("table", demo.version, follower_data(demo)))
        return self._cache[1]

    def count_event(self) -> bytes:
        demo = self.state.demo
        answered = len(demo.question.answers) if demo.question else 0
        return _event("count", demo.version, {"version": demo.version, "answered": answered,
                                              "table_version": demo.table_version})

    def changed(self) -> None:
        """Something changed: send it soon (a table change at once, counts coalesced)."""
        if self._scheduled:
            return
        self._scheduled = True
        table = self.state.demo.table_version != self._sent_table
        IOLoop.current().call_later(0 if table else COUNT_EVERY, self._send)

    def _send(self) -> None:
        self._scheduled = False
        demo = self.state.demo
        if demo.table_version != self._sent_table:
            chunk = self.table_event()
            self._sent_table = demo.table_version
        else:
            chunk = self.count_event()
        for stream in list(self.streams):
            stream.push(chunk)
        self.state.keep()

    def join(self, stream: "StreamHandler") -> None:
        self.streams.add(stream)
        if self._heartbeat is None:
            self._heartbeat = PeriodicCallback(self._beat, HEARTBEAT_SECONDS * 1000)
            self._heartbeat.start()

    def leave(self, stream: "StreamHandler") -> None:
        self.streams.discard(stream)

    def held_by(self, key: str) -> int:
        """Streams open now of one learner (by id) or of the teacher ("teacher")."""
        return sum(1 for s in self.streams if s.key == key)

    @property
    def followers(self) -> int:
        """Learners' streams open now (the teacher's own page not counted)."""
        return sum(1 for s in self.streams if not s.teacher_watching)

    def _beat(self) -> None:
        for stream in list(self.streams):
            stream.push(b": still here\n\n")


def _event(kind: str, version: int, data: Any) -> bytes:
    return (f"event: {kind}\nid: {version}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
            ).encode("utf-8")


def follower_data(demo: Demonstration) -> dict[str, Any]:
    """What every follower is sent: the public state and the table drawn as cards."""
    data = demo.public()
    if demo.on and demo.line is not None:
        view = demo.hidden_view()
        data["table_html"] = position_html(view, seat=view.turn, reveal=True, style=False,
                                           interactive=True, stock=demo.line.stock, size=None,
                                           hand_sizes=demo.hand_sizes())
        data["builds"] = [[str(c) for c in b.cards] for b in view.builds]
        if demo.last_move:
            data["last_move_html"] = _move_html(demo, demo.last_move)
        reveal = data.get("question", {}).get("reveal")
        if reveal and demo.question is not None:
            _draw_moves(demo.question.position, reveal["moves"])
    return data


def _move_html(demo: Demonstration, text: str) -> str:
    line = demo.line
    if line is None or len(line.moves) == 0:
        return ""
    before = line.positions[-2] if line.game is None and len(line.positions) > 1 else None
    if before is None:
        return f'<div class="cd-notation">{_escape(text)}</div>'
    try:
        return move_html(before.parse_move(text), size=None, style=False)
    except ValueError:
        return f'<div class="cd-notation">{_escape(text)}</div>'


def _draw_moves(position: Position, moves: list[dict[str, Any]]) -> None:
    """Each revealed move drawn as cards (from the question's frozen position)."""
    for entry in moves:
        try:
            entry["html"] = move_html(position.parse_move(entry["move"]), size=None,
                                     style=False)
        except ValueError:  # never expected: each was judged legal here
            entry["html"] = f'<div class="cd-notation">{_escape(entry["move"])}</div>'


def _escape(text: str) -> str:
    from html import escape

    return escape(text)


# ------------------------------------------------------------------------------ handlers

class _Base(web.RequestHandler):
    def initialize(self, state: DemoState) -> None:
        self.state = state

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def reply(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, status: int, error: str, **more: Any) -> None:
        self.reply({"error": error, **more}, status)

    def body_json(self) -> dict[str, Any] | None:
        """The request's JSON object, or None after refusing it."""
        body = self.request.body or b""
        if len(body) > MAX_BODY:
            self.refuse(413, f"the request is {len(body)} bytes; at most {MAX_BODY}")
            return None
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            self.refuse(400, "the request must be a JSON object")
            return None
        if not isinstance(data, dict):
            self.refuse(400, "the request must be a JSON object")
            return None
        return data

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.reply({"error": self._reason}, status_code)


class _Page(_Base):
    def page(self, template: str, **values: Any) -> None:
        self.set_header("Content-Security-Policy",
                        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
                        "form-action 'self'; frame-ancestors 'none'")
        self.set_header("X-Frame-Options", "DENY")
        self.finish(render(f"class/demo/{template}", prefix=self.state.prefix, **values))


class _TeacherOnly(_Base):
    def prepare(self) -> None:
        if not self.state.teacher(self):
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("Not allowed: the teacher's token is needed.")


class TeacherUnknown(_TeacherOnly):
    """Any other teacher URL: 403 without the token, 404 with it."""

    def get(self) -> None:
        self.refuse(404, "no such page")


class TeacherPage(_TeacherOnly, _Page):
    def get(self) -> None:
        # The page carries the XSRF token itself (the cookie may be HttpOnly), so a click that
        # comes before the page's first state has arrived still passes the check.
        self.page("teacher.html", token=self.get_query_argument("token", ""),
                  xsrf=self.xsrf_token.decode("ascii"), variants=variant_choices())


def variant_choices() -> list[tuple[str, str]]:
    """The "Deal a new game" menu's choices, from the registry of variants: each one's rules
    (the text the deal sends back, "values=royal") and its label, the standard game first."""
    return [("", STANDARD_NAME)] + [(v.text, f"{v.name} ({v.rule})") for v in DEMONSTRATED]


class TeacherState(_TeacherOnly):
    async def get(self) -> None:
        self.reply({**await teacher_data(self.state), "xsrf": self.xsrf_token.decode("ascii")})


async def teacher_data(state: DemoState) -> dict[str, Any]:
    demo = state.demo
    data = demo.teacher(await state.names())
    if demo.on and demo.line is not None:
        full = demo.line.state
        data["table_html"] = position_html(full, seat=full.turn, reveal=True, style=False,
                                           stock=demo.line.stock, size=None)
        data["follower_view"] = demo.hidden_view().one_line()
        data["legal"] = [str(m) for m in full.legal_moves()] if full.hand else []
        data["last_move_html"] = _move_html(demo, demo.last_move) if demo.last_move else ""
        reveal = data.get("question", {}).get("reveal")
        if reveal and demo.question is not None:
            _draw_moves(demo.question.position, reveal["moves"])
    data["followers"] = state.hub.followers
    return data


class StagesJson(_TeacherOnly):
    def get(self) -> None:
        from ..teaching.catalog import LESSONS
        from ..teaching.stages import StageError, has_stages, load_stages

        lessons = []
        for lesson in LESSONS:
            if not has_stages(lesson.slug):
                continue
            try:
                stages = load_stages(lesson.slug)
            except StageError:
                continue
            shown = [{"id": s.id, "say": s.say, "kind": s.kind} for s in stages
                     if s.position is not None]
            if shown:
                lessons.append({"slug": lesson.slug, "title": lesson.title, "stages": shown})
        self.reply({"lessons": lessons})


class QuestionsJson(_TeacherOnly):
    def get(self) -> None:
        store = self.state.store
        self.reply({"questions": store.questions() if store else []})


class QuestionsCsv(_TeacherOnly):
    def get(self) -> None:
        store = self.state.store
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="questions.csv"')
        self.finish(store.csv_text() if store else "")


class TeacherDo(_TeacherOnly):
    """One action on the demonstration; the table is unchanged when it is refused."""

    async def post(self) -> None:
        data = self.body_json()
        if data is None:
            return
        action = data.get("action")
        act = _ACTIONS.get(action) if isinstance(action, str) else None
        if act is None or not isinstance(action, str):
            self.refuse(400, f"unknown action; one of {', '.join(sorted(_ACTIONS))}")
            return
        async with self.state.busy:
            await self._do(action, act, data)

    async def _do(self, action: str, act: Callable, data: dict[str, Any]) -> None:
        demo = self.state.demo
        try:
            if action == "reveal":
                await _reveal(self.state)
            else:
                act(demo, data)
        except IllegalMove as error:
            self.refuse(422, error.reason, rule=error.rule)
            return
        except (MoveSyntaxError, PositionError, DemoError, ValueError, TypeError) as error:
            self.refuse(422, str(error))
            return
        self.state.keep()  # kept before the teacher hears it is done
        self.state.hub.changed()
        self.reply(await teacher_data(self.state))


async def _reveal(state: DemoState) -> None:
    """The expert's work is done off the event loop: the followers' streams keep flowing."""
    demo = state.demo
    question = demo.question
    if question is None:
        raise DemoError("no question is asked")
    if question.state == "open":
        demo.close_question()
        state.hub.changed()
    await asyncio.get_running_loop().run_in_executor(None, demo.reveal)


def _text(data: dict[str, Any], key: str, limit: int = 4000) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise DemoError(f"{key} must be text")
    if len(value) > limit:
        raise DemoError(f"{key} is {len(value)} characters; at most {limit}")
    return value


def _int(data: dict[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DemoError(f"{key} must be a whole number")
    return value


def _seed(data: dict[str, Any]) -> int | None:
    value = data.get("seed")
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10**9:
        raise DemoError("seed must be a whole number from 0 to 999999999")
    return value


_ACTIONS: dict[str, Callable[[Demonstration, dict[str, Any]], Any]] = {
    "position": lambda d, a: d.set_position(_text(a, "text")),
    "stage": lambda d, a: d.set_stage(_text(a, "lesson", 80), _text(a, "stage", 80)),
    "deal": lambda d, a: d.deal(_int(a, "players", 2), bool(a.get("partners", False)),
                                _text(a, "rules", 200), _seed(a)),
    "play": lambda d, a: d.play(_text(a, "move", MAX_MOVE_TEXT)),
    "next": lambda d, a: d.forward(),
    "back": lambda d, a: d.back(),
    "show": lambda d, a: d.show_hand(_int(a, "seat", 0), bool(a.get("shown", True))),
    "ask": lambda d, a: d.open_question(),
    "close": lambda d, a: d.close_question(),
    "reveal": lambda d, a: None,  # done by TeacherDo itself, off the event loop
    "stop": lambda d, a: d.stop(),
}


class _LearnerOnly(_Base):
    follower: Follower

    async def prepare(self) -> None:
        follower = await self.state.follower(self)
        if follower is None:
            self.refuse(403, "join the class first: this browser is not one of its learners")
            return
        self.follower = follower


class _Followed(_Base):
    """Learners of the class and the teacher may watch the table."""

    viewer: Follower | None = None

    async def prepare(self) -> None:
        self.viewer = await self.state.follower(self)
        if self.viewer is None and not self.state.teacher(self):
            self.refuse(403, "join the class first: this browser is not one of its learners")


class FollowPage(_Page):
    async def get(self) -> None:
        follower = await self.state.follower(self)
        if follower is None:
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("Join the class first: this browser is not one of its learners.")
            return
        self.xsrf_token  # sets the _xsrf cookie the page's answers carry back
        self.page("follow.html", name=follower.name)


class PublicState(_Followed):
    def get(self) -> None:
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie
        self.reply(follower_data(self.state.demo))


class StreamHandler(_Followed):
    """Server-Sent Events: the table now (unless the browser already has this version), then
    every change."""

    _done: asyncio.Event
    teacher_watching = False
    key = ""
    _sending = False   # a write not yet taken by the reader
    _behind = False    # something was left out meanwhile: the reader gets the latest state

    async def get(self) -> None:
        self.teacher_watching = self.viewer is None
        self.key = "teacher" if self.viewer is None else self.viewer.id
        hub = self.state.hub
        if hub.held_by(self.key) >= MAX_STREAMS_EACH:
            self.set_header("Retry-After", "10")
            self.refuse(429, f"at most {MAX_STREAMS_EACH} open pages follow the table from one "
                             f"browser; close one")
            return
        self.set_header("Content-Type", "text/event-stream; charset=utf-8")
        self.set_header("X-Accel-Buffering", "no")
        self._done = asyncio.Event()
        hub = self.state.hub
        demo = self.state.demo
        known = self.request.headers.get("Last-Event-ID") or self.get_query_argument("v", "")
        self.write(b"retry: 1000\n\n")
        if known != str(demo.version):
            self.write(hub.table_event())
        hub.join(self)
        try:
            await self.flush()
            await self._done.wait()
        except StreamClosedError:
            pass
        finally:
            hub.leave(self)

    def push(self, chunk: bytes) -> None:
        """Send `chunk`; to a reader still taking an earlier one, nothing now and the latest
        state once it has: what waits for a slow reader is bounded, never a growing queue."""
        if self._done.is_set():
            return
        if self._sending:
            self._behind = True
            return
        self._sending = True
        try:
            self.write(chunk)
            self.flush().add_done_callback(self._sent)
        except StreamClosedError:
            self._done.set()

    def _sent(self, future: "asyncio.Future[None]") -> None:
        self._sending = False
        if future.cancelled() or future.exception() is not None:
            self._done.set()
            return
        if self._behind:
            self._behind = False
            self.push(self.state.hub.table_event())

    def on_connection_close(self) -> None:
        if hasattr(self, "_done"):
            self._done.set()


class AnswerHandler(_LearnerOnly):
    def check_xsrf_cookie(self) -> None:
        web.RequestHandler.check_xsrf_cookie(self)  # whatever the app's settings say

    def post(self) -> None:
        try:
            self.check_xsrf_cookie()
        except web.HTTPError:
            self.refuse(403, "the page's XSRF token is missing or wrong: reload the page")
            return
        if self.state.too_fast(self.follower.id, time.monotonic()):
            self.refuse(429, "too many answers at once: wait a few seconds and send it again")
            return
        data = self.body_json()
        if data is None:
            return
        question_id, move = data.get("question"), data.get("move")
        if set(data) - {"question", "move"} or not isinstance(question_id, str) \
                or not _QUESTION_ID.fullmatch(question_id) or not isinstance(move, str):
            self.refuse(400, 'send {"question": the question\'s id, "move": the move as text}')
            return
        if len(move) > MAX_MOVE_TEXT:
            self.refuse(413, f"a move is at most {MAX_MOVE_TEXT} characters")
            return
        demo = self.state.demo
        if demo.question is None or demo.question.id != question_id:
            self.refuse(409, "that question is over: the teacher has moved on")
            return
        try:
            given = demo.answer(self.follower.id, self.follower.name, move)
        except IllegalMove as error:
            self.refuse(422, error.reason, rule=error.rule)
            return
        except (MoveSyntaxError, DemoError) as error:
            self.refuse(422, str(error))
            return
        self.state.hub.changed()
        self.reply({"move": given.move, "words": demo.question.words(given.move),
                    "question": question_id})


class MineHandler(_LearnerOnly):
    def get(self) -> None:
        # the XSRF token to send back with answers (the page may not read an HttpOnly cookie)
        self.reply({**self.state.demo.mine(self.follower.id),
                    "xsrf": self.xsrf_token.decode("ascii")})


class Asset(web.RequestHandler):
    """The pages' own scripts and stylesheets (a fixed list: never a path from the request);
    table.css is the card table's look (cassino_learn.drawing), sent once rather than with
    every table."""

    def initialize(self, state: DemoState) -> None:
        self.state = state

    def get(self, name: str) -> None:
        if name == "table.css":
            self.set_header("Content-Type", _ASSET_TYPES[".css"])
            self.set_header("Cache-Control", "no-cache")
            self.finish(TABLE_CSS)
            return
        path = ASSETS / name
        if name not in _asset_names() or path.suffix not in _ASSET_TYPES:
            raise web.HTTPError(404)
        self.set_header("Content-Type", _ASSET_TYPES[path.suffix])
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(path.read_bytes())


def _asset_names() -> set[str]:
    return {p.name for p in ASSETS.iterdir() if p.suffix in _ASSET_TYPES}


def demo_handlers(state: DemoState) -> list[tuple]:
    """The handlers to mount, under `state.prefix` (`{state.base_url}class/demo/`)."""
    routes = [("teacher", TeacherPage),
              ("teacher/state.json", TeacherState),
              ("teacher/stages.json", StagesJson),
              ("teacher/questions.json", QuestionsJson),
              ("teacher/questions.csv", QuestionsCsv),
              ("teacher/do", TeacherDo),
              ("teacher/.*", TeacherUnknown),
              ("follow", FollowPage),
              ("stream", StreamHandler),
              ("state.json", PublicState),
              ("answer", AnswerHandler),
              ("mine", MineHandler),
              (r"static/([a-z_-]+\.(?:js|css))", Asset)]
    return [(f"{state.prefix}{path}", handler, {"state": state}) for path, handler in routes]
