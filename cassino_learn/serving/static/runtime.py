"""The Pyodide folder of the site: the runtime from the npm package `pyodide`, the wheels the
kernel and the lessons load (from PyPI at pinned versions, and cassino-learn's own), and a lock
file listing exactly those, so the browser fetches nothing from anywhere else."""

from __future__ import annotations

import json
import shutil
import tempfile
import zipfile
from pathlib import Path

from .pins import (BROWSER_PACKAGES, CUT_DEPENDENCIES, KERNEL_PACKAGES, NOT_SHIPPED,
                   PLACEHOLDERS, PYODIDE_VERSION)
from .precompile import Archive, precompile
from .steps import BuildError, Reporter, cache_dir, npm_package, run, sha256
from .wheels import normalize, placeholder_wheel, requirement_names, top_level_modules

__all__ = ["RUNTIME_FILES", "STARTUP", "add_startup", "assemble_pyodide", "kernel_closure",
           "startup_text"]

RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json")
#: Parts of cassino-learn's wheel that only serve pages (Voila, the static build, the app's
#: template), left out of the browser's copy.
SERVER_ONLY = ("cassino_learn/serving/", "cassino_learn/share/")
#: What wheels install for Jupyter's front end (a widget's JavaScript), which the site serves
#: already: the browser's Python would unpack it for nothing.
FRONT_END_FILES = (".data/data/share/jupyter/",)
#: Run by the browser's Python as it starts (see that module).
STARTUP = Path(__file__).with_name("browser_site.py")


def _npm_runtime(report: Reporter) -> Path:
    """The unpacked npm package `pyodide` (cached)."""
    return npm_package("pyodide", PYODIDE_VERSION, "pyodide-lock.json", "Pyodide", report,
                       size="about 5 MB")


IN_ADVANCE_LINE = "IMPORT_IN_ADVANCE = True"


def startup_text(import_in_advance: bool) -> str:
    """STARTUP's text, importing the lesson pages' modules in advance or not (see STARTUP)."""
    text = STARTUP.read_text(encoding="utf-8")
    if text.count(IN_ADVANCE_LINE) != 1:
        raise BuildError(f"{STARTUP} should set {IN_ADVANCE_LINE!r} on one line of its own")
    return text if import_in_advance else text.replace(
        IN_ADVANCE_LINE, "IMPORT_IN_ADVANCE = False  # set by the build: a site of no lessons")


def add_startup(stdlib: Path, import_in_advance: bool = True) -> None:
    """Put STARTUP into the standard library's zip as `sitecustomize`, which Python imports as
    it starts."""
    with zipfile.ZipFile(stdlib, "a", zipfile.ZIP_DEFLATED) as archive:
        if "sitecustomize.py" in archive.namelist():
            raise BuildError(f"{stdlib} already has a sitecustomize module")
        # A fixed date keeps the zip the same on every build.
        archive.writestr(zipfile.ZipInfo("sitecustomize.py", (2020, 1, 1, 0, 0, 0)),
                         startup_text(import_in_advance))


def kernel_closure(lock: dict) -> dict[str, dict]:
    """The lock's entries the kernel needs at start, by normalized name, with their
    dependencies (less those in CUT_DEPENDENCIES, and a placeholder's: it holds nothing)."""
    entries = {normalize(name): entry for name, entry in lock["packages"].items()}
    chosen: dict[str, dict] = {}
    waiting = list(KERNEL_PACKAGES)
    while waiting:
        name = normalize(waiting.pop())
        if name in chosen:
            continue
        if name not in entries:
            raise BuildError(f"Pyodide {PYODIDE_VERSION}'s lock has no package {name!r}")
        entry = dict(entries[name])
        cut = {normalize(n) for n in CUT_DEPENDENCIES.get(name, ())}
        entry["depends"] = [d for d in entry["depends"]
                            if normalize(d) not in cut and name not in PLACEHOLDERS]
        chosen[name] = entry
        waiting.extend(entry["depends"])
    return chosen


def _download(pip: list[str], wanted: dict[str, str], python: str, report: Reporter) -> Path:
    """Pure-Python wheels of `wanted` (name: version) from PyPI, cached."""
    folder = cache_dir() / "browser-wheels"
    folder.mkdir(parents=True, exist_ok=True)
    have = {normalize(p.name.split("-")[0]): p for p in folder.glob("*.whl")}
    missing = {n: v for n, v in wanted.items()
               if n not in have or f"-{v}-" not in have[n].name}
    if missing:
        report(f"browser packages: downloading {len(missing)} wheels "
               f"({', '.join(sorted(missing))})")
        run([*pip, "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--platform", "any", "--implementation", "py",
             "--python-version", python, "--dest", folder,
             *(f"{n}=={v}" for n, v in sorted(missing.items()))],
            "downloading the browser packages", report)
        have = {normalize(p.name.split("-")[0]): p for p in folder.glob("*.whl")}
    return folder


