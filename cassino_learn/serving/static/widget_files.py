"""The widgets' modules as files of the site (`cassino_learn.ui.front_end.WIDGET_MODULES`): in
the browser each widget class sends its module's address as `_esm`, and anywidget's front end
imports it as the browser imports a module, once a visit (the site's service worker keeps the
file, for a start without a network).

    write_widget_modules(output, report)     # after Voici's build
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .steps import BuildError, Reporter

__all__ = ["WIDGET_PACKAGES", "write_widget_modules"]

#: The packages whose modules define the course's widget classes (tests/serving/static/
#: test_widget_files.py checks that no other module of cassino_learn defines one).
WIDGET_PACKAGES = ("cassino_learn.ui", "cassino_learn.pages")


def _import_widget_packages() -> None:
    for name in WIDGET_PACKAGES:
        package = importlib.import_module(name)
        for module in pkgutil.iter_modules(package.__path__, prefix=f"{name}."):
            try:
                importlib.import_module(module.name)
            except Exception as error:  # noqa: BLE001 - said with the module's name
                raise BuildError(f"the widget modules: importing {module.name} failed "
                                 f"({error!r})") from None


def write_widget_modules(output: Path, report: Reporter) -> list[Path]:
    """Write the module of every widget class of the course into `output`'s WIDGET_MODULES
    folder; returns the files written."""
    from ...ui.front_end import WIDGET_MODULES, widget_modules

    _import_widget_packages()
    folder = output / WIDGET_MODULES
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in sorted(widget_modules().items()):
        if name.startswith("cassino_learn."):  # not a class a test defined in this process
            path = folder / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
    report(f"widgets: {len(written)} modules as files of the site, imported once a visit")
    return written
