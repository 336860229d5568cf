"""Reading and making wheels for Pyodide's lock: their top-level modules, their dependencies,
and an empty placeholder wheel."""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from email.parser import Parser
from pathlib import Path

__all__ = ["normalize", "wheel_metadata", "top_level_modules", "requirement_names",
           "placeholder_wheel"]


def normalize(name: str) -> str:
    """A distribution name as the packaging standards compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_metadata(wheel: Path) -> dict[str, list[str]]:
    """The METADATA headers of a wheel, each name with all its values."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist()
                    if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(archive.read(name).decode("utf-8"))
    headers: dict[str, list[str]] = {}
    for key, value in message.items():
        headers.setdefault(key.lower(), []).append(value)
    return headers


def top_level_modules(wheel: Path) -> list[str]:
    """The importable names a wheel installs (what Pyodide matches an import against)."""
    modules = set()
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            first, _, rest = name.partition("/")
            if first.endswith((".dist-info", ".data")):
                continue
            if rest and first.isidentifier():
                modules.add(first)
            elif not rest and first.endswith((".py", ".pyc")) \
                    and first.rsplit(".", 1)[0].isidentifier():  # a module, or its bytecode
                modules.add(first.rsplit(".", 1)[0])
    return sorted(modules)


def requirement_names(wheel: Path) -> list[str]:
    """The distributions a wheel requires unconditionally (extras and markers left out)."""
    names = []
    for requirement in wheel_metadata(wheel).get("requires-dist", []):
        if ";" in requirement and "extra" in requirement.split(";", 1)[1]:
            continue
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
        if match:
            names.append(normalize(match.group(1)))
    return names


def placeholder_wheel(folder: Path, name: str, version: str) -> Path:
    """An installable wheel named `name` holding no module at all."""
    dist_info = f"{name}-{version}.dist-info"
    files = {
        f"{dist_info}/METADATA": (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                  "Summary: placeholder: this module is not in the static "
                                  "edition of cassino-learn\n"),
        f"{dist_info}/WHEEL": ("Wheel-Version: 1.0\nGenerator: cassino-learn\n"
                               "Root-Is-Purelib: true\nTag: py3-none-any\n"),
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = "\n".join(record) + "\n"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            # A fixed date keeps the file, and so the lock's hash, the same on every build.
            archive.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), text)
    return wheel
