"""What axe cannot see, checked on a lesson page and the game page: every Tab stop shows that it
has the focus (its picture focused differs from its picture unfocused), Tab leaves the page in
the end (no trap), targets are at least 24x24 CSS px on a phone (cards 44 px wide), and at 200%
zoom (a 640 px wide window) nothing is cut off sideways. The checks are functions, so that the
in-browser edition's walk over every lesson (tests/serving/static/test_axe_static.py) makes them
too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cassino_learn.teaching import catalog

LESSONS = catalog.lessons_dir()
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
PAGES = {"lesson 2": (LESSONS, "02_pairing.ipynb"), "game": (NOTEBOOKS, "table_game.ipynb")}
# Every lesson's first stage gets the focus, trap, target and zoom checks in the in-browser
# edition's walk, one page load for all 13 (tests/serving/static/test_axe_static.py: the same
# lesson pages, widgets and styles); here, the game page.
WALKED_PAGES = ["game"]
STOPS = 60
PAD = 8  # px around a stop: an outline drawn outside its box is in the picture

ACTIVE = """() => { const a = document.activeElement;
  if (!a || a === document.body) return null;
  const r = a.getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: r.height,
          name: a.tagName + (a.className ? '.' + String(a.className).split(' ')[0] : '')
                + (a.dataset.card ? '[' + a.dataset.card + ']' : '')
                + ' "' + (a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 30) + '"',
          kind: [a.tagName, a.className, a.getAttribute('role'),
                 (a.closest('[data-zone]') || {dataset: {}}).dataset.zone].join('|')}; }"""


def _open(browser, voila, wait_for_voila, page_name: str, width: int, height: int,
          **options):
    folder, notebook = PAGES[page_name]
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(voila(folder).url(notebook), timeout=90_000)
    wait_for_voila(page)
    if page_name.startswith("lesson"):  # its first stage, a table to play on, wherever it was
        page.locator('.cl-stage-dot[data-stage="1"]').click()
    page.wait_for_selector('[data-zone="hand"] [aria-selected]', timeout=90_000)
    return context, page


def _clip(box: dict, page) -> dict | None:
    view = page.viewport_size
    x, y = max(0, box["x"] - PAD), max(0, box["y"] - PAD)
    w = min(view["width"], box["x"] + box["w"] + PAD) - x
    h = min(view["height"], box["y"] + box["h"] + PAD) - y
    return {"x": x, "y": y, "width": w, "height": h} if w > 0 and h > 0 else None


def focus_problems(page, photographed: set[str] | None = None) -> list[str]:
    """Tab from the top of the page through every stop: each one's picture focused must differ
    from its picture unfocused, and the focus must leave the page (or come round to the first
    stop) within STOPS presses. What is wrong, one line each (none: all is well).

    With `photographed` (kinds of stop already photographed: tag, classes, role and zone), a
    stop of a kind in it is tabbed through but not photographed again, and the kinds seen are
    added: a walk over many pages drawn by the same styles photographs each kind once."""
    page.locator("body").focus()
    unseen, seen, left = [], [], False
    for _ in range(STOPS):
        page.keyboard.press("Tab")
        box = page.evaluate(ACTIVE)
        if box is None:
            left = True  # past the last stop: the focus went back to the browser
            break
        if seen and box["name"] == seen[0]:
            left = True  # round again to the first stop
            break
        seen.append(box["name"])
        if photographed is not None:
            if box["kind"] in photographed:
                continue
            photographed.add(box["kind"])
        clip = _clip(box, page)
        if clip is None:
            unseen.append(f"{box['name']} is out of the window")
            continue
        page.evaluate("() => { window.__stop = document.activeElement; }")
        focused = page.screenshot(clip=clip)
        page.evaluate("() => document.activeElement.blur()")
        plain = page.screenshot(clip=clip)
        page.evaluate("() => window.__stop.focus({focusVisible: true, preventScroll: true})")
        if focused == plain:
            unseen.append(box["name"])
    problems = [] if seen else ["Tab reached nothing"]
    if not left:
        problems.append(f"after {STOPS} Tabs the focus is still going round: {seen[-5:]}")
    if unseen:
        problems.append(f"no visible focus on {len(unseen)} of {len(seen)} stops: {unseen}")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("page_name", WALKED_PAGES)
def test_every_tab_stop_shows_its_focus_and_tab_leaves_the_page(
        browser, voila, wait_for_voila, screenshot, page_name) -> None:
    context, page = _open(browser, voila, wait_for_voila, page_name, 1280, 900)
    try:
        problems = focus_problems(page)
        assert not problems, "\n".join(problems)
    finally:
        context.close()


TARGETS = """() => [...document.querySelectorAll(
    '.cl-widget button, .cl-widget input, .cl-widget [role="button"], .cl-widget [role="option"], .cl-stage-runner button, '
    + '.cl-stage-runner [role="button"], .cl-stage-runner input')]
  .filter(n => n.checkVisibility() && !n.closest('[hidden]'))
  .map(n => { const r = n.getBoundingClientRect();
    return {name: n.tagName + ' "' + (n.getAttribute('aria-label') || n.textContent).trim().slice(0, 30) + '"',
            w: r.width, h: r.height, card: n.hasAttribute('data-card')}; })"""


# The in-browser edition's page is a Lumino shell: its panels take a new window size on a later
# animation frame (Lumino's message loop), so a check run right after a resize on a busy machine
# measured the old layout. Lumino's panels fill their parent once laid out, never more.
LAID_OUT = """() => [...document.querySelectorAll('.lm-BoxPanel-child')]
  .every(n => n.getBoundingClientRect().right <= window.innerWidth + 1)"""


def laid_out(page) -> None:
    """Wait until the page has taken the window's size: Lumino's panels fit it, and two frames
    were drawn since (the Voila edition has no panel: the frames alone)."""
    page.wait_for_function(LAID_OUT, timeout=30_000)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def target_problems(page) -> list[str]:
    """At the window's size (a phone's): every button, text box, option and card under 24x24
    CSS px, and every card under 44 px wide, one line each."""
    laid_out(page)
    targets = page.evaluate(TARGETS)
    if not targets:
        return ["no target found on the page"]
    small = [t for t in targets if t["w"] < 24 or t["h"] < 24]
    narrow = [t for t in targets if t["card"] and t["w"] < 44]
    return ([f"targets under 24x24 px: {small}"] if small else []) + \
        ([f"cards under 44 px wide: {narrow}"] if narrow else [])


CUT_OFF = """() => [...document.querySelectorAll(
    '.cl-widget [aria-selected], .cl-widget button, .cl-widget input, .cl-stage-runner button, '
    + '.cl-stage-runner input')]
  .filter(n => n.checkVisibility())
  .filter(n => { const r = n.getBoundingClientRect();
                 return r.left < 0 || r.right > window.innerWidth; })
  .map(n => { const r = n.getBoundingClientRect();
    const scrolled = [];  // a box scrolled sideways, or the window: where the cut comes from
    for (let at = n.parentElement; at; at = at.parentElement)
      if (at.scrollLeft) scrolled.push(`${at.tagName}.${at.className}: ${at.scrollLeft}`);
    if (window.scrollX) scrolled.push(`window: ${window.scrollX}`);
    return `${n.getAttribute('aria-label') || n.textContent} (${Math.round(r.left)} to `
      + `${Math.round(r.right)} of ${window.innerWidth} px${scrolled.length ? '; scrolled: '
      + scrolled.join(', ') : ''})`; })"""


def zoom_problems(page) -> list[str]:
    """At 640x450 CSS px (a 1280x900 window at 200%): the page scrolls sideways, or a card,
    button or box is cut off at the sides; one line each."""
    problems = []
    laid_out(page)
    wide = page.evaluate("() => document.scrollingElement.scrollWidth")
    if wide > page.viewport_size["width"]:
        problems.append(f"the page scrolls sideways: {wide} px wide")
    # the in-browser edition's page scrolls in its lesson box, not in the window
    box = page.evaluate("() => { const box = document.getElementById('rendered_cells');"
                        " return box && [box.scrollWidth, box.clientWidth]; }")
    if box and box[0] > box[1] + 1:
        problems.append(f"the lesson's box scrolls sideways: {box[0]} px wide in {box[1]} px")
    out = page.evaluate(CUT_OFF)
    if out:
        problems.append(f"cut off at the sides: {out}")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("page_name", WALKED_PAGES)
def test_targets_are_big_enough_on_a_phone(browser, voila, wait_for_voila, screenshot,
                                           page_name) -> None:
    context, page = _open(browser, voila, wait_for_voila, page_name, 390, 844)
    try:
        problems = target_problems(page)
        screenshot(page, f"a11y_targets_{page_name.replace(' ', '_')}_390")
        assert not problems, "\n".join(problems)
    finally:
        context.close()


@pytest.mark.slow
@pytest.mark.parametrize("page_name", WALKED_PAGES)
def test_nothing_is_cut_off_at_200_percent_zoom(browser, voila, wait_for_voila, screenshot,
                                                page_name) -> None:
    # 200% zoom of a 1280x900 window lays the page out in 640x450 CSS px
    context, page = _open(browser, voila, wait_for_voila, page_name, 640, 450)
    try:
        problems = zoom_problems(page)
        screenshot(page, f"a11y_zoom200_{page_name.replace(' ', '_')}")
        assert not problems, "\n".join(problems)
    finally:
        context.close()


MOTION = """window.__moved = 0;
new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
  if (n.classList && n.classList.contains('cl-leaving')) window.__moved += 1; })
  .observe(document, { subtree: true, childList: true });"""
ENTERING = """() => [...document.querySelectorAll('.cl-enter')]
  .map(n => getComputedStyle(n).animationName)"""


@pytest.mark.slow
@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion_is_honoured(browser, voila, wait_for_voila, motion) -> None:
    """With `prefers-reduced-motion: reduce` no card flies to a pile and none slides in; without
    it they do (so this test can tell). Moves are typed in the reading box."""
    from test_reading_mode import LISTEN, Listener, play_by_words, type_words

    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.add_init_script(LISTEN)
    page.add_init_script(MOTION)
    try:
        page.goto(voila(NOTEBOOKS).url("table_game.ipynb"), timeout=90_000)
        wait_for_voila(page)
        listener = Listener(page)
        table = page.locator(".cl-widget").first
        animated: list[str] = []
        for _ in range(8):
            type_words(page, table, "hand")
            hand = listener.wait_for(r"^Your hand")["text"]
            play_by_words(page, table, listener, hand)
            animated += [name for name in page.evaluate(ENTERING) if name != "none"]
            if motion == "no-preference" and animated:
                break
        moved = page.evaluate("() => window.__moved")
        if motion == "reduce":
            assert animated == [] and moved == 0, (animated, moved)
        else:
            assert animated, "nothing slid in after 8 moves: the test cannot tell"
    finally:
        context.close()


INDICATORS = """(card) => {
  const node = document.querySelector(`[data-zone="hand"] [data-card="${card}"]`);
  const felt = node.closest('.cl-hand');
  const ring = (shadow) => (shadow.match(/rgba?\\([^)]*\\)/) || [null])[0];
  node.focus({focusVisible: true});
  const style = getComputedStyle(node);
  return {felt: getComputedStyle(felt).backgroundColor, card: 'rgb(255, 255, 255)',
          outline: style.outlineColor, focusRing: ring(style.boxShadow)};
}"""


def _luminance(color: str) -> float:
    r, g, b = (int(float(x)) for x in re.findall(r"[\d.]+", color)[:3])

    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(one: str, two: str) -> float:
    a, b = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@pytest.mark.slow
def test_focus_and_selection_indicators_stand_out_3_to_1(browser, voila, wait_for_voila) -> None:
    """A hand card's focus (a white outline in a dark blue ring) and its selection ring are at
    least 3:1 against the felt they sit on (WCAG 1.4.11)."""
    # (without motion: the colours are read at rest, not half way through a transition)
    context, page = _open(browser, voila, wait_for_voila, "game", 1280, 900,
                          reduced_motion="reduce")
    try:
        card = page.locator('[data-zone="hand"] [data-card]').first.get_attribute("data-card")
        seen = page.evaluate(INDICATORS, card)
        assert contrast(seen["outline"], seen["felt"]) >= 3, seen
        assert contrast(seen["focusRing"], seen["card"]) >= 3, seen  # the ring around the outline
        page.keyboard.press("Enter")  # choose it: its selection ring
        page.locator(f'[data-zone="hand"] [data-card="{card}"].cl-selected').wait_for()
        chosen = page.evaluate("""(card) => { const n = document.querySelector(
            `[data-zone="hand"] [data-card="${card}"]`); n.blur();
            return (getComputedStyle(n).boxShadow.match(/rgba?\\([^)]*\\)/) || [null])[0]; }""", card)
        assert contrast(chosen, seen["felt"]) >= 3, (chosen, seen["felt"])
    finally:
        context.close()


# The colour behind a node: the first ancestor (itself excluded) with an opaque background.
BEHIND = """(node) => { for (let n = node.parentElement; n; n = n.parentElement) {
    const bg = getComputedStyle(n).backgroundColor;
    if (bg && !/rgba\\(.*, 0\\)$/.test(bg) && bg !== 'transparent') return bg; }
  return 'rgb(255, 255, 255)'; }"""
RING = """(node) => (getComputedStyle(node).boxShadow.match(/rgba?\\([^)]*\\)/) || [null])[0]"""


@pytest.mark.slow
def test_the_tables_other_indicators_stand_out_3_to_1(browser, voila, wait_for_voila) -> None:
    """The glow on a table card or build the chosen card can use, the mark on the last move
    played, and the focus of the table's action buttons: each at least 3:1 against what it
    sits on (WCAG 1.4.11)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  reduced_motion="reduce")
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        page.goto(voila(NOTEBOOKS).url("table_widget.ipynb"), timeout=90_000)
        wait_for_voila(page)
        page.locator('[data-zone="hand"] [data-card="9S"]').click()  # 9D and the 9 build usable
        for usable in ('[data-zone="table"] [data-card="9D"].cl-usable',
                       '[data-zone="table"] [data-build].cl-usable'):
            node = page.locator(usable).first
            node.wait_for()
            glow, felt = node.evaluate(RING), node.evaluate(BEHIND)
            assert contrast(glow, felt) >= 3, (usable, glow, felt)
        # the actions' focus: a dark blue outline on the widget's background, not the felt
        action = page.locator(".cl-action").first
        action.evaluate("(n) => n.focus({focusVisible: true})")
        outline = action.evaluate("(n) => getComputedStyle(n).outlineColor")
        assert contrast(outline, action.evaluate(BEHIND)) >= 3, (outline,
                                                                 action.evaluate(BEHIND))
        # a build made: the last move's mark, a dashed outline around it on the felt
        page.keyboard.press("Escape")
        page.locator('[data-zone="hand"] [data-card="3D"]').click()
        page.locator('[data-zone="table"] [data-card="5D"]').click()
        page.locator('.cl-action[data-action="Build 8"]').click()
        last = page.locator(".cl-table .cl-last")
        last.wait_for()
        mark = last.evaluate("(n) => getComputedStyle(n).outlineColor")
        assert last.evaluate("(n) => getComputedStyle(n).outlineStyle") != "none"
        assert contrast(mark, last.evaluate(BEHIND)) >= 3, (mark, last.evaluate(BEHIND))
    finally:
        context.close()


