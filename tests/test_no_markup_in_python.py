"""Markup lives in files (the pages' templates, stylesheets and scripts in cassino_learn/share/
and serving/static/, a widget's or a page's stylesheet beside its module) or is written by a
drawing function (`drawing.markup.element`, the sheets of `drawing/sheets.py`), not in Python
strings: no string literal of any module of the package written over more than one line of
source looks like HTML, CSS or JavaScript. A one-line fragment (one element, one script tag)
may stay, and so may a regular expression (`re.compile`'s pattern: text to be found, e.g. in a
third party's script, not markup the project writes)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cassino_learn

PACKAGE = Path(cassino_learn.__file__).resolve().parent
# Modules still holding markup in strings of several lines, with how many and why. Each count
# is exact: one more fails, and so does one fewer (lower it, or drop the line, when a string
# goes). The list only shrinks.
KNOWN: dict[str, tuple[int, str]] = {}

_TAGS = ("html|head|body|div|span|p|a|script|style|link|meta|title|main|section|article|nav|"
         "form|input|button|label|select|option|textarea|details|summary|template|fieldset|"
         "table|thead|tbody|tr|td|th|ul|ol|li|h[1-6]|img|svg|b|i|strong|em|br|hr|iframe")
_LOOKS_LIKE = {
    "HTML": re.compile(rf"<!DOCTYPE|<!--|</?(?:{_TAGS})\b|<[a-zA-Z][\w-]*\s+[\w-]+=[\"']", re.I),
    # a rule: a selector, then a block with a declaration in it
    "CSS": re.compile(r"[\w\])*-]\s*\{\s*[a-z-]+\s*:\s*[^;{}]+;"),
    "JavaScript": re.compile(r"\bfunction\s*\w*\s*\(|\b(?:var|let|const)\s+[\w{\[]+\s*=|"
                             r"\bdocument\.|\bwindow\.|\)\s*=>|\brequire\("),
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the module's, classes' and functions' docstrings (prose, not markup)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.add(id(body[0].value))
    return found


def _patterns(tree: ast.AST) -> set[int]:
    """The ids of the string literals that are `re.compile`'s pattern."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "compile" and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == "re" and node.args:
            found.add(id(node.args[0]))
    return found


def _text(node: ast.AST) -> str | None:
    """A string literal's text (an f-string's literal parts, its fields as "{}")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{}"
                       for part in node.values)
    return None


def markup_strings(source: str, name: str) -> list[str]:
    """Each string literal of `source` longer than one line that looks like markup, as
    "name:line: kind"."""
    tree = ast.parse(source, filename=name)
    skip = _docstrings(tree) | _patterns(tree)
    inner = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
             for part in node.values}
    found = []
    for node in ast.walk(tree):
        text = _text(node)
        if text is None or id(node) in skip or id(node) in inner:
            continue
        if node.end_lineno == node.lineno:  # a fragment ("\n" inside it or not)
            continue
        for kind, pattern in _LOOKS_LIKE.items():
            if pattern.search(text):
                found.append((node.lineno, f"{name}:{node.lineno}: {kind} in a string of "
                                           f"{node.end_lineno - node.lineno + 1} lines"))
                break
    return [message for _, message in sorted(found)]


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_string_longer_than_a_line_holds_markup(path: Path) -> None:
    name = str(path.relative_to(PACKAGE.parent))
    found = markup_strings(path.read_text(encoding="utf-8"), name)
    allowed, why = KNOWN.get(name, (0, ""))
    assert len(found) == allowed, (
        f"markup belongs in a template, a stylesheet file or a drawing function "
        f"(drawing.markup.element); {name} may hold {allowed} such strings ({why or 'none'}), "
        f"found {len(found)}:\n" + "\n".join(found))


def test_the_known_list_names_modules_that_exist() -> None:
    names = {str(p.relative_to(PACKAGE.parent)) for p in _modules()}
    assert set(KNOWN) <= names and all(n > 0 and why for n, why in KNOWN.values())


def test_the_check_finds_markup_and_lets_prose_and_one_line_fragments_be() -> None:
    caught = '''
PAGE = """<!DOCTYPE html>
<html><body>hi</body></html>"""
STYLE = """
.cc-bar { background: #14532e; color: #fff; }
"""
SCRIPT = r"""
(function () { document.title = 'x'; })();
"""
TAGS = (f'<script src="{base}a.js"></script>'
        f'<script src="{base}b.js"></script>')
'''
    assert [line.split(": ")[1] for line in markup_strings(caught, "x.py")] == [
        "HTML in a string of 2 lines", "CSS in a string of 3 lines",
        "JavaScript in a string of 3 lines", "HTML in a string of 2 lines"]
    assert markup_strings(caught, "x.py")[0].startswith("x.py:2:")
    allowed = r'''
"""A module about <div> elements and the page's <script>, in prose."""
ONE = f'<div class="cd-notation">{text}</div>'
HEAD = f"{mark}\n{script}\n</head>"
MESSAGE = ("the server at <data folder> could not start: "
           "see {log} (port {port}: in use)")
def f():
    """Returns <p> elements.

    function (x) { document.body } in a docstring is prose."""
LOOP = re.compile(r'for\(let e=0;e<(\w+);e\+\+\)\{'
                  r'const (\w+)=window\.x;')
'''
    assert markup_strings(allowed, "y.py") == []
