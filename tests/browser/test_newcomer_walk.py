"""A newcomer walks through every stage of lessons 1-13 in Chromium, a wrong answer first
(at 390x844 twice, but on a Legal / Not legal question), then the right one; at 1280x800 and
again, on the same page, at 390x844 (a replay is judged as a first attempt).

The wrong answer is worked out from the stage's own data and the rules core, never written down
per stage: on a goal table a play the core refuses ("Try take" with a card that cannot take it),
or at 390x844 a legal play that misses the goal, of a kind the lesson's table offers (else the
refused one); "That's all" with the last capture still missing; the other button of a Legal / Not
legal question; a number or a choice next to the right one; a side's points one off. The right
answer comes from the core too (`Stage.solutions`).

After the first wrong try the page must show one verdict (the table's own line does not repeat a
refusal, and a rule is cited once), and nothing in it that gives the answer away (the right moves,
the missing capture, the number or choice, the points, "legal"/"not legal", the broken rule): the
answer's marks come from the engine (`Stage.solutions`, `Stage.shown`). A Legal / Not legal
question's first wrong try names no rule, and on a goal table the wrong verdict goes as soon as
the learner picks a card for the next play. After the right answer the verdict's stars and the
map's are the star rule's (`stars_for`) for the wrong tries given: never three, at most one on a
two-way question. Every rule id the stage shows at any time is one its lesson or an earlier one
teaches. A demonstration's caption and its verdict are on screen without the learner scrolling,
it has no Hint and no stars.

After every try the verdict is on screen (issue 43, "feedback in view"): its whole box inside the
window, the page having scrolled it there by itself if need be. A right answer's verdict is on
screen only until the next stage opens by itself, so the page keeps, frame by frame, whether each
verdict has been wholly in the window (`WATCHER`), and the test asks that record.

The second wrong try is given at 390x844 only, where a longer verdict has the least room.

The lessons are walked a few at a time (each on its own page and kernel) with Playwright's async
API in this test's own event loop, so the walk takes minutes, not half an hour; what it saw, stage
by stage, goes to tests/artifacts/newcomer_walk.txt, with pictures of the stages whose verdict was
once out of sight.
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cassino_learn.core.errors import IllegalMove
from cassino_learn.core.position import check_move
from cassino_learn.core.move import BUILD, CAPTURE, TRAIL, Move
from cassino_learn.core.movegen import moves_with
from cassino_learn.core.telling import in_words
from cassino_learn.teaching.saying import move_said
from cassino_learn.serving.voila import VoilaServer
from cassino_learn.teaching import catalog
from cassino_learn.teaching.stages import Stage, load_stages, stars_for
from cassino_learn.ui.stages import task_line

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
WALKED = catalog.LESSONS[:13]
WIDE = {"width": 1280, "height": 800}
NARROW = {"width": 390, "height": 844}
AT_ONCE = 4          # lessons walked at the same time (a page and a kernel each)
TIMEOUT_MS = 90_000  # a busy two-core machine; every wait is for a condition
IN_VIEW_MS = 20_000  # a try's verdict comes, and the page scrolls it into view, well within this
# Stages whose wrong verdict was out of sight before (issue 43): pictured after each wrong try.
PICTURED_IN_VIEW = {("05_building", 8), ("06_raising_builds", 7), ("12_more_players", 7),
                    ("13_variants_and_etiquette", 10), ("13_variants_and_etiquette", 15)}
# After the wrong try: the stage whose page is kept as a picture of it (one of each of these).
PICTURED = {"number": "10_scoring", "captures": "03_combining", "legal": "02_pairing"}
RULE_ID = re.compile(r"\b([A-Z][0-9]{1,2})\b")
KIND_RULE = {CAPTURE: "P1", TRAIL: "R1", BUILD: "B1"}  # the rule that first teaches a play


# ---------------------------------------------------------------------- answers from the core

@dataclass(frozen=True)
class Try:
    """An answer to give on the page: a button's value, points a side, captures to play before
    "That's all", or a play on the table (a legal move, or an attempt the core refuses)."""

    kind: str                       # "choose", "score", "captures", "play", "refused", "demo"
    value: Any = None
    refusal: IllegalMove | None = None
    said: str = ""                  # what the learner did, in words, for the report


def _refused_play(stage: Stage) -> Try | None:
    """A hand card and one loose table card it cannot take, as the table offers it ("Try take"):
    the core refuses it. None if every such pair is a legal capture."""
    position = stage.position
    assert position is not None
    for card in position.hand:
        for loose in position.loose:
            chosen = frozenset({loose})
            if any(m.kind == CAPTURE for m in moves_with(position, card, chosen)):
                continue
            try:
                check_move(position, CAPTURE, card, chosen, card.value)
            except IllegalMove as refusal:
                return Try("refused", (card, chosen), refusal,
                           f"Try take {loose} with {card}")
    return None


def _goal_miss(stage: Stage, slug: str) -> Try | None:
    """A legal play that does not do what the goal asks, of a kind of play the lesson has
    taught (the table offers no other: no trail before the trailing lesson); None if there is
    none."""
    position, goal = stage.position, stage.item.goal  # type: ignore[union-attr]
    taught = catalog.taught_by(slug)
    misses = [m for m in position.legal_moves() if not goal.met_by(position, m)
              and KIND_RULE[m.kind] in taught]
    return Try("play", misses[0], said=f"played {misses[0]}") if misses else None


def _near(choices: tuple[str, ...], right: str) -> str:
    """A wrong choice next to the right one (a number one off, or the first other choice that
    does not contain the right one's words)."""
    if right.isdigit():
        for other in (int(right) + 1, int(right) - 1):
            if str(other) in choices:
                return str(other)
    others = [c for c in choices if c != right]
    return next((c for c in others if right.lower() not in c.lower()), others[0])


def wrong_try(stage: Stage, slug: str, *, narrow: bool) -> Try:
    """The wrong answer a newcomer gives first (see the module's doc)."""
    right = stage.solutions()[0]
    if stage.kind == "demo":
        return Try("demo")
    if stage.kind == "goal":
        miss, refused = _goal_miss(stage, slug), _refused_play(stage)
        found = (miss or refused) if narrow else (refused or miss)
        assert found is not None, f"{slug}:{stage.id}: no wrong play the table offers"
        return found
    if stage.kind == "captures":
        right = sorted(right, key=str)
        return Try("captures", right[:-1], said=f"“That's all” after {len(right) - 1} of "
                                                 f"{len(right)} captures")
    if stage.kind == "score":
        side = min(right)
        off = right[side] + 1 if right[side] < 12 else right[side] - 1  # the buttons run 0-12
        return Try("score", {**right, side: off}, said=f"side {side}: {off}")
    value = _near(stage.choices(), str(right))
    return Try("choose", value, said=value)


def answer_marks(stage: Stage) -> list[str]:
    """Words that would give the answer away, from the engine: the right moves (in notation and
    in words), the missing capture, "legal"/"not legal" and the broken rule, the right number or
    choice, each side's points; and the opening of the engine's own answer text."""
    right = stage.solutions()[0]
    shown = stage.shown().message
    marks = [shown.split(". ")[0].split(": ")[0]] if stage.kind != "legal" else []
    if stage.kind == "goal":
        marks += [str(m) for m in stage.solutions()] + [m.describe().rstrip(".")
                                                         for m in stage.solutions()]
        # the move's words without their verb (a trail's would be its card's name alone)
        marks += [in_words(m).rstrip(".").removeprefix("Play ")
                  for m in stage.solutions() if m.kind != TRAIL]
    elif stage.kind == "captures":
        marks += [str(m) for m in right]
    elif stage.kind == "legal":
        is_legal, detail = stage.item.truth()  # type: ignore[union-attr]
        marks += ["it is legal", "it is not legal", "not legal:", "is legal"]
        if not is_legal:
            marks += [detail.rule, detail.reason[:30]]
    elif stage.kind == "score":
        marks += [f"side {side}: {points}" for side, points in right.items()]
    else:
        marks.append(str(right))
    return [m for m in marks if m.strip()]


def _tells(text: str, mark: str) -> bool:
    pattern = rf"(?<![\w.]){re.escape(mark)}(?![\w])"
    return re.search(pattern, text, flags=re.IGNORECASE) is not None


def told_answer(stage: Stage, text: str, given: Try) -> list[str]:
    """The marks of the answer that `text` (a verdict) shows. The learner's own answer echoed
    back ("Not 16.", "Not “side 1 wins”.") is left out first."""
    if given.kind == "choose":
        text = text.replace(f"“{given.value}”", "“…”")
        text = re.sub(rf"\bNot {re.escape(str(given.value))}\b", "Not …", text)
    return [mark for mark in answer_marks(stage) if _tells(text, mark)]


def _label(move: Move) -> str:
    return "Take" if move.kind == CAPTURE else f"Build {move.value}" if move.kind == BUILD \
        else "Trail"


# ---------------------------------------------------------------------- what the page shows

RECORDER = """(runner) => {
  // Keeps what the stage shows each time its verdict or its map dot changes, the moment it
  // changes: a right answer's verdict is on screen only until the next stage opens by itself,
  // which a busy machine may do before a test's poll comes round.
  window.__walkSeen = [];
  let last = '';
  const shown = (node) => node.checkVisibility() && node.textContent.trim() !== '';
  const record = () => {
    const n = window.__walkStage;
    const verdict = runner.querySelector('.cl-stage-verdict');
    const dot = runner.querySelector(`.cl-stage-dot[data-stage="${n}"]`);
    if (!verdict || verdict.hidden || !verdict.dataset.kind || !dot) return;
    const key = [n, verdict.dataset.kind, verdict.textContent, dot.dataset.solved,
                 dot.dataset.stars, dot.dataset.state].join('|');
    if (key === last) return;
    last = key;
    const hint = runner.querySelector('.cl-stage-hint-button');
    window.__walkSeen.push({
      n, kind: verdict.dataset.kind, verdict: verdict.textContent,
      solved: dot.dataset.solved === 'true',
      verdicts: [...runner.querySelectorAll('.cl-stage-verdict')].filter(shown).length,
      messages: [...runner.querySelectorAll('.cl-message')].filter(shown)
        .map((node) => [node.dataset.kind, node.textContent]),
      text: runner.innerText,
      stars: dot.dataset.stars, state: dot.dataset.state, mark: dot.textContent,
      hint: Boolean(hint && hint.checkVisibility()),
    });
  };
  new MutationObserver(record).observe(runner, { subtree: true, childList: true,
    attributes: true, characterData: true });
}"""

WATCHER = """() => {
  // Frame by frame: for the open stage (window.__stage), each try and each verdict kind, whether
  // the verdict box has been wholly inside the window, and where it was last.
  window.__views = {}; window.__old = null;
  const look = () => {
    const verdict = document.querySelector('.cl-stage-runner .cl-stage-verdict');
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
NEXT_TRY = """([n, t]) => { window.__stage = n; window.__try = t;
  const verdict = document.querySelector('.cl-stage-runner .cl-stage-verdict');
  window.__old = verdict && !verdict.hidden ? verdict.textContent : null; }"""
# The same words again (a try told as the last one was) are the verdict of this try too.
SAME_AGAIN = """() => { const verdict = document.querySelector('.cl-stage-runner .cl-stage-verdict');
  if (!verdict || verdict.hidden || verdict.textContent !== window.__old) return false;
  const box = verdict.getBoundingClientRect();
  return box.top >= -0.5 && box.bottom <= window.innerHeight + 0.5; }"""

SEEN = """([kind, n]) => (window.__walkSeen || []).find((seen) => seen.n === n
  && seen.kind === kind && (kind === 'wrong' || seen.solved)) || null"""

DEMO_IN_VIEW = """(runner) => {
  // The demonstration's caption (and, at its end, its verdict) inside the window, once the
  // page has scrolled the stage into view by itself.
  const caption = runner.querySelector('.cl-caption');
  const verdict = runner.querySelector('.cl-stage-verdict');
  const inView = (node) => { const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight; };
  return caption && caption.checkVisibility() && inView(caption)
    && (verdict.hidden || inView(verdict));
}"""

TABLE_DRAWN = """([runner, cards]) => {
  // One table on the stage, showing the stage's own hand and table cards (not the last one's).
  const tables = runner.querySelectorAll('.cl-table');
  if (tables.length !== 1) return false;
  const zone = (name) => [...tables[0].querySelectorAll(`[data-zone="${name}"] [data-card]`)]
    .map((node) => node.dataset.card).sort();
  return JSON.stringify(zone('hand')) === JSON.stringify(cards.hand)
    && JSON.stringify(zone('table')) === JSON.stringify(cards.table);
}"""

WHERE = """(runner) => [...runner.querySelectorAll('.cl-caption, .cl-stage-verdict, .cl-board')]
  .filter((node) => node.checkVisibility()).map((node) => { const box = node.getBoundingClientRect();
    return `${node.className}: top ${box.top | 0}, bottom ${box.bottom | 0}`; })
  .join('; ') + ` (window ${window.innerHeight})`"""


def _stars(verdict: str) -> int:
    """The stars a right verdict gives this time (before "(your best: ...)")."""
    found = re.findall(r"[★☆]{3}", verdict)
    assert found, f"no stars in the verdict {verdict!r}"
    return found[0].count("★")


@dataclass
class Walk:
    """One lesson's walk: what was seen, and what was wrong."""

    slug: str
    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    stages: int = 0

    def fail(self, where: str, what: str) -> None:
        self.problems.append(f"{self.slug} {where}: {what}")


def _rules_shown(walk: Walk, where: str, text: str) -> None:
    taught = catalog.taught_by(walk.slug)
    for rule in sorted(set(RULE_ID.findall(text))):
        if rule not in catalog.RULE_IDS:
            walk.fail(where, f"{rule} is shown as a rule but the rule book has no such id")
        elif rule not in taught:
            walk.fail(where, f"{rule} is shown, but it is taught in "
                             f"{catalog.first_taught(rule).slug}")


def _check_wrong(walk: Walk, where: str, stage: Stage, given: Try, seen: dict) -> None:
    verdict = seen["verdict"]
    walk.lines.append(f"  {where} wrong ({given.said}): {verdict}")
    told = told_answer(stage, verdict, given)
    if told:
        walk.fail(where, f"the first wrong try shows the answer ({', '.join(told)}): {verdict!r}")
    if seen["verdicts"] != 1:
        walk.fail(where, f"{seen['verdicts']} verdicts are shown")
    errors = [text for kind, text in seen["messages"] if kind == "error"]
    if errors:
        walk.fail(where, f"the table shows a refusal beside the verdict: {errors}")
    for rule in set(RULE_ID.findall(verdict)):
        if len(re.findall(rf"\b{rule}\b", verdict)) > 1:
            walk.fail(where, f"the verdict cites {rule} more than once: {verdict!r}")
    if given.refusal is not None:
        times = seen["text"].count(given.refusal.reason)
        if times != 1:
            walk.fail(where, f"the core's refusal is shown {times} times, not once: "
                             f"{given.refusal.reason!r}")
    if stage.kind == "legal" and RULE_ID.search(verdict):
        walk.fail(where, f"a Legal / Not legal question's first wrong try names a rule: {verdict!r}")
    _rules_shown(walk, where, seen["text"])


def _check_right(walk: Walk, where: str, stage: Stage, wrong: int, seen: dict,
                 replay: bool) -> None:
    verdict = seen["verdict"]
    _rules_shown(walk, where, seen["text"])
    if stage.kind == "demo":
        walk.lines.append(f"  {where} demonstration watched: {verdict}")
        if seen["state"] != "watched" or seen["stars"] != "0" or "★" in seen["mark"]:
            walk.fail(where, f"a demonstration is starred on the map ({seen['state']}, "
                             f"{seen['mark']!r})")
        if "★" in verdict or "☆" in verdict:
            walk.fail(where, f"a demonstration's verdict gives stars: {verdict!r}")
        if seen["hint"]:
            walk.fail(where, "a demonstration offers a Hint")
        return
    if stage.guided:  # a guided first step shows the clicks: seen, not starred
        walk.lines.append(f"  {where} guided step done: {verdict}")
        if "★" in verdict:
            walk.fail(where, f"a guided step's verdict gives stars: {verdict!r}")
        return
    expected = stars_for(wrong, False, kind=stage.kind, two_way=stage.two_way)
    given = _stars(verdict)
    walk.lines.append(f"  {where} right: {'★' * given}{'☆' * (3 - given)} "
                      f"(map {seen['mark']})")
    most = 1 if stage.two_way else 2
    if wrong and given > most:
        walk.fail(where, f"{given} stars after a wrong try (at most {most}): {verdict!r}")
    if given != expected:
        walk.fail(where, f"{given} stars shown, the star rule gives {expected}")
    on_map = int(seen["stars"])
    if seen["state"] != "solved" or on_map > most or (not replay and on_map != given):
        walk.fail(where, f"the map says {seen['state']} with {on_map} stars "
                         f"({seen['mark']!r}); the verdict gave {given}")


# ---------------------------------------------------------------------- driving the page

async def _wait_for_voila(page) -> None:
    """As tests/browser/conftest.py's `wait_for_voila`: every cell run, every widget drawn."""
    await page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    await page.wait_for_function(
        "() => !document.getElementById('loading')"
        " && !document.body.innerText.includes('Loading widget...')", timeout=TIMEOUT_MS)


async def _open(runner, n: int, stage: Stage) -> None:
    """Open stage `n` from the map and wait until it is drawn: its task, its answers and its
    own table (exactly one), if it has one."""
    dot = runner.locator(f'.cl-stage-dot[data-stage="{n}"]')
    await dot.click()
    await runner.locator(f'.cl-stage-dot[data-stage="{n}"][aria-current="step"]').wait_for()
    task = runner.locator(".cl-stage-task").filter(has_text=task_line(stage)[:40])
    await task.wait_for()
    if stage.kind == "score":
        await runner.locator(".cl-stage-side").first.wait_for()
    elif stage.kind == "captures":
        await runner.get_by_role("button", name="That's all").wait_for()
    elif stage.kind == "demo":
        await runner.locator('[data-demo="next"]').wait_for()
    elif stage.kind != "goal":
        await runner.locator(".cl-stage-choice").first.wait_for()
    if stage.position is not None and stage.kind not in ("score", "points"):
        cards = {"hand": sorted(map(str, stage.position.hand)),
                 "table": sorted(map(str, stage.position.table_cards))}
        await runner.page.wait_for_function(
            TABLE_DRAWN, arg=[await runner.element_handle(), cards], timeout=TIMEOUT_MS)


async def _unselected(runner) -> None:
    """Wait until nothing is selected on the stage's table (after a play, or after Clear)."""
    await runner.page.wait_for_function(
        "(r) => !r.querySelector('.cl-table .cl-selected')",
        arg=await runner.element_handle(), timeout=TIMEOUT_MS)


async def _play(runner, stage: Stage, move: Move, walk: Walk | None = None,
                where: str = "") -> None:
    """Click the hand card, the table cards and builds the move uses, then its action. With a
    `walk`: a wrong verdict on screen must go once the learner picks a card anew."""
    position = stage.position
    await _unselected(runner)
    await runner.locator(f'[data-zone="hand"] [data-card="{move.card}"]').click()
    if walk is not None:
        try:
            await runner.locator('.cl-stage-verdict[data-kind="wrong"]').wait_for(
                state="hidden", timeout=30_000)
        except Exception:  # noqa: BLE001 - said as a finding, the walk goes on
            walk.fail(where, "the wrong verdict stays on screen after the learner picks a new "
                             "card")
    for index, build in enumerate(position.builds):
        if set(build.cards) <= move.table_cards:
            await runner.locator(f'[data-zone="table"] [data-build="{index}"]').click()
    in_builds = {card for build in position.builds for card in build.cards}
    for card in sorted(move.table_cards - in_builds, key=str):
        await runner.locator(f'[data-zone="table"] > .cl-cards > [data-card="{card}"]').click()
    # the button of this very move: one offered for a selection not yet complete would do
    # another play (the table offers actions as Python answers each click)
    await runner.get_by_role("button", name=f"{_label(move)}: {in_words(move)}",
                             exact=True).click()


async def _give(runner, stage: Stage, answer: Try, walk: Walk | None = None,
                where: str = "") -> None:
    """Give `answer` on the page as a learner does, by clicking (see `_play` for `walk`)."""
    if answer.kind == "choose":
        await runner.locator(f'.cl-stage-choice[data-value="{answer.value}"]').click()
    elif answer.kind == "score":
        for side, points in answer.value.items():
            await runner.locator(
                f'.cl-stage-side[data-side="{side}"] [data-value="{points}"]').click()
        await runner.locator(".cl-stage-choices .cl-stage-check").click()
    elif answer.kind == "captures":
        listed = runner.locator(".cl-stage-answers li")
        for move in answer.value:
            said = move_said(stage.position, move)  # the runner lists captures so
            item = listed.filter(has_text=re.compile(rf"^\s*{re.escape(said)}\s*✕?\s*$"))
            if await item.count():
                continue  # found at the first try: still listed
            await _play(runner, stage, move)
            await item.wait_for()
        await runner.get_by_role("button", name="That's all").click()
    elif answer.kind == "play":
        await _play(runner, stage, answer.value, walk, where)
    elif answer.kind == "refused":
        card, chosen = answer.value
        await _unselected(runner)
        await runner.locator(f'[data-zone="hand"] [data-card="{card}"]').click()
        for loose in sorted(chosen, key=str):
            await runner.locator(f'[data-zone="table"] > .cl-cards > [data-card="{loose}"]') \
                .click()
        await runner.locator('.cl-action[data-action="Try take"]').click()


def _right_try(stage: Stage) -> Try:
    right = stage.solutions()[0]
    if stage.kind == "goal":
        return Try("play", right)
    if stage.kind == "captures":
        return Try("captures", sorted(right, key=str))
    if stage.kind == "score":
        return Try("score", right)
    return Try("choose", str(right))


async def _seen(runner, kind: str, n: int) -> dict:
    """What stage `n` showed when its verdict became of `kind` (a right one: once the map had
    its stars too), as the page's recorder kept it."""
    handle = await runner.page.wait_for_function(SEEN, arg=[kind, n], timeout=TIMEOUT_MS,
                                                 polling=100)
    return await handle.json_value()


async def _answering(runner, n: int) -> None:
    """From now on the recorder keeps what stage `n` shows, and nothing it showed before."""
    await runner.page.evaluate("(n) => { window.__walkStage = n; window.__walkSeen = []; }", n)


async def _demo(walk: Walk, runner, where: str, stage: Stage, n: int) -> None:
    """Step through a demonstration; its caption, then its verdict, must be in view."""
    await _answering(runner, n)
    for step in range(1, len(stage.steps) + 1):
        await runner.locator('[data-demo="next"]').click()
        await runner.locator(".cl-step").filter(has_text=f"Step {step} of").wait_for()
        await runner.locator(".cl-caption").filter(has_text=stage.steps[step - 1][1][:20]) \
            .wait_for()
        if step in (1, len(stage.steps)):
            await _in_view(walk, runner, f"{where} step {step}")
    seen = await _seen(runner, "seen", n)
    await _in_view(walk, runner, f"{where} at its end")
    _check_right(walk, where, stage, 0, seen, replay=False)


async def _in_view(walk: Walk, runner, where: str) -> None:
    handle = await runner.element_handle()
    try:
        await runner.page.wait_for_function(DEMO_IN_VIEW, arg=handle, timeout=15_000,
                                            polling=100)
    except Exception:  # the boxes say more than a timeout
        boxes = await runner.page.evaluate(WHERE, handle)
        walk.fail(where, f"the demonstration's caption or verdict is off screen: {boxes}")


async def _verdict_in_view(walk: Walk, page, n: int, tried: int, kind: str, where: str) -> None:
    """The verdict of try `tried` of stage `n` has been wholly inside the window."""
    key = f"{n}|{tried}|{kind}"
    try:
        await page.wait_for_function(WAS_IN_VIEW, arg=key, timeout=IN_VIEW_MS, polling=50)
    except Exception:  # noqa: BLE001 - the box says more than a timeout
        if kind == "wrong" and tried > 1 and await page.evaluate(SAME_AGAIN):
            return
        seen = await page.evaluate("(key) => window.__views[key] || null", key)
        walk.fail(where, f"the {kind} verdict is not inside the window: {seen}")


async def _visit(walk: Walk, runner, stage: Stage, n: int, *, narrow: bool,
                 replay: bool) -> None:
    """Stage `n`: a wrong answer first, checked, and again (but on a two-way question, whose
    second wrong try shows its answer); then the right one, checked; each verdict in view."""
    size = "390x844" if narrow else "1280x800"
    where = f"stage {n} ({stage.kind}, {stage.id}) at {size}"
    page = runner.page
    await _open(runner, n, stage)
    if stage.kind == "demo":
        await _demo(walk, runner, where, stage, n)
        return
    given = wrong_try(stage, walk.slug, narrow=narrow)
    # a second wrong try (its verdict says more, and is longer) where space is short: on a
    # phone; not on a two-way question, whose second wrong try shows its answer
    tries = 2 if narrow and not stage.two_way else 1
    for tried in range(1, tries + 1):
        await page.evaluate(NEXT_TRY, [n, tried])
        await _answering(runner, n)
        await _give(runner, stage, given)
        if tried == 1:
            seen = await _seen(runner, "wrong", n)
            _check_wrong(walk, where, stage, given, seen)
        await _verdict_in_view(walk, page, n, tried, "wrong",
                               f"{where} after “{given.said}” (try {tried})")
        if (tried == 1 and not narrow and PICTURED.get(stage.kind) == walk.slug) \
                or (walk.slug, n) in PICTURED_IN_VIEW:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(ARTIFACTS / f"newcomer_walk_{walk.slug}_stage{n}_"
                                                        f"{size}_wrong{tried}.png"))
        if given.kind == "refused":  # the selection stays raised after a refusal: clear it
            await runner.locator(".cl-clear").click()
    await page.evaluate(NEXT_TRY, [n, tries + 1])
    await _answering(runner, n)
    await _give(runner, stage, _right_try(stage), walk, where)
    seen = await _seen(runner, "right", n)
    await _verdict_in_view(walk, page, n, tries + 1, "right", where)
    _check_right(walk, where, stage, tries, seen, replay)


