"""At 1280x900 a stage's controls (answers, Check, That's all, the demonstration's Next, Hint and
the verdict line) are on screen once the page has scrolled the stage into view: every stage kind
of lessons 1, 5, 7 and 13, opened from the stage map, and the verdict after an answer."""

from __future__ import annotations

import pytest

from cassino_learn.serving.voila import VoilaServer
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import load_stages

# Per lesson, the stages to open: one of every kind the lesson has.
STAGES = {
    "01_cards_and_points": {"points": 1, "score": 7},
    "05_building": {"demo": 1, "goal": 2, "legal": 3, "captures": 10},
    "07_multiple_builds": {"goal": 1, "legal": 3, "captures": 6, "demo": 8},
    "13_variants_and_etiquette": {"legal": 1, "score": 4, "number": 5, "choice": 6, "goal": 8},
}
CONTROLS = ('.cl-stage-bottom button, .cl-stage-verdict, [data-demo="next"], '
            '.cl-stage-runner .cl-action')
IN_VIEW = """([runner, selector]) => {
  const shown = [...runner.querySelectorAll(selector)].filter((node) => node.checkVisibility());
  return shown.length > 0 && shown.every((node) => {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0
      && box.right <= window.innerWidth;
  });
}"""
OUT_OF_VIEW = """([runner, selector]) => [...runner.querySelectorAll(selector)]
  .filter((node) => node.checkVisibility())
  .map((node) => { const box = node.getBoundingClientRect();
    return `${node.textContent.trim().slice(0, 20)}: top ${box.top | 0}, bottom ${box.bottom | 0}`; })
  .join("; ")"""


def _drawn(runner, stage) -> None:
    """Wait until stage `stage` is open and drawn: its answers, and its own table if it has one."""
    if stage.kind == "score":
        runner.locator(".cl-stage-side").first.wait_for()
    elif stage.kind == "captures":
        runner.get_by_role("button", name="That's all").wait_for()
    elif stage.kind == "demo":
        runner.locator('[data-demo="next"]').wait_for()
    elif stage.kind != "goal":
        runner.locator(".cl-stage-choice").first.wait_for()
    if stage.position is not None and stage.kind not in ("score", "points"):
        card = stage.position.hand[0]
        runner.locator(f'[data-zone="hand"] [data-card="{card}"]').wait_for()
        # exactly one table once drawing settles (a busy browser may be mid-redraw)
        runner.page.wait_for_function(
            "(r) => r.querySelectorAll('.cl-table').length === 1", arg=runner.element_handle(),
            timeout=30_000)


def _controls_in_view(page, runner, where: str) -> None:
    handle = runner.element_handle()
    try:
        page.wait_for_function(IN_VIEW, arg=[handle, CONTROLS], timeout=15_000, polling=100)
    except Exception:  # the boxes say more than a timeout
        boxes = page.evaluate(OUT_OF_VIEW, [handle, CONTROLS])
        raise AssertionError(f"{where}: controls not inside 1280x900: {boxes}") from None


@pytest.mark.slow
def test_stage_controls_and_verdict_are_on_screen_at_1280x900(browser, tmp_path,
                                                                 wait_for_voila, screenshot):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    page = context.new_page()
    server = VoilaServer(catalog.lessons_dir(), env={"CASSINO_LEARN_DATA": str(tmp_path)})
    server.start(timeout=120)
    try:
        # On arrival the first stage's controls are in sight and the lesson's title still is:
        # the page is not pushed up to make room for a verdict before any answer.
        page.goto(server.url("05_building.ipynb"))
        wait_for_voila(page)
        runner = page.locator(".cl-stage-runner")
        _drawn(runner, load_stages("05_building").stages[0])
        _controls_in_view(page, runner, "lesson 5 on arrival")
        title = page.get_by_role("heading", name="Lesson 5: Building", exact=False).first
        assert title.bounding_box()["y"] >= 0, "lesson 5's title is pushed off the top on arrival"
        for slug, kinds in STAGES.items():
            stages = load_stages(slug).stages
            page.goto(server.url(f"{slug}.ipynb"))
            wait_for_voila(page)
            runner = page.locator(".cl-stage-runner")
            for kind, number in kinds.items():
                stage = stages[number - 1]
                assert stage.kind == kind, f"{slug} stage {number} is a {stage.kind} stage now"
                runner.locator(f'.cl-stage-dot[data-stage="{number}"]').click()
                runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]') \
                    .wait_for()
                _drawn(runner, stage)
                _controls_in_view(page, runner, f"{slug} stage {number} ({kind})")
            screenshot(page, f"stage_controls_{slug}_1280x900")
        # The verdict line too, after a wrong answer (the page is lesson 13 still).
        stage = load_stages("13_variants_and_etiquette").stages[5]
        wrong = next(choice for choice in stage.choices() if choice != stage.solutions()[0])
        runner.locator('.cl-stage-dot[data-stage="6"]').click()
        runner.locator('.cl-stage-dot[data-stage="6"][aria-current="step"]').wait_for()
        runner.locator(f'.cl-stage-choice[data-value="{wrong}"]').click()
        runner.locator('.cl-stage-verdict[data-kind="wrong"]').wait_for()
        _controls_in_view(page, runner, "lesson 13 stage 6 after a wrong answer")
        # "That's all" with no capture found is wrong.
        page.goto(server.url("07_multiple_builds.ipynb"))
        wait_for_voila(page)
        runner = page.locator(".cl-stage-runner")
        captures = STAGES["07_multiple_builds"]["captures"]
        runner.locator(f'.cl-stage-dot[data-stage="{captures}"]').click()
        runner.get_by_role("button", name="That's all").click()
        runner.locator('.cl-stage-verdict[data-kind="wrong"]').wait_for()
        _controls_in_view(page, runner, "lesson 7 captures stage after a wrong answer")
        screenshot(page, "stage_controls_verdict_1280x900")
    finally:
        context.close()
        server.stop()
        server.cleanup()
