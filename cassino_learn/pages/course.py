"""One Python for the whole course in the browser: the lesson pages of the in-browser edition
move from lesson to lesson inside one page, in the Python the first page started.

The static build ends every lesson page with `course_shell("<slug>")`. The page opens as before
(Voici runs the lesson's cells), then this cell shows an invisible `CourseShell` widget and an
`Output` area. From then on a click on a link to another lesson (or the browser's back and
forward buttons) stays in the page: the shell's front end (widgets/course.js) has Python read
the learner's progress file ahead (one request to the storage, answered while the page works),
fetches that lesson's cells (written by the build beside its page, `<slug>.course.json`:
markdown already turned into HTML, code as it is), puts the lesson's address in the address bar,
and sends them here; the lesson's code cells run in a namespace of their own, their outputs and
widgets drawn in the output area by the page's widget manager, and the widgets of the lesson
before are closed. A reload of the page loads the lesson in the address bar as a page of its own.

`PYTHON_ID`, made once as this Python starts, and the count of lessons shown are on the shell's
element, so a test (and a curious teacher) can see that Python was not started again.
"""

from __future__ import annotations

import ast
import secrets
import sys
import traceback
import warnings
from typing import Any

import ipywidgets
import traitlets as t

from ..drawing.markup import element
from ..ui._assets import asset
from ..ui.front_end import FrontEnd
from .read_ahead import read_progress_ahead

__all__ = ["CourseShell", "course_shell", "run_cells", "PYTHON_ID"]
# A markdown cell's output, classed as the notebook front ends class one (their look applies)
_MARKDOWN = "jp-RenderedHTMLCommon jp-RenderedMarkdown jp-MarkdownOutput"

#: This Python's identity: the same for every lesson shown until the page is reloaded.
PYTHON_ID = secrets.token_hex(8)


class CourseShell(FrontEnd):
    """The course's navigation inside one page (see the module's text)."""

    _esm = asset("course.js")
    #: The lesson shown, and how many this Python has shown (the first page's counts as one).
    slug = t.Unicode("").tag(sync=True)
    shown = t.Int(1).tag(sync=True)
    python_id = t.Unicode(PYTHON_ID).tag(sync=True)
    #: A lesson asked for that could not be shown ("" when none): the front end then loads it
    #: as a page.
    failed = t.Unicode("").tag(sync=True)

    def __init__(self, slug: str, output: ipywidgets.Output, **kwargs: Any) -> None:
        super().__init__(slug=slug, **kwargs)
        self._output = output
        self._namespace: dict[str, Any] = {}
        self.on_msg(self._handle_message)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "read-ahead":
            self.read_ahead(str(content.get("slug", "")))
            return
        if content.get("type") != "open":
            return
        lesson = content.get("lesson")
        if not (isinstance(lesson, dict) and isinstance(lesson.get("slug"), str)
                and isinstance(lesson.get("cells"), list)):
            self.failed = str(content.get("slug", "?"))
            return
        self.show_lesson(lesson)

    def read_ahead(self, slug: str) -> None:
        """Read the progress file ahead for the lesson `slug` about to be shown, as a page's
        start does (pages/read_ahead.py), and tell the front end when the answer is in: it
        sends the lesson then, and the lesson's first look at its progress takes that answer
        rather than a synchronous round trip to the storage for each step of a reading."""
        read_progress_ahead(again=True, then=lambda: self.send({"type": "read-ahead",
                                                                "slug": slug}))

    def show_lesson(self, lesson: dict[str, Any]) -> None:
        """Show `lesson` ({"slug", "cells"}) in place of the lesson shown."""
        close_widgets(keep=(self, self._output, self.layout, self._output.layout))
        self._output.clear_output()
        self._namespace = {"__name__": "__main__", "__builtins__": __builtins__}
        with self._output:
            run_cells(lesson["cells"], self._namespace)
        with self.hold_sync():
            self.failed = ""
            self.slug = lesson["slug"]
            self.shown += 1


def course_shell(slug: str) -> None:
    """The last cell of a lesson page in the browser: from here on, the lessons open in this
    page and this Python."""
    from IPython.display import display

    output = ipywidgets.Output()
    display(CourseShell(slug, output), output)


def close_widgets(keep: tuple[Any, ...]) -> None:
    """Close every widget of this Python but `keep`: the lesson shown goes, and its widgets'
    models with it, in the kernel and in the page."""
    kept = {id(widget) for widget in keep}
    with warnings.catch_warnings():  # the registry's name is deprecated, with no successor yet
        warnings.simplefilter("ignore", DeprecationWarning)
        widgets = list(ipywidgets.Widget.widgets.values())
    for widget in widgets:
        if id(widget) not in kept:
            widget.close()


def run_cells(cells: list[dict[str, str]], namespace: dict[str, Any]) -> None:
    """Show a lesson's cells in order, as a notebook page would: a markdown cell's HTML, a code
    cell run in `namespace`, its last expression shown; a cell that fails shows its error and
    the next ones run."""
    from IPython.display import display

    for cell in cells:
        if "markdown" in cell:
            # A raw bundle, not IPython's HTML(): that first asks whether its text names a file,
            # and in the browser each asking is a round trip to the storage, one a cell.
            display({"text/html": element("div", cell["markdown"], class_=_MARKDOWN)}, raw=True)
        elif "code" in cell:
            try:
                value = run_code(cell["code"], namespace)
            except Exception:  # noqa: BLE001 - the page shows it, as a notebook would
                traceback.print_exc(file=sys.stderr)
                continue
            if value is not None:
                display(value)


def run_code(source: str, namespace: dict[str, Any]) -> Any:
    """Run a cell's code in `namespace`; return the value of its last line if it is an
    expression (None otherwise)."""
    tree = ast.parse(source, filename="<cell>")
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body.pop()
    exec(compile(tree, "<cell>", "exec"), namespace)  # noqa: S102 - the course's own cells
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)  # noqa: S307
