"""The file lock: one holder at a time, nothing left behind, and no lock where there is none."""

from __future__ import annotations

import errno
import threading

import pytest

from cassino_learn import filelock
from cassino_learn.learner import progress


def test_a_second_holder_waits_for_the_first(data):
    path = data / "file.json"
    order: list[str] = []
    entered = threading.Event()

    def second() -> None:
        entered.set()
        with filelock.locked(path):
            order.append("second")

    with filelock.locked(path) as held:
        assert held and filelock.lock_path(path).exists()
        thread = threading.Thread(target=second)
        thread.start()
        assert entered.wait(10)
        order.append("first")  # the second cannot get in while this block holds the lock
    thread.join(10)
    assert order == ["first", "second"]
    assert list(data.iterdir()) == []  # the lock file goes with the lock


def test_a_file_system_that_cannot_lock_writes_unlocked(data, monkeypatch):
    def refuse(_fd, _how):
        raise OSError(errno.ENOLCK, "no locks here")

    monkeypatch.setattr(filelock.fcntl, "flock", refuse)
    with filelock.locked(data / "file.json") as held:
        assert held is False
    progress.load().mark_done("02_pairing")
    assert progress.load().lesson("02_pairing").done
    assert sorted(p.name for p in data.iterdir()) == ["progress.json"]


def test_another_failure_to_lock_is_not_hidden(data, monkeypatch):
    def refuse(_fd, _how):
        raise OSError(errno.EIO, "disk on fire")

    monkeypatch.setattr(filelock.fcntl, "flock", refuse)
    with pytest.raises(OSError, match="disk on fire"):
        with filelock.locked(data / "file.json"):
            pass


def test_in_the_browser_nothing_is_locked(monkeypatch, data):
    monkeypatch.setattr(filelock, "fcntl", None)
    with filelock.locked(data / "file.json") as held:
        assert held is False
    assert list(data.iterdir()) == []
