"""The static edition: the whole course as a folder of files that runs in the learner's browser
(Python compiled to WebAssembly by Pyodide, pages made by Voici), on any static web server,
with no request leaving the folder.

    build_site(Path("site"))          # what `cassino-learn build-static site` does

The steps, one module each: `tools` (the pinned build tools), `runtime` (the Pyodide folder and
its lock, with `precompile` turning its Python into bytecode and `browser_site` run as the
browser's Python starts), `site` (the Voici build), `finish` (local fonts, links between
lessons, the service worker that keeps the site's files in the browser), `widget_files` (the
widgets' modules as files of the site).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import time
from pathlib import Path

from ...filelock import locked
from .steps import BuildError, Reporter, cache_dir, print_reporter

__all__ = ["build_site", "BuildError", "has_lesson_pages", "project_root"]

#: How a lesson page's first cell starts (browser_site.PAGE_MODULES follow from it).
LESSON_PAGE_IMPORT = re.compile(r"^from cassino_learn\.pages\.lesson import ", re.M)


def project_root() -> Path:
    """The source checkout this package runs from (its wheel is built from there)."""
    root = Path(__file__).resolve().parents[3]
    if not (root / "pyproject.toml").exists() or not (root / "cassino_learn").is_dir():
        raise BuildError("build-static builds cassino-learn's wheel from its source, but this "
                         f"copy is installed without it ({root} has no pyproject.toml); run it "
                         "from a checkout (./run static)")
    return root


def has_lesson_pages(lessons: Path) -> bool:
    """Whether a notebook of `lessons` imports the lesson pages' functions in a code cell (then
    the browser's Python imports their modules as it starts)."""
    for notebook in lessons.glob("*.ipynb"):
        try:
            cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        except (ValueError, KeyError, TypeError) as error:
            raise BuildError(f"{notebook} is not a notebook that can be read ({error!r})") from None
        if any(LESSON_PAGE_IMPORT.search("".join(cell.get("source", "")))
               for cell in cells if cell.get("cell_type") == "code"):
            return True
    return False


def build_site(output: Path, lessons: Path | None = None,
               report: Reporter = print_reporter) -> Path:
    """Build the course into `output` (replaced if it holds an earlier build)."""
    from .course_pages import add_course_shell, write_lesson_cells
    from .finish import finish_site
    from .runtime import assemble_pyodide
    from .site import prepare_lite_dir, voici_build
    from .tools import build_tools
    from .widget_files import write_widget_modules

    started = time.monotonic()
    source = project_root()
    lessons = (lessons or source / "lessons").resolve()
    if not (lessons / "00_index.ipynb").exists():
        raise BuildError(f"{lessons} is not a folder of lessons (no 00_index.ipynb)")
    output = output.expanduser().resolve()
    if output.exists() and any(output.iterdir()) and not (output / "voici").is_dir():
        raise BuildError(f"{output} is not empty and is not an earlier build; choose an empty "
                         "or new folder")
    # One build at a time uses the cache (its tools, downloads and compiled files): two
    # builds at once (two class servers starting, parallel tests) would make the same folders.
    with locked(cache_dir() / "build"):
        python = build_tools(report)
        with tempfile.TemporaryDirectory(prefix="cassino-static-") as temp:
            lite_dir = Path(temp)
            shelled = add_course_shell(prepare_lite_dir(lite_dir, lessons, output))
            assemble_pyodide(lite_dir / "static" / "pyodide", source, python, report,
                             import_in_advance=has_lesson_pages(lessons))
            if output.exists():
                shutil.rmtree(output)
            voici_build(python, lite_dir, output, report)
            write_lesson_cells(python, shelled, output / "voici" / "render", report)
        write_widget_modules(output, report)
        finish_site(output, report)
        size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
        report(f"done in {time.monotonic() - started:.0f} s: {output} ({size / 1e6:.1f} MB); "
               f"serve it with any static web server, e.g. python -m http.server -d {output}")
    return output
