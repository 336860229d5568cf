"""Two fixes to the site's copy of ipywidgets, for the time a lesson page takes to start in the
browser. The served edition keeps ipywidgets as it is.

- **Its check for traitlets' own look at a class.** Four deprecated class properties of
  `Widget` warn unless traitlets reads them while it sets up a class, which ipywidgets tells by
  comparing the reading frame's file with `inspect.getfile(HasTraits)`. The site's packages
  come as bytecode without their sources (precompile.py), so that file ends in `.pyc` while
  the frame's ends in `.py`: every widget class, and every AnyWidget (it makes a class of its
  own for each widget), walked the stack four times to warn no one. About 0.3 ms a class
  inside Pyodide, 70 classes on a lesson's way to its first screen. The fix takes the file
  from traitlets' own code, as the frame does.
- **The CSS colour pattern compiled on first use.** `Color` checks a value against a pattern
  of every CSS colour name inside `var(...)`: 7.5 ms to compile inside Pyodide, at import,
  for a value no lesson gives. It is compiled the first time it is matched.

When ipywidgets' files are not the shape this module knows, the build stops with a message
naming this file.
"""

from __future__ import annotations

from pathlib import Path

from .steps import BuildError
from .wheel_text import rewrite_wheel

__all__ = ["MARK", "TRAIT_TYPES", "WIDGET", "fix_trait_types", "fix_widget", "fix_widgets"]

#: A comment of the rewritten lines (a built site's sources show it).
MARK = "cassino-learn: widget_fixes.py"
WIDGET = "ipywidgets/widgets/widget.py"
TRAIT_TYPES = "ipywidgets/widgets/trait_types.py"

_TRAITLETS_FILE = "TRAITLETS_FILE = inspect.getfile(HasTraits)\n"
_FROM_CODE = f"TRAITLETS_FILE = HasTraits.__init__.__code__.co_filename  # {MARK}\n"
_COLOR_VAR = "_color_var_re = re.compile(_css_var_fallback_color)\n"
_ON_FIRST_USE = f'''
class _CompiledOnFirstUse:  # {MARK}
    """A pattern compiled the first time it is matched."""

    def __init__(self, pattern):
        self.pattern = pattern
        self._compiled = None

    def match(self, string):
        if self._compiled is None:
            self._compiled = re.compile(self.pattern)
        return self._compiled.match(string)


_color_var_re = _CompiledOnFirstUse(_css_var_fallback_color)
'''


def _fail(what: str) -> BuildError:
    return BuildError(f"ipywidgets' {what} is not the one this build knows (ipywidgets 8.1): "
                      "see cassino_learn/serving/static/widget_fixes.py")


def _replace_once(text: str, old: str, new: str, name: str) -> str:
    if text.count(old) != 1:
        raise _fail(f"{name} (no line {old.strip()!r})")
    return text.replace(old, new)


def fix_widget(text: str) -> str:
    """`ipywidgets/widgets/widget.py` comparing frames with traitlets' code's own file."""
    return _replace_once(text, _TRAITLETS_FILE, _FROM_CODE, WIDGET)


def fix_trait_types(text: str) -> str:
    """`ipywidgets/widgets/trait_types.py` compiling the `var(...)` colour pattern on first
    use (the module's only use of it is `.match`)."""
    if text.count("_color_var_re.") != 1 or "_color_var_re.match(" not in text:
        raise _fail(f"{TRAIT_TYPES} (_color_var_re used otherwise than by one .match)")
    return _replace_once(text, _COLOR_VAR, _ON_FIRST_USE, TRAIT_TYPES)


def fix_widgets(wheel: Path) -> None:
    """Apply both fixes inside ipywidgets' `wheel` (once: a wheel already fixed is left)."""
    rewrite_wheel(wheel, {WIDGET: fix_widget, TRAIT_TYPES: fix_trait_types}, MARK, _fail)
