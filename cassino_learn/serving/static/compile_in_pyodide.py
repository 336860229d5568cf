"""Run inside Pyodide (under Node.js, by `precompile`), never imported: turns the Python sources
of zip archives (wheels, the standard library) into bytecode for the browser's Python, so it
does not compile them on every page load.

Reads /job/jobs.json, a list of {"source", "target", "keep_source", "prefix", "drop",
"dataclasses"}: each archive at `source` is written to `target` with every module also
(keep_source) or only (not keep_source) as bytecode, and without the files whose names contain
one of `drop`. With "dataclasses" (a package's name), the package's modules are imported once
here and the code `dataclasses` compiles for their classes is kept in the archive too
(DATACLASS_CODE): the browser's Python takes it rather than compiling the same texts on every
page load (`browser_site.CompiledAtBuild`).
Hash-based, unchecked bytecode (PEP 552) is valid whatever the files' dates after unpacking,
and the same bytes on every build.
"""

import base64
import hashlib
import importlib
import importlib.util
import json
import marshal
import pkgutil
import sys
import tempfile
import zipfile
from pathlib import Path

FIXED_DATE = (2020, 1, 1, 0, 0, 0)
#: Where in a package the code compiled for its dataclasses is kept (as browser_site reads it).
DATACLASS_CODE = "_dataclass_code.marshal"
MAGIC = importlib.util.MAGIC_NUMBER
UNCHECKED_HASH = 0b01  # PEP 552 flags: hash-based, source not checked


def bytecode(source: bytes, path: str) -> bytes | None:
    """The .pyc contents of a module, or None if it does not compile (then its source stays)."""
    try:
        code = compile(source, path, "exec", dont_inherit=True, optimize=0)
    except (SyntaxError, ValueError):
        return None
    return (MAGIC + UNCHECKED_HASH.to_bytes(4, "little") + importlib.util.source_hash(source)
            + marshal.dumps(code))


def pyc_name(name: str, keep_source: bool) -> str:
    """Beside its source in __pycache__, or in the source's place when the source goes."""
    if not keep_source:
        return name[:-3] + ".pyc"
    folder, _, file = name.rpartition("/")
    cached = f"__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc"
    return f"{folder}/{cached}" if folder else cached


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def dataclass_code(folder: str, package: str) -> bytes:
    """Import every module of `package` (found in `folder`) that imports here, and return the
    marshalled {text: marshalled code} of each text `dataclasses` compiled meanwhile. A module
    that does not import here (it needs a package the job lacks) is left out: its classes'
    texts are compiled in the browser as before."""
    import dataclasses

    texts: list[str] = []

    def recording(source, globals=None, locals=None):
        if isinstance(source, str):
            texts.append(source)
        return exec(source, globals, locals)

    sys.path.insert(0, folder)
    dataclasses.exec = recording
    try:
        root = importlib.import_module(package)
        for found in pkgutil.walk_packages(root.__path__, package + "."):
            try:
                importlib.import_module(found.name)
            except Exception:  # noqa: BLE001 - a module for another place (see above)
                pass
    finally:
        del dataclasses.exec
        sys.path.remove(folder)
        for name in [name for name in sys.modules if name.split(".")[0] == package]:
            del sys.modules[name]
    # each code marshalled on its own: a page unmarshals only the classes it makes
    return marshal.dumps({text: marshal.dumps(compile(text, "<string>", "exec"))
                          for text in texts})


def with_dataclass_code(files: dict[str, bytes], package: str) -> None:
    """Add DATACLASS_CODE to the package in `files` (an archive's contents by name)."""
    with tempfile.TemporaryDirectory() as folder:
        for name, data in files.items():
            if not name.endswith(".pyc"):
                path = Path(folder, name)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
        files[f"{package}/{DATACLASS_CODE}"] = dataclass_code(folder, package)


def convert(source: str, target: str, keep_source: bool, prefix: str, drop: list[str],
            dataclasses_of: str | None = None) -> None:
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(source) as archive:
        for info in archive.infolist():
            if info.is_dir() or any(part in info.filename for part in drop):
                continue
            data = archive.read(info)
            name = info.filename
            module = name.endswith(".py") and ".dist-info/" not in name and ".data/" not in name
            compiled = bytecode(data, prefix + name) if module else None
            if compiled is None:
                files[name] = data
                continue
            if keep_source:
                files[name] = data
            files[pyc_name(name, keep_source)] = compiled
    if dataclasses_of:
        with_dataclass_code(files, dataclasses_of)
    records = [n for n in files if n.endswith(".dist-info/RECORD")]
    for record in records:  # the wheel's list of files, with the bytecode in it
        files[record] = ("\n".join(record_line(n, d) for n, d in files.items() if n != record)
                         + f"\n{record},,\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, files[name])


if __name__ == "__main__":  # as Pyodide runs it; importing it does nothing
    with open("/job/jobs.json", encoding="utf-8") as jobs:
        for job in json.load(jobs):
            convert(job["source"], job["target"], job["keep_source"], job["prefix"], job["drop"],
                    job.get("dataclasses"))
