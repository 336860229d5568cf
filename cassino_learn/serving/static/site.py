"""Run the Voici (JupyterLite) build of the course: the lessons' notebooks, the app's Voila
template, the Pyodide folder, and settings that keep every request inside the site."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from ...teaching import catalog
from ..voila import TEMPLATE, data_dir, voila_settings
from .pins import PRELOADED
from .steps import Reporter, run

__all__ = ["KERNEL_PLUGIN", "lite_settings", "prepare_lite_dir", "voici_build"]

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: JupyterLite apps the course does not use; leaving them out keeps the site small.
APPS = ("voici",)


def lite_settings() -> dict:
    """jupyter-lite.json of the site: the Pyodide kernel loads packages only from the site."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": catalog.INDEX.title,
            # The service worker keeps what a page loaded (the Python runtime above all) and
            # answers from its cache the next time, whichever lesson asks.
            "enableServiceWorkerCache": True,
            "litePluginSettings": {
                KERNEL_PLUGIN: {"disablePyPIFallback": True,
                                "loadPyodideOptions": {"packages": list(PRELOADED)}},
            },
        },
    }


def build_settings(lessons: Path, output: Path) -> dict:
    """jupyter_lite_config.json: what the build reads, and the app's Voila settings."""
    voila = voila_settings(preheat=False)["VoilaConfiguration"]
    return {
        "LiteBuildConfig": {
            "apps": list(APPS),
            "contents": [str(lessons)],
            "output_dir": str(output),
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "ignore_sys_prefix": False,
        },
        "VoilaConfiguration": {key: voila[key] for key in
                               ("template", "theme", "show_tracebacks", "resources")},
    }


def prepare_lite_dir(lite_dir: Path, lessons: Path, output: Path) -> Path:
    """A JupyterLite working folder holding only the lesson notebooks and the settings."""
    contents = lite_dir / "lessons"
    contents.mkdir(parents=True)
    for notebook in sorted(lessons.glob("*.ipynb")):
        shutil.copy2(notebook, contents / notebook.name)
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_settings(), indent=1),
                                                encoding="utf-8")
    (lite_dir / "jupyter_lite_config.json").write_text(
        json.dumps(build_settings(contents, output), indent=1), encoding="utf-8")
    return contents


def voici_build(tools_python: Path, lite_dir: Path, output: Path, report: Reporter) -> None:
    """`voici build` in `lite_dir` into `output` with the app's template."""
    voici = tools_python.parent / "voici"
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(data_dir()), env.get("JUPYTER_PATH", "")) if p)
    # Only the build tools' own Jupyter files (front-end extensions), not this machine's.
    env.pop("JUPYTER_CONFIG_DIR", None)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    report(f"voici: building the pages of {len(list((lite_dir / 'lessons').glob('*.ipynb')))} "
           "notebooks (about a minute)")
    run([voici, "build", "--lite-dir", lite_dir, "--output-dir", output,
         "--template", TEMPLATE], "voici build", report, cwd=lite_dir, env=env)
