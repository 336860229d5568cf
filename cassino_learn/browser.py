"""Whether this Python runs in a web browser (Pyodide: the in-browser edition), where there are
no threads and no file locks, files live in the browser's storage and the computer is several
times slower. The one place that asks; every layer may import it (it imports nothing at import
time)."""

from __future__ import annotations

import sys

__all__ = ["in_browser", "site_url"]

#: Where JupyterLite keeps the Pyodide kernel's front end, and so its worker, in a site: the
#: worker's address up to this folder is the site's.
KERNEL_FOLDER = "extensions/@jupyterlite/pyodide-kernel-extension/"


def in_browser() -> bool:
    """True in Pyodide (asked afresh each time, so a test may stand in for the browser)."""
    return sys.platform == "emscripten"


def site_url() -> str | None:
    """The address of the in-browser edition's site ("https://host/course/"), worked out from
    the address of the kernel's worker this Python runs in; None outside a browser or in a
    page not laid out as the site is."""
    if not in_browser():
        return None
    try:
        import js  # type: ignore[import-not-found]

        worker = str(js.location.href)
    except Exception:  # noqa: BLE001 - no worker location: not a site's kernel
        return None
    found = worker.find("/" + KERNEL_FOLDER)
    return worker[:found + 1] if found > 0 and worker.startswith(("http://", "https://")) \
        else None
