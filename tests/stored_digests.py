"""Digests kept in tests/data: one `name sha256` line each, checked by a test and written anew
only when CASSINO_UPDATE_DIGEST=1 (a change meant to change what they pin, said in the commit)."""

from __future__ import annotations

import os
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def stored(path: Path) -> dict[str, str]:
    """The digests kept in `path`, by name ({} when it does not exist yet)."""
    if not path.exists():
        return {}
    pairs = (line.split() for line in path.read_text().splitlines()
             if line.strip() and not line.startswith("#"))
    return {name: digest for name, digest in pairs}


def updating() -> bool:
    return os.environ.get("CASSINO_UPDATE_DIGEST") == "1"


def check(path: Path, name: str, digest: str, what: str, header: str) -> None:
    """Fail unless `digest` is the one kept for `name`; with CASSINO_UPDATE_DIGEST=1, keep it."""
    if updating():
        kept = stored(path)
        kept[name] = digest
        path.write_text(f"# {header}\n" + "".join(f"{k} {v}\n" for k, v in sorted(kept.items())))
    assert stored(path).get(name) == digest, (
        f"{what} changed; if that was meant, rerun with CASSINO_UPDATE_DIGEST=1 and say why in "
        f"the commit")
