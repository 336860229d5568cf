"""A demonstration's question answered with the keyboard alone on the follower's page (the
real class server, tests/serving/demo_app.py): Follow, Take and "Send my move" reached by Tab
and Shift+Tab and pressed with Enter or Space; the hand and the table are one Tab stop each
(roving focus, as on the lesson's card table), arrows move within a row and Enter or Space
choose a card; the teacher asks by clicks. The answer is read back from the page; Tab then
leaves the page (no trap)."""

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

        # one Tab stop for the hand and one for the table (roving focus)
        for zone in ("hand", "table"):
            stops = ana.locator(f'#cd-follow-view [data-zone="{zone}"] [role="option"]')
            assert stops.count() > 1
            assert ana.locator(f'#cd-follow-view [data-zone="{zone}"] [tabindex="0"]').count() == 1
        # the hand's 8 of spades: Tab to the hand, arrows to the card (round at the row's end)
        reached = tab_until(ana, lambda f: f["zone"] == "hand")
        order = ana.locator('#cd-follow-view [data-zone="hand"] [role="option"]').evaluate_all(
            "ns => ns.map(n => n.dataset.card)")
        assert reached["card"] == order[0]
        ana.keyboard.press("ArrowLeft")
        assert where(ana)["card"] == order[-1]
        for _ in range((order.index("8S") + 1) % len(order)):
            ana.keyboard.press("ArrowRight")
        ana.keyboard.press("Enter")
        assert where(ana) | {"name": ""} == {"name": "", "card": "8S", "zone": "hand",
                                              "selected": "true"}
        ana.keyboard.press("Tab")  # the next stop is past the hand, not its next card
        assert where(ana)["zone"] != "hand"
        # the table's 2 of spades and 6 of hearts: Shift+Tab back to the table, then arrows
        tab_until(ana, lambda f: f["zone"] == "table", back=True)
        order = ana.locator('#cd-follow-view [data-zone="table"] [role="option"]').evaluate_all(
            "ns => ns.map(n => n.dataset.card)")
        walked = [where(ana)["card"]]
        for card in ("2S", "6H"):
            while walked[-1] != card:
                ana.keyboard.press("ArrowRight")
                walked.append(where(ana)["card"])
                assert len(walked) <= 2 * len(order), walked
            ana.keyboard.press("Space")
            assert where(ana)["selected"] == "true"
        assert walked == order[:order.index("6H") + 1], (walked, order)  # each card in turn
        assert ana.locator('#cd-follow-view [data-zone="table"] [aria-selected="true"]') \
            .evaluate_all("ns => ns.map(n => n.dataset.card)") == ["2S", "6H"]
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
