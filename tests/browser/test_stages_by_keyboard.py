"""Every stage kind done with the keyboard alone (lesson 2's goal, legal and captures stages
are walked by test_lesson_by_keyboard.py): points and score (lesson 1), number, choice and a
demonstration (lesson 11). Only Tab, Shift+Tab, arrows, Enter and Space are pressed; each
target is found by what has the focus; the answers are the rules core's; the verdict is read
from the page. The countdown to the next stage is turned off first (a checkbox, by Space), so
each stage waits for "Next stage" (WCAG 2.2.1). After the last stage, Tab leaves the page: the
focus was never trapped."""

from __future__ import annotations

import re

from cassino_learn.teaching.stages import load_stages
from test_lesson_by_keyboard import tab_to
from test_reading_mode import newcomer_lessons  # noqa: F401 (a fixture; tests/browser on the path)

WHERE = """() => { const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {name: (a.getAttribute('aria-label') || a.labels?.[0]?.textContent || a.textContent
                 || '').trim(),
          value: a.dataset.value ?? null, side: a.closest('[data-side]')?.dataset.side ?? null,
          checkbox: a.type === 'checkbox', checked: !!a.checked,
          inRunner: !!a.closest('.cl-stage-runner')}; }"""
LIMIT = 80


def where(page) -> dict | None:
    return page.evaluate(WHERE)


def tab_until(page, wanted, back: bool = False) -> dict:
    """Tab (Shift+Tab with `back`) until `wanted(focused)` holds; the body never counts."""
    tab_to(page, lambda f: (w := where(page)) is not None and wanted(w), back=back)
    return where(page)


def leaves_the_page(page) -> None:
    """Tab from where the focus is reaches the end of the page (the browser's own controls)
    or comes round to where it started: no trap."""
    start = where(page)
    for _ in range(LIMIT):
        page.keyboard.press("Tab")
        now = where(page)
        if now is None or (start is not None and now == start):
            return
    raise AssertionError(f"the focus stayed in the page after {LIMIT} Tabs; at {where(page)}")


def open_stage(page, runner, number: int) -> None:
    """Its number in the stages' map (before the runner's controls: Shift+Tab), then Enter."""
    tab_until(page, lambda f: re.match(rf"stage {number}\b", f["name"]) is not None, back=True)
    page.keyboard.press("Enter")
    runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]').wait_for()


def turn_off_the_countdown(page, runner) -> None:
    box = tab_until(page, lambda f: f["checkbox"] and f["name"] == "Next stage by itself")
    assert box["checked"]  # on by default
    page.keyboard.press("Space")
    runner.locator(".cl-stage-go-on-box:not(:checked)").wait_for()


def answer_by_keys(page, runner, stage) -> None:
    """The stage's answer (from the rules core) given with Tab, arrows, Enter and Space."""
    if stage.kind == "score":
        for side, points in stage.solutions()[0].items():
            tab_until(page, lambda f: f["side"] == str(side) and f["value"] == str(points))
            page.keyboard.press("Enter")
            pressed = runner.locator(f'[data-side="{side}"] [data-value="{points}"]'
                                     '[aria-pressed="true"]')
            pressed.wait_for()
            # the pressed number keeps the focus (it is marked, not drawn again)
            assert where(page)["value"] == str(points) and where(page)["side"] == str(side)
        tab_until(page, lambda f: f["name"] == "Check")
        page.keyboard.press("Enter")
    elif stage.kind == "demo":
        tab_until(page, lambda f: f["name"] == "Next ▶")
        for _ in range(len(stage.steps)):
            page.keyboard.press("Enter")
        runner.locator(f'.cl-step:text-is("Step {len(stage.steps)} of {len(stage.steps)}")'
                       ).wait_for()
    else:  # points, number, choice: a button with the answer
        answer = str(stage.solutions()[0])
        tab_until(page, lambda f: f["value"] == answer and f["side"] is None
                  and f["inRunner"] and not f["checkbox"])
        page.keyboard.press("Enter")


def do_stages(page, runner, slug: str, numbers: list[int]) -> list[str]:
    """Stages `numbers` of `slug` by keys; the verdicts read from the page."""
    stages = load_stages(slug).stages
    told = []
    for number in numbers:
        stage = stages[number - 1]
        if not runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]'
                              ).count():
            open_stage(page, runner, number)
        answer_by_keys(page, runner, stage)
        kind = "seen" if stage.kind == "demo" else "right"
        verdict = runner.locator(f'.cl-stage-verdict[data-kind="{kind}"]')
        verdict.wait_for()
        told.append(f"{stage.kind}: {verdict.inner_text()}")
        next_stage = runner.get_by_role("button", name=re.compile("Next stage"))
        done = runner.locator(".cl-stage-complete").filter(has_text="Lesson done!")
        next_stage.or_(done).wait_for()
        # the countdown is off: the stage waits for Next, with no bar running
        assert runner.locator(".cl-stage-countdown.cl-stage-running").count() == 0
        assert runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]'
                              ).count() == 1
        if number != numbers[-1]:
            tab_until(page, lambda f: f["name"].startswith("Next stage"))
            page.keyboard.press("Enter")
            runner.locator(f'.cl-stage-dot[data-stage="{number + 1}"][aria-current="step"]'
                           ).wait_for()
    return told


def _open(page, server, notebook: str, wait_for_voila):
    page.goto(server.url(notebook))
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    runner.locator('.cl-stage-dot[aria-current="step"]').wait_for()
    page.locator("body").focus()
    return runner


def test_points_and_score_stages_by_keyboard_alone(
        newcomer_lessons, page, wait_for_voila) -> None:  # noqa: F811
    runner = _open(page, newcomer_lessons, "01_cards_and_points.ipynb", wait_for_voila)
    turn_off_the_countdown(page, runner)
    told = do_stages(page, runner, "01_cards_and_points", [1, 2])
    told += do_stages(page, runner, "01_cards_and_points", [7])
    assert [t.split(":")[0] for t in told] == ["points", "points", "score"], told
    leaves_the_page(page)


def test_number_choice_and_demo_stages_by_keyboard_alone(
        newcomer_lessons, page, wait_for_voila) -> None:  # noqa: F811
    runner = _open(page, newcomer_lessons, "11_full_game.ipynb", wait_for_voila)
    turn_off_the_countdown(page, runner)
    told = do_stages(page, runner, "11_full_game", [1, 2, 3, 4, 5])
    assert [t.split(":")[0] for t in told] == ["number", "number", "choice", "demo", "choice"]
    assert "Seen to the end" in told[3]
    runner.locator(".cl-stage-complete").filter(has_text="Lesson done!").wait_for()
    leaves_the_page(page)
