"""The lessons as a web app, in a real browser: Voila with our template on the test notebooks
(tests/browser/notebooks) and on every lesson that exists."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn import catalog

NOTEBOOKS = Path(__file__).parent / "notebooks"
LESSONS = catalog.lessons_dir()
PAGES = [item for item in (catalog.INDEX, *catalog.LESSONS, catalog.SANDBOX)
         if (LESSONS / item.notebook).exists()]


def test_the_app_opens_at_the_index(voila, page, wait_for_voila, screenshot):
    server = voila(NOTEBOOKS)
    page.goto(server.base_url)
    page.wait_for_url("**/voila/render/00_index.ipynb")
    wait_for_voila(page)
    assert page.title() == "Learn Cassino"
    assert page.locator(".cassino-appbar .cassino-home").inner_text().endswith("Learn Cassino")
    screenshot(page, "app_index")


def test_a_lesson_has_its_title_and_links_to_its_neighbours(voila, page, wait_for_voila,
                                                            screenshot):
    server = voila(NOTEBOOKS)
    page.goto(server.url("02_pairing.ipynb"))
    wait_for_voila(page)
    assert page.title() == "Pairing · Learn Cassino"
    pairing = catalog.LESSONS.index(catalog.lesson("02_pairing")) + 1
    assert page.locator(".cassino-where").inner_text() == \
        f"Lesson {pairing} of {len(catalog.LESSONS)}"
    before, after = catalog.neighbours("02_pairing")
    assert page.locator("a.cassino-previous").get_attribute("href") == before.notebook
    assert page.locator("a.cassino-next").get_attribute("href") == after.notebook
    screenshot(page, "app_lesson")
    page.locator("a.cassino-index").click()
    page.wait_for_url("**/00_index.ipynb")
    wait_for_voila(page)
    assert page.title() == "Learn Cassino"


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
                                             screenshot):
    server = voila(LESSONS)
    page.goto(server.url(item.notebook))
    wait_for_voila(page)
    screenshot(page, f"lesson_{item.slug}")
    assert error_outputs(page) == [], f"{item.notebook} shows errors in Voila"
    expected = item.title if item is catalog.INDEX else f"{item.title} · {catalog.INDEX.title}"
    assert page.title() == expected
