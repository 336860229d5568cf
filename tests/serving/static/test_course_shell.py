"""One Python for the whole course (cassino_learn/pages/course.py): a learner opens lessons 1, 2,
5 and 11 in turn by their links, each is shown in the page the first one opened, by the Python
that page started (its identity and its count of lessons shown say so), and each lesson's first
stage works. A reload opens the lesson in the address bar, with the progress kept. The widgets'
modules are files of the site, each fetched once across the lessons. In a class, what a learner
solves in a lesson the shell opened reaches the server, also after a time offline and a reload
without a network (the site's service worker starts the page)."""

from __future__ import annotations

import html

import pytest

from conftest import CONTROLLED, PAGE_TIMEOUT, READY
from cassino_learn.core.move import BUILD, CAPTURE
from cassino_learn.ui.front_end import WIDGET_MODULES
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import Stage, load_stages

pytestmark = [pytest.mark.slow, pytest.mark.browser]

IN_TURN = ("01_cards_and_points", "02_pairing", "05_building", "11_full_game")
DEMO_POSITION = "table: 5D 3C 6H 2S KC\nhand: 8S 4D 9C\nhand 2: 9H KD 2D\nturn: 1"
#: px: how far a lesson's first stage may scroll the page to show its controls on arrival.
ARRIVAL_SCROLL = 60


def _answer_first_stage(page, slug: str, number: int = 1) -> None:
    """Answer the lesson's stage `number` (the first by default) as a learner clicks it (the
    answer worked out by the rules core), and wait for the page to say it is right."""
    stage: Stage = load_stages(slug).stages[number - 1]
    runner = page.locator(".cl-stage-runner")
    runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]').wait_for()
    runner.locator(".cl-stage-task").wait_for()
    answer = stage.solutions()[0]
    if stage.kind == "demo":
        for step in range(1, len(stage.steps) + 1):
            runner.locator('[data-demo="next"]').click()
            runner.locator(".cl-step").filter(has_text=f"Step {step} of").wait_for()
    elif stage.kind == "goal":
        runner.locator(f'[data-zone="hand"] [data-card="{answer.card}"]').click()
        for card in sorted(answer.table_cards):
            runner.locator(f'[data-zone="table"] [data-card="{card}"]').click()
        label = "Take" if answer.kind == CAPTURE else f"Build {answer.value}" \
            if answer.kind == BUILD else "Trail"
        runner.get_by_role("button", name=f"{label}: {answer.describe()}", exact=True).click()
    else:
        runner.locator(f'.cl-stage-choice[data-value="{answer}"]').click()
    kind = "seen" if stage.kind == "demo" else "right"
    runner.locator(f'.cl-stage-verdict[data-kind="{kind}"]').wait_for()


def _python(page) -> tuple[str, int, str]:
    page.wait_for_function("() => document.body.dataset.pythonId")  # the shell is drawn
    data = page.evaluate("() => ({...document.body.dataset})")
    return data.get("pythonId", ""), int(data.get("lessonsShown", "0")), data.get("lesson", "")


def _link_to(page, slug: str):
    """A link on the page to `slug`, as the lessons' own links and the contents page's tiles
    write it."""
    return page.locator(f'a[href^="{slug}."]').first


def _walk(page, wait_until_ready, screenshot) -> str:
    """Lessons IN_TURN in turn, the first opened as a page (already), the next by their links;
    returns the page's Python's identity, the same all along."""
    python_id, shown, slug = _python(page)
    assert python_id and shown == 1 and slug == IN_TURN[0]
    _answer_first_stage(page, IN_TURN[0])
    screenshot(f"course_shell_{IN_TURN[0]}")
    for number, lesson in enumerate(IN_TURN[1:], start=2):
        link = _link_to(page, lesson)
        if link.count():
            link.click()
        else:  # no link from here to there: what a click on one does
            page.evaluate("(slug) => { window.cassinoCourse.open(slug, ''); }", lesson)
        page.wait_for_url(f"**/voici/render/{lesson}.html", wait_until="commit")
        wait_until_ready()
        assert _python(page) == (python_id, number, lesson), "Python was started again"
        # The lesson opens at its top (the page scrolls inside Voici's cell area), or moved
        # only the few pixels the stage runner takes to bring its controls into view (when its
        # card table is drawn after the shell put the page at the top: ui/stages.js).
        assert page.evaluate("() => document.getElementById('rendered_cells').scrollTop") \
            <= ARRIVAL_SCROLL
        title = catalog.lesson(lesson).title
        assert title in page.locator(".cl-header").first.inner_text()
        own_title = page.evaluate(  # the title the lesson's page has when loaded as a page
            "async (s) => (await (await fetch(s + '.html')).text())"
            ".match(/<title>([^<]*)<\\/title>/)[1]", lesson)
        assert page.title() == html.unescape(own_title)
        place = catalog.LESSONS.index(catalog.lesson(lesson)) + 1
        assert page.locator(".cassino-where").inner_text() == \
            f"Lesson {place} of {len(catalog.LESSONS)}"
        assert page.locator(".cl-stage-runner").count() == 1, "the lesson before is still shown"
        _answer_first_stage(page, lesson)
        screenshot(f"course_shell_{lesson}")
    return python_id


