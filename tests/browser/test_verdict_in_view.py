"""After every try the verdict is on screen: every stage of every lesson (all of lessons 1-13),
at 1280x800 and again at 390x844 on the same page, a plausible wrong answer first (the newcomer
walk's, worked out by the rules core) and again (its second verdict says more; not on a Legal /
Not legal question, which it would end), then the right one. After each try the verdict's whole box
must lie inside the window, the page having scrolled it there by itself if need be: the learner
never scrolls to read what their try did. A demonstration's closing verdict too.

A right answer's verdict is on screen only until the next stage opens by itself, so the page
keeps, frame by frame, whether each verdict has been wholly in the window (`WATCHER`), and the
test asks that record. One page and kernel per lesson, a few lessons at a time; pictures of the
stages whose verdict was once out of sight go to tests/artifacts/.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from cassino_learn.serving.voila import VoilaServer
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import Stage, load_stages

from test_newcomer_walk import (CHROMIUM, CHROMIUM_ARGS, NARROW, WIDE, _answering, _give,
                                _open, _right_try, _wait_for_voila, wrong_try)

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
AT_ONCE = 3
TIMEOUT_MS = 90_000
IN_VIEW_MS = 8_000   # the page's own scrolling is done well within this
# Stages whose wrong verdict was out of sight before (issue 43): pictured after the wrong try.
PICTURED = {("05_building", 8), ("06_raising_builds", 7), ("12_more_players", 7),
            ("13_variants_and_etiquette", 10), ("13_variants_and_etiquette", 15)}

WATCHER = """(runner) => {
  // Frame by frame: for the open stage (window.__stage) and each verdict kind, whether the
  // verdict box has been wholly inside the window, and where it was last.
  window.__views = {}; window.__old = null;
  const look = () => {
    const verdict = runner.querySelector('.cl-stage-verdict');
    // (the last try's verdict, still on screen until this one's comes, does not count)
    if (verdict && !verdict.hidden && verdict.dataset.kind && verdict.textContent.trim()
        && verdict.textContent !== window.__old) {
      const box = verdict.getBoundingClientRect();
      const key = `${window.__stage}|${window.__try}|${verdict.dataset.kind}`;
      // (half a pixel of rounding allowed at each edge)
      const inside = box.height > 0 && box.top >= -0.5 && box.bottom <= window.innerHeight + 0.5
        && box.left >= -0.5 && box.right <= window.innerWidth + 0.5;
      const seen = window.__views[key] || { inside: false };
      window.__views[key] = { inside: seen.inside || inside,
        box: `top ${box.top | 0}, bottom ${box.bottom | 0} of ${window.innerHeight}`,
        text: verdict.textContent.slice(0, 80) };
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""

WAS_IN_VIEW = """(key) => (window.__views[key] || {}).inside === true"""
NEXT_TRY = """(t) => { window.__try = t;
  const verdict = document.querySelector('.cl-stage-verdict');
  window.__old = verdict && !verdict.hidden ? verdict.textContent : null; }"""
# The same words again (a try told as the last one was) are the verdict of this try too.
SAME_AGAIN = """() => { const verdict = document.querySelector('.cl-stage-verdict');
  if (!verdict || verdict.hidden || verdict.textContent !== window.__old) return false;
  const box = verdict.getBoundingClientRect();
  return box.top >= -0.5 && box.bottom <= window.innerHeight + 0.5; }"""


async def _verdict_in_view(page, n: int, tried: int, kind: str, where: str,
                           problems: list[str]) -> None:
    key = f"{n}|{tried}|{kind}"
    try:
        await page.wait_for_function(WAS_IN_VIEW, arg=key, timeout=IN_VIEW_MS, polling=50)
    except Exception:  # noqa: BLE001 - the box says more than a timeout
        if kind == "wrong" and tried > 1 and await page.evaluate(SAME_AGAIN):
            return
        seen = await page.evaluate("(key) => window.__views[key] || null", key)
        problems.append(f"{where}: the {kind} verdict is not inside the window: {seen}")


async def _visit(page, runner, stage: Stage, n: int, slug: str, narrow: bool,
                 problems: list[str]) -> None:
    size = "390x844" if narrow else "1280x800"
    where = f"{slug} stage {n} ({stage.kind}, {stage.id}) at {size}"
    await _open(runner, n, stage)
    await page.evaluate("(n) => { window.__stage = n; window.__try = 0; window.__views = {}; "
                        "window.__old = null; }", n)
    if stage.kind == "demo":
        for step in range(1, len(stage.steps) + 1):
            await runner.locator('[data-demo="next"]').click()
            await runner.locator(".cl-step").filter(has_text=f"Step {step} of").wait_for()
        await _verdict_in_view(page, n, 0, "seen", where, problems)
        return
    given = wrong_try(stage, slug, narrow=narrow)
    # twice wrong (the second verdict says more, and is longer), but a two-way question's
    # second wrong try shows its answer and ends it
    tries = 1 if stage.two_way else 2
    for tried in range(1, tries + 1):
        await page.evaluate(NEXT_TRY, tried)
        await _answering(runner, n)
        await _give(runner, stage, given)
        await _verdict_in_view(page, n, tried, "wrong", where + f" after “{given.said}” "
                                                           f"(try {tried})", problems)
        if (slug, n) in PICTURED:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(ARTIFACTS / f"verdict_in_view_{slug}_stage{n}_"
                                                        f"{size}_try{tried}.png"))
        if given.kind == "refused":  # the selection stays raised after a refusal: clear it
            await runner.locator(".cl-clear").click()
    await page.evaluate(NEXT_TRY, tries + 1)
    await _give(runner, stage, _right_try(stage))
    await _verdict_in_view(page, n, tries + 1, "right", where, problems)


async def _lesson(browser, server: VoilaServer, slug: str) -> tuple[list[str], int]:
    stages = load_stages(slug).stages
    context = await browser.new_context(viewport=WIDE)
    context.set_default_timeout(TIMEOUT_MS)
    page = await context.new_page()
    problems: list[str] = []
    visits, n = 0, 0
    try:
        await page.goto(server.url(f"{slug}.ipynb"))
        await _wait_for_voila(page)
        runner = page.locator(".cl-stage-runner")
        await page.evaluate(WATCHER, await runner.element_handle())
        for narrow, size in ((False, WIDE), (True, NARROW)):
            await page.set_viewport_size(size)
            for n, stage in enumerate(stages, 1):
                await _visit(page, runner, stage, n, slug, narrow, problems)
                visits += 1
    except Exception as error:  # noqa: BLE001 - name the stage where the walk stopped
        problems.append(f"{slug} stage {n}: the walk stopped: {type(error).__name__}: "
                        f"{str(error).splitlines()[0] if str(error) else ''}")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(ARTIFACTS / f"verdict_in_view_{slug}_stopped.png"))
    finally:
        await context.close()
    return problems, visits


async def _walk_all(server: VoilaServer, slugs: list[str]) -> tuple[list[str], int]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        slots = asyncio.Semaphore(AT_ONCE)

        async def one(slug: str):
            async with slots:
                return await _lesson(browser, server, slug)

        try:
            order = sorted(slugs, key=lambda slug: -len(load_stages(slug)))
            done = await asyncio.gather(*(one(slug) for slug in order))
        finally:
            await browser.close()
    return [p for problems, _ in done for p in problems], sum(v for _, v in done)


@pytest.mark.slow
@pytest.mark.browser
def test_every_verdict_of_every_stage_is_in_view_at_1280x800_and_390x844(tmp_path):
    server = VoilaServer(catalog.lessons_dir(), env={"CASSINO_LEARN_DATA": str(tmp_path)})
    server.start(timeout=120)
    began = time.perf_counter()
    try:
        slugs = [item.slug for item in catalog.LESSONS]
        problems, visits = asyncio.run(_walk_all(server, slugs))
    finally:
        server.stop()
        server.cleanup()
    took = time.perf_counter() - began
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "verdict_in_view.txt").write_text(
        f"{visits} stage visits in {took:.0f} s\n" + "\n".join(problems) + "\n", encoding="utf-8")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    assert visits == 2 * sum(len(load_stages(slug)) for slug in slugs)