def _wheel_of(folder: Path, name: str, version: str) -> Path:
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if normalize(parts[0]) == name and parts[1] == version:
            return wheel
    raise BuildError(f"no wheel of {name} {version} in {folder}")


def _own_wheel(pip: list[str], source: Path, into: Path, report: Reporter) -> Path:
    report(f"cassino-learn: building its wheel from {source}")
    with tempfile.TemporaryDirectory(prefix="cassino-wheel-") as temp:
        run([*pip, "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--no-build-isolation", "--wheel-dir", temp, source],
            "building the cassino-learn wheel", report)
        built = next(Path(temp).glob("cassino_learn-*.whl"))
        return Path(shutil.copy2(built, into / built.name))


def kernel_wheels(tools_python: Path) -> list[Path]:
    """The wheels the Pyodide kernel ships in its front-end extension (piplite, the kernel
    itself, and stand-ins for ipykernel and widgetsnbextension)."""
    folder = (tools_python.parent.parent / "share" / "jupyter" / "labextensions" /
              "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi")
    wheels = sorted(folder.glob("*.whl"))
    if not wheels:
        raise BuildError(f"the Pyodide kernel's own wheels are missing from {folder}")
    newest: dict[str, Path] = {}
    for wheel in wheels:  # e.g. widgetsnbextension 3.6.999 and 4.0.999: keep the newer
        name = normalize(wheel.name.split("-")[0])
        if name not in newest or _version_key(wheel) > _version_key(newest[name]):
            newest[name] = wheel
    return sorted(newest.values())


def _version_key(wheel: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in wheel.name.split("-")[1].split(".") if part.isdigit())


def _entry(wheel: Path, name: str, version: str) -> dict:
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package",
            "imports": top_level_modules(wheel),
            "depends": [d for d in requirement_names(wheel) if d not in NOT_SHIPPED],
            "unvendored_tests": False}


def assemble_pyodide(target: Path, source: Path, tools_python: Path, report: Reporter,
                     import_in_advance: bool = True) -> Path:
    """Fill `target` (the site's static/pyodide folder) and return it. `import_in_advance`:
    whether the browser's Python imports the lesson pages' modules as it starts (STARTUP)."""
    runtime = _npm_runtime(report)
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, target / name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    pip = [str(tools_python), "-m", "pip"]

    kernel = kernel_closure(lock)
    from_registry = {n: e["version"] for n, e in kernel.items() if n not in PLACEHOLDERS}
    from_registry.update(BROWSER_PACKAGES)
    wheels = _download(pip, from_registry, python, report)

    placed: dict[str, Path] = {}  # name: its wheel in the site
    for name, version in sorted(from_registry.items()):
        placed[name] = Path(shutil.copy2(_wheel_of(wheels, name, version), target))
    for kernel_wheel in kernel_wheels(tools_python):
        placed[normalize(kernel_wheel.name.split("-")[0])] = Path(shutil.copy2(kernel_wheel,
                                                                               target))
    placed["cassino-learn"] = _own_wheel(pip, source, target, report)
    # Prefixes: where the browser's Python finds them (as tracebacks name their files).
    # cassino-learn keeps its sources, so a learner's traceback shows its lines, and leaves out
    # what only serves pages (the browser is served, it serves nothing).
    stdlib = target / "python_stdlib.zip"
    zipped = f"/lib/python{python.replace('.', '')}.zip/"
    site_packages = f"/lib/python{python}/site-packages/"
    precompile([Archive(stdlib, keep_source=False, prefix=zipped),
                *(Archive(wheel, keep_source=False, prefix=site_packages, drop=FRONT_END_FILES)
                  for name, wheel in placed.items() if name != "cassino-learn"),
                Archive(placed["cassino-learn"], keep_source=True, prefix=site_packages,
                        drop=SERVER_ONLY + FRONT_END_FILES)],
               runtime, report)
    add_startup(stdlib, import_in_advance)

    packages: dict[str, dict] = {}
    for name in PLACEHOLDERS:
        wheel = placeholder_wheel(target, name, kernel[name]["version"])
        packages[name] = {**_entry(wheel, name, kernel[name]["version"]), "imports": []}
    for name, wheel in placed.items():
        entry = _entry(wheel, name, wheel.name.split("-")[1])
        if name in kernel:  # keep Pyodide's own view of its packages' imports and needs
            entry.update(imports=kernel[name]["imports"],
                         depends=[normalize(d) for d in kernel[name]["depends"]])
        packages[name] = entry
    for name, entry in packages.items():
        missing = [d for d in entry["depends"] if normalize(d) not in packages]
        if missing:
            raise BuildError(f"{name} in the browser needs {', '.join(missing)}, which the "
                             "static build does not ship; add it to pins.BROWSER_PACKAGES")
    lock = {"info": lock["info"], "packages": packages}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True),
                                              encoding="utf-8")
    report(f"Pyodide: {len(packages)} packages in the lock, "
           f"{sum(p.stat().st_size for p in target.iterdir()) / 1e6:.1f} MB")
    return target
