"""A learner finishes lessons 1 and 5 by clicking only: stages on the card table, a reload in
the middle that resumes at the same stage with the stars kept, and the index showing both
lessons done with their stars. Every answer the test clicks is worked out by the rules core."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cassino_learn.core.telling import in_words
from cassino_learn.core.move import BUILD, CAPTURE, Move
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import Stage, load_stages


LESSONS = catalog.lessons_dir()
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def _label(move: Move) -> str:
    return "Take" if move.kind == CAPTURE else f"Build {move.value}" if move.kind == BUILD \
        else "Trail"


def _play_on_table(runner, stage: Stage, move: Move) -> None:
    """Click the hand card, the table cards and builds the move uses, then its action."""
    position = stage.position
    # a play's table update can arrive after the stage's own (the list of captures): wait
    # until the table is back to nothing selected before picking anew
    expect(runner.locator(".cl-table .cl-selected")).to_have_count(0, timeout=60_000)
    runner.locator(f'[data-zone="hand"] [data-card="{move.card}"]').click()
    for index, build in enumerate(position.builds):
        if set(build.cards) <= move.table_cards:
            runner.locator(f'[data-zone="table"] [data-build="{index}"]').click()
    in_builds = {card for build in position.builds for card in build.cards}
    for card in sorted(move.table_cards - in_builds):
        runner.locator(f'[data-zone="table"] > .cl-cards > [data-card="{card}"]').click()
    # the button of this very move: the table offers actions as Python answers each click, so
    # a button offered for a selection not yet complete would play another move
    runner.get_by_role("button", name=f"{_label(move)}: {in_words(move)}", exact=True).click()


def _answer(runner, stage: Stage) -> None:
    answer = stage.solutions()[0]
    if stage.kind == "demo":
        for step in range(1, len(stage.steps) + 1):
            runner.locator('[data-demo="next"]').click()
            runner.locator(".cl-step").filter(has_text=f"Step {step} of").wait_for()
    elif stage.kind == "goal":
        _play_on_table(runner, stage, answer)
    elif stage.kind == "captures":
        for number, move in enumerate(answer, 1):
            _play_on_table(runner, stage, move)
            runner.locator(".cl-stage-answers li").nth(number - 1).wait_for()
        runner.get_by_role("button", name="That's all").click()
    elif stage.kind == "score":
        # a new stage opens with nothing picked, even after a score stage with the same sides
        expect(runner.locator('.cl-stage-number[aria-pressed="true"]')).to_have_count(0)
        for side, points in answer.items():
            runner.locator(f'.cl-stage-side[data-side="{side}"] [data-value="{points}"]').click()
        runner.locator(".cl-stage-choices .cl-stage-check").click()
    else:
        runner.locator(f'.cl-stage-choice[data-value="{answer}"]').click()


def _current(runner, n: int) -> None:
    runner.locator(f'.cl-stage-dot[data-stage="{n}"][aria-current="step"]').wait_for()


def _open(page, server, slug, wait_for_voila):
    page.goto(server.url(f"{slug}.ipynb"))
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    runner.locator(".cl-stage-task").wait_for()
    return runner


WORDS_BEFORE_TASK = """(task) => {
  // Words of the visible text from the top of the page to the end of the first task.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let words = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent.closest("script, style, noscript, template")) continue;
    if (!parent.checkVisibility()) continue;
    const after = task.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (after && !task.contains(node)) break;
    words += node.textContent.split(/\\s+/).filter(Boolean).length;
  }
  return words;
}"""


def _solve(runner, stages, start: int, stop: int, *, wait_for_auto: bool) -> None:
    for n in range(start, stop):
        stage = stages[n]
        _current(runner, n + 1)
        _answer(runner, stage)
        demo = stage.kind == "demo"  # seen to the end: no stars, and it waits for the learner
        runner.locator(f'.cl-stage-verdict[data-kind="{"seen" if demo else "right"}"]').wait_for()
        if not demo:  # the stars as a screen reader has them: in words, not "black star"
            heard = runner.locator(".cl-stage-verdict").aria_snapshot()
            assert re.search(r"\b(\d of 3 stars|3 stars)\b", heard) and "★" not in heard \
                and "☆" not in heard, heard
        if n + 1 < len(stages):
            if demo or not wait_for_auto:
                runner.get_by_role("button", name="Next stage").click()
            _current(runner, n + 2)  # with wait_for_auto: the next stage opens by itself


VERDICTS = """(runner) => {
  // Every verdict the page shows, in order, with the stage open then (said if a test fails).
  window.__verdicts = [];
  new MutationObserver(() => {
    const verdict = runner.querySelector('.cl-stage-verdict');
    const open = runner.querySelector('.cl-stage-dot[aria-current="step"]');
    const said = verdict && !verdict.hidden ? verdict.textContent.slice(0, 90) : '';
    const line = `${open ? open.dataset.stage : '-'} ${verdict ? verdict.dataset.kind : ''}: ${said}`;
    if (said && window.__verdicts[window.__verdicts.length - 1] !== line) window.__verdicts.push(line);
  }).observe(runner, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


def _most(stages) -> int:
    return 3 * sum(stage.kind != "demo" for stage in stages)


@pytest.mark.slow
def test_a_learner_finishes_lessons_1_and_5_by_clicking(voila, page, wait_for_voila,
                                                        error_outputs, screenshot, newcomer):
    server = voila(LESSONS)
    first = load_stages("01_cards_and_points").stages
    runner = _open(page, server, "01_cards_and_points", wait_for_voila)
    runner.evaluate(VERDICTS)
    screenshot(page, "stages_lesson1_first")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    task = runner.locator(".cl-stage-task")
    words = task.evaluate(WORDS_BEFORE_TASK)
    (ARTIFACTS / "stages_lesson1_words.txt").write_text(f"{words} words before the first task\n")
    assert words < 120  # the page's words up to the first task
    assert task.bounding_box()["y"] < 900  # on the first screen
    began = time.perf_counter()
    _solve(runner, first, 0, len(first), wait_for_auto=True)
    took = time.perf_counter() - began
    runner.locator(".cl-stage-complete").wait_for()
    done = runner.locator(".cl-stage-complete")
    done.filter(has_text="Lesson done!").wait_for()
    dots = runner.locator(".cl-stage-dot").evaluate_all(
        "(dots) => dots.map((d) => `${d.dataset.stage}:${d.dataset.stars}`)")
    assert f"★ {_most(first)} of {_most(first)}" in done.inner_text(), \
        "stars by stage: " + " ".join(dots) + "\nverdicts seen:\n" + "\n".join(
            page.evaluate("window.__verdicts"))
    # said in words to a screen reader, not "black star"
    assert f"Stars: {_most(first)} of {_most(first)}" in done.aria_snapshot(), done.aria_snapshot()
    onward = done.locator('a[href="02_pairing.ipynb"]')
    assert onward.count() == 1 and onward.get_attribute("target") == "_self"
    screenshot(page, "stages_lesson1_done")
    (ARTIFACTS / "stages_lesson1_seconds.txt").write_text(
        f"{took:.1f} s for {len(first)} stages (the next stage opening by itself each time)\n")

    building = load_stages("05_building").stages
    runner = _open(page, server, "05_building", wait_for_voila)
    _solve(runner, building, 0, 2, wait_for_auto=False)
    # Stage 3: a wrong answer first (it is not legal), told what to look at but neither the
    # answer nor the rule that would settle it, then right at the second try: one star.
    _current(runner, 3)
    # The stage's table shows nothing about the opponent the position leaves out.
    assert runner.locator('[data-zone^="seat-"]').count() == 0
    assert "not shown" not in runner.locator(".cl-table").inner_text()
    played = building[2].item.move.split()[0]  # the move to judge is raised on the table
    runner.locator(f'[data-zone="hand"] [data-card="{played}"].cl-selected').wait_for()
    wrong = "Legal" if building[2].solutions()[0] == "Not legal" else "Not legal"
    runner.locator(f'.cl-stage-choice[data-value="{wrong}"]').click()
    verdict = runner.locator('.cl-stage-verdict[data-kind="wrong"]')
    verdict.wait_for()
    said = verdict.inner_text()
    assert "B2" not in said and "not legal" not in said.lower() and "Try again" in said
    screenshot(page, "stages_wrong_answer")
    _answer(runner, building[2])
    runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()
    runner.get_by_role("button", name="Next stage").click()
    _solve(runner, building, 3, 5, wait_for_auto=False)

    page.reload()  # in the middle of the lesson: it resumes at stage 6 with the stars kept
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    _current(runner, 6)
    stars = [runner.locator(f'.cl-stage-dot[data-stage="{n}"]').get_attribute("data-stars")
             for n in range(1, 6)]
    assert stars == ["0", "3", "1", "3", "3"]  # the demonstration is not starred
    assert runner.locator(".cl-stage-total").inner_text().startswith(
        f"★ 10 of {_most(building)}")
    assert f"Stars: 10 of {_most(building)}" in runner.locator(".cl-stage-total").aria_snapshot()
    screenshot(page, "stages_resumed")
    _solve(runner, building, 5, len(building), wait_for_auto=False)
    runner.locator(".cl-stage-complete").filter(has_text="Lesson done!").wait_for()
    assert error_outputs(page) == []

    page.goto(server.url(catalog.INDEX.notebook))
    wait_for_voila(page)
    for slug, stars in (("01_cards_and_points", f"★ {_most(first)} of {_most(first)}"),
                        ("05_building", f"★ {_most(building) - 2} of {_most(building)}")):
        tile = page.locator(f'.cl-tile[data-lesson="{slug}"]')
        assert tile.get_attribute("data-state") == "done"
        assert stars in tile.inner_text() and "done" in tile.inner_text()
    go = page.locator("a.cl-continue")
    assert go.inner_text().startswith("Continue: Lesson 2")
    screenshot(page, "stages_index")
    assert go.get_attribute("target") == "_self"
    go.click()  # in the same tab: a learner on a projector or a phone collects no tabs
    page.wait_for_url("**/02_pairing.ipynb", wait_until="commit")
    assert len(page.context.pages) == 1


@pytest.mark.slow
def test_wrong_wrong_show_me_shows_the_points_and_earns_no_star(voila, page, wait_for_voila,
                                                                 screenshot):
    """A score stage: a first wrong try says which side is off, a second names what each side
    won, neither gives the points; "Show me" gives them, and the stage is seen, not starred."""
    server = voila(LESSONS)
    slug = "10_scoring"
    stages = load_stages(slug)
    number = stages.ids.index("most-cards") + 1
    runner = _open(page, server, slug, wait_for_voila)
    runner.locator(f'.cl-stage-dot[data-stage="{number}"]').click()
    _current(runner, number)
    truth = stages.stages[number - 1].solutions()[0]
    show = runner.get_by_role("button", name="Show me")
    assert show.is_hidden()  # nothing to show before a try
    verdict = runner.locator('.cl-stage-verdict[data-kind="wrong"]')
    told = []
    for extra in (1, 2):
        for side, points in truth.items():
            off = points + extra if side == 1 else points
            runner.locator(f'.cl-stage-side[data-side="{side}"] [data-value="{off}"]').click()
        runner.locator(".cl-stage-choices .cl-stage-check").click()
        verdict.filter(has_text="Try again").wait_for()
        if told:
            expect(verdict).not_to_have_text(told[-1], timeout=60_000)
        told.append(verdict.inner_text())
    assert "side 1 (too many)" in told[0] and "(rule K1)" in told[0]
    assert "wins most cards" in told[1]  # the second try: the step, still not the points
    assert all(f"side 1: {truth[1]}" not in said for said in told)
    screenshot(page, "stages_second_wrong_try")
    show.click()
    shown = runner.locator('.cl-stage-verdict[data-kind="shown"]')
    shown.filter(has_text=f"side 1: {truth[1]}").wait_for()
    assert "★" not in shown.inner_text()
    assert runner.locator(".cl-stage-choices .cl-stage-check").count() == 0  # done answering
    dot = runner.locator(f'.cl-stage-dot[data-stage="{number}"]')
    expect(dot).to_have_attribute("data-state", "seen", timeout=60_000)
    assert dot.get_attribute("data-stars") == "0" and "seen" in dot.inner_text()
    runner.get_by_role("button", name="Next stage").wait_for()  # the learner goes on


@pytest.mark.slow
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_demo_shows_its_caption_with_the_table_and_steps_back(voila, browser, wait_for_voila,
                                                               screenshot, size):
    """Lesson 5 opens on a demonstration: its caption is beside the table (above it on a
    phone), both in view without scrolling; each play is told once; Back steps back; no Hint,
    no stars."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        server = voila(LESSONS)
        slug = "05_building"
        demo = load_stages(slug).stages[0]
        assert demo.kind == "demo"
        page.goto(server.url(f"{slug}.ipynb"))  # (the lesson may be done already: the map
        wait_for_voila(page)                      # is there either way)
        runner = page.locator(".cl-stage-runner")
        runner.locator('.cl-stage-dot[data-stage="1"]').click()
        _current(runner, 1)
        caption = runner.locator(".cl-caption")
        runner.locator('[data-demo="next"]').click()
        caption.filter(has_text=demo.steps[0][1][:20]).wait_for()
        board = runner.locator(".cl-board")
        page.wait_for_function(
            """() => { const c = document.querySelector('.cl-stage-runner .cl-caption');
                       const b = document.querySelector('.cl-stage-runner .cl-board');
                       if (!c || !b) return false;
                       const top = c.getBoundingClientRect().top;
                       const bottom = b.getBoundingClientRect().bottom;
                       return top >= 0 && bottom <= window.innerHeight; }""")
        words, cards = caption.bounding_box(), board.bounding_box()
        beside = words["x"] >= cards["x"] + cards["width"]
        assert beside if width >= 900 else words["y"] < cards["y"]  # beside, or above it
        screenshot(page, f"stages_demo_{width}x{height}")
        words = runner.inner_text()
        assert words.count(demo.steps[0][1][:30]) == 1  # the play is told once
        assert runner.locator(".cl-message").inner_text().strip() == ""
        assert runner.get_by_role("button", name="Hint").is_hidden()
        for step in range(2, len(demo.steps) + 1):
            runner.locator('[data-demo="next"]').click()
            runner.locator(".cl-step").filter(has_text=f"Step {step} of").wait_for()
        runner.locator('.cl-stage-verdict[data-kind="seen"]').wait_for()
        runner.locator('[data-demo="back"]').click()
        last = len(demo.steps) - 1
        runner.locator(".cl-step").filter(has_text=f"Step {last} of").wait_for()
        caption.filter(has_text=demo.steps[last - 1][1][:20]).wait_for()
        dot = runner.locator('.cl-stage-dot[data-stage="1"]')
        expect(dot).to_have_attribute("data-state", "watched")
        assert "★" not in dot.inner_text() and "☆" not in runner.locator(".cl-stage-verdict").inner_text()
    finally:
        context.close()
