"""A file is replaced whole or not at all, and an unreadable file is set aside, never lost."""

from __future__ import annotations

import os
import stat

import pytest

from cassino_learn import files
from cassino_learn.files import set_aside, write_atomically


def test_a_write_replaces_the_file_whole_and_leaves_nothing_beside_it(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("old")
    write_atomically(path, "new ✓")
    assert path.read_text(encoding="utf-8") == "new ✓"
    write_atomically(path, b"\x00bytes")
    assert path.read_bytes() == b"\x00bytes"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    path.write_text("old")

    def no_room(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", no_room)
    with pytest.raises(OSError, match="No space"):
        write_atomically(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_private_file_is_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "secret"
    write_atomically(path, "s3cret\n", mode=0o600)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_an_unreadable_file_is_moved_aside_with_its_content(tmp_path):
    path = tmp_path / "progress.json"
    path.write_bytes(b"{not json")
    first = set_aside(path)
    assert not path.exists()
    assert first.parent == tmp_path and first.name.startswith("progress.json.corrupt-")
    assert first.read_bytes() == b"{not json"
    path.write_bytes(b"again")  # a second one in the same second is numbered, not lost
    second = set_aside(path)
    assert second != first and first.read_bytes() == b"{not json"
    assert second.read_bytes() == b"again"


def test_the_files_that_belong_to_it_go_along(tmp_path):
    path = tmp_path / "class.sqlite3"
    path.write_bytes(b"db")
    (tmp_path / "class.sqlite3-wal").write_bytes(b"wal")
    aside = set_aside(path, companions=("-wal", "-shm"))
    assert sorted(p.name for p in tmp_path.iterdir()) == [aside.name, f"{aside.name}-wal"]
    assert (tmp_path / f"{aside.name}-wal").read_bytes() == b"wal"


def test_a_copy_aside_leaves_the_file_in_place(tmp_path):
    path = tmp_path / "roster.jsonl"
    path.write_bytes(b"line\n{broken")
    aside = set_aside(path, copy=True)
    assert path.read_bytes() == aside.read_bytes() == b"line\n{broken"


def test_a_file_that_cannot_be_moved_is_an_oserror(tmp_path):
    with pytest.raises(OSError):
        set_aside(tmp_path / "missing.json")
