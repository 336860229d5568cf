"""The lessons as a web app, in a real browser: Voila with our template on the test notebooks
(tests/browser/notebooks) and on every lesson that exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cassino_learn import Card, Position
from cassino_learn.teaching import catalog
from cassino_learn.pages.lesson import QUIZ_BUTTON

NOTEBOOKS = Path(__file__).parent / "notebooks"
LESSONS = catalog.lessons_dir()
PAGES = [item for item in (catalog.INDEX, *catalog.LESSONS, catalog.SANDBOX)
         if (LESSONS / item.notebook).exists()]


def test_the_app_opens_at_the_index(voila, page, wait_for_voila, screenshot, console_errors):
    server = voila(NOTEBOOKS)
    page.goto(server.base_url)
    page.wait_for_url("**/voila/render/00_index.ipynb")
    wait_for_voila(page)
    assert page.title() == "Learn Cassino"
    assert page.locator(".cassino-appbar .cassino-home").inner_text().endswith("Learn Cassino")
    screenshot(page, "app_index")
    assert console_errors == []


def test_a_lesson_has_its_title_and_a_way_home(voila, page, wait_for_voila, screenshot,
                                              console_errors):
    server = voila(NOTEBOOKS)
    page.goto(server.url("02_pairing.ipynb"))
    wait_for_voila(page)
    assert page.title() == "Pairing · Learn Cassino"
    pairing = catalog.LESSONS.index(catalog.lesson("02_pairing")) + 1
    assert page.locator(".cassino-where").inner_text() == \
        f"Lesson {pairing} of {len(catalog.LESSONS)}"
    screenshot(page, "app_lesson")
    page.locator("a.cassino-home").click()
    page.wait_for_url("**/00_index.ipynb")
    wait_for_voila(page)
    assert page.title() == "Learn Cassino"
    assert console_errors == []


def test_widgets_talk_to_python(voila, page, wait_for_voila):
    server = voila(NOTEBOOKS)
    page.goto(server.url("02_pairing.ipynb"))
    wait_for_voila(page)
    page.get_by_role("button", name="Ping").click()
    page.get_by_text("pong").wait_for()


def test_a_failing_lesson_shows_a_friendly_note_not_a_traceback(voila, page, wait_for_voila,
                                                               error_outputs, screenshot):
    server = voila(NOTEBOOKS)
    page.goto(server.url("broken.ipynb"))
    wait_for_voila(page)
    note = page.locator(".cassino-failed")
    note.wait_for(state="visible")
    assert "tell your teacher" in note.inner_text()
    text = page.locator("body").inner_text()
    assert "ZeroDivisionError" not in text and "Traceback" not in text
    assert any("could not be shown" in output for output in error_outputs(page))
    screenshot(page, "app_failed_cell")


def test_a_missing_page_offers_the_way_back(voila, page, wait_for_voila):
    server = voila(NOTEBOOKS)
    response = page.goto(server.url("no_such_lesson.ipynb"))
    assert response is not None and response.status == 404
    page.get_by_role("link", name="Back to the lessons").click()
    page.wait_for_url("**/00_index.ipynb")
    wait_for_voila(page)


def test_the_lessons_have_an_index_once_they_exist():
    lessons = [item for item in catalog.LESSONS if (LESSONS / item.notebook).exists()]
    if lessons:
        assert (LESSONS / catalog.INDEX.notebook).exists(), \
            f"{LESSONS} has lessons but no {catalog.INDEX.notebook}: the app opens at the index"


@pytest.mark.slow
@pytest.mark.parametrize("item", PAGES, ids=[item.slug for item in PAGES])
def test_every_lesson_renders_without_errors(item, voila, page, wait_for_voila, error_outputs,
                                             screenshot, console_errors):
    server = voila(LESSONS)
    page.goto(server.url(item.notebook))
    wait_for_voila(page)
    screenshot(page, f"lesson_{item.slug}")
    assert error_outputs(page) == [], f"{item.notebook} shows errors in Voila"
    assert console_errors == [], f"{item.notebook} logs errors in the browser's console"
    expected = item.title if item is catalog.INDEX else f"{item.title} · {catalog.INDEX.title}"
    assert page.title() == expected


def open_quiz(page):
    """Press the lesson's quiz button (the quiz is dealt on request) and return the quiz."""
    page.get_by_role("button", name=QUIZ_BUTTON).click()
    quiz = page.locator(".cl-quiz").filter(has=page.locator(".cl-quiz-status")).first
    quiz.locator(".cl-quiz-status").wait_for()
    quiz.scroll_into_view_if_needed()
    return quiz


