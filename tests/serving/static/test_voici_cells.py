"""Voici's cell loop, rewritten by the build to send a page's cells at once: run in Node with a
kernel whose replies the test hands out, checked on the built site, and a page of several
cells (one failing) in Chromium."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from cassino_learn.serving.static.steps import BuildError
from cassino_learn.serving.static.voici_cells import (FUNCTION, KEEP_MARK, MARK, keep_after_error,
                                                      rewrite_loop, send_cells_at_once)

#: Voici 0.10.0's function that runs a page's cells, as its minified page script has it
#: (voici_core/static/build, BSD-3-Clause), run below with stand-ins for what it uses.
VOICI_LOOP = (
    'A.executeCells=async function(e){var t,n;const{source:i,rendermime:o,kernel:r}=e,'
    'l=i.cells.length;for(let e=0;e<l;e++){const c=i.cells.get(e);if(window.update_loading_text('
    'e+1,l,null),"code"!==c.type)continue;const u=new s.OutputAreaModel({trusted:!0});let p;p='
    '"true"===a.PageConfig.getOption("include_output_prompt")?new s.OutputArea({model:u,'
    'rendermime:o}):new s.SimplifiedOutputArea({model:u,rendermime:o}),p.future=r.requestExecute('
    '{code:c.sharedModel.getSource()}),await p.future.done;const A=document.querySelector('
    '`[cell-index="${e+1}"]`);if(A&&a.PageConfig.getOption("include_output")&&'
    'p.node.childNodes.length>0){null===(t=A.lastElementChild)||void 0===t||t.classList.remove('
    '"jp-mod-noOutputs","jp-mod-noInput");const e=document.createElement("div");'
    'e.classList.add("jp-Cell-outputWrapper");const a=document.createElement("div");'
    'a.classList.add("jp-Collapser","jp-OutputCollapser","jp-Cell-outputCollapser"),'
    'e.appendChild(a),null===(n=A.lastElementChild)||void 0===n||n.appendChild(e),'
    'p.node.classList.add("jp-Cell-outputArea"),p.node.style.display="flex",'
    'p.node.style.flexDirection="column",d.Widget.attach(p,e)}}window.display_cells(),'
    'window.dispatchEvent(new Event("resize"))}')

#: JupyterLite's kernel service (0.7, bundled in Voici's page script) passing a reply on.
SERVICE = ('if("execute_reply"===e.header.msg_type){const t=e;"error"===t.content.status&&'
           '"interrupt"!==t.metadata.cause&&(this._cancelReason.set(l,"error"),l.cancel())}'
           'a.send(i)')

#: A page of five cells (two of them markdown) and a kernel that replies only when told:
#: what the loop does is logged, in order.
HARNESS = r"""
const log = [];
const element = () => ({classList: {add() {}, remove() {}}, style: {}, appendChild() {},
                        lastElementChild: {classList: {remove() {}}, appendChild() {}}});
global.window = {update_loading_text() {}, display_cells() { log.push('display'); },
                 dispatchEvent() {}};
global.Event = class {};
global.document = {querySelector: element, createElement: element};
const s = {OutputAreaModel: class {}, SimplifiedOutputArea: class {
  constructor() { this.node = {childNodes: [1], classList: {add() {}}, style: {}}; }
  set future(future) { this.sent = future; this.code = future.code; }
  get future() { return this.sent; } }};
