"""Every page of the in-browser (Pyodide) edition, checked as the Voila edition's are: axe-core's
WCAG 2.2 A and AA rules (tests/browser/test_axe.py, whose scan and wrong try are used here) and
our own keyboard checks (tests/browser/test_keyboard_a11y.py: focus visible on every Tab stop
and no trap, targets at least 24x24 px on a phone, nothing cut off at 200% zoom).

One page load: the contents page, then each lesson opened inside that page by the course shell
(cassino_learn/pages/course.py, about half a second a lesson), so the 13 lessons cost little.
Each lesson is checked at its first stage and axe-scanned again after a wrong try; lesson 11's
game is dealt and scanned mid-round and at the round's review. Every problem found is gathered,
so one failure lists them all.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import load_stages
from seeded_game import Timings, deal, learner_move

pytestmark = [pytest.mark.slow, pytest.mark.browser]

BROWSER_TESTS = Path(__file__).resolve().parents[2] / "browser"
GAME_LESSON = "11_full_game"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, BROWSER_TESTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


voila_axe = _load("test_axe")
keyboard = _load("test_keyboard_a11y")


def _scan(page, where: str, problems: list[str]) -> None:
    voila_axe._settled(page)
    problems += [f"axe on {where}: {line}" for line in voila_axe._violations(page)]


def _keyboard_checks(page, where: str, problems: list[str], photographed: set[str]) -> None:
    """Focus visible (each kind of Tab stop photographed once in the walk) and no trap at
    1280x900, targets at 390x844, zoom 200% at 640x450; the window is left at 1280x900."""
    problems += [f"{where}: {line}" for line in keyboard.focus_problems(page, photographed)]
    page.set_viewport_size({"width": 390, "height": 844})
    problems += [f"{where} at 390x844: {line}" for line in keyboard.target_problems(page)]
    page.set_viewport_size({"width": 640, "height": 450})
    problems += [f"{where} at 200% zoom: {line}" for line in keyboard.zoom_problems(page)]
    page.set_viewport_size({"width": 1280, "height": 900})


def _open_in_the_shell(visit, slug: str) -> None:
    """Open `slug` in the page shown, as a click on its link does (the course shell)."""
    page = visit.page
    page.evaluate("(slug) => { window.cassinoCourse.open(slug, ''); }", slug)
    page.wait_for_url(f"**/voici/render/{slug}.html", wait_until="commit")
    visit.wait_until_ready()
    page.wait_for_function("(slug) => document.body.dataset.lesson === slug", arg=slug)


def _play_the_game(page, problems: list[str]) -> None:
    """Lesson 11's game: dealt, scanned after the learner's first move, then played by clicks
    to the round's end and scanned at its review."""
    deal(page)
    timings = Timings()
    learner_move(page, timings)
    page.wait_for_selector(voila_axe.HAND)
    _scan(page, "in the browser, the game mid-round", problems)
    for _ in range(24):
        if learner_move(page, timings):
            break
    page.locator(".cl-rv-title").wait_for()
    _scan(page, "in the browser, the game's review", problems)


def test_every_page_of_the_in_browser_edition_passes_axe_and_the_keyboard_checks(visit):
    page = visit.page
    problems: list[str] = []
    visit.open("index.html")
    page.locator(".cl-tile").first.wait_for()
    _scan(page, "the in-browser contents page", problems)
    python_id = page.evaluate("() => document.body.dataset.pythonId")
    photographed: set[str] = set()

    for lesson in catalog.LESSONS:
        slug = lesson.slug
        _open_in_the_shell(visit, slug)
        runner = page.locator(".cl-stage-runner")
        runner.locator(".cl-stage-task").wait_for()
        runner.locator('.cl-stage-dot[data-stage="1"][aria-current="step"]').wait_for()
        if load_stages(slug).stages[0].kind in ("goal", "captures"):
            runner.locator('[data-zone="hand"] [role="option"]').first.wait_for()
        _scan(page, f"in the browser, {slug} at its first stage", problems)
        _keyboard_checks(page, f"in the browser, {slug} at its first stage", problems,
                         photographed)

        number = voila_axe._try_wrong(runner, load_stages(slug).stages)
        runner.locator('.cl-stage-verdict[data-kind="wrong"]').wait_for()
        _scan(page, f"in the browser, {slug}, stage {number} after a wrong try", problems)
        if slug == GAME_LESSON:
            _play_the_game(page, problems)

    # one Python all along: the lessons were shown in the page, not loaded as pages
    assert page.evaluate("() => document.body.dataset.pythonId") == python_id
    # the walk photographed the stops that matter: the table's cards and the stage's buttons
    kinds = "\n".join(photographed)
    assert "|option|hand" in kinds and "|option|table" in kinds and "cl-stage-button" in kinds, \
        kinds
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    assert visit.errors() == [] and visit.outside == []
