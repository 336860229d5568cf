"""Lesson 11 with its game seeded and against the Expert, and a learner playing it by clicks,
timed: shared by the static edition's browser test and its benchmark (tests/benchmarks).

The lesson's notebook is copied with one change, its game cell's arguments (a seed, the Expert),
so the page imports, runs and draws what lesson 11 does. A move is played as a learner plays
it: a click on a hand card (the kernel answers with the actions it allows), a click on the loose
card of the same rank if there is one, then a click on Take or Trail (the kernel answers with
the table after the move). Each wait is for a condition on the page.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

LESSONS = Path(__file__).resolve().parents[3] / "lessons"
EMPTY = Path(__file__).resolve().parents[2] / "browser" / "notebooks" / "empty.ipynb"
LESSON = "11_full_game"
PAGE = f"voici/render/{LESSON}.html"
GAME_CELL = "game(players=2, start_button='Deal a game against the computer')"
HAND = '[data-zone="hand"] [data-card][aria-selected]'
LOOSE = '[data-zone="table"] > .cl-cards > [data-card]'
MATCH_OVER = "The match is over"
REVIEWED = ("() => { const r = document.querySelector('.cl-rv-round');"
            " return r && !document.querySelector('.cl-rv-busy') && r.innerText.includes('reviewed'); }")


def seeded_lessons(folder: Path, seed: int, level: str = "expert",
                   also: tuple[str, ...] = ()) -> Path:
    """A lessons folder (an empty contents page and lesson 11, and the lessons `also` as they
    are) whose game is seeded."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EMPTY, folder / "00_index.ipynb")
    for slug in also:
        shutil.copy(LESSONS / f"{slug}.ipynb", folder / f"{slug}.ipynb")
    notebook = json.loads((LESSONS / f"{LESSON}.ipynb").read_text(encoding="utf-8"))
    changed = 0
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if GAME_CELL in source:
            cell["source"] = source.replace(
                GAME_CELL, f"game(players=2, level={level!r}, seed={seed}, "
                           f"start_button='Deal a game against the computer')")
            changed += 1
    if changed != 1:
        raise AssertionError(f"lesson 11's game cell is no longer {GAME_CELL!r}")
    (folder / f"{LESSON}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return folder


@dataclass
class Timings:
    """Seconds, from the learner's clicks on the page."""

    clicks: list[float] = field(default_factory=list)     # click to the kernel's answer shown
    kinds: list[str] = field(default_factory=list)        # each click's: hand, table, action
    thinking: list[float] = field(default_factory=list)   # the table shown to learner's turn
    round_ends: list[float] = field(default_factory=list)  # round over to its review shown
    thought: list[float] = field(default_factory=list)    # the learner's own thinking
    said_thinking: int = 0  # moves after which the table said the computer was thinking


def _timed_click(page, locator, answered: str, timings: Timings, kind: str, arg=None) -> None:
    started = time.perf_counter()
    locator.click()
    page.wait_for_function(answered, arg=arg, timeout=120_000, polling=10)
    timings.clicks.append(time.perf_counter() - started)
    timings.kinds.append(kind)


def deal(page) -> None:
    """Press the lesson's button that deals the game, and wait for the learner's hand."""
    page.get_by_role("button", name="Deal a game against the computer").click()
    page.wait_for_selector(HAND, timeout=120_000)


def learner_move(page, timings: Timings, think: float = 0.0) -> bool:
    """One move by clicks (a pair if one is on the table, else a trail), timed; then waits
    until it is the learner's turn again or the round's review is shown. True at a round's
    end. With `think`, the learner first thinks until the review of their moves so far has
    caught up (the game loses its class cl-reviewing), for at most `think` seconds."""
    if think:
        started = time.perf_counter()
        try:
            page.wait_for_function("() => !document.querySelector('.cl-reviewing')",
                                   timeout=think * 1000)
        except PlaywrightTimeout:
            pass  # a learner who thinks no longer than that
        timings.thought.append(time.perf_counter() - started)
    hand = page.locator('[data-zone="hand"] [data-card]').evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)")
    loose = page.locator(LOOSE).evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    pair = next(((card, other) for card in hand for other in loose
                 if card[:-1] == other[:-1]), None)
    card = pair[0] if pair else hand[0]
    rounds = page.locator(".cl-rv-round").count()
    _timed_click(page, page.locator(f'[data-zone="hand"] [data-card="{card}"]'),
                 "() => document.querySelector('.cl-action')", timings, "hand")
    if pair:
        _timed_click(page, page.locator(f'{LOOSE}[data-card="{pair[1]}"].cl-usable'),
                     "() => document.querySelector('.cl-action[data-action=\"Take\"]:not(.cl-try)')",
                     timings, "table")
        action = page.locator('.cl-action[data-action="Take"]:not(.cl-try)')
    else:
        action = page.locator('.cl-action[data-action="Trail"]:not(.cl-try)')
    _timed_click(page, action,
                 "card => !document.querySelector(`[data-zone=\"hand\"] [data-card=\"${card}\"]`)",
                 timings, "action", arg=card)
    shown = time.perf_counter()
    if "thinking…" in page.locator(".cl-quiz").first.inner_text():
        timings.said_thinking += 1
    page.wait_for_function(
        f"n => document.querySelector('{HAND}') || "
        f"document.querySelectorAll('.cl-rv-round').length > n", arg=rounds, timeout=120_000)
    if page.locator(".cl-rv-round").count() > rounds:
        over = time.perf_counter()  # the round's end is on the page
        page.wait_for_function(REVIEWED, timeout=240_000)
        timings.round_ends.append(time.perf_counter() - over)
        page.wait_for_function(  # the next round's first turn, or the match's end
            f"() => document.querySelector('{HAND}') || "
            f"document.body.innerText.includes('{MATCH_OVER}')", timeout=120_000)
        return True
    timings.thinking.append(time.perf_counter() - shown)
    return False


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]
