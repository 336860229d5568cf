"""A class (`cassino-learn serve --class`), in real browsers: the lessons run in each learner's
browser and report to the class's server. Every browser its own learner, the teacher's page,
another computer by the learner code, a server killed mid-lesson, and a browser offline."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import expect

from cassino_learn.serving.class_process import ClassServerProcess
from cassino_learn.serving.class_site import class_site
from cassino_learn.classroom.class_store import ClassStore
from cassino_learn.teaching.stages import load_stages
from test_stages import _answer  # the clicks that solve a stage, worked out by the rules core

FIRST = "01_cards_and_points"
FIRST_STARS = 3 * len(load_stages(FIRST).stages)
HTML_NAME = "Ada <img src=x onerror=alert(1)>"
INDEX = "voici/render/00_index.html"
#: A page is interactive when Voici has run every cell and every widget has its model.
READY = ("() => !document.getElementById('loading') && document.querySelector('#rendered_cells')"
         " && !document.body.innerText.includes('Loading widget...')")
PAGE_TIMEOUT = 240_000
#: The site's service worker controls the page: every page loaded from then on is kept for
#: offline use (one loaded before it took control is kept only from its next load).
CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
MAX_SERVER_MB = 300


@pytest.fixture(scope="module")
def site() -> Path:
    """The in-browser edition of this checkout, as `serve --class` builds it (cached)."""
    return class_site(None, report=print)


@pytest.fixture
def server(site, tmp_path) -> Iterator[ClassServerProcess]:
    with ClassServerProcess(tmp_path / "classes" / "test-class", "Test class", site) as running:
        yield running
        assert_small(running)


def assert_small(server: ClassServerProcess) -> None:
    """No kernel, no Jupyter: one process, and a small one."""
    processes = server.processes()
    assert len(processes) == 1, [p.cmdline() for p in processes]
    assert server.memory_mb() < MAX_SERVER_MB


def new_browser(browser, viewport=(1280, 900)):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    context.set_default_timeout(PAGE_TIMEOUT)
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs  # type: ignore[attr-defined]
    return context, page


def ready(page) -> None:
    page.wait_for_function(READY, timeout=PAGE_TIMEOUT)


def join(page, server: ClassServerProcess, name: str) -> None:
    page.goto(server.base_url)
    page.wait_for_url("**/class/join**")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(f"**/{INDEX}")
    ready(page)
    page.wait_for_function(CONTROLLED, timeout=PAGE_TIMEOUT)  # the lessons opened next are kept
    expect(page.locator(".cl-learner-name")).to_have_text(name[:80])


def tile_stars(page, slug: str):
    return page.locator(f'.cl-tile[data-lesson="{slug}"] .cl-tile-stars')


def open_lesson(page, server: ClassServerProcess, slug: str = FIRST):
    page.goto(server.url(f"voici/render/{slug}.html"))
    ready(page)
    runner = page.locator(".cl-stage-runner")
    runner.locator(".cl-stage-task").wait_for()
    return runner


def solve(runner, number: int) -> None:
    """Solve stage `number` (from 1) of the first lesson, once the runner stands on it (the
    next stage opens by itself after one is solved)."""
    runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]').wait_for()
    _answer(runner, load_stages(FIRST).stages[number - 1])
    runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()


def client(page) -> dict:
    return page.evaluate("window.__cassinoClassState()")


def wait_until_sent(page) -> None:
    page.wait_for_function("() => { const s = window.__cassinoClassState && "
                           "window.__cassinoClassState(); return s && s.lastSent && "
                           "s.waiting === 0; }", timeout=60_000)


def summary(server: ClassServerProcess) -> dict:
    url = server.url(f"class/teacher/summary.json?token={server.token}")
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.loads(answer.read())


def learner_row(teacher, name: str):
    return teacher.locator("tr.cc-learner").filter(
        has=teacher.locator("td.cc-name", has_text=name))


def stored_events(server: ClassServerProcess, name: str) -> list:
    store = ClassStore.open(server.folder)
    try:
        [learner] = [x for x in store.learners() if x.name == name]
        return store.events(learner.id)
    finally:
        store.close()


def test_a_learner_joins_solves_a_stage_and_the_teacher_sees_it(browser, server, screenshot):
    teacher_context, teacher = new_browser(browser, (1920, 1080))
    teacher.goto(server.teacher_url)
    expect(teacher.locator("#cc-learners")).to_contain_text("Nobody has joined yet")

    ada_context, ada = new_browser(browser)
    join(ada, server, HTML_NAME)
    expect(tile_stars(ada, FIRST)).to_have_text(f"★ 0 of {FIRST_STARS}")
    expect(ada.locator(".cl-learner-code")).to_contain_text("Your learner code:")
    screenshot(ada, "class_index_ada")
    runner = open_lesson(ada, server)
    expect(ada.locator(".cl-learner-name")).to_have_text(HTML_NAME)
    solve(runner, 1)
    screenshot(ada, "class_lesson_ada")

    # The teacher's page follows as she plays, without a reload.
    row = learner_row(teacher, HTML_NAME)
    # The server judged the answer the page sent with the solve: a checked star, not an
    # "unchecked" claim (stage 1 at the first try: 3 stars)
    expect(row.locator("td").nth(3)).to_have_text("★ 3", timeout=30_000)
    expect(row.locator(".cc-unchecked")).to_have_count(0)
    expect(row).to_contain_text("Cards and points")
    expect(teacher.locator("#cc-stages tbody")).to_contain_text("Cards and points")
    expect(teacher.locator("#cc-learners img")).to_have_count(0)
    screenshot(teacher, "class_teacher")
    events = stored_events(server, HTML_NAME)
    assert any(e.kind == "try" and e.solved and e.lesson == FIRST for e in events)
    assert any(e.kind == "visit" for e in events)

    bea_context, bea = new_browser(browser, (390, 844))
    join(bea, server, "Bea")
    expect(tile_stars(bea, FIRST)).to_have_text(f"★ 0 of {FIRST_STARS}")
    screenshot(bea, "class_index_bea_phone")
    expect(teacher.locator("tr.cc-learner")).to_have_count(2, timeout=30_000)
    assert ada.dialogs == [] and teacher.dialogs == []  # type: ignore[attr-defined]
    for context in (teacher_context, ada_context, bea_context):
        context.close()


def test_the_teachers_page_fits_a_phone_and_ending_asks_once(browser, server, screenshot):
    teacher_context, teacher = new_browser(browser, (390, 844))
    teacher.goto(server.teacher_url)
    expect(teacher.locator("#cc-learners")).to_be_visible()
    overflow = teacher.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the teacher's page is {overflow}px wider than a phone"
    ask, form = teacher.locator("#cc-end-ask"), teacher.locator("#cc-end-form")
    expect(form).to_be_hidden()
    ask.click()
    expect(form).to_be_visible()
    expect(ask).to_be_hidden()
    screenshot(teacher, "class_teacher_end_phone")
    teacher.locator("#cc-end-no").click()
    expect(form).to_be_hidden()
    expect(ask).to_be_visible()
    teacher_context.close()


def test_the_teacher_address_without_its_token_is_refused(browser, server):
    context, page = new_browser(browser)
    for url in (f"{server.base_url}class/teacher", f"{server.base_url}class/teacher?token=guess",
                f"{server.base_url}class/teacher/summary.json",
                f"{server.base_url}class/teacher/class.csv?token="):
        response = page.goto(url)
        assert response is not None and response.status == 403, url
        expect(page.locator("h1")).to_have_text("Not allowed")
    context.close()


def test_another_computer_by_code_brings_the_progress_and_not_you_starts_afresh(
        browser, server, screenshot):
    context, page = new_browser(browser)
    join(page, server, "Cleo")
    code = page.locator(".cl-learner-code b").inner_text()
    solve(open_lesson(page, server), 1)
    wait_until_sent(page)
    context.close()

    other_context, other = new_browser(browser, (1920, 1080))  # another computer
    other.goto(server.base_url)
    other.wait_for_url("**/class/join**")
    screenshot(other, "class_name_page")
    other.get_by_label("Started on another computer").fill("ZZZZZZ")
    other.get_by_role("button", name="Continue").click()
    expect(other.locator(".cc-error")).to_contain_text("No learner of this class has the code")
    other.get_by_label("Started on another computer").fill(code.lower())
    other.get_by_role("button", name="Continue").click()
    other.wait_for_url(f"**/{INDEX}")
    ready(other)
    expect(other.locator(".cl-learner-name")).to_have_text("Cleo")
    expect(tile_stars(other, FIRST)).not_to_have_text(f"★ 0 of {FIRST_STARS}")
    # Her lesson goes on at the stage after the one solved on the first computer.
    runner = open_lesson(other, server)
    runner.locator('.cl-stage-dot[data-stage="2"][aria-current="step"]').wait_for()

    # "Not you?": someone new on this computer starts from nothing.
    other.goto(server.url(INDEX))
    ready(other)
    other.get_by_role("link", name="Not you?").click()
    other.wait_for_url("**/class/join**")
    expect(other.locator(".cc-current")).to_contain_text("This browser plays as Cleo")
    other.get_by_label("Your name").fill("Dan")
    other.get_by_role("button", name="Start").click()
    other.wait_for_url(f"**/{INDEX}")
    ready(other)
    expect(other.locator(".cl-learner-name")).to_have_text("Dan")
    expect(tile_stars(other, FIRST)).to_have_text(f"★ 0 of {FIRST_STARS}")
    other_context.close()


def test_a_server_killed_mid_lesson_loses_nothing(browser, server, screenshot):
    context, page = new_browser(browser)
    join(page, server, "Eve")
    runner = open_lesson(page, server)
    solve(runner, 1)
    wait_until_sent(page)
    server.kill()  # as a crash: nothing finished, nothing flushed
    solve(runner, 2)
    page.wait_for_function("() => window.__cassinoClassState().waiting > 0 && "
                           "window.__cassinoClassState().failures > 0", timeout=60_000)
    expect(page.locator("#cassino-class-note")).to_contain_text("Not connected to the class")
    screenshot(page, "class_server_gone")
    server.start()
    wait_until_sent(page)
    expect(page.locator("#cassino-class-note")).to_be_hidden()
    row = next(r for r in summary(server)["learners"] if r["name"] == "Eve")
    assert row["stars"][FIRST] >= 2  # both stages, one before and one after the crash
    solved = {e.stage for e in stored_events(server, "Eve") if e.kind == "try" and e.solved}
    assert {s.id for s in load_stages(FIRST).stages[:2]} <= solved
    context.close()


def test_a_browser_offline_for_a_while_loses_nothing(browser, server):
    context, page = new_browser(browser)
    join(page, server, "Finn")
    runner = open_lesson(page, server)
    wait_until_sent(page)
    context.set_offline(True)
    solve(runner, 1)
    solve(runner, 2)
    page.wait_for_function("() => window.__cassinoClassState().waiting > 0 && "
                           "window.__cassinoClassState().failures > 0", timeout=60_000)
    page.reload()  # even a reload while offline keeps what is waiting
    ready(page)
    assert client(page)["waiting"] > 0
    context.set_offline(False)
    wait_until_sent(page)
    solved = {e.stage for e in stored_events(server, "Finn") if e.kind == "try" and e.solved}
    assert {s.id for s in load_stages(FIRST).stages[:2]} <= solved
    row = next(r for r in summary(server)["learners"] if r["name"] == "Finn")
    assert row["stars"][FIRST] >= 2
    context.close()
