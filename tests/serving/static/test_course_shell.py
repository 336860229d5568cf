"""One Python for the whole course (cassino_learn/pages/course.py): a learner opens lessons 1, 2,
5 and 11 in turn by their links, each is shown in the page the first one opened, by the Python
that page started (its identity and its count of lessons shown say so), and each lesson's first
stage works. A reload opens the lesson in the address bar, with the progress kept."""

from __future__ import annotations

import pytest

from cassino_learn.core.move import BUILD, CAPTURE
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import Stage, load_stages

pytestmark = [pytest.mark.slow, pytest.mark.browser]

IN_TURN = ("01_cards_and_points", "02_pairing", "05_building", "11_full_game")


def _answer_first_stage(page, slug: str) -> None:
    """Answer the lesson's first stage as a learner clicks it (the answer worked out by the
    rules core), and wait for the page to say it is right."""
    stage: Stage = load_stages(slug).stages[0]
    runner = page.locator(".cl-stage-runner")
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


def test_lessons_open_in_the_python_the_first_page_started(visit):
    page = visit.page
    visit.open(f"voici/render/{IN_TURN[0]}.html")
    python_id, shown, slug = _python(page)
    assert python_id and shown == 1 and slug == IN_TURN[0]
    _answer_first_stage(page, IN_TURN[0])
    visit.screenshot("course_shell_lesson_1")

    for number, lesson in enumerate(IN_TURN[1:], start=2):
        page.evaluate(f"() => {{ window.cassinoCourse.open({lesson!r}, ''); }}") \
            if _link_to(page, lesson).count() == 0 else _link_to(page, lesson).click()
        page.wait_for_url(f"**/voici/render/{lesson}.html", wait_until="commit")
        visit.wait_until_ready()
        assert _python(page) == (python_id, number, lesson), "Python was started again"
        assert visit.errors() == []
        title = catalog.lesson(lesson).title
        assert title in page.locator(".cl-header").first.inner_text()
        assert page.locator(".cl-stage-runner").count() == 1, "the lesson before is still shown"
        _answer_first_stage(page, lesson)
        visit.screenshot(f"course_shell_lesson_{lesson}")

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
