"""The static edition end to end: the course built into a folder, served by a plain static web
server on loopback, used by a learner in Chromium with every other request blocked. The learner
opens the index, plays a move on the card table, follows links to two lessons, answers a quiz
question, finishes a lesson, reloads, and finds the progress kept; no request leaves the site."""

from __future__ import annotations

import json

import pytest

from cassino_learn.core.position import Position
from cassino_learn.serving.static.finish import outside_references
from cassino_learn.teaching import catalog
from cassino_learn.pages.lesson import QUIZ_BUTTON
from cassino_learn.teaching.stages import load_stages

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_the_site_has_every_page_and_loads_nothing_from_outside(site):
    rendered = site.root / "voici" / "render"
    for item in (catalog.INDEX, *catalog.LESSONS, catalog.SANDBOX):
        assert (rendered / f"{item.slug}.html").is_file(), f"{item.slug} was not built"
    assert outside_references(site.root) == []
    assert (site.root / "static" / "fontawesome" / "css" / "all.min.css").is_file()
    lock = json.loads((site.root / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for name, entry in lock["packages"].items():  # the browser can load every package listed
        assert (site.root / "static" / "pyodide" / entry["file_name"]).is_file(), name
    assert {"cassino-learn", "ipywidgets", "anywidget", "ipython"} <= set(lock["packages"])
    settings = json.loads((site.root / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./")


def test_under_ci_the_site_is_built_from_an_empty_cache(site, build_cache, build_log):
    """CI sets CI=true: the build then starts from an empty cache of its own and fetches its
    tools and the runtime itself, as on a fresh machine."""
    if build_cache is None:
        pytest.skip("CI is not set: the build used the usual cache")
    from cassino_learn.serving.static.pins import PYODIDE_VERSION
    from cassino_learn.serving.static.steps import cache_dir

    assert cache_dir() == build_cache
    said = "\n".join(build_log)  # the session's first build, whichever it was, filled it
    assert "build tools: installing the pinned voici" in said, said
    assert f"Pyodide {PYODIDE_VERSION}: fetching it" in said, said
    assert any(build_cache.iterdir()), "the build left nothing in its cache"


def test_lesson_pages_say_where_they_are_in_the_course(site):
    rendered = site.root / "voici" / "render"
    for number, lesson in enumerate(catalog.LESSONS, start=1):
        text = (rendered / f"{lesson.slug}.html").read_text(encoding="utf-8")
        where = f'<span class="cassino-where">Lesson {number} of {len(catalog.LESSONS)}</span>'
        assert text.count(where) == 1, lesson.slug
    assert 'class="cassino-where"' not in (rendered / f"{catalog.INDEX.slug}.html").read_text()


def _solve_the_first_stage(page, slug: str) -> None:
    """Play the first stage's answer, worked out by the core, by clicking on its card table."""
    stage = load_stages(slug).stages[0]
    move = stage.solutions()[0]
    runner = page.locator(".cl-stage-runner")
    runner.locator(f'[data-zone="hand"] [data-card="{move.card}"]').click()
    for card in sorted(move.table_cards):
        runner.locator(f'[data-zone="table"] [data-card="{card}"]').click()
    runner.locator('.cl-action[data-action="Take"]').click()
    runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()


def _play_on_the_index_table(page) -> None:
    """The index's card table: 8S takes 5C+3D (a sum capture), as a learner clicks it."""
    table = page.locator('[data-zone="table"]').first
    page.locator('[data-zone="hand"] [data-card="8S"]').first.click()
    table.locator('[data-card="5C"].cl-usable').wait_for()
    table.locator('[data-card="5C"]').click()
    table.locator('[data-card="3D"]').click()
    page.locator('.cl-action[data-action="Take"]').first.click()
    page.wait_for_function(
        "() => !document.querySelector('[data-zone=\"table\"] [data-card=\"5C\"]')")
    assert table.locator('[data-card="KH"]').count() == 1
    assert "eight of spades to take the three of diamonds and the five of clubs" in \
        page.locator(".cl-message").first.inner_text()  # in words, not notation


def test_a_learner_uses_the_course_with_no_server_and_no_internet(visit):
    page = visit.page
    pairing, first = catalog.lesson("02_pairing"), catalog.LESSONS[0]

    visit.open("index.html")  # the site's front door opens the contents
    assert page.url.endswith(f"voici/render/{catalog.INDEX.slug}.html")
    assert f"0 of {len(catalog.LESSONS)} lessons done" in page.inner_text("body")
    assert visit.errors() == []
    _play_on_the_index_table(page)
    visit.screenshot("static_index_after_move")

    # Lesson links made by Python at run time lead to the built pages.
    page.locator(f'.cl-tile[data-lesson="{pairing.slug}"] a').click()
    page.wait_for_url(f"**/voici/render/{pairing.slug}.html", wait_until="commit")
    visit.wait_until_ready()
    assert visit.errors() == []

    page.get_by_role("button", name=QUIZ_BUTTON).click()  # the quiz is dealt on request
    quiz = page.locator(".cl-quiz").filter(has=page.locator(".cl-quiz-status")).first
    quiz.scroll_into_view_if_needed()
    bank = json.loads((catalog.lessons_dir() / pairing.quiz_bank).read_text())["items"]
    position = Position.parse(bank[0]["position"])
    right = position.parse_move(bank[0]["answers"][0])
    box = quiz.locator(".cl-move-input")
    box.fill(str(right))
    box.press("Enter")
    quiz.locator(".cl-feedback").filter(has_text="✔").wait_for()
    assert "Right" in quiz.locator(".cl-feedback").inner_text()
    visit.screenshot("static_lesson_right_answer")

    _solve_the_first_stage(page, pairing.slug)

    page.locator(".cl-header a", has_text=first.title).first.click()
    page.wait_for_url(f"**/voici/render/{first.slug}.html", wait_until="commit")
    visit.wait_until_ready()
    assert visit.errors() == []

    page.reload()  # the browser's storage kept the progress across page loads
    visit.wait_until_ready()
    page.locator("a.cassino-home").click()
    page.wait_for_url(f"**/voici/render/{catalog.INDEX.slug}.html", wait_until="commit")
    visit.wait_until_ready()
    stages = load_stages(pairing.slug).stages
    tile = page.locator(f'.cl-tile[data-lesson="{pairing.slug}"]')
    assert f"1 of {len(stages)} stages" in tile.inner_text()
    # the first stage is a guided step (it shows the clicks): done, and unstarred
    assert stages[0].guided and "★ 0 of" in tile.inner_text()
    visit.screenshot("static_index_progress_kept")

    assert visit.outside == [], f"requests left the site: {visit.outside}"