const a = {PageConfig: {getOption: (key) => key === 'include_output' ? 'true' : 'false'}};
const d = {Widget: {attach(area) { log.push('shown ' + area.code); }}};
const A = {};
LOOP
const kinds = ['code', 'markdown', 'code', 'code', 'markdown'];
const cells = kinds.map((type, n) => ({type, sharedModel: {getSource: () => 'cell ' + n}}));
const replies = [];
const kernel = {requestExecute({code}) {
  log.push('sent ' + code);
  return {code, done: new Promise((resolve) => replies.push(resolve))};
}};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
(async () => {
  const running = A.executeCells({source: {cells: {length: cells.length, get: (i) => cells[i]}},
                                  rendermime: {}, kernel});
  await tick();
  log.push('replies awaited: ' + replies.length);
  while (replies.length) {   // the newest request's reply first
    replies.pop()();
    await tick();
  }
  await running;
  console.log(JSON.stringify(log));
})();
"""


def _run(loop: str) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: ./run test installs Debian's nodejs")
    script = HARNESS.replace("LOOP", loop)
    finished = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr
    return json.loads(finished.stdout)


def test_voicis_own_loop_waits_for_each_cell_before_sending_the_next():
    log = _run(VOICI_LOOP)
    assert log == ["sent cell 0", "replies awaited: 1", "shown cell 0", "sent cell 2",
                   "shown cell 2", "sent cell 3", "shown cell 3", "display"]


def test_the_rewritten_loop_sends_every_code_cell_first_and_shows_them_in_the_pages_order():
    log = _run(rewrite_loop(VOICI_LOOP))
    assert log == ["sent cell 0", "sent cell 2", "sent cell 3", "replies awaited: 3",
                   "shown cell 0", "shown cell 2", "shown cell 3", "display"]


def test_the_rewrite_is_done_once_and_marked():
    once = rewrite_loop(VOICI_LOOP)
    assert MARK in once and rewrite_loop(once) == once
    assert "await p.future.done" in once and once.count("requestExecute") == 1


def test_the_kernel_service_no_longer_drops_the_requests_behind_a_failed_cell():
    kept = keep_after_error(SERVICE)
    assert kept.count(KEEP_MARK) == 1 and keep_after_error(kept) == kept
    assert f'{KEEP_MARK}!1&&"error"===t.content.status' in kept  # never true: nothing cancelled
    assert keep_after_error("console.log(1)") == "console.log(1)"


def test_a_voici_whose_loop_changed_stops_the_build_and_says_where_to_look(tmp_path):
    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "1.js").write_text("A." + FUNCTION + "(e){for(const c of e.cells)await run(c)}")
    (build / "2.js").write_text(SERVICE)
    with pytest.raises(BuildError, match=r"1\.js: .*voici_cells\.py"):
        send_cells_at_once(tmp_path)


def test_a_site_whose_voici_runs_no_cells_or_has_no_kernel_service_stops_the_build(tmp_path):
    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "other.js").write_text(SERVICE)
    with pytest.raises(BuildError, match="runs a page's cells"):
        send_cells_at_once(tmp_path)
    (build / "other.js").write_text(VOICI_LOOP)
    with pytest.raises(BuildError, match="kernel service"):
        send_cells_at_once(tmp_path)


def test_only_the_scripts_that_run_cells_are_rewritten(tmp_path):
    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "cells.js").write_text("x;" + VOICI_LOOP + ";y")
    (build / "kernels.js").write_text(SERVICE)
    (build / "other.js").write_text("console.log(1)")
    assert send_cells_at_once(tmp_path) == [build / "cells.js", build / "kernels.js"]
    assert MARK in (build / "cells.js").read_text()
    assert KEEP_MARK in (build / "kernels.js").read_text()
    assert (build / "other.js").read_text() == "console.log(1)"
    rewritten = {path.name: path.read_text() for path in build.iterdir()}
    assert send_cells_at_once(tmp_path) == [build / "cells.js", build / "kernels.js"]  # again
    assert {path.name: path.read_text() for path in build.iterdir()} == rewritten


@pytest.mark.slow
def test_the_built_sites_voici_sends_cells_at_once(site):
    texts = {p.name: p.read_text(encoding="utf-8")
             for p in sorted((Path(site.root) / "voici" / "build").glob("*.js"))}
    loops = [name for name, text in texts.items() if FUNCTION in text]
    assert loops and all(texts[name].count(MARK) == 1 for name in loops)
    assert sum(text.count(KEEP_MARK) for text in texts.values()) == 1


@pytest.mark.slow
@pytest.mark.browser
def test_every_cell_shows_its_output_once_in_its_place_and_a_failure_stops_none(small_visit):
    """tests/browser/notebooks/cells_in_order.ipynb: a slow first cell, a failing second, a
    markdown cell, then a third that prints."""
    small_visit.open("voici/render/cells_in_order.html")
    outputs = small_visit.page.locator("#rendered_cells .jp-Cell").evaluate_all(
        "cells => cells.map(cell => [...cell.querySelectorAll('.jp-OutputArea-output')]"
        ".map(output => output.innerText.trim()))")
    shown = [(index, texts) for index, texts in enumerate(outputs) if texts]
    assert len(outputs) == 5 and [index for index, _ in shown] == [1, 2, 4], outputs
    assert shown[0][1] == ["first cell"]
    assert len(shown[1][1]) == 1 and "ZeroDivisionError" in shown[1][1][0]
    assert shown[2][1] == ["third cell"]
    assert small_visit.page.locator(".cassino-failed").is_visible()
    assert small_visit.outside == []


@pytest.mark.slow
@pytest.mark.browser
def test_every_output_lands_in_its_own_cell_in_order(small_visit):
    """tests/browser/notebooks/cells_pipelined.ipynb: a first cell that waits (the kernel is
    free meanwhile), then cells that print, display three times and draw a widget."""
    small_visit.open("voici/render/cells_pipelined.html")
    small_visit.page.get_by_role("button", name="fourth").wait_for()
    outputs = small_visit.page.locator("#rendered_cells .jp-Cell").evaluate_all(
        "cells => cells.map(cell => [...cell.querySelectorAll('.jp-OutputArea-output')]"
        ".map(output => output.innerText.trim()))")
    assert len(outputs) == 6, outputs
    (first,), (second,) = outputs[0], outputs[1]
    assert first.startswith("first ") and second.startswith("second ")
    assert float(second.split()[1]) >= float(first.split()[1])  # the second ran after the wait
    assert outputs[2] == []  # the markdown cell
    assert outputs[3] == ["third 0", "third 1", "third 2"]
    assert len(outputs[4]) == 1 and small_visit.page.locator(
        "#rendered_cells .jp-Cell").nth(4).get_by_role("button", name="fourth").count() == 1
    assert outputs[5] == ["fifth"]
    assert small_visit.errors() == [] and small_visit.outside == []
