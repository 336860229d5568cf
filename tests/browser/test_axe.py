"""axe-core's WCAG 2.2 A and AA rules find nothing on the Voila edition's pages: the contents,
every lesson at its first stage and after a wrong try, and the game mid-round and at its review.

axe-core comes bundled with `axe-playwright-python` (no network). It finds about half of what
makes a page hard to use; the keyboard, focus and reading-mode tests check the rest
(docs/accessibility.md). A failure lists each rule broken with the nodes that break it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn.core.movegen import legal_moves
from cassino_learn.core.spoken import say_move
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import load_stages

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")

LESSONS = catalog.lessons_dir()
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
CHOICE_KINDS = ("legal", "choice", "number")
HAND = '[data-zone="hand"] [data-card][aria-selected]'


def _violations(page) -> list[str]:
    """axe's violations on the page as it is now, one line per rule and node."""
    results = axe_playwright.Axe().run(
        page, options={"runOnly": {"type": "tag", "values": TAGS}})
    found = []
    for rule in results.response["violations"]:
        for node in rule["nodes"]:
            found.append(f"{rule['id']} ({rule['impact']}): {node['target']} "
                         f"{node.get('failureSummary', '').splitlines()[-1:]}")
    return found


def _settled(page) -> None:
    """Wait until the page's animations end: a card half faded in is not the page's colours."""
    page.evaluate("""() => Promise.all(document.getAnimations()
        .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
        .map(a => a.finished))""")


def assert_clean(page, where: str) -> None:
    _settled(page)
    found = _violations(page)
    assert not found, f"axe on {where}:\n" + "\n".join(found)


def _open_lesson(page, server, slug: str, wait_for_voila):
    page.goto(server.url(f"{slug}.ipynb"))
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    runner.locator(".cl-stage-task").wait_for()
    return runner


def test_the_contents_page_has_no_violation(voila, page, wait_for_voila) -> None:
    page.goto(voila(LESSONS).url(catalog.INDEX.notebook))
    wait_for_voila(page)
    page.locator(".cl-tile").first.wait_for()
    assert_clean(page, "the contents page")


@pytest.mark.slow
@pytest.mark.parametrize("slug", [lesson.slug for lesson in catalog.LESSONS])
def test_a_lesson_has_no_violation_at_its_first_stage_and_after_a_wrong_try(
        voila, page, wait_for_voila, slug, newcomer) -> None:
    runner = _open_lesson(page, voila(LESSONS), slug, wait_for_voila)
    runner.locator('.cl-stage-dot[data-stage="1"]').click()
    runner.locator('.cl-stage-dot[data-stage="1"][aria-current="step"]').wait_for()
    if runner.locator(".cl-table").count():
        runner.locator(".cl-table").first.wait_for()
    assert_clean(page, f"{slug}, its first stage")

    number = _try_wrong(runner, load_stages(slug).stages)
    runner.locator('.cl-stage-verdict[data-kind="wrong"]').wait_for()
    assert_clean(page, f"{slug}, stage {number} after a wrong try")


def _try_wrong(runner, stages) -> int:
    """Give a wrong answer to the lesson's first stage answered by a choice, a move or a
    score (worked out by the rules core); its number."""
    preference = {kind: 0 for kind in CHOICE_KINDS} | {"score": 1, "goal": 2}
    ordered = sorted((preference[s.kind], n, s) for n, s in enumerate(stages, 1)
                     if s.kind in preference)
    for _, number, stage in ordered:
        right = stage.solutions()
        wrong_moves = [m for m in legal_moves(stage.position) if m not in right] \
            if stage.kind == "goal" else []
        if stage.kind == "goal" and not wrong_moves:
            continue
        runner.locator(f'.cl-stage-dot[data-stage="{number}"]').click()
        runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]').wait_for()
        if stage.kind == "goal":
            box = runner.get_by_role("textbox", name="Read or say a move")
            box.fill(say_move(wrong_moves[0]))
            box.press("Enter")
        elif stage.kind == "score":
            for side, points in right[0].items():
                off = points + 1 if side == 1 else points
                runner.locator(f'.cl-stage-side[data-side="{side}"] [data-value="{off}"]').click()
            runner.locator(".cl-stage-choices .cl-stage-check").click()
        else:
            runner.locator(f'.cl-stage-choice:not([data-value="{right[0]}"]), '
                           f'.cl-stage-number:not([data-value="{right[0]}"])').first.click()
        return number
    raise AssertionError("the lesson has no stage to answer wrongly")


@pytest.mark.slow
def test_the_game_has_no_violation_mid_round_and_at_the_review(voila, page,
                                                               wait_for_voila) -> None:
    from playing import click_move  # tests/browser is on sys.path

    page.goto(voila(NOTEBOOKS).url("game_review.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector(HAND, timeout=90_000)
    click_move(page)
    page.wait_for_selector(HAND)
    assert_clean(page, "the game mid-round")
    for _ in range(24):
        if page.locator(".cl-review").count():
            break
        click_move(page)
    page.locator(".cl-rv-title").wait_for()
    assert_clean(page, "the game's review")
