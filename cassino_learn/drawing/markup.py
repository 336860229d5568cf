"""HTML elements written by one function, and a stylesheet read from its file: what every
drawing, widget and page of the package builds its markup with, so no module holds markup in
a string of several lines (`tests/test_no_markup_in_python.py`).

    >>> element("p", "2 < 3", class_="cl-line", escape=True)
    '<p class="cl-line">2 &lt; 3</p>'
    >>> element("span", aria_label='the "ten"', role="img")
    '<span aria-label="the &quot;ten&quot;" role="img"></span>'
    >>> element("circle", cx=50, cy=27, r=21, closed=True)
    '<circle cx="50" cy="27" r="21"/>'
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

__all__ = ["element", "stylesheet"]


def element(tag: str, *inner: str, escape: bool = False, closed: bool = False,
            **attributes: object) -> str:
    """`<tag attributes>inner</tag>`: each attribute's value escaped (`class_` is `class`,
    `aria_label` is `aria-label`; None leaves it out); the inner parts are HTML already, or
    text when `escape` is set. `closed`: an SVG element with nothing inside, `<tag .../>`."""
    words = "".join(f' {_name(name)}="{html.escape(str(value))}"'
                    for name, value in attributes.items() if value is not None)
    if closed:
        return f"<{tag}{words}/>"
    body = "".join(html.escape(part) if escape else part for part in inner)
    return f"<{tag}{words}>{body}</{tag}>"


def _name(keyword: str) -> str:
    return keyword.rstrip("_").replace("_", "-")


@lru_cache(maxsize=None)
def stylesheet(module_file: str, name: str) -> str:
    """The stylesheet `name` beside the module `module_file` (its `__file__`), without its
    comments and with its spaces collapsed, as a drawing or a page carries it inline."""
    css = Path(module_file).with_name(name).read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", re.sub(r"/\*.*?\*/", "", css, flags=re.S)).strip()
