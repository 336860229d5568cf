"""One writer at a time for a file that several processes share (one learner's progress open in
two tabs, a class's roster that thirty learners join at once).

The lock is `fcntl.flock` on a lock file beside the file (`.<name>.lock`), removed again when the
lock is let go, so a data folder holds nothing but its files between writes. Where there is no
`fcntl` (the static edition in the browser, Windows) `locked` locks nothing and says so: there,
one browser is one learner and writes as it always did.
"""

from __future__ import annotations

import errno
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .browser import in_browser

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
if in_browser():  # Pyodide has the module, but its files are the browser's
    fcntl = None  # type: ignore[assignment]

#: flock's answers on a file system that cannot lock (some network mounts): write unlocked.
_CANNOT_LOCK = {errno.ENOSYS, errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL}

__all__ = ["locked", "lock_path"]


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


@contextmanager
def locked(path: Path) -> Iterator[bool]:
    """Hold the lock of `path` (its folder is made if missing). Yields True when locked, False
    on a platform or file system without file locks. Not re-entrant: a second `locked(path)`
    in the same process waits for the first, as another process would."""
    if fcntl is None:
        yield False
        return
    lock = lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = _acquire(lock)
    if fd is None:
        yield False
        return
    try:
        yield True
    finally:
        try:
            os.unlink(lock)  # before unlocking, so that no one waits on a removed file in vain
        except OSError:
            pass  # the folder was moved away (a class archived) meanwhile
        finally:
            os.close(fd)


def _acquire(lock: Path) -> int | None:
    """The locked descriptor of the lock file, or None where the file system cannot lock
    (then the lock file is removed again)."""
    assert fcntl is not None
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            # The holder before us removes the lock file as it lets go: a lock taken on a file
            # that is no longer at `lock` locks nothing, so open the path afresh and retry.
            mine = os.fstat(fd)
            try:
                there = os.stat(lock)
                same = (mine.st_ino, mine.st_dev) == (there.st_ino, there.st_dev)
            except FileNotFoundError:
                same = False
        except OSError as error:
            os.close(fd)
            if error.errno not in _CANNOT_LOCK:
                raise
            try:
                os.unlink(lock)
            except OSError:
                pass
            return None
        except BaseException:
            os.close(fd)
            raise
        if same:
            return fd
        os.close(fd)
