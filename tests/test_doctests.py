"""The examples in every module's docstrings run, and say what the module does (the core's,
and every other layer's)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cassino_learn

MODULES = sorted(info.name for info in pkgutil.walk_packages(cassino_learn.__path__,
                                                             "cassino_learn.")
                 if not info.ispkg or info.name.count(".") > 1)


def test_every_module_is_found() -> None:
    assert {"cassino_learn.core.position", "cassino_learn.core.movegen",
            "cassino_learn.game.search", "cassino_learn.teaching.demonstration",
            "cassino_learn.ui.table", "cassino_learn.serving.class_server"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
