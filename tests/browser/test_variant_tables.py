"""The variant in play, seen on the card table in a real browser: lesson 13's Draw Casino turn
(the stock face down with its count; after the play the drawn card appears in the hand and the
count goes down), Royal values printed on the face cards without covering their index, and
lesson 11's game under Royal and Draw Casino showing both. Screenshots at 1280x900 and
1920x1080."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from cassino_learn.core.telling import in_words
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import load_stages

LESSONS = catalog.lessons_dir()
SLUG = "13_variants_and_etiquette"
SIZES = [(1280, 900), (1920, 1080)]


def _open_stage(page, voila, wait_for_voila, stage_id: str):
    page.goto(voila(LESSONS).url(f"{SLUG}.ipynb"), timeout=90_000)
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    runner.locator(".cl-stage-task").wait_for()
    # the table is read after the right answer: the next stage must not open by itself 1.6 s
    # later (on a busy machine those reads took longer, and found the next stage's table)
    page.get_by_label("Next stage by itself").uncheck()
    n = load_stages(SLUG).ids.index(stage_id) + 1
    runner.locator(f'.cl-stage-dot[data-stage="{n}"]').click()
    runner.locator(f'.cl-stage-dot[data-stage="{n}"][aria-current="step"]').wait_for()
    return runner


def _solution_button(runner, stage_id: str):
    """The action button of the stage's answer, worked out by the core. Not any "Take": the
    table offers actions as Python answers each click, so a button offered for a selection
    not yet complete (the ace taking the ace alone) would play another move."""
    stages = load_stages(SLUG)
    move = stages.stages[stages.ids.index(stage_id)].solutions()[0]
    return runner.get_by_role("button", name=f"Take: {in_words(move)}", exact=True)


@contextmanager
def _page_at(browser, width: int, height: int):
    """A fresh page with a viewport of `width` x `height` (closed afterwards)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def _overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def _box(locator) -> dict:
    box = locator.bounding_box()
    assert box is not None
    return box


@pytest.mark.slow
@pytest.mark.parametrize("width, height", SIZES)
def test_a_draw_casino_turn_refills_the_hand_from_the_stock_in_sight(
        voila, browser, wait_for_voila, error_outputs, screenshot, width, height) -> None:
    with _page_at(browser, width, height) as page:
        runner = _open_stage(page, voila, wait_for_voila, "draw-turn")
        stock = runner.locator(".cl-stock")
        assert stock.get_attribute("aria-label") == "stock: 40 cards, face down"
        assert runner.locator(".cl-stock-count").inner_text() == "40"
        assert stock.is_visible()
        assert runner.locator('[data-zone="hand"] [data-card]').count() == 4
        screenshot(page, f"draw_turn_before_{width}")

        runner.locator('[data-zone="hand"] [data-card="10S"]').click()
        runner.locator('[data-zone="table"] > .cl-cards > [data-card="10D"]').click()
        _solution_button(runner, "draw-turn").click()
        runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()
        drawn = runner.locator('[data-zone="hand"] .cl-drawn[data-card="QC"]')
        drawn.wait_for()
        assert runner.locator(".cl-stock-count").inner_text() == "39"
        assert runner.locator('[data-zone="hand"] [data-card]').count() == 4
        assert "You drew the queen of clubs" in runner.inner_text()
        # the stock sits on the felt, beside the table cards, not over them, and above the
        # hand it feeds (at 1920 px it once sat at the far right, a screen away from the hand)
        felt = _box(runner.locator('[data-zone="table"]'))
        pile = _box(runner.locator(".cl-stock-pile"))
        assert felt["x"] <= pile["x"] and pile["x"] + pile["width"] <= felt["x"] + felt["width"]
        page.wait_for_function("() => !document.querySelector('.cl-leaving')")  # flown to the pile
        for card in runner.locator('[data-zone="table"] > .cl-cards > [data-card]').all():
            assert not _overlap(_box(card), pile)
        hand = _box(runner.locator('[data-zone="hand"] [data-card]').first)
        assert abs(pile["x"] - hand["x"]) <= pile["width"], (pile, hand)
        screenshot(page, f"draw_turn_after_{width}")
        assert error_outputs(page) == []


