"""Rewriting text files inside a wheel the build puts in the site (lazy_widgets.py,
widget_fixes.py): each file once, the wheel's other files as they are."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Callable, Mapping

from .steps import BuildError

__all__ = ["rewrite_wheel"]


def rewrite_wheel(wheel: Path, rewrites: Mapping[str, Callable[[str], str]], mark: str,
                  fail: Callable[[str], BuildError]) -> None:
    """Rewrite the files `rewrites` names inside `wheel`, each with its function. A wheel whose
    files all carry `mark` already (each function leaves it) is left as it is; a wheel without
    one of the files raises `fail(what)`."""
    with zipfile.ZipFile(wheel) as archive:
        members = {info.filename: (info, archive.read(info)) for info in archive.infolist()}
    missing = [name for name in rewrites if name not in members]
    if missing:
        raise fail(f"wheel {wheel.name} (it has no {', '.join(missing)})")
    texts = {name: members[name][1].decode("utf-8") for name in rewrites}
    if all(mark in text for text in texts.values()):
        return
    rewritten = {name: rewrite(texts[name]) for name, rewrite in rewrites.items()}
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, (info, data) in members.items():
            archive.writestr(info, rewritten[name].encode("utf-8") if name in rewritten else data)
