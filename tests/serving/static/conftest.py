"""Fixtures of the static edition's tests: one build of the whole course per session, served by
a plain static web server on loopback, and Chromium pages that may reach nothing else: every
request elsewhere is blocked and recorded (`outside`), so a test can fail on it."""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import pytest

from cassino_learn.serving.static import build_site
from cassino_learn.serving.static.preview import StaticServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
#: A page is interactive when Voici has run every cell and every widget has its model, and no
#: lesson asked for inside the page (pages/course.py) is still on its way.
READY = ("() => !document.getElementById('loading') && document.querySelector('#rendered_cells')"
         " && !document.body.dataset.courseLoading"
         " && !document.body.innerText.includes('Loading widget...')")
#: The site's service worker controls the page: every page loaded from then on is kept for
#: offline use (one loaded before it took control is kept only from its next load).
CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
ERROR_OUTPUT = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
#: Cold start of Python in the browser on a busy 2-core machine can take a minute.
PAGE_TIMEOUT = 240_000


@dataclass
class Site:
    root: Path
    messages: list[str]
    seconds: float


@dataclass
class Visit:
    """A browser page on the served site, with the requests that tried to leave it."""

    page: object
    server: StaticServer
    outside: list[str] = field(default_factory=list)

    def open(self, path: str) -> None:
        self.page.goto(self.server.url(path))
        self.wait_until_ready()

    def wait_until_ready(self) -> None:
        self.page.wait_for_function(READY, timeout=PAGE_TIMEOUT)

    def errors(self) -> list[str]:
        return [t.strip() for t in self.page.locator(ERROR_OUTPUT).all_inner_texts()]

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}.png"
        self.page.screenshot(path=str(path), full_page=False)
        return path


@pytest.fixture(scope="session")
def build_cache(tmp_path_factory) -> Iterator[Path | None]:
    """Under CI (the variable CI is set), the static build's cache is a new empty folder
    ($CASSINO_LEARN_CACHE), so a step that works only with what an earlier build left behind
    fails there, as it would on a fresh machine. Elsewhere the usual cache is kept (None)."""
    if not os.environ.get("CI"):
        yield None
        return
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("cassino-learn-cache")
        patch.setenv("CASSINO_LEARN_CACHE", str(folder))
        yield folder


@pytest.fixture(scope="session")
def build_log() -> list[str]:
    """What every build of the session said, in order: under CI the first build to run (which
    depends on the tests chosen) is the one that fills the empty cache."""
    return []


@pytest.fixture(scope="session")
def site(tmp_path_factory, build_cache, build_log) -> Site:
    messages: list[str] = []

    def report(message: str) -> None:
        messages.append(message)
        build_log.append(message)

    started = time.monotonic()
    root = build_site(tmp_path_factory.mktemp("static") / "site", report=report)
    seconds = time.monotonic() - started
    print(f"\nstatic site built in {seconds:.0f} s:\n  " + "\n  ".join(messages))
    return Site(root, messages, seconds)


@pytest.fixture(scope="session")
def server(site) -> Iterator[StaticServer]:
    with StaticServer(site.root) as running:
        yield running


@pytest.fixture(scope="module")
def chromium(playwright) -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./run test does)")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def _visit(chromium, server: StaticServer) -> Iterator[Visit]:
    """A fresh browser profile (empty storage) whose requests may go to `server` only."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    visit = Visit(context.new_page(), server)

    def only_the_site(route) -> None:
        url = route.request.url
        if url.startswith(server.base_url) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            visit.outside.append(url)
            route.abort()

    def seen(request) -> None:  # also what a route may not see (e.g. a worker's requests)
        url = request.url
        if not url.startswith(server.base_url) and not url.startswith(("data:", "blob:")) \
                and url not in visit.outside:
            visit.outside.append(url)

    context.route("**/*", only_the_site)
    context.on("request", seen)
    yield visit
    context.close()


@pytest.fixture
def visit(chromium, server) -> Iterator[Visit]:
    """A learner's browser on the course."""
    yield from _visit(chromium, server)


@pytest.fixture(scope="session")
def small_site(tmp_path_factory, build_cache, build_log) -> Path:
    """A site of test notebooks instead of the course (tests/browser/notebooks): an empty
    contents page, a page whose cell fails, a page of several cells, one failing, and one of
    cells that wait, print, display and draw a widget."""
    notebooks = Path(__file__).resolve().parents[2] / "browser" / "notebooks"
    lessons = tmp_path_factory.mktemp("small-lessons")
    shutil.copy(notebooks / "empty.ipynb", lessons / "00_index.ipynb")
    shutil.copy(notebooks / "broken.ipynb", lessons / "broken.ipynb")
    shutil.copy(notebooks / "cells_in_order.ipynb", lessons / "cells_in_order.ipynb")
    shutil.copy(notebooks / "cells_pipelined.ipynb", lessons / "cells_pipelined.ipynb")
    return build_site(tmp_path_factory.mktemp("small") / "site", lessons=lessons,
                      report=build_log.append)


@pytest.fixture
def small_visit(chromium, small_site) -> Iterator[Visit]:
    """A browser on the small site."""
    with StaticServer(small_site) as running:
        yield from _visit(chromium, running)
