"""Playing without seeing the screen: lesson 2's stages and a game round played through the
reading mode alone. The test types in the reading box (commands and moves in plain words) and
presses named buttons with the keyboard, and it reads only what the page's live regions
announce (as a screen reader says it), recorded as they change: never the drawn cards.

The moves typed are the rules core's (a stage's solution said by `say_move`), or, in the game,
chosen from the words the reading mode read out (the hand and the table) as a learner would.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cassino_learn.core.spoken import say_move
from cassino_learn.serving.voila import VoilaServer
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import load_stages

LESSONS = catalog.lessons_dir()
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
BOX = "Read or say a move"

# Every text a live region takes, in order, with its politeness: what a screen reader says.
LISTEN = """
window.__said = [];
const last = new WeakMap();
new MutationObserver((records) => {
  for (const record of records) {
    const node = record.target.nodeType === 3 ? record.target.parentElement : record.target;
    const region = node && node.closest && node.closest('[aria-live], [role="status"], [role="alert"]');
    if (!region || region.hidden) continue;
    const text = region.textContent.trim();
    if (!text) { last.set(region, ""); continue; }
    if (last.get(region) === text) continue;
    last.set(region, text);
    window.__said.push({ text, kind: region.dataset.kind || "", live: region.getAttribute("aria-live")
      || (region.getAttribute("role") === "alert" ? "assertive" : "polite") });
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
// What a screen reader reads of the table's message: the sentences added to it.
window.__added = [];
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType === 1 && node.classList.contains("cl-sentence")
        && node.closest(".cl-message")) window.__added.push(node.textContent);
  }
}).observe(document, { subtree: true, childList: true });
"""


@pytest.fixture
def newcomer_lessons(tmp_path):
    """The lessons served with an empty progress folder: a newcomer's (no stage solved yet,
    whatever other tests did)."""
    server = VoilaServer(LESSONS, env={"CASSINO_LEARN_DATA": str(tmp_path / "progress")})
    server.start(timeout=120)
    try:
        yield server
    finally:
        server.stop()
        server.cleanup()


class Listener:
    """What the live regions announced since the page opened, read a sentence at a time."""

    def __init__(self, page) -> None:
        self.page = page
        self.heard = 0

    def all(self) -> list[dict]:
        return self.page.evaluate("() => window.__said")

    def keep(self, name: str) -> None:
        """What was said, kept in tests/artifacts/<name>.txt for a person to read."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"{name}.txt").write_text(
            "".join(f"[{s['live']}] {s['text']}\n" for s in self.all()), encoding="utf-8")

    def wait_for(self, pattern: str, kind: str | None = None, timeout: float = 60_000) -> dict:
        """The first announcement from now on that matches `pattern` (a regular expression),
        from a region of that `kind` (a verdict's "right", "wrong") if given."""
        try:
            self.page.wait_for_function(
                "([start, pattern, kind]) => window.__said.slice(start).some("
                "s => new RegExp(pattern).test(s.text) && (kind === null || s.kind === kind))",
                arg=[self.heard, pattern, kind], timeout=timeout)
        except Exception:
            heard = "\n".join(f"  [{s['live']} {s['kind']}] {s['text']}"
                              for s in self.all()[self.heard:])
            raise AssertionError(f"nothing said matched {pattern!r}; since the last match:\n"
                                 f"{heard}") from None
        said = self.all()
        for index in range(self.heard, len(said)):
            if re.search(pattern, said[index]["text"]) and kind in (None, said[index]["kind"]):
                self.heard = index + 1
                return said[index]
        raise AssertionError(pattern)


def type_words(page, scope, words: str) -> None:
    box = scope.get_by_role("textbox", name=BOX)
    box.focus()
    page.keyboard.type(words)
    page.keyboard.press("Enter")


def press(page, scope, name: str) -> None:
    """Tab is not counted here: the named button gets the focus, then the Enter key."""
    button = scope.get_by_role("button", name=name, exact=True)
    button.focus()
    page.keyboard.press("Enter")


