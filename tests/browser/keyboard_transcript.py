"""Lesson 5 and a game round with the keyboard alone, heard as a screen reader user hears them:
only Tab, Shift+Tab, arrows, Enter and Space are pressed (never a click, never the reading
box's typing), and what the page's live regions said is written down as it changes, with what
the keyboard reached, to tests/artifacts/keyboard_transcript_*.txt, for a person to read.

Not part of the suite (its name does not start with test_): run it by name,

    .venv-test/bin/python -m pytest tests/browser/keyboard_transcript.py -s

docs/accessibility.md ("Lesson 5 and a game round, keyboard only") quotes what it heard and
what was fixed because of it.
"""

from __future__ import annotations

from pathlib import Path

from cassino_learn.core.movegen import legal_moves
from cassino_learn.teaching.stages import load_stages
from test_game_by_keyboard import HAND, move_by_keys, walk_the_review
from test_lesson_by_keyboard import FOCUSED, LIMIT, _label, arrow_to, tab_to
from test_reading_mode import LISTEN, newcomer_lessons  # noqa: F401 (a fixture)

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
FOCUS_NAME = """() => { const a = document.activeElement; if (!a || a === document.body) return '(page)';
  return (a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 80); }"""


def play_by_keys(page, position, move) -> None:
    """The move by keys: its hand card (Enter), each loose card or build it uses (Space, the
    table's row reached by Shift+Tab, arrows within it), then its action button (Enter)."""
    page.locator(f'[data-zone="hand"] [data-card="{move.card}"]').wait_for()
    tab_to(page, lambda f: f["zone"] == "hand")
    arrow_to(page, str(move.card))
    page.keyboard.press("Enter")
    page.locator(f'[data-zone="hand"] [data-card="{move.card}"][aria-selected="true"]').wait_for()
    wanted = []
    for card in sorted(move.table_cards):
        build = next((str(i) for i, b in enumerate(position.builds) if card in b.cards), None)
        item = ("build", build) if build is not None else ("card", str(card))
        if item not in wanted:
            wanted.append(item)
    for key, value in wanted:
        tab_to(page, lambda f: f["zone"] == "table", back=True)
        for _ in range(LIMIT):
            if page.evaluate(FOCUSED)[key] == value:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
        page.locator(f'[data-zone="table"] [data-{key}="{value}"][aria-selected="true"]').wait_for()
    # the button says the move; what follows it ("It sweeps the table.") is the verdict's
    name = f"{_label(move)}: {move.describe().split('. ')[0].rstrip('.')}."
    try:
        page.get_by_role("button", name=name, exact=True).wait_for(timeout=5000)
    except Exception:
        raise AssertionError(page.locator(".cl-action").evaluate_all(
            "ns => ns.map(n => n.getAttribute('aria-label') || n.textContent)")) from None
    tab_to(page, lambda f: f["actions"])
    for _ in range(LIMIT):
        if page.evaluate(FOCUSED)["name"] == name:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED)["name"] == name
    page.keyboard.press("Enter")


class Transcript:
    """The keys' targets and what was said since the last entry, in order."""

    def __init__(self, page) -> None:
        self.page, self.lines, self.heard = page, [], 0

    def note(self, what: str) -> None:
        said = self.page.evaluate("() => window.__said")
        for entry in said[self.heard:]:
            self.lines.append(f"    [{entry['live']}{' ' + entry['kind'] if entry['kind'] else ''}]"
                              f" {entry['text']}")
        self.heard = len(said)
        self.lines.append(f"> {what} (focus: {self.page.evaluate(FOCUS_NAME)})")

    def keep(self, name: str) -> Path:
        self.note("end")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"keyboard_transcript_{name}.txt"
        path.write_text("\n".join(self.lines) + "\n", encoding="utf-8")
        return path


def test_lesson_5_by_keyboard_heard(newcomer_lessons, page, wait_for_voila) -> None:  # noqa: F811
    page.add_init_script(LISTEN)
    stages = load_stages("05_building").stages
    page.goto(newcomer_lessons.url("05_building.ipynb"))
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    told = Transcript(page)
    page.locator("body").focus()
    told.note("page open")
    for number, stage in enumerate(stages, 1):
        runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]').wait_for()
        told.note(f"stage {number} ({stage.kind}) shown")
        if stage.kind == "demo":
            tab_to(page, lambda f: f["name"] == "Next ▶")
            for _ in range(len(stage.steps)):
                page.keyboard.press("Enter")
                told.note("Enter on Next")
        elif stage.kind == "goal":
            runner.locator('[data-zone="hand"] [aria-selected="false"]').first.wait_for()
            if number == 2:  # one wrong move first, as a learner makes one
                wrong = next(m for m in legal_moves(stage.position) if m not in stage.solutions())
                play_by_keys(page, stage.position, wrong)
                runner.locator('.cl-stage-verdict[data-kind="wrong"]').wait_for()
                told.note(f"played a wrong move by keys: {wrong.describe()}")
            play_by_keys(page, stage.position, stage.solutions()[0])
            told.note(f"played by keys: {stage.solutions()[0].describe()}")
        elif stage.kind == "captures":
            for found, move in enumerate(stage.solutions()[0], 1):
                runner.locator(".cl-table .cl-selected").first.wait_for(state="detached")
                play_by_keys(page, stage.position, move)
                runner.locator(".cl-stage-answers li").nth(found - 1).wait_for()
                told.note(f"played by keys: {move.describe()}")
            tab_to(page, lambda f: f["name"] == "That's all")
            page.keyboard.press("Enter")
            told.note("Enter on That's all")
        else:
            answer = str(stage.solutions()[0])
            tab_to(page, lambda f: f["value"] == answer and f["zone"] is None)
            page.keyboard.press("Enter")
            told.note(f"Enter on the answer {answer}")
        kind = "seen" if stage.kind == "demo" else "right"
        runner.locator(f'.cl-stage-verdict[data-kind="{kind}"]').wait_for()
        if number < len(stages):
            if not runner.locator(f'.cl-stage-dot[data-stage="{number + 1}"]'
                                  '[aria-current="step"]').count():
                tab_to(page, lambda f: f["name"].startswith("Next stage"))
                page.keyboard.press("Enter")
                told.note("Enter on Next stage")
    runner.locator(".cl-stage-complete").filter(has_text="Lesson done!").wait_for()
    print(told.keep("lesson_5"))


def test_a_game_round_by_keyboard_heard(voila, page, wait_for_voila) -> None:
    page.add_init_script(LISTEN)
    page.goto(voila(NOTEBOOKS).url("game_review.ipynb"), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector(HAND, timeout=90_000)
    told = Transcript(page)
    page.locator("body").focus()
    told.note("page open")
    tab_to(page, lambda f: f["name"] == "Hint")
    page.keyboard.press("Enter")
    page.locator(".cl-hints li").first.wait_for()
    told.note("Enter on Hint")
    moves = 0
    while not page.locator(".cl-review").count():
        assert moves < 24, "the round did not end"
        move_by_keys(page)
        moves += 1
        told.note(f"move {moves} played by keys")
    page.wait_for_function(
        "() => !document.querySelector('.cl-rv-busy') && "
        "document.querySelector('.cl-rv-round')?.innerText.includes('reviewed')",
        timeout=240_000)
    told.note("round over, review ready")
    walk_the_review(page)
    told.note("every marked move opened by Enter")
    print(told.keep("game_round"))
