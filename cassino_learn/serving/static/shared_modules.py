"""anywidget's front end imports a widget's module once per page, not once per widget, and
leaves a widget's stylesheet alone when it is already in the page.

The course's widgets (the card table, the stage panels, the on-demand buttons) give their
module as text. anywidget turns that text into a new blob address and imports it for every
widget it opens, so a lesson with four on-demand buttons and a stage runner compiled the same
few modules seven times while the page opened (about 20 ms of the page's own work, measured in
docs/benchmarks.md). A module given by address is imported once by the browser and shared; the
rewrite gives a module given as text the same treatment, keyed by its text (a changed module
is a new one). The modules keep no state of their own: each widget's lives in its `render`.

Each widget also put its class's stylesheet into the page again, the same text in the same
`<style>` element: the page then recomputed the style of the whole lesson once per widget. The
rewrite replaces the text only when it differs.

When the front end's script is not the shape this module knows, the build stops with a message
naming this file.

    rewritten = share_widget_modules(output)   # the script it rewrote
"""

from __future__ import annotations

from pathlib import Path

from .steps import BuildError

__all__ = ["MARK", "rewrite_front_end", "share_widget_modules"]

PIECE = Path(__file__).with_name("shared-modules.js").read_text(encoding="utf-8")
#: What the rewritten script holds (the piece's first line), so the build rewrites it once.
MARK = PIECE.splitlines()[0]
#: The function anywidget 0.11's front end imports a widget's module with, and the test for an
#: address it uses (both names the piece relies on).
_LOAD = "function loadEsm(esm) {"
_ADDRESS = "function isHref("
#: Where it puts a stylesheet's text into the `<style>` element the page has for it already.
_RESTYLE = "prev.textContent = cssText;"
_RESTYLE_IF_NEW = "if (prev.textContent !== cssText) prev.textContent = cssText;"


def _fail(what: str) -> BuildError:
    return BuildError(f"{what} (anywidget 0.11.0's front end): see "
                      "cassino_learn/serving/static/shared_modules.py")


def rewrite_front_end(script: str) -> str:
    """anywidget's front-end script importing each module given as text once, and replacing a
    stylesheet's text only with another (unchanged if `script` is not that script, or is
    rewritten already)."""
    if MARK in script or _LOAD not in script:
        return script
    if script.count(_LOAD) != 1 or _ADDRESS not in script or script.count(_RESTYLE) != 1:
        raise _fail("the script that imports a widget's module is not the one this build knows")
    return script.replace(_LOAD, PIECE.rstrip("\n")).replace(_RESTYLE, _RESTYLE_IF_NEW)


def share_widget_modules(output: Path) -> Path:
    """Rewrite the built site's anywidget front end; the script rewritten."""
    scripts = sorted((output / "extensions" / "anywidget" / "static").glob("*.js"))
    rewritten = []
    for script in scripts:
        text = script.read_text(encoding="utf-8")
        new = rewrite_front_end(text)
        if MARK in new:
            rewritten.append(script)
        if new != text:
            script.write_text(new, encoding="utf-8")
    if len(rewritten) != 1:
        raise _fail(f"{len(rewritten)} scripts of the site import widget modules, not one")
    return rewritten[0]
