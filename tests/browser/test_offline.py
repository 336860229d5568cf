"""Nothing leaves the machine: every request of the index and two lessons goes to the local
server (an offline classroom gets the same pages), and their consoles show no error."""

from __future__ import annotations

import re

from cassino_learn.teaching import catalog

LESSONS = catalog.lessons_dir()
PAGES = [catalog.INDEX.notebook, "02_pairing.ipynb", "05_building.ipynb"]


def _local(url: str, base: str) -> bool:
    """A request this server answers, or one the page answers itself (data: and blob: URLs of
    its own making)."""
    return url.startswith(base) or url.startswith("data:") or url.startswith(f"blob:{base}")


def test_the_index_and_two_lessons_load_nothing_from_outside_the_server(
        voila, browser, wait_for_voila, error_outputs):
    server = voila(LESSONS)
    base = server.base_url.rstrip("/")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(90_000)
    requests: list[str] = []
    errors: list[str] = []
    # Anything for elsewhere fails at once (as it would offline) instead of waiting.
    context.route(re.compile(rf"^(?!{re.escape(base)}/)(https?|wss?)://"),
                  lambda route: route.abort())
    try:
        page = context.new_page()
        page.on("request", lambda request: requests.append(request.url))
        page.on("console", lambda message: errors.append(message.text)
                if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        for name in PAGES:
            assert (LESSONS / name).exists(), f"{name} is missing from {LESSONS}"
            page.goto(server.url(name))
            wait_for_voila(page)
            assert error_outputs(page) == [], name
    finally:
        context.close()
    assert len(requests) > 3 * len(PAGES), "the pages made suspiciously few requests"
    outside = [url for url in requests if not _local(url, base)]
    assert outside == [], f"requests leaving the machine: {outside}"
    assert errors == []
