"""Python bytecode for the browser, made at build time: Pyodide's standard library and the wheels
come as sources, which the browser's Python would compile on every page load (most of a
lesson's start-up). The build compiles them once with Pyodide's own Python under Node.js
(`compile_in_pyodide.py`), and caches the results by the archives' hashes."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .pins import PYODIDE_VERSION
from .steps import BuildError, Reporter, cache_dir, run, sha256

__all__ = ["Archive", "precompile"]

COMPILER = Path(__file__).with_name("compile_in_pyodide.py")
#: Starts Pyodide under Node.js with a host folder mounted at /job and runs COMPILER there.
DRIVER = Path(__file__).with_name("compile_in_pyodide.js")


@dataclass(frozen=True)
class Archive:
    """A zip of Python modules to compile: `keep_source` keeps each module's source beside its
    bytecode (for readable tracebacks); `prefix` is where the browser unpacks it (the file
    names tracebacks show); files whose names contain one of `drop` are left out."""

    path: Path
    keep_source: bool
    prefix: str
    drop: tuple[str, ...] = ()


def _cached(archive: Archive, folder: Path) -> Path:
    options = json.dumps([archive.keep_source, archive.prefix, archive.drop]).encode()
    key = sha256(archive.path)[:16] + "-" + hashlib.sha256(options).hexdigest()[:8]
    return folder / f"{key}-{archive.path.name}"


def precompile(archives: list[Archive], runtime: Path, report: Reporter) -> None:
    """Replace each archive in place by its compiled version (from the cache when it has it);
    `runtime` is the unpacked npm package `pyodide`."""
    if shutil.which("node") is None:
        raise BuildError("compiling the browser's Python modules needs Node.js, which is not "
                         "installed (on Debian: apt-get install nodejs)")
    folder = cache_dir() / f"bytecode-{PYODIDE_VERSION}-{sha256(COMPILER)[:8]}"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [a for a in archives if not _cached(a, folder).exists()]
    if missing:
        report(f"bytecode: compiling {len(missing)} archives with Pyodide's Python "
               "(cached afterwards)")
        with tempfile.TemporaryDirectory(prefix="cassino-bytecode-") as temp:
            job = Path(temp)
            jobs = []
            for number, archive in enumerate(missing):
                shutil.copy2(archive.path, job / f"{number}.in")
                jobs.append({"source": f"/job/{number}.in", "target": f"/job/{number}.out",
                             "keep_source": archive.keep_source, "prefix": archive.prefix,
                             "drop": list(archive.drop)})
            (job / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
            shutil.copyfile(DRIVER, job / "driver.js")
            run(["node", job / "driver.js", runtime / "pyodide.js", job, COMPILER],
                "compiling Python to bytecode", report)
            for number, archive in enumerate(missing):
                shutil.move(job / f"{number}.out", _cached(archive, folder))
    for archive in archives:
        shutil.copyfile(_cached(archive, folder), archive.path)