async def walk_lesson(browser, server: VoilaServer, slug: str) -> Walk:
    walk = Walk(slug)
    stages = load_stages(slug).stages
    context = await browser.new_context(viewport=WIDE)
    context.set_default_timeout(TIMEOUT_MS)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    began = time.perf_counter()
    n = 0
    try:
        await page.goto(server.url(f"{slug}.ipynb"))
        await _wait_for_voila(page)
        runner = page.locator(".cl-stage-runner")
        await page.evaluate(RECORDER, await runner.element_handle())
        await page.evaluate(WATCHER)
        for n, stage in enumerate(stages, 1):
            await _visit(walk, runner, stage, n, narrow=False, replay=False)
            walk.stages += 1
        await page.set_viewport_size(NARROW)
        for n, stage in enumerate(stages, 1):
            await _visit(walk, runner, stage, n, narrow=True, replay=True)
            walk.stages += 1
    except Exception as error:  # name the stage where the walk stopped
        walk.fail(f"stage {n}", f"the walk stopped: {type(error).__name__}: "
                                f"{str(error).splitlines()[0] if str(error) else ''}")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(ARTIFACTS / f"newcomer_walk_{slug}_stopped.png"),
                              full_page=True)
    finally:
        await context.close()
    for error in errors:
        walk.fail("page", f"uncaught error: {error}")
    walk.lines.insert(0, f"{slug}: {walk.stages} stage visits in "
                         f"{time.perf_counter() - began:.0f} s")
    return walk


