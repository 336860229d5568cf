"""Re-run lesson notebooks and store only the outputs nbval checks.

    .venv/bin/python tools/refresh_lessons.py [lessons/05_building.ipynb ...]

Cells marked `# NBVAL_CHECK_OUTPUT` keep the output of a fresh run (nbval compares it on every
test run); every other cell's output is cleared, so the files stay small and diff cleanly.
Progress is written to a temporary folder, never the user's own.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

MARK = "NBVAL_CHECK_OUTPUT"
LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if MARK not in cell.source:
            cell.outputs = []
            cell.execution_count = None  # nbval only accepts outputs on cells that ran
        cell.metadata.pop("execution", None)
    notebook.metadata.pop("widgets", None)  # widget state is rebuilt on every run
    nbformat.write(notebook, path)


def main(paths: list[str]) -> None:
    targets = [Path(p) for p in paths] or sorted(LESSONS.glob("*.ipynb"))
    with tempfile.TemporaryDirectory() as data:
        os.environ["CASSINO_LEARN_DATA"] = data
        for path in targets:
            refresh(path)
            print(f"refreshed {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
