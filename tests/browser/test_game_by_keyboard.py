"""A whole game round with the keyboard alone, a hint asked on the way, then the review panel
read and a marked move opened, and a practice item answered: Tab, Shift+Tab, arrows, Enter and
Space only, never a click. Which move to play is decided from the cards the page shows (a pair
when one lies on the table, else a trail), as test_review_in_browser.py decides it by clicks;
the practice item's answer is the rules core's. Tab leaves the page at the end: no trap."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cassino_learn.teaching.practice import make_task, rules_for_lesson
from playing import HAND, LOOSE, MOVES_PER_ROUND, simple_move
from test_lesson_by_keyboard import arrow_to, play_by_keys, tab_to
from test_reading_mode import LISTEN

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
PRACTICE_SEED = 0  # tests/browser/notebooks/practice_item.ipynb: its widget's seed
LIMIT = 80

WHERE = """() => { const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {name: (a.getAttribute('aria-label') || a.textContent || '').trim(),
          classes: [...a.classList], zone: a.closest('[data-zone]')?.dataset.zone || null}; }"""


def where(page) -> dict | None:
    return page.evaluate(WHERE)


def tab_until(page, wanted) -> dict:
    tab_to(page, lambda f: (w := where(page)) is not None and wanted(w))
    return where(page)


def leaves_the_page(page) -> None:
    start = where(page)
    for _ in range(LIMIT):
        page.keyboard.press("Tab")
        now = where(page)
        if now is None or now == start:
            return
    raise AssertionError(f"the focus stayed in the page after {LIMIT} Tabs; at {where(page)}")


def choose_action(page, label: str) -> None:
    """From the hand, Tab to the actions (one stop), arrows to the one named `label`, Enter."""
    page.locator(f'.cl-action[data-action="{label}"]:not(.cl-try)').wait_for()
    tab_until(page, lambda f: "cl-action" in f["classes"] or "cl-clear" in f["classes"])
    for _ in range(LIMIT):
        if where(page)["name"].startswith(f"{label}:"):
            break
        page.keyboard.press("ArrowRight")
    assert where(page)["name"].startswith(f"{label}:"), where(page)
    page.keyboard.press("Enter")


def move_by_keys(page) -> None:
    """One move: a hand card pairing a loose card takes it, else the first card is trailed."""
    card, other = simple_move(page)
    gone = page.locator(f'[data-zone="hand"] [data-card="{card}"]').element_handle()
    if (where(page) or {}).get("zone") != "hand":
        tab_until(page, lambda f: f["zone"] == "hand")
    arrow_to(page, card)
    page.keyboard.press("Enter")
    page.locator(f'[data-zone="hand"] [data-card="{card}"][aria-selected="true"]').wait_for()
    if other:
        page.keyboard.press("Shift+Tab")  # the table's row is just before the hand's
        assert where(page)["zone"] == "table", where(page)
        arrow_to(page, other)
        page.keyboard.press("Space")
        page.locator(f'{LOOSE}[data-card="{other}"][aria-selected="true"]').wait_for()
        page.keyboard.press("Tab")  # back to the hand
    choose_action(page, "Take" if other else "Trail")
    gone.wait_for_element_state("hidden")
    page.wait_for_function(LEARNERS_TURN_OR_REVIEW)


# The next move waits for the learner's turn: while a computer player thinks, the hand is
# drawn but the table is redrawn when its move comes (the focus would go with it). The
# table's Clear button is shown only when the learner may act.
LEARNERS_TURN_OR_REVIEW = f"""() => !!document.querySelector('.cl-review') ||
  (!!document.querySelector('{HAND}') && !!document.querySelector('.cl-clear:not([hidden])'))"""


@pytest.mark.slow
def test_a_game_round_with_a_hint_and_the_review_by_keyboard_alone(
        voila, page, wait_for_voila, error_outputs, screenshot) -> None:
    pytest.importorskip("cassino_learn.game.search")
    page.add_init_script(LISTEN)  # what the live regions say, as they change
    page.goto(voila(NOTEBOOKS).url("game_review.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector(HAND, timeout=90_000)
    page.locator("body").focus()

    # A hint first: the Hint button, by Tab and Enter; the moves worth considering are listed,
    # and said in the table's live region.
    tab_until(page, lambda f: f["name"] == "Hint")
    page.keyboard.press("Enter")
    hints = page.locator(".cl-hints li")
    hints.first.wait_for()
    page.wait_for_function("() => window.__said.some(s => /^Hint: \\d+ moves? worth considering,"
                           " best first\\. 1: [A-Z].*Why: in the list under Hint\\.$/.test(s.text))")
    assert where(page)["name"] == "Hint"  # the focus stays where the learner pressed

    played = 0
    while not page.locator(".cl-review").count():
        assert played < MOVES_PER_ROUND, "the round did not end after every card was played"
        move_by_keys(page)
        played += 1
    page.wait_for_function(
        "() => !document.querySelector('.cl-rv-busy') && "
        "document.querySelector('.cl-rv-round')?.innerText.includes('reviewed')",
        timeout=240_000)
    summary = page.locator(".cl-rv-round").first.inner_text()
    assert "moves reviewed" in summary, summary

    walk_the_review(page)
    screenshot(page, "game_by_keyboard_review")
    leaves_the_page(page)
    assert error_outputs(page) == []


IN_REVIEW = "() => !!document.activeElement?.closest('.cl-rv')"
HEARD = "(n) => window.__said.some(s => s.text.includes(`move ${n}: this cost you`))"
REVIEW_SAID = "(n) => (document.querySelector('.cl-rv .cl-message')?.textContent || '')" \
    ".includes(`move ${n}: this cost you`)"


def walk_the_review(page) -> None:
    """The review panel by keys, every control: each marked move reached by Tab in the page's
    order and opened by Enter (its detail shown, and its gist said in the review table's live
    region; the focus stays on the move); past the last move Tab leaves the panel, and
    Shift+Tab comes back."""
    labels = page.locator(".cl-rv-move-button").evaluate_all(
        "ns => ns.map(n => n.textContent.trim())")
    assert labels, "a round and no move marked: nothing to walk"
    tab_until(page, lambda f: "cl-rv-move-button" in f["classes"])
    for index, label in enumerate(labels):
        if index:
            page.keyboard.press("Tab")
        assert where(page)["name"] == label, (where(page), label)
        mark = label.split()[:2]  # the mark and its word: "??" alone is read out as "? ?"
        assert mark in (["?!", "Inaccuracy."], ["?", "Mistake."], ["??", "Blunder."]), label
        number = re.search(r"Move (\d+):", label)[1]
        page.keyboard.press("Enter")
        detail = page.locator(f'.cl-rv-detail[aria-label="Move {number} reviewed"]')
        detail.wait_for()
        assert "You played" in detail.inner_text() and "Better" in detail.inner_text()
        assert where(page)["name"] == label  # the focus stays on the move opened
        page.wait_for_function(REVIEW_SAID, arg=number)
        said = page.locator(".cl-rv .cl-message").inner_text()
        assert "Your move: " in said and "The better move: " in said, said
        # heard: the live region changed while on the page (the first one opened too)
        page.wait_for_function(HEARD, arg=number)
    # past the last move the focus leaves the panel (its table is read only: no Tab stop),
    # and Shift+Tab comes back to the last move
    page.keyboard.press("Tab")
    assert not page.evaluate(IN_REVIEW), where(page)
    page.keyboard.press("Shift+Tab")
    assert where(page)["name"] == labels[-1], where(page)


def test_a_practice_item_by_keyboard_alone(voila, page, wait_for_voila, error_outputs) -> None:
    rules = rules_for_lesson("02_pairing")
    rng = random.Random(PRACTICE_SEED)  # the widget's own draw, as PracticeWidget makes it
    item = make_task(rng.choice(rules), rng.randrange(10**9))
    assert item.kind == "goal"  # a move to find on a table
    page.goto(voila(NOTEBOOKS).url("practice_item.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.locator("body").focus()
    tab_until(page, lambda f: f["name"] == "Start practising")
    page.keyboard.press("Enter")
    page.wait_for_selector(HAND, timeout=90_000)
    play_by_keys(page, item.position, item.solutions()[0])
    page.locator(".cl-item .cl-feedback.cl-right").wait_for()  # the core's verdict: right
    status = page.locator(".cl-status").filter(has_text="Practice: ")
    assert "right first time: 1 of 1" in status.inner_text()
    # the next question, by keys too: the answered one goes, a new one comes
    answered = page.locator(".cl-item").element_handle()
    tab_until(page, lambda f: f["name"] == "New question")
    page.keyboard.press("Enter")
    answered.wait_for_element_state("hidden")
    page.locator(".cl-item").wait_for()
    leaves_the_page(page)
    assert error_outputs(page) == []
