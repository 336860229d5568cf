"""The class's own web pages, served by the class's server (serving/class_server.py):

    {base}                          the learners' address: on to the contents page
    {base}class/join                the name page (GET), joining with a name or none (POST)
    {base}class/code                continuing with a learner code from another computer (POST)
    {base}class/teacher?token=T     the teacher's page
    {base}class/teacher/summary.json?token=T   what it shows, polled every few seconds
    {base}class/teacher/class.csv?token=T      the learners' table as CSV
    {base}class/teacher/end         ending the class (POST, with the token and a confirmation)
    {base}class/teacher/homework    setting homework (POST, with the token; the form's errors
                                    come back on the teacher's page with what was typed)
    {base}class/teacher/homework.json?token=T   the homework and each learner's results
    {base}class/teacher/homework.csv?token=T    the same as CSV

A browser is a learner by a signed cookie (HttpOnly, SameSite=Lax) holding the learner's id
(random, made by the class's store); the typed name is data only, shown escaped, never part of
a path. Every teacher URL without the right token is a plain "Not allowed" page (403). Forms
carry tornado's XSRF field. Pages load nothing from outside the server and allow no script
but their own (Content-Security-Policy with a nonce). The pages, their stylesheets and script
are files in cassino_learn/share/class/, rendered by serving/templates.py.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import queue
import secrets
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TypeVar

from tornado import web

from ..teaching import catalog
from ..classroom.class_summary import to_csv
from . import class_limits
from .class_limits import RateLimit
from .templates import render, script_json

__all__ = ["ClassState", "StoreThread", "class_handlers", "learner_from_cookie", "join_url",
           "teacher_url", "INDEX_PATH", "PAGES_PATH"]

COOKIE_DAYS = 365
POLL_SECONDS = 3
PAGES_PATH = "voici/render/"
INDEX_PATH = f"{PAGES_PATH}{Path(catalog.INDEX.notebook).stem}.html"

T = TypeVar("T")


class StoreThread:
    """The class's store, written from one thread of its own (the server's loop never waits on
    the disk; writes, and the teacher's tally they keep up to date, in turn) and read from
    READERS threads of their own, each with its own connection: in WAL mode a reader never
    waits for a writer, so a page asking who it is does not queue behind the class's syncs.

    Writes queued together go to the disk together (`write`, group commit): one transaction,
    one sync to the disk, for up to BATCH of them, each a savepoint that fails alone; each is
    answered only once the whole is on disk, so nothing answered for is lost to a crash."""

    READERS = 2
    BATCH = 100

    def __init__(self, opener: Callable[[], Any]) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="class-store", daemon=True)
        self._readers = ThreadPoolExecutor(max_workers=self.READERS,
                                           thread_name_prefix="class-reader")
        opened: Future = Future()
        self._jobs.put((lambda _store: opener(), opened, False))
        self.store: Any = None
        self._thread.start()
        self.store = opened.result()

    def _work(self) -> None:
        waiting: list = []
        while True:
            job = waiting.pop(0) if waiting else self._jobs.get()
            if job is None:
                return
            work, done, batched = job
            if not batched:
                _settle(done, work, self.store)
                continue
            jobs = [job]
            while len(jobs) < self.BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None or not more[2]:
                    waiting.append(more)
                    break
                jobs.append(more)
            self._batch(jobs)

    def _batch(self, jobs: list) -> None:
        results: list = []
        try:
            with self.store.batch():
                for work, _done, _ in jobs:
                    try:
                        results.append((True, work(self.store)))
                    except BaseException as error:  # noqa: BLE001 - that job's answer
                        results.append((False, error))
        except BaseException as error:  # noqa: BLE001 - the commit failed: none is stored
            for _work, done, _ in jobs:
                done.set_exception(error)
            self.store._changed(None)  # what listeners were told of was undone
            return
        for (_work, done, _), (ok, value) in zip(jobs, results):
            done.set_result(value) if ok else done.set_exception(value)

    async def call(self, work: Callable[[Any], T]) -> T:
        return await asyncio.wrap_future(self._submit(work, False))

    async def write(self, work: Callable[[Any], T]) -> T:
        """`work` (a write of the store's, or several) in the next group commit."""
        return await asyncio.wrap_future(self._submit(work, True))

    async def read(self, work: Callable[[Any], T]) -> T:
        """`work` that only reads the store (no write, no tally), on a reader thread."""
        return await asyncio.get_running_loop().run_in_executor(self._readers, work,
                                                                self.store)

    def _submit(self, work: Callable[[Any], T], batched: bool) -> Future:
        done: Future = Future()
        self._jobs.put((work, done, batched))
        return done

    def run(self, work: Callable[[Any], T]) -> T:
        """The same, from outside the server's loop (start and stop)."""
        return self._submit(work, False).result()

    def close(self) -> None:
        self._readers.shutdown()
        self.run(lambda store: store.close())
        self._jobs.put(None)
        self._thread.join()


def _settle(done: Future, work: Callable[[Any], Any], store: Any) -> None:
    try:
        done.set_result(work(store))
    except BaseException as error:  # noqa: BLE001 - the caller's to handle
        done.set_exception(error)


@dataclass
class ClassState:
    """What the class's handlers share: the store, the class's name and folder, the teacher's
    token, the base URL."""

    store: StoreThread
    name: str
    folder: Path
    token: str
    base_url: str = "/"
    cookie_name: str = field(init=False)
    # called with the archive folder when the class ends (the demonstration archives its own)
    on_end: list[Callable[[Path], None]] = field(default_factory=list, compare=False)
    # the teacher's view, kept up to date by the store's writes (in the store's thread)
    tally: Any = field(default=None, compare=False)
    # joins and learner codes tried, by client address (serving/class_limits.py)
    joins: RateLimit = field(default_factory=class_limits.joins, compare=False)
    guesses: RateLimit = field(default_factory=class_limits.guesses, compare=False)

    def __post_init__(self) -> None:
        if self.tally is None:
            from ..classroom.class_tally import ClassTally

            self.tally = self.store.run(ClassTally)
        # One cookie a class: a browser in two classes on one machine is two learners.
        digest = hashlib.sha256(str(Path(self.folder).resolve()).encode("utf-8")).hexdigest()
        self.cookie_name = f"cassino_learner_{digest[:12]}"

    def allowed(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(str(token).encode("utf-8"),
                                                     self.token.encode("utf-8"))


def teacher_url(root: str, token: str, base_url: str = "/") -> str:
    return f"{root.rstrip('/')}{base_url}class/teacher?token={token}"


def join_url(base_url: str, after: str = "") -> str:
    """The name page, coming back to `after` (a page of this server) once joined."""
    from urllib.parse import urlencode

    query = urlencode({"next": after}) if after else ""
    return f"{base_url}class/join" + (f"?{query}" if query else "")


def _safe_next(after: str | None, base_url: str) -> str:
    """Where to go after joining: a lesson page of this server, never another site."""
    default = f"{base_url}{INDEX_PATH}"
    if not after or not after.startswith(f"{base_url}{PAGES_PATH}") or "//" in after[1:] \
            or "\\" in after or any(ord(c) < 32 for c in after):
        return default
    return after


def cookie_learner_id(handler: web.RequestHandler, state: ClassState) -> str | None:
    """The learner id this browser's signed cookie holds (None: no cookie, or a forged one)."""
    value = handler.get_signed_cookie(state.cookie_name, max_age_days=COOKIE_DAYS)
    if not value:
        return None
    try:
        return value.decode("ascii")
    except UnicodeDecodeError:
        return None


async def learner_from_cookie(handler: web.RequestHandler, state: ClassState) -> Any | None:
    """The class's learner this browser is (None: none, or one the class no longer has)."""
    learner_id = cookie_learner_id(handler, state)
    if learner_id is None:
        return None
    return await state.store.read(lambda store: store.learner(learner_id))


def set_learner_cookie(handler: web.RequestHandler, state: ClassState, learner_id: str) -> None:
    handler.set_signed_cookie(state.cookie_name, learner_id, path=state.base_url,
                              expires_days=COOKIE_DAYS, httponly=True, samesite="Lax")


# -------------------------------------------------------------------------------- pages


class _Page(web.RequestHandler):
    """A page of the class: its own look, nothing from outside, only its own script."""

    def initialize(self, state: ClassState) -> None:
        self.state = state
        self.nonce = secrets.token_urlsafe(12)

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("X-Frame-Options", "DENY")

    def show(self, template: str, **values: Any) -> None:
        """The page `template` of share/class/, filled with `values` (each escaped)."""
        markup = render(f"class/{template}", nonce=self.nonce, base_url=self.state.base_url,
                        class_name=self.state.name, xsrf=self.xsrf_token.decode("ascii"),
                        **values)
        self.set_header("Content-Security-Policy",
                        f"default-src 'none'; script-src 'nonce-{self.nonce}'; "
                        f"style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; "
                        f"base-uri 'none'; frame-ancestors 'none'")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(markup)

    def check_xsrf_cookie(self) -> None:
        # The forms carry tornado's _xsrf field; checked whatever the app's settings say.
        web.RequestHandler.check_xsrf_cookie(self)


class HomeHandler(_Page):
    """The learners' address: straight on to the contents page (the name page first if this
    browser is nobody yet)."""

    def get(self) -> None:
        self.redirect(f"{self.state.base_url}{INDEX_PATH}")


class JoinHandler(_Page):
    """The name page, and joining the class with a name (or anonymously with Skip)."""

    async def get(self) -> None:
        await self.name_page(after=self.get_argument("next", ""),
                             switching=bool(self.get_argument("switch", "")))

    async def post(self) -> None:
        if self.too_many(self.state.joins, "joined the class"):
            return
        skip = bool(self.get_argument("skip", ""))
        name = "" if skip else self.get_argument("name", "", strip=False)
        learner = await self.state.store.write(lambda store: store.join(name))
        self.become(learner)

    def too_many(self, limit: RateLimit, done: str) -> bool:
        """Past `limit` for this client's address: a 429 page saying when to try again."""
        address = self.request.remote_ip or ""
        if limit.allow(address):
            return False
        wait = limit.wait(address)
        self.set_status(429)
        self.set_header("Retry-After", str(wait))
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"Too many learners have {done} from this computer's network just now. "
                    f"Wait {wait} seconds and try again.")
        return True

    def become(self, learner: Any) -> None:
        set_learner_cookie(self, self.state, learner.id)
        self.redirect(_safe_next(self.get_argument("next", ""), self.state.base_url))

    async def name_page(self, after: str, switching: bool, error: str = "",
                        code_typed: str = "") -> None:
        now = await learner_from_cookie(self, self.state)
        self.show("join.html", after=after, current=now, error=error, code_typed=code_typed,
                  back=_safe_next(after, self.state.base_url))


class CodeHandler(JoinHandler):
    """Continuing as the learner whose code is typed; a code the class has not says so."""

    async def get(self) -> None:
        self.redirect(f"{self.state.base_url}class/join#code")

    async def post(self) -> None:
        if self.too_many(self.state.guesses, "typed a learner code"):
            return
        typed = self.get_argument("code", "")
        learner = await self.state.store.read(lambda store: store.by_code(typed))
        if learner is None:
            # Slowed: guessing codes one after another gains little (the server is not held)
            await asyncio.sleep(class_limits.WRONG_GUESS_DELAY)
            self.set_status(404)
            shown = typed.strip()[:40] or "(nothing)"
            await self.name_page(self.get_argument("next", ""), True,
                                 error=f"No learner of this class has the code {shown}. "
                                       "Check it on your contents page.",
                                 code_typed=typed[:40])
            return
        self.become(learner)


# -------------------------------------------------------------------------------- teacher


class _Teacher(_Page):
    """A teacher's URL: the token, or a plain 403."""

    def prepare(self) -> None:
        if not self.state.allowed(self.get_argument("token", None)):
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(render("class/not_allowed.html"))

    async def summary(self) -> Any:
        now = datetime.now(timezone.utc)
        return await self.state.store.call(lambda store: self.state.tally.summary(now))

    async def changes(self, since: int | None = None, epoch: int | None = None) -> Any:
        """The summary's JSON, or only what changed after version `since` (ClassTally)."""
        now = datetime.now(timezone.utc)
        return await self.state.store.call(
            lambda store: self.state.tally.changes(since, epoch, now))


class TeacherPage(_Teacher):
    async def get(self) -> None:
        await self.page()

    async def page(self, homework_error: Any = None, typed: dict[str, Any] | None = None) -> None:
        from ..classroom.homework import stage_choices

        summary = await self.changes()
        table = await self.state.store.call(lambda store: self.state.tally.homework_table())
        self.show("teacher.html", summary=summary, token=self.state.token,
                  ended=self.get_argument("ended", ""), poll_ms=POLL_SECONDS * 1000,
                  summary_url=f"{self.state.base_url}class/teacher/summary.json",
                  homework_url=f"{self.state.base_url}class/teacher/homework.json",
                  homework=table, choices=stage_choices(), homework_error=homework_error,
                  typed=typed or {}, homework_set=self.get_argument("set", ""),
                  today=datetime.now(timezone.utc).date().isoformat())


class SetHomework(TeacherPage):
    """The teacher's *Set homework* form: stored, or the page again with the error named and
    everything typed kept."""

    async def post(self) -> None:
        from urllib.parse import urlencode

        from ..classroom.homework import HomeworkError, read_form, set_homework

        typed: dict[str, Any] = {"title": self.get_argument("title", "", strip=False),
                 "due": self.get_argument("due", ""),
                 "stages": self.get_arguments("stages"),
                 "lessons": self.get_arguments("lessons"),
                 "positions": self.get_argument("positions", "", strip=False)}
        try:
            title, due, items = read_form(typed["title"], typed["due"], typed["stages"],
                                          typed["lessons"], typed["positions"],
                                          today=datetime.now(timezone.utc).date())
        except HomeworkError as error:
            self.set_status(400)
            await self.page(homework_error=error, typed=typed)
            return
        work = await self.state.store.write(lambda store: set_homework(store, title, due, items))
        self.redirect(f"{self.state.base_url}class/teacher?"
                      + urlencode({"token": self.state.token, "set": str(work.id)})
                      + "#cc-homework")


class HomeworkJson(_Teacher):
    """The homework and every learner's results; with ?since=V, {"unchanged": true} when
    nothing changed since the version the page has."""

    async def get(self) -> None:
        since = _number(self.get_argument("since", ""))
        table = await self.state.store.call(lambda store: self.state.tally.homework_table(since))
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(table))


