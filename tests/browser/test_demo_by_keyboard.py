"""A demonstration's question answered with the keyboard alone on the follower's page (the
real class server, tests/serving/demo_app.py): Follow, the cards of the move, Take and "Send
my move" reached by Tab and Shift+Tab and pressed with Enter or Space; the teacher asks by
clicks. The answer is read back from the page; Tab then leaves the page (no trap)."""

from __future__ import annotations

from test_demonstration_in_browser import POSITION, learner, server  # noqa: F401 (a fixture)

LIMIT = 60
WHERE = """() => { const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {name: (a.getAttribute('aria-label') || a.textContent || '').trim(),
          card: a.dataset.card || null, zone: a.closest('[data-zone]')?.dataset.zone || null,
          selected: a.getAttribute('aria-selected')}; }"""


def where(page) -> dict | None:
    return page.evaluate(WHERE)


def tab_until(page, wanted, back: bool = False) -> dict:
    path = []
    for _ in range(LIMIT):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = where(page)
        if now is not None and wanted(now):
            return now
        path.append(now and (now["card"] or now["name"][:20]))
    raise AssertionError(f"not reached in {LIMIT} Tabs; went through {path}")


def test_a_follower_answers_the_question_by_keyboard_alone(browser, server) -> None:  # noqa: F811
    root, token = server
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 800})
    teacher_context.set_default_timeout(20_000)
    teacher = teacher_context.new_page()
    teacher.goto(f"{root}/class/demo/teacher?token={token}")
    ana = learner(browser, root, "Ana")
    try:
        teacher.get_by_label("Position in the notation").fill(POSITION)
        teacher.get_by_role("button", name="Show this table").click()
        teacher.get_by_role("heading", name="A position").wait_for()

        ana.locator("body").focus()
        tab_until(ana, lambda f: f["name"] == "Follow")
        ana.keyboard.press("Enter")
        ana.locator('#cd-follow-view [data-zone="table"] [data-card="KC"]').wait_for()
        teacher.get_by_role("button", name="Ask the class").click()
        ana.get_by_role("heading", name="Your move?").wait_for()

        # the hand's 8 of spades, then the table's 2 of spades and 6 of hearts
        tab_until(ana, lambda f: f["card"] == "8S")
        ana.keyboard.press("Enter")
        assert where(ana)["selected"] == "true"
        for card in ("2S", "6H"):
            tab_until(ana, lambda f, c=card: f["card"] == c, back=True)
            ana.keyboard.press("Space")
            assert where(ana)["selected"] == "true"
        tab_until(ana, lambda f: f["name"] == "Take")
        ana.keyboard.press("Enter")
        assert ana.get_by_label("your move").input_value() == "8S take 2S 6H"
        tab_until(ana, lambda f: f["name"] == "Send my move")
        ana.keyboard.press("Enter")
        ana.get_by_text("Your answer: play the eight of spades to take the two of spades and the "
                        "six of hearts.").wait_for()  # in words, not notation
        teacher.get_by_text("1 of 1 has answered").wait_for()

        start = where(ana)
        for _ in range(LIMIT):  # no trap: Tab reaches the page's end or comes round
            ana.keyboard.press("Tab")
            now = where(ana)
            if now is None or now == start:
                break
        else:
            raise AssertionError("the focus stayed in the follower's page")
    finally:
        teacher_context.close()
        ana.context.close()
