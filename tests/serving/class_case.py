"""A class's server (serving/class_server.py) in a test: the real application on a class in a
temporary folder, handing out a small stand-in for the in-browser edition (a contents page, a
lesson page, a large compressible file), with the helpers a browser's requests need."""

from __future__ import annotations

import json
import secrets
import tempfile
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlencode

from tornado.testing import AsyncHTTPTestCase
from tornado.web import Application

from cassino_learn.serving.class_api import RateLimit
from cassino_learn.serving.class_server import make_app, open_state

PAGE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        "</head><body><p>{title}</p></body></html>")


def small_site(root: Path) -> Path:
    """A folder laid out as the static edition is, with a few files."""
    render = root / "voici" / "render"
    render.mkdir(parents=True)
    for name in ("00_index", "02_pairing"):
        (render / f"{name}.html").write_text(PAGE.format(title=name), encoding="utf-8")
    (root / "index.html").write_text(PAGE.format(title="home"), encoding="utf-8")
    runtime = root / "static" / "pyodide"
    runtime.mkdir(parents=True)
    (runtime / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(range(64)) * 4000)
    (runtime / "pyodide.js").write_text("var x = 1;\n" * 2000, encoding="utf-8")
    (root / "service-worker.js").write_text("self.x = 1;\n", encoding="utf-8")
    (root / ".complete").write_text("built\n")
    return root


def cookies_of(response: Any) -> SimpleCookie:
    jar = SimpleCookie()
    for header in response.headers.get_list("Set-Cookie"):
        jar.load(header)
    return jar


class ClassServerCase(AsyncHTTPTestCase):
    """The class's whole server on a class called 4B (or `class_name`)."""

    limit: RateLimit | None = None
    class_name = "4B"

    def setUp(self) -> None:
        self._tmp = tempfile.TemporaryDirectory()
        base = Path(self._tmp.name)
        self.folder = base / "classes" / "4b"
        self.site = small_site(base / "site")
        self.token = secrets.token_urlsafe(24)
        self.state = open_state(self.folder, self.class_name, self.token)
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        self.state.store.close()
        self._tmp.cleanup()

    def get_app(self) -> Application:
        return make_app(self.state, self.site, limit=self.limit)

    # -- the store, as the server holds it

    def db(self, work: Callable[[Any], Any]) -> Any:
        return self.state.store.run(work)

    # -- requests as a browser makes them

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.fetch(path, follow_redirects=False, **kwargs)

    def xsrf(self) -> str:
        """The _xsrf cookie's value a browser gets with the name page."""
        return cookies_of(self.get("/class/join"))["_xsrf"].value

    def form(self, path: str, fields: dict, cookies: str = "", with_xsrf: bool = True) -> Any:
        """POST a form as a browser that loaded the name page first (its _xsrf cookie)."""
        xsrf = self.xsrf()
        body = {**fields, **({"_xsrf": xsrf} if with_xsrf else {})}
        cookie = "; ".join(x for x in (f"_xsrf={xsrf}", cookies) if x)
        return self.fetch(path, method="POST", body=urlencode(body), follow_redirects=False,
                          headers={"Cookie": cookie})

    def learner_cookie(self, response: Any) -> str:
        return cookies_of(response)[self.state.cookie_name].value

    def cookie_id(self, response: Any) -> str:
        """The learner id the signed cookie of `response` holds."""
        from tornado.web import decode_signed_value

        secret = self.get_app().settings["cookie_secret"]
        value = decode_signed_value(secret, self.state.cookie_name, self.learner_cookie(response))
        assert value is not None, "the learner's cookie is not signed by the class"
        return value.decode("ascii")

    def join(self, name: str = "Ada") -> "Browser":
        """A browser that joined the class as `name`."""
        response = self.form("/class/join", {"name": name})
        assert response.code == 302, response.code
        browser = Browser(self, self.learner_cookie(response))
        browser.me()
        return browser


class Browser:
    """A learner's browser: its cookies, and the page's calls to the progress API."""

    def __init__(self, case: ClassServerCase, learner_cookie: str) -> None:
        self.case, self.learner_cookie = case, learner_cookie
        self.xsrf_cookie = ""
        self.xsrf = ""
        self.id = ""

    @property
    def cookies(self) -> str:
        parts = [f"{self.case.state.cookie_name}={self.learner_cookie}"]
        if self.xsrf_cookie:
            parts.append(f"_xsrf={self.xsrf_cookie}")
        return "; ".join(parts)

    def me(self) -> Any:
        response = self.case.get("/class/api/me", headers={"Cookie": self.cookies})
        if response.code == 200:
            data = json.loads(response.body)
            self.id, self.xsrf = data["learner"]["id"], data["xsrf"]
            jar = cookies_of(response)
            if "_xsrf" in jar:
                self.xsrf_cookie = jar["_xsrf"].value
        return response

    def sync(self, body: Any, *, raw: bytes | None = None, xsrf: str | None = None,
             cookies: str | None = None) -> Any:
        data = raw if raw is not None else json.dumps(body).encode("utf-8")
        headers = {"Cookie": self.cookies if cookies is None else cookies,
                   "Content-Type": "application/json"}
        token = self.xsrf if xsrf is None else xsrf
        if token:
            headers["X-XSRFToken"] = token
        return self.case.fetch("/class/api/sync", method="POST", body=data, headers=headers,
                               follow_redirects=False)


def event(number: int, kind: str = "try", solved: bool = False, **fields: Any) -> dict:
    """An event as a page sends it (what class_events hands the page)."""
    data = {"id": f"event-{number:04d}-abcdef", "at": "2026-11-25T10:00:00.000+00:00",
            "kind": kind, "lesson": "01_cards_and_points", "stage": "aces"}
    if kind == "try":
        data["solved"] = solved
    if kind == "refusal":
        data["rule"] = fields.pop("rule", "C1")
    data.update(fields)
    return data
