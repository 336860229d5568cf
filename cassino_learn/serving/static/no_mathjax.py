"""The site's Voici without the LaTeX typesetter (MathJax).

Voici starts JupyterLab's MathJax plugin on every page, and on a page with markdown (every
lesson) it loads MathJax, about 0.8 MB of scripts in eleven files, and typesets each markdown
cell: about 0.1 s of a warm lesson's start on a 2-core machine. No lesson writes TeX
(`tests/lessons/test_no_tex.py` keeps it so), and Voici, unlike JupyterLab, starts its own
plugins whatever `disabledExtensions` says. So the build takes the plugin out of the list of
plugins Voici starts, in the site's copy of its page script; markdown and HTML are then shown
as written, with no typesetting.

When Voici's scripts are not the shape this module knows, the build stops with a message naming
this file.

    changed = leave_out_mathjax(output)   # the file of voici/build it rewrote
"""

from __future__ import annotations

import re
from pathlib import Path

from .steps import BuildError

__all__ = ["MARK", "PLUGIN_PACKAGE", "leave_out_mathjax"]

PLUGIN_PACKAGE = "@jupyterlab/mathjax-extension"
#: Left where the plugin was, so that the build rewrites a script once and a test finds it.
MARK = "/*cassino-learn: no LaTeX typesetter (no_mathjax.py)*/"
#: voici.js: the module that hands out the plugin package (`ID:()=>c("default","<package>"`).
_MODULE = re.compile(r'(?P<id>\d+):\(\)=>\w+\("default","' + re.escape(PLUGIN_PACKAGE) + '"')


def _fail(what: str) -> BuildError:
    return BuildError(f"{what}: Voici's front end has changed (see "
                      "cassino_learn/serving/static/no_mathjax.py)")


def leave_out_mathjax(output: Path) -> Path:
    """Take the MathJax plugin out of the plugins the built site's Voici starts; the script
    rewritten (left as it is when it was rewritten already)."""
    build = output / "voici" / "build"
    scripts = {path: path.read_text(encoding="utf-8") for path in sorted(build.glob("*.js"))}
    done = [path for path, text in scripts.items() if MARK in text]
    if done:
        return done[0]
    main = scripts.get(build / "voici.js", "")
    modules = _MODULE.findall(main)
    if len(modules) != 1:
        raise _fail(f"{build / 'voici.js'} hands out {PLUGIN_PACKAGE} {len(modules)} times, "
                    "not once")
    # In the list of plugin modules Voici starts: `n(<id>),` between two others.
    entry = re.compile(r"(?<=\),)\w+\(" + modules[0] + r"\),(?=\w+\()")
    found = [(path, match) for path, text in scripts.items() for match in entry.finditer(text)]
    if len(found) != 1:
        raise _fail(f"{len(found)} lists of Voici's plugins name {PLUGIN_PACKAGE}, not one")
    path, match = found[0]
    text = scripts[path]
    path.write_text(text[:match.start()] + MARK + text[match.end():], encoding="utf-8")
    return path
