"""A class on one server (`cassino-learn serve --class`), in real browsers: every browser its own
learner, the teacher's page, a reload and a server restart."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import expect

from cassino_learn.serving.voila import VoilaServer
from cassino_learn.teaching import catalog
from cassino_learn.teaching.classroom import Classroom
from cassino_learn.teaching.progress import load
from cassino_learn.teaching.stages import load_stages
from test_stages import _answer  # the clicks that solve a stage, worked out by the rules core

LESSONS = catalog.lessons_dir()
FIRST = "01_cards_and_points"
FIRST_STARS = 3 * len(load_stages(FIRST).stages)
HTML_NAME = "Ada <img src=x onerror=alert(1)>"


def class_server(data: Path, *, preheat: bool, port: int = 0) -> VoilaServer:
    classroom = Classroom.for_name("Test class", root=data)
    classroom.folder.mkdir(parents=True, exist_ok=True)
    server = VoilaServer(LESSONS, preheat=preheat, port=port,
                         env={"CASSINO_LEARN_DATA": str(data)},
                         class_folder=classroom.folder, class_name="Test class",
                         teacher_token=secrets.token_urlsafe(24))
    return server.start(timeout=240)


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("class-data")


@pytest.fixture(scope="module")
def preheated(data_dir) -> Iterator[VoilaServer]:
    """The class's server as `serve --class` runs it: lessons preheated before anyone comes."""
    server = class_server(data_dir, preheat=True)
    yield server
    server.stop()
    server.cleanup()


def new_learner(browser, viewport=(1280, 900)):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    context.set_default_timeout(120_000)
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs  # type: ignore[attr-defined]
    return context, page


def join(page, server: VoilaServer, name: str) -> None:
    page.goto(server.base_url)
    page.wait_for_url("**/class/join**")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/00_index.ipynb")
    expect(page.locator(".cl-learner-name")).to_have_text(name[:80])


def tile_stars(page, slug: str):
    return page.locator(f'.cl-tile[data-lesson="{slug}"] .cl-tile-stars')


def solve_first_stage(page, server: VoilaServer) -> None:
    page.goto(server.url(f"{FIRST}.ipynb"))
    runner = page.locator(".cl-stage-runner")
    runner.locator(".cl-stage-task").wait_for()
    _answer(runner, load_stages(FIRST).stages[0])
    runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()


def learner_row(teacher, name: str):
    return teacher.locator("tr.cc-learner").filter(
        has=teacher.locator("td.cc-name", has_text=name))


def test_two_learners_never_see_each_others_progress_and_the_teacher_sees_both(
        browser, preheated, data_dir, screenshot):
    server = preheated
    teacher_context, teacher = new_learner(browser, (1920, 1080))
    teacher.goto(server.teacher_url)
    expect(teacher.locator("#cc-learners")).to_contain_text("Nobody has joined yet")

    ada_context, ada = new_learner(browser)
    join(ada, server, HTML_NAME)
    expect(tile_stars(ada, FIRST)).to_have_text(f"★ 0 of {FIRST_STARS}")
    expect(ada.locator(".cl-learner-code")).to_contain_text("Your learner code:")
    screenshot(ada, "class_index_ada")
    solve_first_stage(ada, server)
    expect(ada.locator(".cl-learner-name")).to_have_text(HTML_NAME)
    screenshot(ada, "class_lesson_ada")

    # The teacher's page follows as she plays, without a reload.
    row = learner_row(teacher, HTML_NAME)
    expect(row.locator("td").nth(3)).not_to_have_text("★ 0", timeout=30_000)
    expect(row).to_contain_text("Cards and points")

    bea_context, bea = new_learner(browser)
    join(bea, server, "Bea")
    expect(tile_stars(bea, FIRST)).to_have_text(f"★ 0 of {FIRST_STARS}")
    expect(bea.locator("a.cl-continue")).to_contain_text("Start: Lesson 1")
    # Bea's lesson opens at its first stage: nothing of Ada's solved stage.
    bea.goto(server.url(f"{FIRST}.ipynb"))
    expect(bea.locator('.cl-stage-dot[data-stage="1"]')).to_have_attribute(
        "aria-current", "step")
    expect(bea.locator(".cl-learner-name")).to_have_text("Bea")

    # Ada's own progress is still hers, after a reload.
    ada.goto(server.url(catalog.INDEX.notebook))
    expect(tile_stars(ada, FIRST)).not_to_have_text(f"★ 0 of {FIRST_STARS}")
    expect(ada.locator("a.cl-continue")).to_contain_text("Continue")

    expect(teacher.locator("tr.cc-learner")).to_have_count(2, timeout=30_000)
    expect(learner_row(teacher, "Bea").locator("td").nth(3)).to_have_text("★ 0")
    expect(teacher.locator("#cc-learners img")).to_have_count(0)
    expect(teacher.locator("#cc-stages tbody")).to_contain_text("Cards and points")
    screenshot(teacher, "class_teacher")
    assert ada.dialogs == [] and teacher.dialogs == []  # type: ignore[attr-defined]

    classroom = Classroom.for_name("Test class", root=data_dir)
    ids = {x.name: x.id for x in classroom.learners()}
    assert len(ids) == 2
    # Files are named by the learners' ids, never by the names they typed. Bea's is written
    # when her lesson first records something (her visit), which may still be on its way.
    files = {p.name for p in classroom.learners_dir.glob("*.json")}
    assert f"{ids[HTML_NAME]}.json" in files
    assert files <= {f"{i}.json" for i in ids.values()}, files
    assert load(classroom.progress_path(ids[HTML_NAME])).lesson(FIRST).stages
    assert not load(classroom.progress_path(ids["Bea"])).lesson(FIRST).stages
    # Nothing was read or written outside the learners' own files.
    assert not (data_dir / "progress.json").exists()
    for context in (teacher_context, ada_context, bea_context):
        context.close()


