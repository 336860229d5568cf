"""The learner's own deck in a real browser (Voila): a learner plays a seeded round by clicking
(a pair when one lies on the table, else a trail: on this seed that throws away a build of 10
at move 2, which the review marks), then opens the contents page (lessons/00_index.ipynb) and
sees "Your review" with the card due now; plays it on the card table, first the move they
played in the game (wrong, said so), then the better move (right, drawn as cards with why),
and sees the card's next date move from "due now" to later.

Its own Voila server with a progress folder of its own: the deck holds only this round's cards.
Each wait is for a condition on the page, never a fixed time.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from cassino_learn.core.position import Position
from cassino_learn.serving.voila import VoilaServer
from playing import HAND, play_round

HERE = Path(__file__).resolve().parent
LESSONS = HERE.parents[1] / "lessons"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A Voila server on a folder with the contents page and a seeded game; its progress
    folder (returned too) is this module's alone."""
    folder = tmp_path_factory.mktemp("deck-site")
    data = tmp_path_factory.mktemp("deck-progress")
    shutil.copy(LESSONS / "00_index.ipynb", folder / "00_index.ipynb")
    shutil.copy(HERE / "notebooks" / "game_review.ipynb", folder / "game.ipynb")
    server = VoilaServer(folder, env={"CASSINO_LEARN_DATA": str(data)}).start(timeout=120)
    yield server, data
    server.stop()
    server.cleanup()


def _click_move(page, position: str, text: str) -> None:
    """Make the move `text` on the deck's card table by clicking, as a learner would: the hand
    card, each table card or build it uses, then its action."""
    here = Position.parse(position)
    move = here.parse_move(text)
    table = page.locator(".cl-deck-table")
    table.locator(f'[data-zone="hand"] [data-card="{move.card}"]').click()
    builds = set()
    for card in move.table_cards:
        index = next((i for i, b in enumerate(here.builds) if card in b.cards), None)
        if index is None:
            table.locator(f'[data-zone="table"] > .cl-cards > [data-card="{card}"].cl-usable'
                          ).click()
        elif index not in builds:
            builds.add(index)
            table.locator(f'[data-build="{index}"].cl-usable').click()
    label = {"capture": "Take", "build": f"Build {move.value}", "trail": "Trail"}[move.kind]
    table.locator(f'.cl-action[data-action="{label}"]:not(.cl-try)').first.click()


def _deck(data: Path) -> dict:
    return json.loads((data / "progress.json").read_text())["deck"]["cards"]