@pytest.mark.slow
def test_royal_values_sit_in_a_corner_without_covering_the_index(
        voila, page, wait_for_voila, error_outputs, screenshot) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    runner = _open_stage(page, voila, wait_for_voila, "ace-as-fourteen")
    ace = runner.locator('[data-zone="hand"] [data-card="AS"]')
    value = ace.locator(".cl-value")
    assert value.inner_text() == "1/14" and value.is_visible()
    card, tag = _box(ace), _box(value)
    # the lower left corner: the index is above it, the turned index to its right
    assert card["x"] <= tag["x"] and tag["x"] + tag["width"] <= card["x"] + card["width"] * 0.65
    assert tag["y"] >= card["y"] + card["height"] * 0.7
    assert tag["y"] + tag["height"] <= card["y"] + card["height"]
    assert runner.locator('[data-zone="table"] [data-card="AC"] .cl-value').inner_text() == "1"
    assert runner.locator('[data-zone="table"] [data-card="10C"] .cl-value').count() == 0
    screenshot(page, "royal_values_1280")
    # solved: the learner is alone here, so the table speaks of them, with no seat numbers
    ace.click()
    for card in ("AC", "4D", "10C"):
        runner.locator(f'[data-zone="table"] [data-card="{card}"]').click()
    _solution_button(runner, "ace-as-fourteen").click()
    runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()
    # the table is another widget than the verdict: its update may come a moment later
    expect(runner.locator(".cl-turn")).to_have_text("You have played", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('.cl-leaving')")  # flown to the pile
    assert "seat" not in runner.locator(".cl-table .cl-status").inner_text().lower()
    # in the played-moves list the value tags sit under the small cards, not over them
    for card in runner.locator(".cl-recent .cl-card").all():
        tag = card.locator(".cl-value")
        if tag.count():
            assert _box(tag)["y"] >= _box(card)["y"] + _box(card)["height"]
    assert runner.locator(".cl-recent .cl-value").count() >= 1
    screenshot(page, "royal_values_solved_1280")
    assert error_outputs(page) == []


@pytest.mark.slow
@pytest.mark.parametrize("width, height", SIZES)
def test_lesson_13s_game_under_royal_and_draw_casino_shows_values_and_stock(
        voila, browser, wait_for_voila, error_outputs, screenshot, width, height) -> None:
    """Lesson 13 teaches the variants, so its game offers them all (lesson 11's keeps them
    closed until lesson 13 is done: tests/ui/test_game_widget_variants.py)."""
    with _page_at(browser, width, height) as page:
        page.goto(voila(LESSONS).url("13_variants_and_etiquette.ipynb"), timeout=90_000)
        wait_for_voila(page)
        page.get_by_role("button", name="Play Royal Casino against the computer").click()
        page.get_by_label("Royal Casino", exact=True).check()
        page.get_by_label("Draw Casino", exact=True).check()
        page.get_by_role("button", name="New game").click()
        page.wait_for_function("() => [...document.querySelectorAll('.cl-variant')].some("
                               "(n) => n.innerText.includes('Royal Casino'))")
        game = page.locator(".cl-widget").filter(has=page.locator(".cl-stock")).last
        game.locator(".cl-stock").wait_for()
        # the learner's turn (the table's Clear button is shown only then): a computer that
        # opens the round has played and drawn, so the count read is the one the play starts from
        game.locator(".cl-clear:not([hidden])").wait_for()
        count = int(game.locator(".cl-stock-count").inner_text())
        assert 0 < count <= 40
        game.scroll_into_view_if_needed()
        screenshot(page, f"game_royal_draw_{width}")
        # one play: the learner and the computer each draw, the count goes down by two
        hand = game.locator('[data-zone="hand"] [data-card]')
        hand.first.click()
        trail = game.locator('.cl-action[data-action="Trail"]')
        if trail.count():
            trail.click()
        else:
            game.locator(".cl-action").first.click()
        page.wait_for_function(
            "(n) => [...document.querySelectorAll('.cl-stock-count')].some("
            "(c) => Number(c.textContent) === n)", arg=count - 2)
        game.locator('[data-zone="hand"] .cl-drawn').wait_for()
        page.wait_for_function("() => !document.querySelector('.cl-leaving')")
        screenshot(page, f"game_royal_draw_after_{width}")
        assert error_outputs(page) == []
