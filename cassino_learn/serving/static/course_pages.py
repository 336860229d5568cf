"""The lesson pages as one course in the browser (cassino_learn/pages/course.py): each lesson
page ends with the course shell's cell, and each has its cells beside it, `<slug>.course.json`,
for the shell to show it in another lesson's page without starting Python again.

    shelled = add_course_shell(lite_dir / "lessons")         # before Voici's build
    write_lesson_cells(tools_python, shelled, render_dir, report)   # after it
"""

from __future__ import annotations

import html
import json
import re
import tempfile
from pathlib import Path

from ..voila import _page_links
from .steps import BuildError, Reporter, run

__all__ = ["SHELL_CELL", "add_course_shell", "write_lesson_cells", "CELLS_SUFFIX"]

#: The page's last cell (hidden by the template, as every code cell is).
SHELL_CELL = "from cassino_learn.pages.course import course_shell\ncourse_shell({slug!r})"
CELLS_SUFFIX = ".course.json"
#: A notebook is a lesson page when a code cell imports the lesson pages' functions.
_LESSON_PAGE = re.compile(r"^from cassino_learn\.pages\.lesson import ", re.M)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)

#: Run by the build tools' Python (which has nbconvert, as Voici renders markdown cells):
#: {slug: [markdown, ...]} read from the file argv[1], the same in HTML written to argv[2].
_MARKDOWN_TO_HTML = """
import json, sys
from nbconvert.filters.markdown_mistune import markdown2html_mistune
with open(sys.argv[1], encoding="utf-8") as source:
    texts = json.load(source)
with open(sys.argv[2], "w", encoding="utf-8") as target:
    json.dump({k: [markdown2html_mistune(t) for t in v] for k, v in texts.items()}, target)
"""


def _cells(notebook: Path) -> list[dict]:
    try:
        return json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    except (ValueError, KeyError, TypeError) as error:
        raise BuildError(f"{notebook} is not a notebook that can be read ({error!r})") from None


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def add_course_shell(lessons: Path) -> dict[str, list[dict]]:
    """End each lesson page of `lessons` (notebooks, rewritten in place) with the course shell's
    cell; returns each page's cells as they were, by slug."""
    shelled: dict[str, list[dict]] = {}
    for notebook in sorted(lessons.glob("*.ipynb")):
        data = json.loads(notebook.read_text(encoding="utf-8"))
        cells = _cells(notebook)
        if not any(c.get("cell_type") == "code" and _LESSON_PAGE.search(_source(c))
                   for c in cells):
            continue
        shelled[notebook.stem] = cells
        data["cells"] = cells + [{"cell_type": "code", "execution_count": None, "metadata": {},
                                  "outputs": [],
                                  "source": SHELL_CELL.format(slug=notebook.stem)}]
        notebook.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return shelled


def write_lesson_cells(tools_python: Path, shelled: dict[str, list[dict]], render: Path,
                       report: Reporter) -> None:
    """Write `<slug>.course.json` beside each lesson's page in `render` (Voici's pages): its
    title, its place in the course, and its cells (markdown as HTML, code as it is)."""
    if not shelled:
        return
    markdown = {slug: [_source(c) for c in cells if c.get("cell_type") == "markdown"]
                for slug, cells in shelled.items()}
    with tempfile.TemporaryDirectory(prefix="cassino-markdown-") as temp:
        source, target = Path(temp) / "markdown.json", Path(temp) / "html.json"
        source.write_text(json.dumps(markdown), encoding="utf-8")
        run([tools_python, "-c", _MARKDOWN_TO_HTML, source, target],
            "turning the lessons' markdown into HTML", report)
        rendered = json.loads(target.read_text(encoding="utf-8"))
    links = _page_links()
    for slug, cells in shelled.items():
        page = render / f"{slug}.html"
        if not page.is_file():
            raise BuildError(f"Voici made no page {page} for the lesson {slug}")
        title = _TITLE.search(page.read_text(encoding="utf-8"))
        html_cells = iter(rendered[slug])
        lesson = {
            "slug": slug,
            "title": html.unescape(title.group(1).strip()) if title else slug,
            "position": links.get(slug, {}).get("position") or "",
            "cells": [{"markdown": next(html_cells)} if c.get("cell_type") == "markdown"
                      else {"code": _source(c)}
                      for c in cells if c.get("cell_type") in ("markdown", "code")],
        }
        (render / f"{slug}{CELLS_SUFFIX}").write_text(json.dumps(lesson), encoding="utf-8")
    report(f"course: {len(shelled)} lesson pages open one another in one Python")