def test_the_teacher_address_without_its_token_is_refused(browser, preheated):
    context, page = new_learner(browser)
    for url in (f"{preheated.base_url}class/teacher",
                f"{preheated.base_url}class/teacher?token=guess",
                f"{preheated.base_url}class/teacher/summary.json",
                f"{preheated.base_url}class/teacher/class.csv?token="):
        response = page.goto(url)
        assert response is not None and response.status == 403, url
        expect(page.locator("h1")).to_have_text("Not allowed")
    context.close()


def test_a_learner_continues_after_a_restart_and_on_another_computer(browser, tmp_path,
                                                                     screenshot):
    server = class_server(tmp_path, preheat=False)
    try:
        context, page = new_learner(browser)
        join(page, server, "Cleo")
        code = page.locator(".cl-learner-code b").inner_text()
        solve_first_stage(page, server)
    finally:
        server.stop()
        server.cleanup()
    server = class_server(tmp_path, preheat=False, port=server.port)
    try:
        page.goto(server.base_url)  # the same browser, the server started again
        page.wait_for_url("**/00_index.ipynb")
        expect(page.locator(".cl-learner-name")).to_have_text("Cleo")
        expect(tile_stars(page, FIRST)).not_to_have_text(f"★ 0 of {FIRST_STARS}")

        other_context, other = new_learner(browser, (1920, 1080))  # another computer
        other.goto(server.base_url)
        other.wait_for_url("**/class/join**")
        screenshot(other, "class_name_page")
        other.get_by_label("Started on another computer").fill("ZZZZZZ")
        other.get_by_role("button", name="Continue").click()
        expect(other.locator(".cc-error")).to_contain_text("No learner of this class has the code")
        other.get_by_label("Started on another computer").fill(code.lower())
        other.get_by_role("button", name="Continue").click()
        other.wait_for_url("**/00_index.ipynb")
        expect(other.locator(".cl-learner-name")).to_have_text("Cleo")
        expect(tile_stars(other, FIRST)).not_to_have_text(f"★ 0 of {FIRST_STARS}")

        # "Not you?": someone new on this computer starts from nothing.
        other.get_by_role("link", name="Not you?").click()
        other.wait_for_url("**/class/join**")
        expect(other.locator(".cc-current")).to_contain_text("This browser plays as Cleo")
        other.get_by_label("Your name").fill("Dan")
        other.get_by_role("button", name="Start").click()
        other.wait_for_url("**/00_index.ipynb")
        expect(other.locator(".cl-learner-name")).to_have_text("Dan")
        expect(tile_stars(other, FIRST)).to_have_text(f"★ 0 of {FIRST_STARS}")
        other_context.close()
        context.close()
    finally:
        server.stop()
        server.cleanup()
