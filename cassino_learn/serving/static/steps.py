"""Small helpers shared by the build steps: the cache folder, progress messages, commands."""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import Callable, Sequence

__all__ = ["BuildError", "Reporter", "cache_dir", "npm_package", "run", "sha256"]

Reporter = Callable[[str], None]


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


def cache_dir() -> Path:
    """Where downloads and the build tools are kept between builds
    ($CASSINO_LEARN_CACHE, else $XDG_CACHE_HOME/cassino-learn, else ~/.cache/cassino-learn)."""
    override = os.environ.get("CASSINO_LEARN_CACHE")
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cassino-learn"


def print_reporter(message: str) -> None:
    print(f"build-static: {message}", file=sys.stderr, flush=True)


def run(command: Sequence[str | Path], step: str, report: Reporter, *,
        cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """Run a command of a build step; its output is returned, and shown only if it fails."""
    started = time.monotonic()
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        tail = "\n".join(result.stdout.splitlines()[-30:])
        raise BuildError(f"{step} failed (exit {result.returncode}): "
                         f"{shlex.join(str(c) for c in command)}\n{tail}")
    seconds = time.monotonic() - started
    if seconds > 5:
        report(f"{step}: done in {seconds:.0f} s")
    return result.stdout


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def npm_package(package: str, version: str, marker: str, what: str, report: Reporter,
                size: str = "") -> Path:
    """The npm package `package@version`, unpacked into the cache (fetched with `npm pack` the
    first time); `marker`, a file inside it, shows an earlier unpacking finished."""
    home = cache_dir() / f"{package.rsplit('/', 1)[-1]}-{version}"
    unpacked = home / "package"
    if (unpacked / marker).exists():
        return unpacked
    if shutil.which("npm") is None:
        raise BuildError(f"{what} comes from the npm package '{package}', but npm is not "
                         "installed (on Debian: apt-get install npm)")
    home.mkdir(parents=True, exist_ok=True)
    report(f"{what} {version}: fetching it (npm package{', ' + size if size else ''})")
    for stale in home.glob("*.tgz"):  # left by an interrupted fetch
        stale.unlink()
    run(["npm", "pack", "--silent", f"{package}@{version}"], f"fetching {what}", report,
        cwd=home)
    tarball = next(home.glob("*.tgz"))
    with tarfile.open(tarball) as archive:
        archive.extractall(home, filter="data")
    tarball.unlink()
    return unpacked
