"""No module reads an error's or a verdict's words back: callers read the fields the errors
(core/errors.py, BankError, StageError, the progress warnings) and verdicts (`Verdict`,
`Miss`) carry. Read from every module's syntax tree:

- inside `except ... as error:`, the error's text (`str(error)`, `f"{error}"`, `error.args`,
  `error.reason`, `error.message`, or a name given one of them) is never cut, searched or
  rewritten: no `removeprefix`, `split`, `partition`, `replace`, `find`, ... and no `re.` call;
- anywhere, a message, reason or verdict (a name or attribute so called, or a caught warning's
  `.message`) is never searched or rewritten with `re.`, cut with those methods, or told
  apart from others by comparing it with literal words.

`Verdict` alone reads its own words (`ALLOWED`): the rule ids its message cites inline.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cassino_learn

PACKAGE = Path(cassino_learn.__file__).parent
SURGERY = {"removeprefix", "removesuffix", "split", "rsplit", "partition", "rpartition",
           "replace", "find", "rfind", "index", "rindex", "strip", "lstrip", "rstrip"}
TEXT_FIELDS = {"args", "reason", "message", "what", "msg"}
VERDICT_NAMES = {"message", "reason", "verdict", "sentence"}


def _mentions(node: ast.AST, names: set[str]) -> bool:
    """Whether `node` is (or builds text from) one of `names`: the name, `str(name)`,
    `name.args`, an f-string holding it, or a text field of it."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and inner.id in names:
            return True
    return False


def _is_re_call(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) \
        and call.func.value.id == "re"


def _surgery_on(call: ast.Call) -> ast.AST | None:
    """The text a string method cuts or rewrites, or None."""
    if isinstance(call.func, ast.Attribute) and call.func.attr in SURGERY:
        return call.func.value
    return None


def _handler_findings(handler: ast.ExceptHandler) -> list[int]:
    tainted = {handler.name} if handler.name else set()
    if not tainted:
        return []
    found = []
    for node in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
        if isinstance(node, ast.Assign) and _mentions(node.value, tainted):
            tainted |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    for node in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
        if not isinstance(node, ast.Call):
            continue
        cut = _surgery_on(node)
        if cut is not None and _mentions(cut, tainted):
            found.append(node.lineno)
        elif _is_re_call(node) and any(_mentions(arg, tainted) for arg in node.args):
            found.append(node.lineno)
    return found


def _words(node: ast.AST) -> bool:
    """Literal text, or a tuple, list or set of it."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_words(item) for item in node.elts)
    return False


def _text_like(node: ast.AST) -> bool:
    """A message, a reason or a verdict: by its name, or a caught warning's `.message`."""
    if isinstance(node, ast.Name):
        return node.id in VERDICT_NAMES or node.id.endswith("_message")
    if isinstance(node, ast.Attribute):
        return node.attr in VERDICT_NAMES or _text_like(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
        return any(_text_like(arg) for arg in node.args)
    return False


def _scope_findings(scope: ast.AST) -> list[int]:
    # a name the scope gives a message, a reason or a verdict's words is one too
    # ("text = verdict.message")
    named = {target.id for node in ast.walk(scope) if isinstance(node, ast.Assign)
             and _text_like(node.value) for target in node.targets
             if isinstance(target, ast.Name)}

    def text_like(node: ast.AST) -> bool:
        return _text_like(node) or (isinstance(node, ast.Name) and node.id in named)

    found: list[int] = []
    for node in ast.walk(scope):
        if isinstance(node, ast.ExceptHandler):
            found += _handler_findings(node)
        elif isinstance(node, ast.Compare) and _text_like(node.left) and any(
                _words(c) for c in node.comparators):
            found.append(node.lineno)  # a verdict told apart by its words
        elif isinstance(node, ast.Call):
            cut = _surgery_on(node)
            if cut is not None and text_like(cut):
                found.append(node.lineno)
            elif _is_re_call(node) and any(text_like(arg) for arg in node.args):
                found.append(node.lineno)
    return found


def findings(source: str, allowed: tuple[str, ...] = ()) -> list[int]:
    """The lines of `source` where an error's or a verdict's words are read back, but for the
    classes named in `allowed`."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in allowed:
            node.body = [ast.Pass()]
    module_level = ast.Module(body=[n for n in tree.body if not isinstance(
        n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))], type_ignores=[])
    scopes: list[ast.AST] = [module_level]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scopes.append(node)
    return sorted({line for scope in scopes for line in _scope_findings(scope)})


# The one place a verdict's words are read: `Verdict` finds the rule its message cites inline
# ("... (K1)", as lessons and facts write them), so that widgets cite it once.
ALLOWED = {"teaching/judged.py": ("Verdict",)}


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "static" not in p.relative_to(PACKAGE).parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_reads_an_error_or_a_verdict_back(path: Path) -> None:
    name = path.relative_to(PACKAGE).as_posix()
    lines = findings(path.read_text(encoding="utf-8"), ALLOWED.get(name, ()))
    assert not lines, (f"{path.relative_to(PACKAGE)} reads an error's or a verdict's words back "
                       f"at line(s) {lines}: give the error or verdict a field and read that")


@pytest.mark.parametrize("source", [
    # the kinds of reading back this change removed
    "try:\n    f()\nexcept ValueError as error:\n    g(str(error).removeprefix('rules: '))\n",
    "try:\n    f()\nexcept ValueError as error:\n    said = str(error)\n    g(said.split(': ', 1))\n",
    "try:\n    f()\nexcept ValueError as error:\n    g(re.sub('x', 'y', f'{error}'))\n",
    "text = re.sub(r'; you can take \\d+', '', verdict.message)\n",
    "text = verdict.message\ntext = re.sub(r'; you can take \\d+', '', text)\n",
    "said = sentence.split(': ', 1)[1]\n",
    "if re.search(rule, message):\n    pass\n",
    "reason = str(problems[0].message)\nreason = reason[reason.find('(') + 1:]\n",
    "if verdict.message in ('Choose a number.', 'Give a number.'):\n    pass\n",
])
def test_the_check_sees_reading_back(source: str) -> None:
    assert findings(source)


@pytest.mark.parametrize("source", [
    "try:\n    f()\nexcept ValueError as error:\n    raise Other(f'{where}: {error}') from None\n",
    "try:\n    f()\nexcept RulesError as error:\n    g(error.what)\n",
    "words = action.strip().lower().removeprefix('try ').split()\n",
])
def test_the_check_lets_fields_and_other_text_be(source: str) -> None:
    assert not findings(source)
