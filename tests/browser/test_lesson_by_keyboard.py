"""Lesson 2 done with the keyboard alone: Tab and Shift+Tab between controls and the table's
rows, arrows within a row, Enter and Space to choose and press; never a click. Each key's
target is found by what the focused element is (its card, its accessible name), as a learner
who tabs through the page finds it. The answers are the rules core's."""

from __future__ import annotations

from cassino_learn.core.move import BUILD, CAPTURE, Move
from cassino_learn.teaching.stages import load_stages
from test_reading_mode import newcomer_lessons  # noqa: F401 (a fixture; tests/browser on the path)

FOCUSED = """() => { const a = document.activeElement;
  return {card: a.dataset.card || null, build: a.dataset.build ?? null,
          zone: a.closest('[data-zone]')?.dataset.zone || null,
          name: (a.getAttribute('aria-label') || a.textContent || '').trim(),
          value: a.dataset.value ?? null, actions: !!a.closest('.cl-actions')}; }"""
LIMIT = 60


def _focused(page) -> dict:
    return page.evaluate(FOCUSED)


def tab_to(page, wanted, back: bool = False) -> dict:
    """Press Tab (Shift+Tab with `back`) until `wanted(focused)` holds."""
    path = []
    for _ in range(LIMIT):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        where = _focused(page)
        if wanted(where):
            return where
        path.append(where["card"] or where["name"][:20])
    raise AssertionError(f"not reached in {LIMIT} Tabs; went through {path}")


def arrow_to(page, card: str) -> None:
    """Walk the focused row with the right arrow until `card` has the focus."""
    for _ in range(LIMIT):
        if _focused(page)["card"] == card:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{card} is not in the row")


def _label(move: Move) -> str:
    return "Take" if move.kind == CAPTURE else f"Build {move.value}" if move.kind == BUILD \
        else "Trail"


def play_by_keys(page, position, move: Move) -> None:
    # the stage's table drawn first (on a busy machine it comes after the stage's words)
    page.locator(f'[data-zone="hand"] [data-card="{move.card}"]').wait_for()
    tab_to(page, lambda f: f["zone"] == "hand")
    arrow_to(page, str(move.card))
    page.keyboard.press("Enter")
    page.locator(f'[data-zone="hand"] [data-card="{move.card}"][aria-selected="true"]').wait_for()
    for card in sorted(move.table_cards):
        tab_to(page, lambda f: f["zone"] == "table", back=True)
        arrow_to(page, str(card))
        page.keyboard.press("Space")
        page.locator(f'[data-zone="table"] [data-card="{card}"][aria-selected="true"]').wait_for()
    name = f"{_label(move)}: {move.describe()}"
    page.get_by_role("button", name=name, exact=True).wait_for()
    tab_to(page, lambda f: f["actions"])  # the actions are one Tab stop: arrows walk them
    for _ in range(LIMIT):
        if _focused(page)["name"] == name:
            break
        page.keyboard.press("ArrowRight")
    assert _focused(page)["name"] == name
    page.keyboard.press("Enter")


def test_lesson_2_by_keyboard_alone(newcomer_lessons, page, wait_for_voila) -> None:  # noqa: F811
    stages = load_stages("02_pairing").stages
    page.goto(newcomer_lessons.url("02_pairing.ipynb"))
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    page.locator("body").focus()
    tab_to(page, lambda f: f["name"].startswith("stage 1"))
    page.keyboard.press("Enter")
    for number, stage in enumerate(stages, 1):
        runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]').wait_for()
        if stage.kind == "goal":
            runner.locator('[data-zone="hand"] [aria-selected="false"]').first.wait_for()
            play_by_keys(page, stage.position, stage.solutions()[0])
        elif stage.kind == "captures":
            for found, move in enumerate(stage.solutions()[0], 1):
                runner.locator(".cl-table .cl-selected").first.wait_for(state="detached")
                play_by_keys(page, stage.position, move)
                runner.locator(".cl-stage-answers li").nth(found - 1).wait_for()
            tab_to(page, lambda f: f["name"] == "That's all")
            page.keyboard.press("Enter")
        else:
            answer = str(stage.solutions()[0])
            tab_to(page, lambda f: f["value"] == answer and f["zone"] is None)
            page.keyboard.press("Enter")
        runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()
        if number < len(stages):
            if not runner.locator(f'.cl-stage-dot[data-stage="{number + 1}"]'
                                  '[aria-current="step"]').count():
                tab_to(page, lambda f: f["name"].startswith("Next stage"))
                page.keyboard.press("Enter")
                # the new stage's task takes the focus (a screen reader reads it out), where
                # it would otherwise fall to the top of the page
                page.wait_for_function("(n) => document.activeElement.matches('.cl-stage-task')"
                                       " && document.querySelector('.cl-stage-dot[aria-current="
                                       "\"step\"]')?.dataset.stage === String(n)", arg=number + 1)
    runner.locator(".cl-stage-complete").filter(has_text="Lesson done!").wait_for()