class HomeworkCsv(_Teacher):
    async def get(self) -> None:
        from ..classroom.homework import table_csv

        table = await self.state.store.call(lambda store: self.state.tally.homework_table())
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d_%H%M")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition",
                        f'attachment; filename="homework-{stamp}.csv"')
        self.finish("\ufeff" + table_csv(table))


class SummaryJson(_Teacher):
    """The teacher's tables; with ?since=V&epoch=E (what the page has) only the learners'
    rows changed since."""

    async def get(self) -> None:
        since, epoch = _number(self.get_argument("since", "")), \
            _number(self.get_argument("epoch", ""))
        summary = await self.changes(since, epoch)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(summary))


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) < 18 else None


class ClassCsv(_Teacher):
    async def get(self) -> None:
        summary = await self.summary()
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d_%H%M")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition",
                        f'attachment; filename="class-{stamp}.csv"')
        # A byte-order mark: spreadsheets then read the names' accents and scripts right.
        self.finish("\ufeff" + to_csv(summary) + _questions_csv(self.state.folder))


def _questions_csv(folder: Path) -> str:
    """The questions asked in demonstrations (one row an answer), after a blank line, when
    the class has any."""
    from ..classroom.demo_store import FILE_NAME, DemoStore

    if not (Path(folder) / FILE_NAME).exists():
        return ""
    store = DemoStore(folder)
    try:
        return "\r\nQuestions asked in demonstrations\r\n" + store.csv_text() \
            if store.questions() else ""
    finally:
        store.close()


