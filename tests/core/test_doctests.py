"""The examples in the rules core's docstrings run, and say what the core does."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cassino_learn.core

MODULES = sorted(info.name for info in pkgutil.iter_modules(cassino_learn.core.__path__,
                                                            "cassino_learn.core."))


def test_every_core_module_is_found() -> None:
    assert {"cassino_learn.core.position", "cassino_learn.core.movegen",
            "cassino_learn.core.notation"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_core_module_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