async def walk_all(server: VoilaServer) -> list[Walk]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        slots = asyncio.Semaphore(AT_ONCE)

        async def one(slug: str) -> Walk:
            async with slots:
                return await walk_lesson(browser, server, slug)

        try:
            # the longest lessons first, so that the last ones to start are short
            order = sorted(WALKED, key=lambda item: -len(load_stages(item.slug)))
            walks = await asyncio.gather(*(one(item.slug) for item in order))
        finally:
            await browser.close()
    return sorted(walks, key=lambda walk: walk.slug)


# ---------------------------------------------------------------------- the test

@pytest.fixture(scope="module")
def lessons_server(tmp_path_factory):
    """A Voila server of its own with an empty progress folder: a newcomer's."""
    data = tmp_path_factory.mktemp("newcomer")
    server = VoilaServer(catalog.lessons_dir(), env={"CASSINO_LEARN_DATA": str(data)})
    server.start(timeout=120)
    try:
        yield server
    finally:
        server.stop()
        server.cleanup()


def test_the_wrong_answers_come_from_the_core_and_are_wrong():
    """The walk's wrong answers are wrong by the judge, and its right ones right."""
    for item in WALKED:
        for stage in load_stages(item.slug):
            if stage.kind == "demo":
                continue
            for narrow in (False, True):
                given = wrong_try(stage, item.slug, narrow=narrow)
                if given.kind == "refused":
                    card, chosen = given.value
                    with pytest.raises(IllegalMove):
                        check_move(stage.position, CAPTURE, card, chosen, card.value)
                    continue
                answer = {"play": given.value, "captures": [str(m) for m in given.value or []],
                          "score": given.value, "choose": given.value}[given.kind]
                assert not stage.judge(answer).correct, (item.slug, stage.id, given)
            assert stage.judge(stage.solutions()[0]).correct


@pytest.mark.slow
@pytest.mark.browser
def test_a_newcomer_walks_every_stage_wrong_first_and_sees_every_verdict(lessons_server):
    began = time.perf_counter()
    walks = asyncio.run(walk_all(lessons_server))
    took = time.perf_counter() - began
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    visits = sum(walk.stages for walk in walks)
    report = [f"{visits} stage visits in {took:.0f} s, {AT_ONCE} lessons at a time", ""]
    for walk in walks:
        report += walk.lines + [f"  PROBLEM {p}" for p in walk.problems] + [""]
    (ARTIFACTS / "newcomer_walk.txt").write_text("\n".join(report), encoding="utf-8")
    problems = [p for walk in walks for p in walk.problems]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    assert visits == 2 * sum(len(load_stages(item.slug)) for item in WALKED)