class EndClass(_Teacher):
    """End the class: asked twice on the page, and only with confirm=yes here."""

    async def post(self) -> None:
        if self.get_argument("confirm", "") != "yes":
            self.set_status(400)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("The class was not ended: the confirmation was missing.")
            return
        now = datetime.now(timezone.utc)
        archive = await self.state.store.call(lambda store: store.end(now))
        for hook in self.state.on_end:
            hook(archive)
        from urllib.parse import urlencode

        self.redirect(f"{self.state.base_url}class/teacher?"
                      + urlencode({"token": self.state.token, "ended": archive.name}))


def class_handlers(state: ClassState) -> list[tuple]:
    """The handlers to mount, under `state.base_url`."""
    routes = [("", HomeHandler),
              ("class/?", HomeHandler),
              ("class/join", JoinHandler),
              ("class/code", CodeHandler),
              ("class/teacher", TeacherPage),
              ("class/teacher/summary.json", SummaryJson),
              ("class/teacher/class.csv", ClassCsv),
              ("class/teacher/end", EndClass),
              ("class/teacher/homework", SetHomework),
              ("class/teacher/homework.json", HomeworkJson),
              ("class/teacher/homework.csv", HomeworkCsv),
              ("class/teacher/.*", _Teacher)]
    return [(f"{state.base_url}{path}", handler, {"state": state}) for path, handler in routes]
