"""The class client (serving/static/class-client.js) run in Node.js with stand-ins for the
browser: a batch the server refuses for one event loses none of the others."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parents[2] / "cassino_learn" / "serving" / "static" / \
    "class-client.js"

STAND_INS = r"""
const fs = require("fs");
const stored = {};
global.localStorage = {getItem: k => (k in stored ? stored[k] : null),
                       setItem: (k, v) => { stored[k] = String(v); },
                       removeItem: k => { delete stored[k]; }};
global.window = global;
window.addEventListener = () => {};
global.document = {currentScript: null, getElementById: () => null, body: null,
                   addEventListener: () => {}, visibilityState: "visible"};
global.location = {pathname: "/voici/render/x.html", assign: () => {}};
let channel = null;
global.BroadcastChannel = function () { channel = this; };
const posts = [];
function answer(status, data) { return {status, ok: status < 300, json: async () => data}; }
global.fetch = async (url, options) => {
  if (url.endsWith("/me")) {
    return answer(200, {learner: {id: "0123456789abcdef", name: "Ada", code: "ABC234"},
                        xsrf: "token"});
  }
  const body = JSON.parse(options.body);
  posts.push(body.events.map(e => e.id));
  const bad = body.events.findIndex(e => e.id.startsWith("bad"));
  if (bad >= 0) {
    return answer(400, {error: "event " + bad + ": field 'at': not a time", event: bad,
                        id: body.events[bad].id});
  }
  return answer(200, {stored: body.events.length});
};
const warned = [];
console.warn = (...parts) => warned.push(parts.join(" "));
eval(fs.readFileSync(process.argv[1], "utf8"));
setTimeout(() => {
  for (const id of ["good-0001", "bad-00002", "good-0003"]) {
    channel.onmessage({data: JSON.stringify({type: "event", learner: "0123456789abcdef",
                                             event: {id, kind: "visit"}})});
  }
}, 50);
setTimeout(() => {
  console.log(JSON.stringify({posts, state: window.__cassinoClassState(), warned}));
  process.exit(0);
}, 2500);
"""


def test_one_refused_event_is_set_aside_and_the_others_are_sent():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: ./run test installs Debian's nodejs")
    finished = subprocess.run([node, "-e", STAND_INS, str(CLIENT)], capture_output=True,
                              text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr
    result = json.loads(finished.stdout)
    assert result["posts"] == [["good-0001", "bad-00002", "good-0003"],
                               ["good-0001", "good-0003"]]
    state = result["state"]
    assert state["waiting"] == 0
    assert [r["record"]["id"] for r in state["refused"]] == ["bad-00002"]
    assert "field 'at'" in state["refused"][0]["reason"]
    assert any("set aside" in line for line in result["warned"])
