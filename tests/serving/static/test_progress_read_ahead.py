"""A lesson page in the browser never waits on the browser's storage for its progress: the file
is read ahead as the kernel starts (pages/read_ahead.py), the stage runner takes that answer,
and neither it nor its card table reads the file again as the page shows them. What was read
ahead is the learner's progress: a solved stage is seen solved after a reload. A lesson the
course shell opens in that page (pages/course.py) has its progress read ahead too: one question
to the storage, and the kept progress shown."""

from __future__ import annotations

import json

import pytest

from cassino_learn.teaching.stages import load_stages
from test_static_site import _solve_the_first_stage

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LESSON = "02_pairing"
OTHER = "01_cards_and_points"
PROGRESS = "/cassino-learn/progress.json"  # the file's path in the storage


def test_a_lesson_page_asks_the_storage_once_ahead_and_resumes_from_that_answer(visit):
    asked: list[tuple[str, str]] = []

    def seen(request) -> None:
        if request.url.endswith("/api/drive") and request.method == "POST":
            data = json.loads(request.post_data)["data"]
            asked.append((data["method"], data["path"]))

    visit.page.context.on("request", seen)
    visit.open(f"voici/render/{LESSON}.html")
    assert visit.errors() == []
    # Nothing stored yet: one question, the one asked ahead; no synchronous one while loading.
    assert asked == [("get", PROGRESS)]

    _solve_the_first_stage(visit.page, LESSON)
    asked.clear()
    visit.page.reload()
    visit.wait_until_ready()
    assert asked == [("get", PROGRESS)]
    runner = visit.page.locator(".cl-stage-runner")
    stages = load_stages(LESSON).stages
    assert f"1 of {len(stages)} stages" in runner.inner_text()  # the answer read ahead
    assert runner.locator('[data-kind="right"]').count() == 0  # stage 2 open, not yet answered

    # In the course shell: another lesson, then this one again, each shown in the page. Each
    # asks the storage once, the progress file read ahead as the shell fetches the lesson:
    # no step by step reading of the file (its folder, the file, its text, its attributes
    # twice: five synchronous round trips before), nothing else (a markdown cell's text taken
    # for a file name was one question a cell), and this lesson opens where the learner left it.
    visit.page.wait_for_function("() => window.cassinoCourse")  # the shell is drawn
    for slug in (OTHER, LESSON):
        asked.clear()
        visit.page.evaluate("(slug) => window.cassinoCourse.open(slug, '')", slug)
        visit.page.wait_for_url(f"**/voici/render/{slug}.html", wait_until="commit")
        visit.wait_until_ready()
        assert visit.page.evaluate("() => document.body.dataset.lesson") == slug
        assert asked == [("get", PROGRESS)], asked
    assert f"1 of {len(stages)} stages" in runner.inner_text()
    assert runner.locator('[data-kind="right"]').count() == 0
    assert visit.errors() == []
