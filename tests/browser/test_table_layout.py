"""The card table as rendered by Chromium: every text on it readable (WCAG AA contrast, from
the colours Chromium actually computes), its styles sealed both ways, and its cards sized by the
screen without overlap or clipping at 1280x900 and 1920x1080, in two and four colours.
"""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
SCREENS = [(1280, 900), (1920, 1080)]

# For every visible element of `root` with text of its own: its colour over its effective
# background (ancestors' backgrounds composited), and the WCAG contrast ratio.
CONTRASTS = """(root) => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, bottom) => { const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1); };
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const background = (node) => { const layers = [];
    for (let n = node; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] === 1) break; } }
    let result = [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = over(layer, result);
    return result; };
  const out = [];
  for (const node of root.querySelectorAll('*')) {
    const own = [...node.childNodes].filter((t) => t.nodeType === 3 && t.textContent.trim());
    if (!own.length || node.closest('svg, .cl-visually-hidden, [hidden], :disabled')) continue;
    const box = node.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    const fg = over(parse(getComputedStyle(node).color), background(node));
    const bg = background(node);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    out.push({text: own.map((t) => t.textContent.trim()).join(' ').slice(0, 40),
              cls: node.className, ratio: (hi + 0.05) / (lo + 0.05)});
  }
  // The cards' own indices: SVG text on the white card face.
  for (const text of root.querySelectorAll('svg text')) {
    const c = parse(getComputedStyle(text).fill);
    const l = lum(c);
    out.push({text: 'card ' + text.textContent, cls: 'svg', ratio: 1.05 / (l + 0.05)});
  }
  return out;
}"""

# A page stylesheet of the kind that used to grey out the turn line (quiz.css's
# `.cl-quiz .cl-status`), and broader ones with the table's own class names.
HOSTILE = """
.cl-quiz .cl-status, .cl-status, .cl-turn, .cl-note, .cl-piles, .cl-zone-title, .cl-owner,
.cl-message, .cl-hint, .cl-recent-who { color: #5c6661; }
div .cl-table span, div .cl-table strong { color: #777777; }
"""


def open_page(voila, page, wait_for_voila, error_outputs, name: str, size: tuple[int, int]):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(voila(NOTEBOOKS).url(name), timeout=90_000)
    wait_for_voila(page)
    page.wait_for_selector('.cl-widget [data-zone="hand"] [data-card]', timeout=90_000)
    assert error_outputs(page) == []
    return page


def low_contrast(page) -> list[dict]:
    found = []
    for widget in page.locator(".cl-widget").element_handles():
        found += [x for x in widget.evaluate(CONTRASTS) if x["ratio"] < 4.5]
    return found


@pytest.mark.parametrize("name", ["table_game.ipynb", "table_projector.ipynb"])
def test_every_text_on_the_table_meets_wcag_aa(
        voila, page, wait_for_voila, error_outputs, name) -> None:
    page = open_page(voila, page, wait_for_voila, error_outputs, name, SCREENS[0])
    checked = page.locator(".cl-widget").first.evaluate(CONTRASTS)
    texts = " ".join(x["text"] for x in checked)
    assert "Your move (seat 1)" in texts and "Table" in texts  # the turn line is measured
    assert low_contrast(page) == []
    # Other stylesheets on the page cannot reach the table's text.
    page.add_style_tag(content=HOSTILE)
    assert low_contrast(page) == []


def test_the_table_styles_do_not_leak_out(voila, page, wait_for_voila, error_outputs) -> None:
    page = open_page(voila, page, wait_for_voila, error_outputs, "table_game.ipynb", SCREENS[0])
    page.evaluate("""() => {
      const host = document.querySelector('#rendered_cells');
      for (const cls of ['plain', 'cl-status', 'cl-card', 'cl-button', 'cl-message', 'cl-note',
                         'cl-cards', 'cl-badge', 'cl-owner', 'cl-actions']) {
        const probe = document.createElement('div');
        probe.className = 'leak-probe ' + cls;
        probe.textContent = cls;
        host.append(probe);
      } }""")
    probes = page.evaluate("""() => [...document.querySelectorAll('.leak-probe')].map((n) => {
      const s = getComputedStyle(n);
      return [n.classList[1], s.display, s.color, s.backgroundColor, s.fontWeight, s.position,
              s.borderTopWidth, s.fontSize]; })""")
    plain = probes[0][1:]
    for probe in probes[1:]:
        assert probe[1:] == plain, f"a table style reaches .{probe[0]} outside the table"
    # The quiz's own status line keeps its look (the table's .cl-status flex rule is scoped).
    quiz_line = page.locator(".cl-quiz .widget-html-content > .cl-status").first
    assert quiz_line.evaluate("(n) => getComputedStyle(n).display") == "block"


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["table_game.ipynb", "table_projector.ipynb"])
def test_cards_follow_the_screen_without_overlap_or_clipping(
        voila, page, wait_for_voila, error_outputs, screenshot, name, size) -> None:
    page = open_page(voila, page, wait_for_voila, error_outputs, name, size)
    layout = page.evaluate("""() => {
      const widget = document.querySelector('.cl-widget');
      const table = widget.querySelector('.cl-board > .cl-table').getBoundingClientRect();
      // face-down hands are fanned on purpose; the table's and the learner's cards never overlap
      const rows = [...widget.querySelectorAll(
        '.cl-board [data-zone="table"] > .cl-cards, .cl-board [data-zone="hand"] > .cl-cards')].map((row) =>
        [...row.children].filter((n) => n.matches('.cl-card, .cl-build'))
          .map((n) => { const r = n.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; }));
      const card = widget.querySelector('[data-zone="table"] .cl-cards > .cl-card');
      return {rows, table: [table.left, table.top, table.right, table.bottom],
              overflow: widget.scrollWidth - widget.clientWidth,
              card: card.getBoundingClientRect().width,
              column: document.querySelector('#rendered_cells').getBoundingClientRect().width};
    }""")
    assert layout["overflow"] <= 0, "the table is wider than its space (clipped)"
    left, top, right, bottom = layout["table"]
    for row in layout["rows"]:
        for box in row:
            assert left <= box[0] and box[2] <= right + 0.5, f"{box} sticks out of the table"
        for a, b in zip(row, row[1:]):
            same_line = a[1] < b[3] and b[1] < a[3]
            assert not (same_line and a[2] > b[0] + 0.5), f"cards overlap: {a} and {b}"
    width = size[0]
    assert layout["column"] >= min(0.8 * width, 1600) or width < 1300  # a large screen is used
    bounds = {"table_game.ipynb": (46, 112), "table_projector.ipynb": (64, 210)}[name]
    assert bounds[0] <= layout["card"] <= bounds[1]
    screenshot(page, f"table_layout_{name.removesuffix('.ipynb')}_{size[0]}x{size[1]}")
    page.locator(".cl-widget").first.screenshot(
        path=str(Path(__file__).resolve().parents[1] / "artifacts"
                 / f"table_layout_{name.removesuffix('.ipynb')}_{size[0]}_widget.png"))


def test_cards_are_larger_on_a_larger_screen(voila, page, wait_for_voila, error_outputs) -> None:
    widths = []
    for size in SCREENS:
        open_page(voila, page, wait_for_voila, error_outputs, "table_game.ipynb", size)
        widths.append(page.locator('[data-zone="hand"] .cl-card').first.bounding_box()["width"])
    assert widths[1] > widths[0] * 1.1, widths
