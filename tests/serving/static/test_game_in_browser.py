"""A round of lesson 11 against the Expert, in the in-browser edition (Pyodide: no server, no
worker thread), opened as a learner opens it after another lesson (the course shell shows it in
the page and the Python the first lesson started), played by clicks: every click is answered
(the actions offered, the move on the table) well within 2 s, the computer's turn says it is thinking, and the review of the round
is on the page within 3 s of the round's end, because the learner's moves were reviewed while
the game went on. The learner thinks before each move until the review of their moves so far
has caught up, at most 10 s (a learner at a school computer takes longer than that on most
moves). The bounds are generous, for a loaded machine: the benchmark (bench_static.py) holds
the real targets (300 ms, 1 s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn.serving.static import build_site
from cassino_learn.serving.static.preview import StaticServer
from conftest import _visit
from seeded_game import LESSON, PAGE, Timings, deal, learner_move, seeded_lessons

BEFORE = "01_cards_and_points"  # the lesson opened as a page, before lesson 11

CLICK_BOUND = 2.0      # seconds from a click to the page showing the kernel's answer
ROUND_END_BOUND = 3.0  # seconds from the round's end on the page to its review shown
THINK = 10.0           # the learner's thinking before a move, at most


@pytest.fixture(scope="module")
def seeded_site(tmp_path_factory, build_cache, build_log) -> Path:
    lessons = seeded_lessons(tmp_path_factory.mktemp("seeded-lessons"), seed=11,
                             also=(BEFORE,))
    return build_site(tmp_path_factory.mktemp("seeded") / "site", lessons=lessons,
                      report=build_log.append)


@pytest.fixture
def seeded_visit(chromium, seeded_site):
    with StaticServer(seeded_site) as running:
        yield from _visit(chromium, running)


def test_a_round_of_lesson_11_by_clicks_is_answered_at_once_and_reviewed_at_its_end(
        seeded_visit):
    visit = seeded_visit
    page = visit.page
    visit.open(PAGE.replace(LESSON, BEFORE))
    python_id = page.wait_for_function("() => document.body.dataset.pythonId").json_value()
    page.evaluate("(slug) => window.cassinoCourse.open(slug, '')", LESSON)
    page.wait_for_url(f"**/{PAGE}", wait_until="commit")
    visit.wait_until_ready()
    assert page.evaluate("() => [document.body.dataset.pythonId, document.body.dataset.lesson]") \
        == [python_id, LESSON], "lesson 11 was not shown in the first lesson's page and Python"
    deal(page)
    timings = Timings()
    moves = 0
    while not learner_move(page, timings, think=THINK):
        moves += 1
        assert moves < 24, "the round did not end after every card was played"
    slowest = max(timings.clicks)
    assert slowest <= CLICK_BOUND, f"a click waited {slowest:.2f} s: {timings.clicks}"
    assert timings.round_ends and timings.round_ends[0] <= ROUND_END_BOUND, timings.round_ends
    assert timings.said_thinking >= 10  # the table said the computer was thinking
    assert page.locator(".cl-rv-title").is_visible()  # the panel is shown, not just filled
    summary = page.locator(".cl-rv-round").first.inner_text()
    assert summary.startswith("Round 1:") and "24 moves reviewed" in summary, summary
    assert visit.errors() == [] and visit.outside == []
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".cl-rv-title").scroll_into_view_if_needed()
        visit.screenshot(f"static_lesson11_round_reviewed_{width}x{height}")
