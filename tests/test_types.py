"""The type checker's verdict on the package: the rules core and the game layer are checked with
`mypy --strict`, the whole package without `--strict` (pyproject.toml's `[tool.mypy]` names the
packages that ship no types).

A layer joins the strict list once it passes (docs/layout.md, "Checks")."""

import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cassino_learn"
STRICT = ["core", "game"]


@pytest.mark.parametrize("layer", STRICT)
def test_layer_passes_mypy_strict(layer: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(PACKAGE / layer)],
        capture_output=True, text=True, cwd=PACKAGE.parent)
    assert run.returncode == 0, f"mypy --strict {layer}:\n{run.stdout}{run.stderr}"


def test_the_whole_package_passes_mypy() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", str(PACKAGE)],
        capture_output=True, text=True, cwd=PACKAGE.parent)
    assert run.returncode == 0, f"mypy cassino_learn:\n{run.stdout}{run.stderr}"
