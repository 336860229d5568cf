"""The two ways the package keeps a file safe: `write_atomically` (a file is replaced whole or
not at all) and `set_aside` (an unreadable file is moved out of the way, never deleted)."""

from __future__ import annotations

import os
import secrets
import shutil
import time
from pathlib import Path
from typing import Sequence

__all__ = ["write_atomically", "set_aside", "CORRUPT"]

#: What a file set aside is called: `<name>.corrupt-<YYYYmmdd-HHMMSS>` beside it.
CORRUPT = "corrupt"


def write_atomically(path: Path, data: bytes | str, *, mode: int = 0o666) -> None:
    """Replace `path` with `data` (text is written as UTF-8): written to a temporary file in
    the same folder, flushed to the disk, then moved into place with os.replace, so a crash or
    a full disk never leaves half a file and a reader finds the old file or the new one. The
    temporary file is removed when anything fails. `mode`: the new file's permissions (less
    the umask, as `open` gives them); 0o600 for a file only its owner may read."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def set_aside(path: Path, *, companions: Sequence[str] = (), copy: bool = False) -> Path:
    """Move the unreadable file `path` to `<name>.corrupt-<time>` beside it (numbered -2, -3, ...
    when that name is taken) and return where it went: nothing is ever deleted, and the caller
    says so in its warning. `companions`: suffixes of files that belong to it (SQLite's "-wal"
    and "-shm"), moved along under the same name. `copy`: leave `path` in place too, for a
    caller that replaces it at once with what could be read (so that a reader never finds it
    missing). OSError when it cannot be moved or copied."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{CORRUPT}-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.{CORRUPT}-{stamp}-{number}")
    if copy:
        shutil.copyfile(path, aside)
        return aside
    for suffix in ("", *companions):
        part = Path(f"{path}{suffix}")
        if suffix == "" or part.exists():
            os.replace(part, f"{aside}{suffix}")
    return aside
