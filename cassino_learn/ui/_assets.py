"""Where the widgets' front-end files are: `widgets/` in a checkout (editable install) or
`cassino_learn/_widgets/` inside a wheel (pyproject force-includes it there)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def widgets_dir() -> Path:
    for candidate in (_PACKAGE / "_widgets", _PACKAGE.parent / "widgets"):
        if (candidate / "table.js").is_file():
            return candidate
    raise FileNotFoundError(
        f"the widget front end (table.js) is neither in {_PACKAGE / '_widgets'} (wheel) nor in "
        f"{_PACKAGE.parent / 'widgets'} (checkout); reinstall cassino-learn")


def asset(name: str) -> str:
    """The text of one front-end file, e.g. "table.js"."""
    return (widgets_dir() / name).read_text(encoding="utf-8")
