"""The site's kernel takes a page's next cell while the page is still putting the last one's
outputs in place.

The page sends all its cells at once (voici_cells.py), but JupyterLite's kernel service passed
the kernel one request at a time: the next only once the one before had been answered, and the
answer comes after the page has handled every output the cell sent before it (a lesson's
buttons and tables take the page 10 to 20 ms each). The kernel's worker sat idle meanwhile:
about 60 ms over lesson 2's ten cells, on the way to a lesson being ready.

Three rewrites of the site's scripts let the kernel run on:

- **The kernel service** (Voici's scripts) still passes requests on one at a time and in the
  order they came, but lets the next one go as soon as an execute request has been handed to
  the worker, not once it has been answered. Only a kernel that says it can (the next rewrite)
  is treated so.
- **The kernel's page side** (`PyodideKernel.executeRequest`) takes the request's parent and
  execution count before it waits for anything (the next request would otherwise replace
  them), and says when the request is on its way to the worker.
- **The kernel's worker** runs its requests one after another, each to its end, in the order
  they came: every request sets which message the outputs belong to, so two must never
  overlap. Before, the page's one-at-a-time passing made sure of that.

When a script is not the shape this module knows, the build stops with a message naming this
file.

    rewritten = pipeline_kernel(output)   # the scripts it rewrote
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from .steps import BuildError

__all__ = ["MARKS", "METHODS", "PIECES", "pipeline_kernel", "rewrite_kernel", "rewrite_service",
           "rewrite_worker"]

#: The pieces put into the scripts (`pipelined-kernel.js`), by name, as templates of the names
#: the minified code they replace uses.
PIECES = {name: Template(text.strip("\n")) for name, text in re.findall(
    r"^//== (\w+)\n(.*?)(?=^//== |\Z)",
    Path(__file__).with_name("pipelined-kernel.js").read_text(encoding="utf-8"), re.S | re.M)}
#: What each rewritten script holds (the piece's first comment), so the build rewrites it once.
MARKS = {name: f"/*cassino-learn pipelined_kernel.py: {name}*/" for name in
         ("service", "kernel", "worker")}
#: The worker's requests: each begins by setting the outputs' parent (`setup`).
METHODS = ("execute", "complete", "inspect", "isComplete", "commInfo", "commOpen", "commMsg",
           "commClose")

_SERVICE = re.compile(
    r"try\{await (?P<lock>\w+)\.runExclusive\(\(async\(\)=>\{await (?P<kernel>\w+)\.ready,"
    r"await (?P=kernel)\.handleMessage\((?P<msg>\w+)\)\}\)\)\}catch")
_EXECUTE = re.compile(
    r"async executeRequest\((?P<content>\w+)\)\{await this\.ready;"
    r"const (?P<result>\w+)=await this\._remoteKernel\.execute\((?P=content),this\.parent\);"
    r"return (?P=result)\.execution_count=this\.executionCount,(?P=result)\}")
_SETUP = re.compile(r"async setup\(\w+\)\{await this\._initialized,this\._kernel\._parent_header=")
_METHOD = re.compile(r"async (?P<name>" + "|".join(METHODS) +
                     r")\((?P<a>\w+),(?P<b>\w+)\)\{await this\.setup\((?P=b)\);")


def _fail(what: str) -> BuildError:
    return BuildError(f"{what} is not the one this build knows (jupyterlite-core 0.7.6, "
                      "jupyterlite-pyodide-kernel 0.7.0, voici 0.10.0): see "
                      "cassino_learn/serving/static/pipelined_kernel.py")


def rewrite_service(script: str) -> str:
    """JupyterLite's kernel service letting the next request go once an execute request has
    been handed to a kernel that pipelines (unchanged if `script` has no kernel service)."""
    if MARKS["service"] in script:
        return script
    return _SERVICE.sub(lambda match: PIECES["service"].substitute(match.groupdict()), script)


def rewrite_kernel(script: str) -> str:
    """PyodideKernel's `executeRequest` taking its parent at once and saying when the request
    is on its way (unchanged if `script` has none)."""
    if MARKS["kernel"] in script:
        return script
    return _EXECUTE.sub(lambda match: PIECES["kernel"].substitute(match.groupdict()), script)


def rewrite_worker(script: str) -> str:
    """The kernel's worker class running its requests one after another (unchanged if
    `script` has none)."""
    if MARKS["worker"] in script:
        return script
    classes = len(_SETUP.findall(script))
    methods = len(_METHOD.findall(script))
    if classes == 0:
        return script
    if methods != classes * len(METHODS):
        raise _fail(f"the kernel's worker ({methods} requests in {classes} classes)")
    script = _SETUP.sub(lambda match: PIECES["worker"].template + match[0], script)
    return _METHOD.sub(lambda match: PIECES["request"].substitute(match.groupdict()), script)


#: Each rewrite, by what it rewrites.
_KINDS = {"service": rewrite_service, "kernel": rewrite_kernel, "worker": rewrite_worker}
_WHAT = {"service": "JupyterLite's kernel service", "kernel": "the Pyodide kernel's page side",
         "worker": "the Pyodide kernel's worker"}


def pipeline_kernel(output: Path) -> list[Path]:
    """Rewrite the built site's kernel service, kernel and worker scripts; the files
    rewritten (each kind must be found once at least)."""
    scripts = sorted((output / "voici" / "build").glob("*.js")) + sorted(
        (output / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static")
        .glob("*.js"))
    found: dict[str, list[Path]] = {kind: [] for kind in _KINDS}
    for script in scripts:
        text = script.read_text(encoding="utf-8")
        new = text
        for kind, rewrite in _KINDS.items():
            try:
                new = rewrite(new)
            except BuildError as error:
                raise BuildError(f"{script}: {error}") from None
            if MARKS[kind] in new:
                found[kind].append(script)
        if new != text:
            script.write_text(new, encoding="utf-8")
    for kind, where in found.items():
        if not where:
            raise BuildError(f"no script of the site has {_WHAT[kind]} as this build knows "
                             "it: see cassino_learn/serving/static/pipelined_kernel.py")
    return sorted({path for where in found.values() for path in where})
