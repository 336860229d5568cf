"""anywidget's front end imports a widget module given as text once per page, and puts a
stylesheet's text into the page only when it is new (cassino_learn/serving/static/
shared_modules.py): the rewritten loader run in Node with stand-ins, checked on the built site,
and a lesson page in Chromium that makes one module of each widget class, however many widgets
it draws."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn.serving.static.shared_modules import (MARK, rewrite_front_end,
                                                         share_widget_modules)
from cassino_learn.serving.static.steps import BuildError
from in_node import run_in_node

#: anywidget 0.11's loader, shaped as in its front end, importing through a stand-in that logs,
#: and its stylesheet setter, with a stand-in `<style>` element that counts its new texts.
FRONT_END = """
const sheets = {};
function loadCssText(cssText, anywidgetId) {
    var prev = sheets[anywidgetId];
    if (prev) {
        prev.textContent = cssText;
        return;
    }
    sheets[anywidgetId] = { texts: [], set textContent(text) { this.texts.push(text); },
                            get textContent() { return this.texts[this.texts.length - 1]; } };
    sheets[anywidgetId].textContent = cssText;
}
function isHref(str) { return str.startsWith("http"); }
function loadEsm(esm) {
    log.push(esm);
    return esm === "broken once" && log.filter((e) => e === esm).length === 1
        ? Promise.reject(new Error("no")) : Promise.resolve({ text: esm, n: log.length });
}
"""

HARNESS = """
const log = [];
FRONT_END
(async () => {
  const got = [];
  for (const esm of ["table", "table", "panel", "http://x/m.js", "http://x/m.js", "table"]) {
    got.push((await loadEsm(esm)).n);
  }
  for (let i = 0; i < 2; i++) {
    try { got.push((await loadEsm("broken once")).n); } catch (e) { got.push(e.message); }
  }
  got.push((await loadEsm("broken once")).n);
  for (const css of ["a { }", "a { }", "a { }", "b { }", "b { }"]) loadCssText(css, "table");
  console.log(JSON.stringify({ imported: log, got, styled: sheets.table.texts }));
})();
"""


def test_a_module_given_as_text_is_imported_once_and_an_address_as_before():
    as_it_was = run_in_node(HARNESS.replace("FRONT_END", FRONT_END))
    assert as_it_was["imported"][:6] == ["table", "table", "panel", "http://x/m.js",
                                         "http://x/m.js", "table"]
    result = run_in_node(HARNESS.replace("FRONT_END", rewrite_front_end(FRONT_END)))
    # every widget of a class gets the one module; an address is the browser's to share
    assert result["imported"] == ["table", "panel", "http://x/m.js", "http://x/m.js",
                                  "broken once", "broken once"]
    assert result["got"][:6] == [1, 1, 2, 3, 4, 1]
    # a failed import is not kept: the next widget tries again, and then shares the success
    assert result["got"][6:] == ["no", 6, 6]
    # the page's stylesheet for a class is given a text only when it is a new one
    assert as_it_was["styled"] == ["a { }"] * 3 + ["b { }"] * 2
    assert result["styled"] == ["a { }", "b { }"]


def test_the_rewrite_is_done_once_and_a_changed_front_end_stops_the_build(tmp_path):
    assert rewrite_front_end(rewrite_front_end(FRONT_END)) == rewrite_front_end(FRONT_END)
    assert rewrite_front_end("function other() {}") == "function other() {}"
    with pytest.raises(BuildError, match="shared_modules.py"):
        rewrite_front_end(FRONT_END.replace("function isHref(", "function isAddress("))
    static = tmp_path / "extensions" / "anywidget" / "static"
    static.mkdir(parents=True)
    (static / "remoteEntry.js").write_text("function other() {}", encoding="utf-8")
    with pytest.raises(BuildError, match="0 scripts"):
        share_widget_modules(tmp_path)
    (static / "528.js").write_text(FRONT_END, encoding="utf-8")
    assert share_widget_modules(tmp_path) == static / "528.js"
    assert share_widget_modules(tmp_path) == static / "528.js"
    assert (static / "528.js").read_text(encoding="utf-8").count(MARK) == 1


@pytest.mark.slow
def test_the_built_sites_widget_front_end_shares_its_modules(site):
    static = Path(site.root) / "extensions" / "anywidget" / "static"
    marks = [path.name for path in static.glob("*.js") if MARK in path.read_text("utf-8")]
    assert len(marks) == 1


#: Counts the widget modules the page makes from text (anywidget's blob addresses).
COUNT_MODULES = """
window.__modules = [];
const make = URL.createObjectURL.bind(URL);
URL.createObjectURL = (blob) => {
  if (blob && blob.type === "text/javascript") window.__modules.push(blob.size);
  return make(blob);
};
"""


@pytest.mark.slow
@pytest.mark.browser
def test_a_lesson_page_makes_one_module_per_widget_class(visit):
    page = visit.page
    page.add_init_script(COUNT_MODULES)
    visit.open("voici/render/02_pairing.html")
    assert visit.errors() == []
    # the stage runner's table and two panels, and four on-demand buttons: three classes
    assert page.locator(".cl-launcher").count() == 4
    assert page.locator(".cl-table").count() == 1
    assert len(page.evaluate("window.__modules")) == 3
    page.get_by_role("button", name="Start the quiz ▶").click()
    page.locator(".cl-quiz-status").first.wait_for()
    assert page.locator(".cl-launcher").count() == 3 and visit.errors() == []
