"""Text files rewritten inside a wheel of the site (cassino_learn/serving/static/wheel_text.py):
once, the wheel's other files as they were, and a wheel without a file to rewrite refused."""

from __future__ import annotations

import zipfile

import pytest

from cassino_learn.serving.static.steps import BuildError
from cassino_learn.serving.static.wheel_text import rewrite_wheel

MARK = "# rewritten"


def _shout(text: str) -> str:
    return text.upper() + MARK + "\n"


def test_a_wheel_is_rewritten_once_and_keeps_its_other_files(tmp_path):
    files = {"pkg/a.py": "x = 1\n", "pkg/b.py": "y = 2\n", "pkg-1.0.dist-info/METADATA": "Name: pkg\n"}
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    rewrite_wheel(wheel, {"pkg/a.py": _shout, "pkg/b.py": _shout}, MARK, BuildError)
    first = wheel.read_bytes()
    rewrite_wheel(wheel, {"pkg/a.py": _shout, "pkg/b.py": _shout}, MARK, BuildError)
    assert wheel.read_bytes() == first
    with zipfile.ZipFile(wheel) as archive:
        assert archive.namelist() == list(files)
        assert archive.read("pkg/a.py").decode() == "X = 1\n" + MARK + "\n"
        assert archive.read("pkg-1.0.dist-info/METADATA") == b"Name: pkg\n"
    with pytest.raises(BuildError, match="no pkg/c.py"):
        rewrite_wheel(wheel, {"pkg/c.py": _shout}, MARK, BuildError)
