"""The site's Voici sends a page's code cells to the kernel all at once.

Voici (pinned in build-requirements.txt) runs a page's cells one at a time: it sends a cell,
waits for the kernel's reply, puts the output on the page, and only then sends the next. In
the browser every cell then costs a round trip between the page and the kernel's worker
(about 10 ms), a tenth of a second over a lesson's cells, all of it before the page is ready.

The build rewrites that loop in Voici's page script: every code cell is sent first, then each
output is put in its cell's place as its reply comes, in the page's order. The kernel runs the
cells one after another in the same order, as before.

One more rewrite keeps a failed cell from stopping the rest. Voici asks the kernel not to stop
on an error (`stop_on_error` false), but JupyterLite's kernel service drops every request
waiting behind a failed one, as if each had asked to stop, and never answers them: a page
whose cells were all sent would wait for ever. In the site's copy it drops nothing; a page has
no other requests to run.

    rewritten = send_cells_at_once(output)   # the files of voici/build it rewrote
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from .steps import BuildError

__all__ = ["FUNCTION", "MARK", "KEEP_MARK", "send_cells_at_once", "rewrite_loop",
           "keep_after_error"]

#: The loop the site's Voici runs instead (`voici-cells.js`): a template of the names Voici's
#: minified loop uses, and of its own code that makes and places a cell's output.
LOOP = Template(Path(__file__).with_name("voici-cells.js").read_text(encoding="utf-8"))
#: Its first line, left in a rewritten script, so the build rewrites it once and a test can
#: find it.
MARK = LOOP.template.splitlines()[0]
#: Voici's function that runs a page's cells (minified: the names inside it vary by file).
FUNCTION = "executeCells=async function"
#: Its loop: per cell, the loading text, markdown skipped, an output area and the request
#: (`send`), a wait for the reply, then the output put in the page (`place`).
_LOOP = re.compile(
    r'for\(let e=0;e<(?P<count>\w+);e\+\+\)\{'
    r'const (?P<cell>\w+)=(?P<source>\w+)\.cells\.get\(e\);'
    r'if\(window\.update_loading_text\(e\+1,(?P=count),null\),"code"!==(?P=cell)\.type\)continue;'
    r'(?P<send>[^;]*?;let p;p=[^;]*?,p\.future=\w+\.requestExecute\(\{code:(?P=cell)\.sharedModel'
    r'\.getSource\(\)\}\)),await p\.future\.done;'
    r'(?P<place>.*?)\}\}(?=window\.display_cells\(\))',
    re.S)
#: Left where the kernel service would drop the requests behind a failed cell.
KEEP_MARK = "/*cassino-learn: a failed cell stops nothing*/"
#: JupyterLite's kernel service, as it passes an execute reply on: an error cancels the queue.
_CANCEL_ON_ERROR = re.compile(
    r'"error"===(?P<reply>\w+)\.content\.status&&"interrupt"!==(?P=reply)\.metadata\.cause&&'
    r'\(this\._cancelReason\.set\(\w+,"error"\),\w+\.cancel\(\)\)')


def rewrite_loop(script: str) -> str:
    """`script` with Voici's cell loop sending every cell before waiting for any reply."""
    if MARK in script:
        return script
    match = _LOOP.search(script)
    if match is None:
        raise BuildError("Voici's loop over a page's cells is not the one this build knows "
                         "(voici 0.10.0): see cassino_learn/serving/static/voici_cells.py")
    loop = LOOP.substitute(match.groupdict())
    return script[:match.start()] + loop + script[match.end():]


def keep_after_error(script: str) -> str:
    """`script` with JupyterLite's kernel service no longer dropping the requests waiting
    behind a failed cell (unchanged if it has no such service)."""
    if KEEP_MARK in script:
        return script
    return _CANCEL_ON_ERROR.sub(lambda match: f"{KEEP_MARK}!1&&{match[0]}", script)


def send_cells_at_once(output: Path) -> list[Path]:
    """Rewrite the built site's Voici scripts that run cells and its kernel service; the files
    rewritten."""
    build = output / "voici" / "build"
    loops, services = [], []
    for script in sorted(build.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        new = keep_after_error(text)
        if KEEP_MARK in new:
            services.append(script)
        if FUNCTION in text:
            try:
                new = rewrite_loop(new)
            except BuildError as error:
                raise BuildError(f"{script}: {error}") from None
            loops.append(script)
        if new != text:
            script.write_text(new, encoding="utf-8")
    if not loops:
        raise BuildError(f"no script in {build} runs a page's cells ({FUNCTION}): Voici's front "
                         "end has changed (see cassino_learn/serving/static/voici_cells.py)")
    if not services:
        raise BuildError(f"no script in {build} has JupyterLite's kernel service as this build "
                         "knows it (see cassino_learn/serving/static/voici_cells.py)")
    return sorted({*loops, *services})