def _answer_right(quiz, item: dict) -> None:
    """Answer one quiz item as a learner who knows the rules would."""
    if item["kind"] == "goal":
        box = quiz.locator(".cl-move-input")
        box.fill(item["answers"][0])
        box.press("Enter")
    elif item["kind"] == "legal":
        quiz.get_by_role("button", name="Legal" if item["legal"] else "Not legal",
                         exact=True).click()
    elif item["kind"] == "captures":
        position = Position.parse(item["position"])
        card = Card.parse(item["card"])
        lines = sorted(" ".join(str(c) for c in sorted(m.table_cards, key=lambda c: c.index))
                       for m in position.legal_moves() if m.kind == "capture" and m.card is card)
        quiz.locator("textarea").fill("\n".join(lines))
        quiz.get_by_role("button", name="Check", exact=True).click()
    else:
        raise AssertionError(f"this test does not know how to answer a {item['kind']!r} item")


@pytest.mark.slow
def test_a_learner_answers_the_pairing_quiz_and_finds_the_progress_on_the_index(
        voila, page, wait_for_voila, error_outputs, screenshot, progress_dir, console_errors):
    slug = "02_pairing"
    if not (LESSONS / f"{slug}.ipynb").exists():
        pytest.fail(f"{slug}.ipynb is missing from {LESSONS}")
    bank = json.loads((LESSONS / catalog.lesson(slug).quiz_bank).read_text())["items"]
    first = bank[0]
    assert first["kind"] == "goal", "the test starts with a goal item (a move to play)"
    server = voila(LESSONS)
    page.goto(server.url(f"{slug}.ipynb"))
    wait_for_voila(page)
    quiz = open_quiz(page)

    # A wrong move first (trailing the card that would capture), then the right one.
    position = Position.parse(first["position"])
    right = position.parse_move(first["answers"][0])
    wrong = next(m for m in position.legal_moves() if m != right and m.kind == "trail")
    box = quiz.locator(".cl-move-input")
    box.fill(str(wrong))
    box.press("Enter")
    feedback = quiz.locator(".cl-feedback")
    feedback.filter(has_text="✘").wait_for()
    screenshot(page, "learner_wrong_answer")
    box.fill(str(right))
    box.press("Enter")
    feedback.filter(has_text="✔").wait_for()
    screenshot(page, "learner_right_answer")

    for item in bank[1:]:
        quiz.locator("button.jupyter-button").filter(has_text=re.compile(r"^\s*Next\s*$")).click()
        quiz.locator(".cl-quiz-status").filter(
            has_text=f"Question {bank.index(item) + 1} of {len(bank)}").wait_for()
        _answer_right(quiz, item)
        quiz.locator(".cl-feedback").filter(has_text="✔").wait_for()
    score = len(bank) - 1  # the first answer to the first item counted, and it was wrong
    quiz.locator(".cl-quiz-status").filter(has_text=f"finished: {score}/{len(bank)}").wait_for()
    assert error_outputs(page) == []

    page.goto(server.url(catalog.INDEX.notebook))
    wait_for_voila(page)
    row = page.locator(f'.cl-tile[data-lesson="{slug}"]')
    assert f"{score}/{len(bank)}" in row.inner_text()
    _assert_tiles_line_up(page)
    screenshot(page, "learner_index_progress")
    assert console_errors == []


def _assert_tiles_line_up(page) -> None:
    """The index's tiles start where its Continue button does, and the tiles of a row are one
    height even when one has an extra line (a quiz score)."""
    button = page.locator(".cl-continue").bounding_box()
    boxes = [page.locator(".cl-tile a").nth(n).bounding_box() for n in range(4)]
    assert abs(boxes[0]["x"] - button["x"]) <= 1, (boxes[0], button)
    first_row = [box for box in boxes if abs(box["y"] - boxes[0]["y"]) <= 1]
    assert len(first_row) >= 2, boxes
    assert max(b["height"] for b in first_row) - min(b["height"] for b in first_row) <= 1, boxes