def test_lesson_2_is_played_through_the_reading_mode_alone(newcomer_lessons, page,
                                                           wait_for_voila) -> None:
    page.add_init_script(LISTEN)
    stages = load_stages("02_pairing").stages
    page.goto(newcomer_lessons.url("02_pairing.ipynb"))
    wait_for_voila(page)
    runner = page.locator(".cl-stage-runner")
    listener = Listener(page)
    for number, stage in enumerate(stages, 1):
        runner.locator(f'.cl-stage-dot[data-stage="{number}"][aria-current="step"]').wait_for()
        if stage.kind in ("goal", "captures"):
            type_words(page, runner, "hand")
            listener.wait_for(r"^Your hand: ")
            type_words(page, runner, "table")
            listener.wait_for(r"^(On the table: |The table is empty)")
            if number == 1:  # a move the rules refuse is told at once (assertive), then fixed
                type_words(page, runner, "take the king with the ace")
                refused = listener.wait_for(r"^(Not allowed|There is no|You hold no)")
                assert refused["live"] == "assertive", refused
            moves = stage.solutions()[0] if stage.kind == "captures" else [stage.solutions()[0]]
            answered = listener.heard  # the verdict may be said before the move is
            for move in moves:
                type_words(page, runner, say_move(move))
                played = listener.wait_for(r"^(You (played|trailed)|Added)")
                assert played["live"] == "polite"
            if stage.kind == "captures":
                press(page, runner, "That's all")
            listener.heard = answered
        else:
            press(page, runner, str(stage.solutions()[0]))
        listener.wait_for(".", kind="right")  # the stage's verdict, as its live region says it
        if number < len(stages):
            next_stage = runner.get_by_role("button", name=re.compile("Next stage"))
            if next_stage.is_visible():
                next_stage.focus()
                page.keyboard.press("Enter")
    listener.wait_for("Lesson done")
    listener.keep("reading_mode_lesson2")


def _cards(words: str) -> list[str]:
    """The card names in a reply such as "Your hand: seven of spades and king of hearts."."""
    body = words.split(":", 1)[1].rstrip(".")
    return [name.strip() for part in body.split(";") for name in re.split(r",| and ", part)
            if " of " in name and "build" not in name]


def play_by_words(page, table, listener: Listener, hand: str) -> str:
    """Read the table, then type a move found from the words heard: a card of the hand that
    pairs a loose card takes it, else a card is trailed; a refused try (said assertively) is
    followed by the next. What was said of the move played."""
    type_words(page, table, "table")
    on_table = listener.wait_for(r"^(On the table: |The table is empty)")["text"]
    loose = _cards(on_table) if on_table.startswith("On") else []
    ranks = {name.split(" of ")[0] for name in loose}
    mine = _cards(hand)
    pairs = [card for card in mine if card.split(" of ")[0] in ranks]
    tries = [f"take the {card.split(' of ')[0]} with the {card}" for card in pairs]
    tries += [f"trail the {card}" for card in mine]
    for words in tries:
        type_words(page, table, words)
        said = listener.wait_for(r"^(You (played|trailed)|Not allowed|Those words|There is|"
                                 r"You hold|Say |I do not)")
        if said["text"].startswith("You "):
            return said["text"]
        assert said["live"] == "assertive"
    raise AssertionError(f"no move found from {hand!r} and {on_table!r}")


def test_a_game_round_is_played_through_the_reading_mode_alone(voila, page,
                                                               wait_for_voila) -> None:
    page.add_init_script(LISTEN)
    page.goto(voila(NOTEBOOKS).url("table_game.ipynb"), timeout=90_000)
    wait_for_voila(page)
    listener = Listener(page)
    table = page.locator(".cl-widget").first
    moves = 0
    while moves < 24:
        type_words(page, table, "turn")
        turn = listener.wait_for(r"(Your turn|plays now|is over|\bturn\.)")["text"]
        if turn != "Your turn.":
            break
        type_words(page, table, "hand")
        hand = listener.wait_for(r"^Your hand")["text"]
        if "empty" in hand:
            break
        play_by_words(page, table, listener, hand)
        moves += 1
    assert moves >= 12, f"only {moves} moves were played by words"
    added = page.evaluate("() => window.__added")
    mine = [text for text in added if text.startswith(("You played", "You trailed"))]
    assert len(mine) == moves, f"each of the learner's {moves} moves told once: {mine}"
    type_words(page, table, "score")
    listener.wait_for(r"^Match score: ")
    type_words(page, table, "last")
    listener.wait_for(r"(played|trailed|No move)")
    listener.keep("reading_mode_game")
