"""The class's own web pages, served by the class's server (serving/class_server.py):

    {base}                          the learners' address: on to the contents page
    {base}class/join                the name page (GET), joining with a name or none (POST)
    {base}class/code                continuing with a learner code from another computer (POST)
    {base}class/teacher?token=T     the teacher's page
    {base}class/teacher/summary.json?token=T   what it shows, polled every few seconds
    {base}class/teacher/class.csv?token=T      the learners' table as CSV
    {base}class/teacher/end         ending the class (POST, with the token and a confirmation)

A browser is a learner by a signed cookie (HttpOnly, SameSite=Lax) holding the learner's id
(random, made by the class's store); the typed name is data only, shown escaped, never part of
a path. Every teacher URL without the right token is a plain "Not allowed" page (403). Forms
carry tornado's XSRF field. Pages load nothing from outside the server and allow no script
but their own (Content-Security-Policy with a nonce).
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TypeVar

from tornado import web

from ..teaching import catalog
from ..teaching.class_summary import summarize, to_csv

__all__ = ["ClassState", "StoreThread", "class_handlers", "learner_from_cookie", "join_url",
           "teacher_url", "learners_url", "INDEX_PATH", "PAGES_PATH"]

COOKIE_DAYS = 365
POLL_SECONDS = 3
PAGES_PATH = "voici/render/"
INDEX_PATH = f"{PAGES_PATH}{Path(catalog.INDEX.notebook).stem}.html"

T = TypeVar("T")


class StoreThread:
    """The class's store, used from one thread of its own: the server's loop never waits on
    the disk, and the store's connection is used by the thread that opened it."""

    def __init__(self, opener: Callable[[], Any]) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="class-store")
        self.store = self._pool.submit(opener).result()

    async def call(self, work: Callable[[Any], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, self.store)

    def run(self, work: Callable[[Any], T]) -> T:
        """The same, from outside the server's loop (start and stop)."""
        return self._pool.submit(work, self.store).result()

    def close(self) -> None:
        self.run(lambda store: store.close())
        self._pool.shutdown()


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

    def __post_init__(self) -> None:
        # One cookie a class: a browser in two classes on one machine is two learners.
        digest = hashlib.sha256(str(Path(self.folder).resolve()).encode("utf-8")).hexdigest()
        self.cookie_name = f"cassino_learner_{digest[:12]}"

    def allowed(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(str(token).encode("utf-8"),
                                                     self.token.encode("utf-8"))


def learners_url(root: str, base_url: str = "/") -> str:
    """The address learners open (`root` like http://host:port)."""
    return f"{root.rstrip('/')}{base_url}"


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
    return await state.store.call(lambda store: store.learner(learner_id))


def set_learner_cookie(handler: web.RequestHandler, state: ClassState, learner_id: str) -> None:
    handler.set_signed_cookie(state.cookie_name, learner_id, path=state.base_url,
                              expires_days=COOKIE_DAYS, httponly=True, samesite="Lax")


# -------------------------------------------------------------------------------- pages


_PAGE_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0;
  color: #1d2b22; background: #f4f7f3; }
.cc-bar { background: #14532e; color: #fff; padding: 0.6em 1.2em; font-weight: 700; }
.cc-main { max-width: 44em; margin: 1.5em auto; padding: 0 1.2em; }
.cc-wide { max-width: none; margin: 1em 1.5em; }
.cc-card { background: #fff; border: 1px solid #cfdccf; border-radius: 8px; padding: 1em 1.4em;
  margin-bottom: 1.2em; }
.cc-card h2 { margin-top: 0.2em; font-size: 1.2em; }
.cc-row { display: flex; gap: 0.6em; flex-wrap: wrap; align-items: center; }
.cc-main input[type=text] { font-size: 1.1em; padding: 0.45em 0.6em; border: 1px solid #8aa58f;
  border-radius: 6px; min-width: 14em; flex: 1; }
.cc-button { font-size: 1.05em; padding: 0.5em 1.2em; border-radius: 6px; border: 1px solid #14532e;
  background: #fff; color: #14532e; cursor: pointer; text-decoration: none; display: inline-block; }
.cc-button.cc-primary { background: #1e7a45; color: #fff; }
.cc-button.cc-danger { border-color: #a3261c; color: #a3261c; }
.cc-button.cc-danger.cc-primary { background: #a3261c; color: #fff; }
.cc-button:focus-visible, input:focus-visible { outline: 3px solid #f2b705; outline-offset: 2px; }
.cc-error { color: #a3261c; font-weight: 600; }
.cc-note { color: #555; font-size: 0.92em; }
.cc-name { overflow-wrap: anywhere; unicode-bidi: isolate; }
"""


def _page(title: str, body: str, nonce: str, *, wide: bool = False, script: str = "",
          style: str = "") -> str:
    main = "cc-main cc-wide" if wide else "cc-main"
    code = f'<script nonce="{nonce}">{script}</script>' if script else ""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="no-referrer">'
            f"<title>{html.escape(title)}</title><style>{_PAGE_CSS}{style}</style></head>"
            f'<body><div class="cc-bar">&#9824; Learn Cassino</div>'
            f'<main class="{main}">{body}</main>{code}</body></html>')


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

    def show(self, markup: str) -> None:
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
        self.show(await self.name_page(after=self.get_argument("next", ""),
                                       switching=bool(self.get_argument("switch", ""))))

    async def post(self) -> None:
        skip = bool(self.get_argument("skip", ""))
        name = "" if skip else self.get_argument("name", "", strip=False)
        learner = await self.state.store.call(lambda store: store.join(name))
        self.become(learner)

    def become(self, learner: Any) -> None:
        set_learner_cookie(self, self.state, learner.id)
        self.redirect(_safe_next(self.get_argument("next", ""), self.state.base_url))

    async def name_page(self, after: str, switching: bool, error: str = "",
                        code_typed: str = "") -> str:
        state = self.state
        now = await learner_from_cookie(self, state)
        xsrf = self.xsrf_form_html()
        after_field = f'<input type="hidden" name="next" value="{html.escape(after)}">'
        title = html.escape(state.name)
        current = ""
        if now is not None:
            back = html.escape(_safe_next(after, state.base_url))
            current = (f'<div class="cc-card cc-current"><p>This browser plays as '
                       f'<b class="cc-name">{html.escape(now.name)}</b>.</p>'
                       f'<a class="cc-button cc-primary" href="{back}">Continue as '
                       f'<span class="cc-name">{html.escape(now.name[:40])}</span></a>'
                       f'<p class="cc-note">Not you? Start as someone new below, or enter '
                       f'your code.</p></div>')
        problem = (f'<p class="cc-error" role="alert">{html.escape(error)}</p>' if error else "")
        body = (f"<h1>Welcome to the class {title}</h1>{current}"
                f'<form class="cc-card" method="post" action="{state.base_url}class/join">'
                f'<h2>{"Someone new" if now else "Who are you?"}</h2>'
                f'<p><label for="cc-name-field">Your name (your teacher sees it; no password '
                f"needed)</label></p>"
                f'<div class="cc-row"><input type="text" id="cc-name-field" name="name" '
                f'autocomplete="off" {"autofocus" if not now and not error else ""}>'
                f'<button class="cc-button cc-primary" type="submit">Start</button>'
                f'<button class="cc-button" type="submit" name="skip" value="1">Skip</button>'
                f"</div>{xsrf}{after_field}"
                f'<p class="cc-note">Skip gives you a name like "Learner 7".</p></form>'
                f'<form class="cc-card" id="code" method="post" '
                f'action="{state.base_url}class/code"><h2>Continue on another computer</h2>'
                f'<p><label for="cc-code-field">Started on another computer? Enter the '
                f"learner code from its contents page.</label></p>{problem}"
                f'<div class="cc-row"><input type="text" id="cc-code-field" name="code" '
                f'autocomplete="off" spellcheck="false" value="{html.escape(code_typed)}" '
                f'{"autofocus" if error else ""}>'
                f'<button class="cc-button" type="submit">Continue</button></div>'
                f"{xsrf}{after_field}</form>")
        return _page(f"{state.name} · Learn Cassino", body, self.nonce)


class CodeHandler(JoinHandler):
    """Continuing as the learner whose code is typed; a code the class has not says so."""

    def get(self) -> None:
        self.redirect(f"{self.state.base_url}class/join#code")

    async def post(self) -> None:
        typed = self.get_argument("code", "")
        learner = await self.state.store.call(lambda store: store.by_code(typed))
        if learner is None:
            self.set_status(404)
            shown = typed.strip()[:40] or "(nothing)"
            self.show(await self.name_page(self.get_argument("next", ""), True,
                                     error=f"No learner of this class has the code {shown}. "
                                           "Check it on your contents page.",
                                     code_typed=typed[:40]))
            return
        self.become(learner)


# -------------------------------------------------------------------------------- teacher


NOT_ALLOWED = ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
               "<title>Not allowed</title></head><body><h1>Not allowed</h1>"
               "<p>This page is for the class's teacher, with the address printed when the "
               "class's server started.</p></body></html>")


class _Teacher(_Page):
    """A teacher's URL: the token, or a plain 403."""

    def prepare(self) -> None:
        if not self.state.allowed(self.get_argument("token", None)):
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(NOT_ALLOWED)

    async def summary(self) -> Any:
        now = datetime.now(timezone.utc)
        return await self.state.store.call(lambda store: summarize(store, now))


def _json_for_script(data: Any) -> str:
    """JSON to sit inside a <script> element: no "<", ">" or "&" that could end it."""
    return (json.dumps(data, ensure_ascii=False).replace("&", "\\u0026")
            .replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


class TeacherPage(_Teacher):
    async def get(self) -> None:
        summary = (await self.summary()).to_json()
        base = self.state.base_url
        body = _TEACHER_BODY.format(name=html.escape(self.state.name),
                                    ended=_ended_note(self.get_argument("ended", "")),
                                    xsrf=self.xsrf_form_html(),
                                    token=html.escape(self.state.token),
                                    end=f"{base}class/teacher/end",
                                    demo=html.escape(f"{base}class/demo/teacher?token="
                                                     f"{self.state.token}"),
                                    csv=html.escape(f"{base}class/teacher/class.csv?token="
                                                    f"{self.state.token}"))
        data = (f'<script type="application/json" id="cc-data">{_json_for_script(summary)}'
                f"</script>")
        script = (f"var POLL_MS = {POLL_SECONDS * 1000}; "
                  f"var SUMMARY_URL = {json.dumps(base + 'class/teacher/summary.json')};\n"
                  + _TEACHER_JS)
        self.show(_page(f"{self.state.name} · teacher · Learn Cassino",
                        body.replace("<!--data-->", data), self.nonce, wide=True,
                        script=script, style=_TEACHER_CSS))


def _ended_note(stamp: str) -> str:
    if not stamp:
        return ""
    return (f'<p class="cc-card cc-ended" role="status">The class was ended and archived '
            f"({html.escape(stamp[:40])}). It starts afresh: learners who come back give "
            f"their name again.</p>")


class SummaryJson(_Teacher):
    async def get(self) -> None:
        summary = await self.summary()
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(summary.to_json()))


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
    from ..teaching.demo_store import FILE_NAME, DemoStore

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
    base = state.base_url
    options = {"state": state}
    return [(base, HomeHandler, options),
            (f"{base}class/?", HomeHandler, options),
            (f"{base}class/join", JoinHandler, options),
            (f"{base}class/code", CodeHandler, options),
            (f"{base}class/teacher", TeacherPage, options),
            (f"{base}class/teacher/summary.json", SummaryJson, options),
            (f"{base}class/teacher/class.csv", ClassCsv, options),
            (f"{base}class/teacher/end", EndClass, options),
            (f"{base}class/teacher/.*", _Teacher, options)]


_TEACHER_CSS = """
.cc-head { display: flex; gap: 1em; align-items: baseline; flex-wrap: wrap; }
.cc-head h1 { margin: 0.2em 0; font-size: 1.5em; }
.cc-status { color: #555; font-size: 0.9em; }
.cc-table-wrap { overflow-x: auto; }
table.cc-table { border-collapse: collapse; width: 100%; font-size: 0.95em; }
.cc-table th, .cc-table td { border-bottom: 1px solid #dde6dd; padding: 0.35em 0.6em;
  text-align: left; vertical-align: top; }
.cc-table td.cc-num, .cc-table th.cc-num { text-align: right; font-variant-numeric: tabular-nums; }
.cc-table th button { font: inherit; font-weight: 700; background: none; border: 0; padding: 0;
  cursor: pointer; color: #14532e; text-align: inherit; }
.cc-table th[aria-sort] button::after { content: " \\25B4"; }
.cc-table th[aria-sort="descending"] button::after { content: " \\25BE"; }
.cc-table td.cc-name { max-width: 22em; }
.cc-empty { color: #666; font-style: italic; }
.cc-sections { display: grid; grid-template-columns: repeat(auto-fit, minmax(28em, 1fr));
  gap: 1.2em; }
.cc-actions { display: flex; gap: 0.8em; flex-wrap: wrap; align-items: center; }
.cc-actions h2 { margin: 0; }
.cc-stars { color: #8a6200; }
"""

_TEACHER_BODY = """
<div class="cc-head"><h1>Class <span class="cc-name">{name}</span></h1>
<span class="cc-status" id="cc-status" role="status" aria-live="polite"></span>
<a class="cc-button cc-primary" id="cc-demo" href="{demo}">Show the class a table</a></div>
{ended}
<section class="cc-card"><div class="cc-actions"><h2 id="cc-learners-title">Learners</h2>
<a class="cc-button" id="cc-csv" href="{csv}" download>Download the table (CSV)</a></div>
<div class="cc-table-wrap"><table class="cc-table" id="cc-learners"
 aria-labelledby="cc-learners-title"><thead></thead><tbody></tbody></table></div></section>
<div class="cc-sections">
<section class="cc-card"><h2 id="cc-stages-title">Stages, hardest first</h2>
<div class="cc-table-wrap"><table class="cc-table" id="cc-stages"
 aria-labelledby="cc-stages-title"><thead><tr><th>Lesson</th><th>Stage</th>
<th class="cc-num">Tried</th><th class="cc-num">Solved</th><th class="cc-num">First try</th>
<th class="cc-num">Median tries</th></tr></thead><tbody></tbody></table></div></section>
<section class="cc-card"><h2 id="cc-rules-title">Rules broken most</h2>
<div class="cc-table-wrap"><table class="cc-table" id="cc-rules"
 aria-labelledby="cc-rules-title"><thead><tr><th>Rule</th><th class="cc-num">Refused moves</th>
<th class="cc-num">Learners</th><th>Where</th></tr></thead><tbody></tbody></table></div>
</section></div>
<section class="cc-card"><h2>End the class</h2>
<p class="cc-note">Ending the class keeps everything in a dated archive folder and starts the
class afresh: every learner gives a name again.</p>
<button class="cc-button cc-danger" type="button" id="cc-end-ask">End the class&hellip;</button>
<form method="post" action="{end}" id="cc-end-form" hidden>
<p class="cc-error">Really end the class? Every learner's progress so far goes to the archive.</p>
{xsrf}<input type="hidden" name="token" value="{token}">
<input type="hidden" name="confirm" value="yes">
<div class="cc-actions"><button class="cc-button cc-danger cc-primary" type="submit"
 id="cc-end-yes">Yes, end the class</button>
<button class="cc-button" type="button" id="cc-end-no">No, keep it going</button></div></form>
</section>
<!--data-->
"""

# Every learner's text reaches the page by textContent: a name is shown as typed, never run.
_TEACHER_JS = r"""
(function () {
  var token = new URLSearchParams(location.search).get('token') || '';
  var data = JSON.parse(document.getElementById('cc-data').textContent);
  var sortKey = 'name', sortDown = false;

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (cls) { node.className = cls; }
    return node;
  }
  function ago(seconds) {
    if (seconds === null || seconds === undefined) { return 'not yet'; }
    if (seconds < 10) { return 'just now'; }
    if (seconds < 90) { return Math.round(seconds) + ' s ago'; }
    if (seconds < 5400) { return Math.round(seconds / 60) + ' min ago'; }
    return Math.round(seconds / 3600) + ' h ago';
  }
  function now(row) {
    if (!row.lesson_title_now) { return '—'; }
    return row.lesson_title_now + (row.stage_number_now ? ', stage ' + row.stage_number_now : '');
  }
  var columns = function () {
    var cols = [
      {key: 'name', title: 'Name', value: function (r) { return r.name.toLocaleLowerCase(); },
       cell: function (r) { return el('td', r.name, 'cc-name'); }},
      {key: 'seen', title: 'Last seen', value: function (r) {
         return r.seconds_since_seen === null ? Infinity : r.seconds_since_seen; },
       cell: function (r) { var td = el('td', ago(r.seconds_since_seen));
         if (r.last_seen) { td.title = r.last_seen; } return td; }},
      {key: 'done', title: 'Lessons done', num: true, value: function (r) { return r.lessons_done; },
       cell: function (r) { return el('td', r.lessons_done, 'cc-num'); }},
      {key: 'stars', title: 'Stars', num: true, value: function (r) { return r.stars_total; },
       cell: function (r) { return el('td', '★ ' + r.stars_total, 'cc-num cc-stars'); }}];
    data.lessons.forEach(function (lesson, i) {
      cols.push({key: 'lesson:' + lesson.lesson, title: String(i + 1), hint: lesson.title +
                 ' (of ' + lesson.stars + ' stars)', num: true,
                 value: function (r) { return r.stars[lesson.lesson] || 0; },
                 cell: function (r) { return el('td', r.stars[lesson.lesson] || 0, 'cc-num'); }});
    });
    cols.push({key: 'now', title: 'On now', value: function (r) { return now(r); },
               cell: function (r) { return el('td', now(r)); }});
    return cols;
  };
  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function drawLearners() {
    var table = document.getElementById('cc-learners');
    var cols = columns();
    var head = el('tr');
    cols.forEach(function (col) {
      var th = el('th', null, col.num ? 'cc-num' : '');
      var button = el('button', col.title);
      button.type = 'button';
      if (col.hint) { th.title = col.hint; button.setAttribute('aria-label', col.hint); }
      button.addEventListener('click', function () {
        if (sortKey === col.key) { sortDown = !sortDown; } else { sortKey = col.key; sortDown = false; }
        drawLearners();
      });
      if (sortKey === col.key) { th.setAttribute('aria-sort', sortDown ? 'descending' : 'ascending'); }
      th.appendChild(button);
      head.appendChild(th);
    });
    table.tHead.replaceChildren(head);
    var col = cols.filter(function (c) { return c.key === sortKey; })[0] || cols[0];
    var rows = data.learners.map(function (r, i) { return [r, i]; });
    rows.sort(function (x, y) {
      var order = compare(col.value(x[0]), col.value(y[0])) || compare(x[1], y[1]);
      return sortDown ? -order : order;
    });
    var body = table.tBodies[0];
    body.replaceChildren();
    if (!rows.length) {
      var empty = el('td', 'Nobody has joined yet. Learners open the class address and give a name.', 'cc-empty');
      empty.colSpan = cols.length;
      body.appendChild(el('tr')).appendChild(empty);
    }
    rows.forEach(function (pair) {
      var tr = el('tr');
      tr.className = 'cc-learner';
      cols.forEach(function (c) { tr.appendChild(c.cell(pair[0])); });
      body.appendChild(tr);
    });
    document.getElementById('cc-learners-title').textContent =
      'Learners (' + data.learners.length + ')';
  }
  function drawStages() {
    var body = document.querySelector('#cc-stages tbody');
    body.replaceChildren();
    var tried = data.stages.filter(function (s) { return s.tried > 0; });
    if (!tried.length) {
      var td = el('td', 'No stage tried yet.', 'cc-empty'); td.colSpan = 6;
      body.appendChild(el('tr')).appendChild(td);
    }
    tried.forEach(function (s) {
      var tr = el('tr');
      tr.appendChild(el('td', s.lesson_title));
      tr.appendChild(el('td', 'Stage ' + s.number));
      tr.appendChild(el('td', s.tried, 'cc-num'));
      tr.appendChild(el('td', s.solved, 'cc-num'));
      tr.appendChild(el('td', s.first_try, 'cc-num'));
      tr.appendChild(el('td', s.median_tries === null ? '—' : s.median_tries, 'cc-num'));
      body.appendChild(tr);
    });
  }
  function drawRules() {
    var body = document.querySelector('#cc-rules tbody');
    body.replaceChildren();
    if (!data.rules.length) {
      var td = el('td', 'No move refused yet.', 'cc-empty'); td.colSpan = 4;
      body.appendChild(el('tr')).appendChild(td);
    }
    var titles = {};
    data.lessons.forEach(function (l) { titles[l.lesson] = l.title; });
    data.rules.forEach(function (r) {
      var tr = el('tr');
      tr.appendChild(el('td', r.rule));
      tr.appendChild(el('td', r.refusals, 'cc-num'));
      tr.appendChild(el('td', r.learners, 'cc-num'));
      tr.appendChild(el('td', r.stages.map(function (s) {
        return (titles[s.lesson] || s.lesson) + (s.number ? ', stage ' + s.number : '') +
               ' (' + s.refusals + ')';
      }).join('; ')));
      body.appendChild(tr);
    });
  }
  function draw() {
    drawLearners(); drawStages(); drawRules();
    document.getElementById('cc-status').textContent =
      'Updated ' + new Date().toLocaleTimeString() + ' · every ' + (POLL_MS / 1000) + ' s';
  }
  function poll() {
    fetch(SUMMARY_URL + '?token=' + encodeURIComponent(token), {cache: 'no-store'})
      .then(function (r) { if (!r.ok) { throw new Error('HTTP ' + r.status); } return r.json(); })
      .then(function (fresh) { data = fresh; draw(); })
      .catch(function () {
        document.getElementById('cc-status').textContent =
          'Could not update (is the server still running?); trying again.';
      })
      .finally(function () { setTimeout(poll, POLL_MS); });
  }
  var ask = document.getElementById('cc-end-ask'), form = document.getElementById('cc-end-form');
  ask.addEventListener('click', function () { form.hidden = false; ask.hidden = true;
    document.getElementById('cc-end-no').focus(); });
  document.getElementById('cc-end-no').addEventListener('click', function () {
    form.hidden = true; ask.hidden = false; ask.focus(); });
  draw();
  setTimeout(poll, POLL_MS);
})();
"""
