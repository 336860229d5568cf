"""The class check started as the browser's kernel starts (pages/browser_class.py `ask_early`,
called by serving/static/browser_site.py): the page's first cell takes its answer rather than
waiting for a request of its own; without an answer it asks the server itself, as before.
Run natively with the browser's `js` bridge stood in for."""

from __future__ import annotations

import asyncio
import sys
import types

import pytest

from cassino_learn.pages import browser_class


class FakeBrowser:
    """Enough of Pyodide's `js` and `pyodide.ffi` for the class check: `fetch` (the early,
    asynchronous GET) and `XMLHttpRequest` (the page's own, synchronous one), each counted."""

    def __init__(self, status: int, text: str, online: bool = True) -> None:
        self.status, self.text, self.online = status, text, online
        self.fetched: list[str] = []
        self.requested: list[str] = []
        browser = self

        class Response:
            def __init__(self) -> None:
                self.status = browser.status

            async def text(self) -> str:
                return browser.text

        async def fetch(url: str, options: object) -> Response:
            browser.fetched.append(url)
            if not browser.online:
                raise RuntimeError("TypeError: Failed to fetch")
            return Response()

        class Request:
            def __init__(self) -> None:
                self.status, self.responseText = browser.status, browser.text

            def open(self, method: str, url: str, asynchronous: bool) -> None:
                if not browser.online:
                    raise RuntimeError("NetworkError")
                browser.requested.append(url)

            def setRequestHeader(self, *_: str) -> None:
                pass

            def send(self, _: object) -> None:
                pass

        self.js = types.SimpleNamespace(
            fetch=fetch, location=types.SimpleNamespace(origin="http://school:8000"),
            XMLHttpRequest=types.SimpleNamespace(new=Request),
            Object=types.SimpleNamespace(fromEntries=dict))
        self.ffi = types.SimpleNamespace(to_js=lambda value, dict_converter=None: value)


@pytest.fixture
def in_browser(monkeypatch):
    def make(status: int, text: str, online: bool = True) -> FakeBrowser:
        fake = FakeBrowser(status, text, online)
        monkeypatch.setitem(sys.modules, "js", fake.js)
        monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
        monkeypatch.setitem(sys.modules, "pyodide.ffi", fake.ffi)
        monkeypatch.setattr(browser_class, "_early", {})
        return fake
    return make


def test_the_first_cell_takes_the_answer_asked_as_the_kernel_started(in_browser):
    browser = in_browser(404, "no class here")
    asyncio.run(browser_class._get_early(browser_class.ME_PATH))
    assert browser.fetched == ["http://school:8000/class/api/me"]

    assert browser_class._fetch(browser_class.ME_PATH) == (404, "no class here")
    assert browser.requested == []  # no second request: the page did not wait for one
    # Taken once: a later check (none is made today) asks the server again.
    assert browser_class._fetch(browser_class.ME_PATH) == (404, "no class here")
    assert browser.requested == ["http://school:8000/class/api/me"]


def test_a_learner_found_early_is_the_pages_learner(in_browser):
    me = '{"learner": {"id": "0123456789abcdef", "name": "Ada", "code": "ABC234"}}'
    browser = in_browser(200, me)
    asyncio.run(browser_class._get_early(browser_class.ME_PATH))
    found = browser_class.ask_server()
    assert (found.id, found.name, found.code) == ("0123456789abcdef", "Ada", "ABC234")
    assert browser.requested == []


def test_offline_as_the_kernel_starts_the_page_asks_itself_and_keeps_its_offline_answer(
        in_browser, monkeypatch, tmp_path):
    monkeypatch.setattr(browser_class, "LAST_LEARNER", tmp_path / "learner.json")
    browser = in_browser(200, "", online=False)
    asyncio.run(browser_class._get_early(browser_class.ME_PATH))  # fails quietly
    assert browser_class._early == {}
    with pytest.raises(OSError, match="cannot be reached"):
        browser_class._fetch(browser_class.ME_PATH)
    assert browser_class.ask_server() is None  # offline, and no learner known in this browser


def test_asked_early_the_request_runs_on_the_kernels_loop_and_is_kept_until_answered(
        in_browser):
    browser = in_browser(404, "no class here")

    async def kernel_start() -> None:
        browser_class.ask_early()
        assert len(browser_class._asking) == 1  # held: not lost to the garbage collector
        while browser_class._asking:
            await asyncio.sleep(0)

    asyncio.run(kernel_start())
    assert browser.fetched == ["http://school:8000/class/api/me"]
    assert browser_class._early == {browser_class.ME_PATH: (404, "no class here")}