def test_a_marked_move_comes_back_on_the_contents_page_and_is_solved_wrong_then_right(
        site, page, wait_for_voila, error_outputs, screenshot) -> None:
    server, data = site
    page.goto(server.url("game.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector(HAND, timeout=90_000)
    play_round(page)
    page.wait_for_function(
        "() => !document.querySelector('.cl-rv-busy') && "
        "document.querySelector('.cl-rv-round')?.innerText.includes('reviewed')",
        timeout=240_000)
    assert page.locator(".cl-rv-move-button").count() >= 1
    cards = _deck(data)
    assert cards, "the review marked a mistake and no card was made"

    page.goto(server.url("00_index.ipynb"), timeout=90_000)
    wait_for_voila(page)
    # the course's top says so, and links to the review further down
    assert page.locator(".cl-review-due a").inner_text() == \
        f"Your review: {len(cards)} card{'s' if len(cards) > 1 else ''} due today ↓"
    summary = page.locator(".cl-deck-summary")
    summary.wait_for()
    assert f"{len(cards)} card" in summary.inner_text() and "due today" in summary.inner_text()
    first = min(cards.items(), key=lambda item: (item[1]["schedule"]["due"], item[0]))
    card_id, card = first
    item = summary.locator(f'li[data-card="{card_id}"]')
    assert "due now" in item.inner_text()
    due_text = item.get_attribute("data-due")
    due_before = datetime.fromisoformat(due_text)
    screenshot(page, "deck_contents_due")

    page.locator(".cl-deck-start").click()
    task = page.locator(".cl-stage-task")
    task.wait_for()
    assert task.inner_text() == "Find a better move."
    board = page.locator(".cl-deck-table")
    board.wait_for()
    assert board.locator('[data-zone="hand"] [data-card]').count() >= 1
    verdict = page.locator(".cl-stage-verdict")

    _click_move(page, card["position"], card["played"])  # the move of the game: wrong
    page.wait_for_function(
        "() => document.querySelector('.cl-stage-verdict')?.dataset.kind === 'wrong'",
        timeout=60_000)
    assert "That is the move you played in the game." in verdict.inner_text()
    assert _deck(data)[card_id]["reviews"] == 0

    _click_move(page, card["position"], card["better"])  # the better move: right
    page.wait_for_function(
        "() => document.querySelector('.cl-stage-verdict')?.dataset.kind === 'right'",
        timeout=60_000)
    said = verdict.inner_text()
    assert said.startswith("Right!") and "Next review: in" in said, said
    better = page.locator(".cl-deck-better")
    assert better.locator("[data-card]").count() >= 2  # the better move drawn as cards
    assert better.locator(".cl-deck-why li").count() >= 1  # and why
    after = summary.locator(f'li[data-card="{card_id}"]')
    page.wait_for_function(  # the summary is another widget: its redraw may come a moment later
        "([id, before]) => { const li = document.querySelector(`.cl-deck-summary li[data-card=\"${id}\"]`);"
        " return li && li.dataset.due !== before; }",
        arg=[card_id, due_text], timeout=30_000)
    due_after = datetime.fromisoformat(after.get_attribute("data-due"))
    assert due_after > due_before and "next in" in after.inner_text()
    stored = _deck(data)[card_id]
    assert stored["reviews"] == 1 and [r for _, r in stored["log"]] == [1]  # wrong first
    assert error_outputs(page) == []
    for width, height in ((1280, 900), (1920, 1080), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".cl-deck").scroll_into_view_if_needed()
        verdict_box = verdict.bounding_box()
        deck_box = page.locator(".cl-deck").bounding_box()
        assert verdict_box["x"] + verdict_box["width"] <= deck_box["x"] + deck_box["width"] + 1
        shot = screenshot(page, f"deck_review_{width}x{height}")
        # the whole review (taller than the window): in a window that holds it
        page.set_viewport_size({"width": width, "height": 2600})
        page.locator(".cl-deck").screenshot(
            path=str(shot.with_name(f"deck_review_whole_{width}x{height}.png")))


def test_your_review_shows_cards_added_meanwhile_when_the_page_is_shown_again(
        site, page, wait_for_voila, monkeypatch) -> None:
    """A game in another tab adds a card while the contents page is open: when the learner
    comes back to the page (it is shown again), "Your review" counts it, with no reload."""
    from cassino_learn.learner import progress
    from cassino_learn.learner.deck.cards import DeckCard
    from cassino_learn.teaching.stages import load_stages

    server, data = site
    monkeypatch.setenv(progress.ENV_VAR, str(data))
    stage = load_stages("02_pairing").ids[0]
    progress.load().add_deck_cards([DeckCard.for_stage("01_cards_and_points",
                                                       load_stages("01_cards_and_points").ids[0],
                                                       datetime.now().astimezone())])
    page.goto(server.url("00_index.ipynb"), timeout=90_000)
    wait_for_voila(page)
    summary = page.locator(".cl-deck-summary")
    summary.wait_for()
    before = len(_deck(data))
    assert summary.locator("li[data-card]").count() == min(before, 8)
    progress.load().add_deck_cards([DeckCard.for_stage("02_pairing", stage,
                                                       datetime.now().astimezone())])
    assert len(_deck(data)) == before + 1
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.locator(f'.cl-deck-summary li[data-card="stage:02_pairing/{stage}"]').wait_for(
        timeout=30_000)
