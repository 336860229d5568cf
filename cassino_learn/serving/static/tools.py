"""The build tools (voici, JupyterLite and its Pyodide kernel, hatchling) in a virtual
environment of their own, cached by the hash of the pin file so a second build reuses it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

from .pins import BUILD_REQUIREMENTS
from .steps import BuildError, Reporter, cache_dir, run, sha256

__all__ = ["build_tools"]


def build_tools(report: Reporter) -> Path:
    """The Python of the build tools' environment, created and filled if not cached yet."""
    key = sha256(BUILD_REQUIREMENTS)[:12]
    home = cache_dir() / f"build-tools-py{sys.version_info[0]}{sys.version_info[1]}-{key}"
    python = home / "bin" / "python"
    ready = home / ".complete"
    if ready.exists() and python.exists():
        report(f"build tools: cached in {home}")
        return python
    if home.exists():
        shutil.rmtree(home)  # a half-made environment from an interrupted build
    report(f"build tools: installing the pinned voici and JupyterLite into {home} "
           "(once; about a minute)")
    try:
        venv.EnvBuilder(with_pip=True).create(home)
    except (OSError, subprocess.CalledProcessError) as error:
        raise BuildError(f"could not create a virtual environment in {home}: {error} "
                         "(on Debian: apt-get install python3-venv)") from error
    run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--requirement", BUILD_REQUIREMENTS], "installing the build tools", report)
    ready.write_text(BUILD_REQUIREMENTS.read_text(encoding="utf-8"), encoding="utf-8")
    return python
