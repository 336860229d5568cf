"""The README's examples are run, so what it promises is what the code does."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run_as_shown():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 4, "the README lost its examples"
    assert result.failed == 0


def test_readme_gives_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "./run serve" in text and "./run test" in text
