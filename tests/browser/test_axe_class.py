"""axe-core's WCAG 2.2 A and AA rules on the class's own pages, served by the real class server
with a small stand-in course (tests/serving/demo_app.py): the name page, the teacher's page,
and the demonstration's teacher and follower pages with a table shown, with a question asked
(and answered by the follower), and with its answers revealed."""

from __future__ import annotations

from test_axe import assert_clean  # tests/browser is on sys.path
from test_demonstration_in_browser import POSITION, server  # noqa: F401 (a fixture)


def test_the_class_pages_have_no_violation(browser, server) -> None:  # noqa: F811
    root, token = server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        assert page.goto(f"{root}/class/join").ok
        page.get_by_label("Your name").wait_for()
        assert_clean(page, "the class's name page")
        teacher = context.new_page()
        assert teacher.goto(f"{root}/class/teacher?token={token}").ok
        teacher.locator("#cc-learners").wait_for()
        assert_clean(teacher, "the teacher's page")
        assert teacher.goto(f"{root}/class/demo/teacher?token={token}").ok
        teacher.get_by_label("Position in the notation").fill(POSITION)
        teacher.get_by_role("button", name="Show this table").click()
        teacher.get_by_role("heading", name="A position").wait_for()
        assert_clean(teacher, "the demonstration's teacher page, a table shown")
        page.get_by_label("Your name").fill("Ana")
        page.get_by_role("button", name="Start").click()
        page.goto(f"{root}/class/demo/follow")
        page.get_by_role("button", name="Follow").click()
        page.locator('#cd-follow-view [data-zone="table"] [data-card="KC"]').wait_for()
        assert_clean(page, "the demonstration's follower page, a table shown")

        teacher.get_by_role("button", name="Ask the class").click()
        page.get_by_role("heading", name="Your move?").wait_for()
        assert_clean(page, "the demonstration's follower page, a question asked")
        page.locator('#cd-follow-view [data-zone="hand"] [data-card="8S"]').click()
        page.locator('#cd-follow-view [data-zone="table"] [data-card="2S"]').click()
        page.locator('#cd-follow-view [data-zone="table"] [data-card="6H"]').click()
        page.get_by_role("button", name="Take").click()
        page.get_by_role("button", name="Send my move").click()
        page.get_by_text("Your answer: play the eight of spades to take the two of spades and the "
                         "six of hearts.").wait_for()  # in words, not notation
        assert_clean(page, "the demonstration's follower page, an answer sent")
        teacher.get_by_text("1 of 1 has answered").wait_for()
        assert_clean(teacher, "the demonstration's teacher page, a question asked")

        teacher.get_by_role("button", name="Reveal").click()
        teacher.locator("#cd-reveal-list .cd-choice").first.wait_for()
        assert_clean(teacher, "the demonstration's teacher page, the answers revealed")
        page.locator(".cd-compare .cd-compare-head").wait_for()
        assert_clean(page, "the demonstration's follower page, the answers revealed")
    finally:
        context.close()