def test_lessons_open_in_the_python_the_first_page_started(visit):
    page = visit.page
    modules: list[str] = []  # the widgets' modules the page imported (not a fetch() of one:
    # the shell fetches again what the page loaded before the service worker took it over)
    page.on("request", lambda r: modules.append(r.url) if f"/{WIDGET_MODULES}" in r.url
            and r.resource_type == "script" else None)
    visit.open(f"voici/render/{IN_TURN[0]}.html")
    python_id = _walk(page, visit.wait_until_ready, visit.screenshot)
    assert visit.errors() == []
    # Each widget's module is a file of the site, imported (and run) once for all the lessons.
    names = [url.rsplit("/", 1)[-1].split(".")[-3] for url in modules]
    assert {"CourseShell", "StagePanel", "CardTable"} <= set(names), modules
    assert len(modules) == len(set(modules)), f"a module was fetched twice: {modules}"

    page.go_back()  # the browser's back button shows lesson 5 again, in the same Python
    page.wait_for_url(f"**/voici/render/{IN_TURN[2]}.html", wait_until="commit")
    visit.wait_until_ready()
    assert _python(page) == (python_id, len(IN_TURN) + 1, IN_TURN[2])

    page.reload()  # a reload opens the lesson of the address bar in a new Python
    visit.wait_until_ready()
    new_id, shown, slug = _python(page)
    assert new_id != python_id and shown == 1 and slug == IN_TURN[2]
    runner = page.locator(".cl-stage-runner")
    # The first stage was solved before the reload: the runner opens on the second one.
    runner.locator('.cl-stage-dot[data-stage="2"][aria-current="step"]').wait_for()
    assert visit.outside == [], f"requests left the site: {visit.outside}"


def test_in_a_class_the_lessons_open_in_one_python_and_reach_the_server(chromium, tmp_path):
    """The class edition (the class's server handing out the same build): a learner joins,
    then opens lessons 1, 2, 5 and 11 in turn in one Python; the stars of each first stage
    reach the server."""
    from cassino_learn.serving.class_process import ClassServerProcess
    from cassino_learn.serving.class_site import class_site
    from cassino_learn.classroom.class_store import ClassStore

    site = class_site(None, report=print)
    with ClassServerProcess(tmp_path / "classes" / "test-class", "Test class", site) as server:
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(PAGE_TIMEOUT)
        page = context.new_page()
        page.goto(server.base_url)
        page.wait_for_url("**/class/join**")
        page.get_by_label("Your name").fill("Ada")
        page.get_by_role("button", name="Start").click()
        page.wait_for_url("**/voici/render/00_index.html")
        ready = lambda: page.wait_for_function(READY, timeout=PAGE_TIMEOUT)  # noqa: E731
        ready()
        # the site's service worker keeps the pages loaded once it controls this one: the
        # offline reload below needs the lesson's page kept
        page.wait_for_function(CONTROLLED, timeout=PAGE_TIMEOUT)
        page.goto(server.url(f"voici/render/{IN_TURN[0]}.html"))
        ready()
        _walk(page, ready, lambda name: None)
        assert page.locator(".cl-learner-name").first.inner_text() == "Ada"
        for lesson in IN_TURN:  # each first stage's stars were sent on to the class's server
            page.wait_for_function(
                "async (slug) => { const r = await fetch('/class/api/me'); const me = await "
                "r.json(); const p = (me.progress || {}).lessons || {}; return !!p[slug]; }",
                arg=lesson, timeout=PAGE_TIMEOUT, polling=500)

        # The teacher shows the class a table: the page of lessons the shell opened offers to
        # follow it, and shows it.
        teacher = context.new_page()
        teacher.goto(server.teacher_url)
        teacher.get_by_role("link", name="Show the class a table").click()
        teacher.get_by_label("Position in the notation").fill(DEMO_POSITION)
        teacher.get_by_role("button", name="Show this table").click()
        teacher.get_by_role("heading", name="A position").wait_for()
        teacher.close()
        page.get_by_role("button", name="Follow").click()
        page.locator('#cd-follow-view [data-zone="table"] [data-card="KC"]').wait_for()
        assert _python(page)[1:] == (len(IN_TURN), IN_TURN[-1])  # still the shell's page
        page.get_by_role("button", name="Stop following").click()
        page.locator("#cd-follow-view").wait_for(state="hidden")

        # Offline, in the lesson the shell opened last: the next stage waits in the outbox,
        # a reload starts the page from the service worker, and back online it is sent.
        last = IN_TURN[-1]
        context.set_offline(True)
        _answer_first_stage(page, last, number=2)
        state = "() => window.__cassinoClassState()"
        page.wait_for_function(f"() => ({state})().waiting > 0 && ({state})().failures > 0",
                               timeout=60_000)
        page.reload()
        ready()
        assert _python(page)[1:] == (1, last)  # the lesson's own page, its Python new
        page.locator(".cl-stage-runner .cl-stage-dot[data-stage=\"3\"][aria-current=\"step\"]"
                     ).wait_for()  # stage 2 solved offline: kept by the browser
        assert page.evaluate(state)["waiting"] > 0
        context.set_offline(False)
        page.wait_for_function(f"() => ({state})().lastSent && ({state})().waiting === 0",
                               timeout=60_000)
        store = ClassStore.open(server.folder)
        try:
            [learner] = store.learners()
            solved = {e.stage for e in store.events(learner.id) if e.kind == "try" and e.solved}
        finally:
            store.close()
        assert {s.id for s in load_stages(last).stages[:2]} <= solved
        context.close()
