"""The static edition a class's server hands out: found (a folder given), or built once into the
cache for this copy of cassino-learn, and its files compressed once for the network.

    site = class_site(None, report=print)      # built on first use, then reused
    gz = compressed(site, Path("static/pyodide/pyodide.asm.wasm"))   # the .gz beside it, or None

The cached build is named by a digest of what goes into it (the package, its widgets, the
lessons), so a changed checkout builds afresh and an unchanged one starts at once.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Callable

from ..files import write_atomically
from ..filelock import locked

__all__ = ["class_site", "is_site", "site_digest", "precompress", "compressed", "COMPRESSIBLE",
           "SiteError"]

#: Kinds of file worth compressing (text and WebAssembly; wheels and zips are compressed already
#: but are tried too: only a copy at least a tenth smaller is kept).
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".html", ".css", ".json", ".svg", ".map", ".txt",
                ".webmanifest", ".ttf", ".otf", ".eot", ".py", ".whl", ".zip", ".tar"}
MIN_SIZE = 1024
MIN_GAIN = 0.9
NO_GAIN = ".nogz"
KEEP_UNUSED = 14 * 24 * 3600  # seconds a cached build of another version is kept unused  # beside a file whose compressed copy was not worth keeping


class SiteError(RuntimeError):
    """No site to serve: the message says why."""


def is_site(folder: Path) -> bool:
    return (folder / "voici" / "render" / "00_index.html").is_file()


def site_digest(root: Path, lessons: Path | None = None) -> str:
    """A digest of the sources a build is made of (package, widgets, lessons)."""
    digest = hashlib.sha256()
    for part in ("cassino_learn", "widgets", "lessons", "pyproject.toml"):
        base = lessons if part == "lessons" and lessons is not None else root / part
        files = [base] if base.is_file() else sorted(
            p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and not p.name.endswith((".pyc", ".gz", NO_GAIN)) and not _server_only(root, p))
        for path in files:
            digest.update(str(path.relative_to(base.parent)).encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _server_only(root: Path, path: Path) -> bool:
    """The class server's own modules: the browser's build leaves them out."""
    if root not in path.parents:
        return False
    parts = path.relative_to(root).parts
    return parts[:2] == ("cassino_learn", "serving") and len(parts) == 3 \
        or path.name == "class-client.js"


def class_site(folder: Path | None, report: Callable[[str], None],
               lessons: Path | None = None) -> Path:
    """The site to serve: `folder` if given (it must be a build), else the cached build of this
    checkout (with the lesson notebooks of `lessons`, default the checkout's), built now if
    missing (a few minutes the first time)."""
    if folder is not None:
        folder = folder.expanduser().resolve()
        if not is_site(folder):
            raise SiteError(f"{folder} is not a build of the static edition (no "
                            "voici/render/00_index.html); build one with "
                            "`cassino-learn build-static DIR`, or leave out --site")
        return folder
    from .static import BuildError, build_site, project_root
    from .static.steps import cache_dir

    try:
        root = project_root()
    except BuildError as error:
        raise SiteError(str(error)) from None
    if lessons is not None:
        lessons = lessons.expanduser().resolve()
    target = cache_dir() / f"class-site-{site_digest(root, lessons)}"
    # Checked and built under a lock: a second server starting meanwhile waits, then finds
    # the build done, rather than building too and replacing the folder the first serves.
    with locked(target):
        if is_site(target) and (target / ".complete").exists():
            report(f"the in-browser edition: cached in {target}")
            (target / ".complete").touch()  # in use: kept (see below)
            return target
        report(f"the in-browser edition: building it into {target} (once for this version; "
               "a few minutes)")
        temp = Path(tempfile.mkdtemp(prefix="class-site-", dir=target.parent
                                     if target.parent.exists() else None))
        try:
            build_site(temp / "site", lessons=lessons, report=report)
            if target.exists():
                shutil.rmtree(target)
            os.replace(temp / "site", target)
        except BuildError as error:
            raise SiteError(f"the in-browser edition could not be built: {error}") from None
        finally:
            shutil.rmtree(temp, ignore_errors=True)
        (target / ".complete").write_text("built\n", encoding="utf-8")
    for old in target.parent.glob("class-site-*"):  # other versions' builds, unused a while
        try:
            unused = time.time() - (old / ".complete").stat().st_mtime > KEEP_UNUSED
        except OSError:
            continue
        if old != target and unused:
            shutil.rmtree(old, ignore_errors=True)
    return target


def _gz_path(path: Path) -> Path:
    return path.with_name(path.name + ".gz")


def compressed(path: Path) -> Path | None:
    """The compressed copy of `path`, if there is one as new as the file."""
    gz = _gz_path(path)
    try:
        if gz.stat().st_mtime_ns >= path.stat().st_mtime_ns:
            return gz
    except OSError:
        pass
    return None


def precompress(site: Path, report: Callable[[str], None] = lambda _: None) -> tuple[int, int]:
    """Write a .gz copy beside every file worth it (once: a copy as new as its file is kept).
    Returns (files compressed now, files with a copy). A folder that cannot be written is
    served uncompressed."""
    made = have = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE or path.name.endswith(".gz"):
            continue
        if compressed(path) is not None:
            have += 1
            continue
        marker = path.with_name(path.name + NO_GAIN)
        try:
            size = path.stat().st_size
            if size < MIN_SIZE or (marker.exists()
                                   and marker.stat().st_mtime_ns >= path.stat().st_mtime_ns):
                continue
            data = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
            if len(data) > size * MIN_GAIN:
                marker.write_bytes(b"")
                continue
            write_atomically(_gz_path(path), data)
        except OSError as error:
            report(f"cannot write compressed files into {site} ({error}); serving it as it is")
            break
        made += 1
        have += 1
    if made:
        report(f"compressed {made} files of the site for the network (once)")
    return made, have
