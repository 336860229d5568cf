"""The site's kernel takes a page's next cell while the page still puts the last one's outputs in
place (cassino_learn/serving/static/pipelined_kernel.py): the rewritten scripts run in Node with
stand-ins for what they use, checked on the built site, and a page of cells in Chromium whose
every output must land in its own cell, in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn.serving.static.pipelined_kernel import (MARKS, METHODS, pipeline_kernel,
                                                           rewrite_kernel, rewrite_service,
                                                           rewrite_worker)
from cassino_learn.serving.static.steps import BuildError
from in_node import run_in_node

#: JupyterLite 0.7's kernel service, passing a page's message to its kernel (as minified in
#: Voici 0.10.0's page script, BSD-3-Clause).
SERVICE = ("const s=async a=>{try{await l.runExclusive((async()=>{await n.ready,"
           "await n.handleMessage(a)}))}catch(i){if(!(i instanceof Error&&i.message.includes("
           "\"request for lock canceled\")))throw i}};")
#: jupyterlite-pyodide-kernel 0.7.0's page side of the kernel (BSD-3-Clause).
KERNEL = ("async executeRequest(e){await this.ready;const t=await this._remoteKernel.execute("
          "e,this.parent);return t.execution_count=this.executionCount,t}")
#: Its worker: every request begins by setting the outputs' parent.
WORKER = ("async setup(e){await this._initialized,this._kernel._parent_header="
          "this._pyodide.toPy(e)}" +
          "".join(f"async {name}(e,t){{await this.setup(t);return this.run_(e,t)}}"
                  for name in METHODS))

#: The worker class with stand-ins: a request's code waits `e.wait` ms (a cell that awaits),
#: and says which parent its outputs get.
WORKER_HARNESS = r"""
const log = [];
class Remote {
  constructor() { this._initialized = Promise.resolve(); this._kernel = {};
                  this._pyodide = {toPy: (p) => p}; }
  async run_(e, t) {
    log.push('start ' + e.code);
    await new Promise((r) => setTimeout(r, e.wait));
    log.push('end ' + e.code + ' with parent ' + this._kernel._parent_header);
    return {status: 'ok'};
  }
  WORKER
}
(async () => {
  const remote = new Remote();
  await Promise.all([remote.execute({code: 'a', wait: 30}, 'pa'),
                     remote.commMsg({code: 'b', wait: 0}, 'pb'),
                     remote.execute({code: 'c', wait: 0}, 'pc')]);
  console.log(JSON.stringify(log));
})();
"""

#: The service and the kernel with stand-ins: a one-at-a-time lock, a worker that answers an
#: execute request when the test says so.
SERVICE_HARNESS = r"""
const log = [];
const replies = [];
let held = Promise.resolve();
const l = {runExclusive(f) { const r = held.then(f); held = r.catch(() => {}); return r; }};
class Kernel {
  constructor() { this.ready = Promise.resolve(); this.executionCount = 0;
    this._remoteKernel = {execute: (e, p) => { log.push('worker has ' + e.code + ' of ' + p);
      return new Promise((r) => replies.push(() => r({status: 'ok'}))); }}; }
  async handleMessage(m) {
    this.parent = m.header.msg_id; this.executionCount++;
    const reply = await this.executeRequest(m.content);
    log.push('reply to ' + m.header.msg_id + ' (count ' + reply.execution_count + ')');
  }
  KERNEL
}
const n = new Kernel();
SERVICE
const tick = () => new Promise((r) => setTimeout(r, 0));
(async () => {
  const sent = ['m1', 'm2'].map((id) => s({header: {msg_id: id, msg_type: 'execute_request'},
                                           content: {code: 'code of ' + id}}));
  await tick(); await tick();
  log.push('requests at the worker: ' + replies.length);
  while (replies.length) { replies.shift()(); await tick(); }
  await Promise.all(sent);
  console.log(JSON.stringify(log));
})();
"""


def test_the_worker_runs_each_request_to_its_end_before_the_next():
    assert run_in_node(WORKER_HARNESS.replace("WORKER", WORKER)) == [  # as it was: overlapping
        "start a", "start b", "start c", "end b with parent pc", "end c with parent pc",
        "end a with parent pc"]
    assert run_in_node(WORKER_HARNESS.replace("WORKER", rewrite_worker(WORKER))) == [
        "start a", "end a with parent pa", "start b", "end b with parent pb", "start c",
        "end c with parent pc"]


def test_the_service_hands_the_next_cell_on_before_the_last_is_answered():
    as_it_was = run_in_node(SERVICE_HARNESS.replace("KERNEL", KERNEL).replace("SERVICE", SERVICE))
    assert as_it_was == ["worker has code of m1 of m1", "requests at the worker: 1",
                         "reply to m1 (count 1)", "worker has code of m2 of m2",
                         "reply to m2 (count 2)"]
    rewritten = run_in_node(SERVICE_HARNESS.replace("KERNEL", rewrite_kernel(KERNEL))
                      .replace("SERVICE", rewrite_service(SERVICE)))
    assert rewritten == ["worker has code of m1 of m1", "worker has code of m2 of m2",
                         "requests at the worker: 2", "reply to m1 (count 1)",
                         "reply to m2 (count 2)"]


def test_a_kernel_that_does_not_say_it_pipelines_is_passed_one_request_at_a_time():
    log = run_in_node(SERVICE_HARNESS.replace("KERNEL", KERNEL)
                .replace("SERVICE", rewrite_service(SERVICE)))
    assert log[1] == "requests at the worker: 1"


def test_each_rewrite_is_done_once_and_a_changed_script_stops_the_build(tmp_path):
    for rewrite, script in ((rewrite_service, SERVICE), (rewrite_kernel, KERNEL),
                            (rewrite_worker, WORKER)):
        once = rewrite(script)
        assert once != script and rewrite(once) == once
    with pytest.raises(BuildError, match="pipelined_kernel.py"):
        rewrite_worker(WORKER.replace("async commClose(e,t){await this.setup(t);", ""))
    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "main.js").write_text(SERVICE, encoding="utf-8")
    with pytest.raises(BuildError, match="kernel's page side as this build knows .*pipelined_kernel"):
        pipeline_kernel(tmp_path)
    extension = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    extension.mkdir(parents=True)
    (extension / "kernel.js").write_text(KERNEL + WORKER, encoding="utf-8")
    assert pipeline_kernel(tmp_path) == [extension / "kernel.js", build / "main.js"]
    assert pipeline_kernel(tmp_path) == [extension / "kernel.js", build / "main.js"]


@pytest.mark.slow
def test_the_built_sites_kernel_is_pipelined(site):
    root = Path(site.root)
    scripts = [*(root / "voici" / "build").glob("*.js"), *(
        root / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static").glob("*.js")]
    texts = {path.name: path.read_text(encoding="utf-8") for path in scripts}
    found = {kind: sum(text.count(mark) for text in texts.values())
             for kind, mark in MARKS.items()}
    assert found["service"] == 1 and found["kernel"] == 1
    assert found["worker"] >= 2  # the worker's two scripts (with and without shared memory)


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