@pytest.mark.slow
def test_stage_and_quiz_buttons_focus_stands_out_3_to_1(browser, voila, wait_for_voila) -> None:
    """Every stage button, stage number and quiz button on lesson 2's page, focused by the
    keyboard: an outline at least 3:1 against what it sits on (WCAG 1.4.11)."""
    context, page = _open(browser, voila, wait_for_voila, "lesson 2", 1280, 900,
                          reduced_motion="reduce")
    try:
        seen = page.evaluate("""(behind) => {
          const under = eval(behind);
          return [...document.querySelectorAll(
              '.cl-stage-button, .cl-stage-dot, .cl-stage-go-on-box, .jupyter-button.cl-qbutton')]
            .filter((n) => n.checkVisibility())
            .map((n) => { n.blur(); n.focus({focusVisible: true});
              const s = getComputedStyle(n);
              return {name: (n.getAttribute('aria-label') || n.textContent).trim().slice(0, 30),
                      outline: s.outlineStyle === 'none' ? null : s.outlineColor,
                      behind: under(n)}; }); }""", BEHIND)
        assert len(seen) >= 5, seen
        weak = [s for s in seen if s["outline"] is None or contrast(s["outline"], s["behind"]) < 3]
        assert not weak, weak
    finally:
        context.close()
