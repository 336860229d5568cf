"""Run inside Pyodide (under Node.js, by `precompile`), never imported: turns the Python sources
of zip archives (wheels, the standard library) into bytecode for the browser's Python, so it
does not compile them on every page load.

Reads /job/jobs.json, a list of {"source", "target", "keep_source", "prefix", "drop"}: each
archive at `source` is written to `target` with every module also (keep_source) or only (not
keep_source) as bytecode, and without the files whose names contain one of `drop`.
Hash-based, unchecked bytecode (PEP 552) is valid whatever the files' dates after unpacking,
and the same bytes on every build.
"""

import base64
import hashlib
import importlib.util
import json
import marshal
import sys
import zipfile

FIXED_DATE = (2020, 1, 1, 0, 0, 0)
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


def convert(source: str, target: str, keep_source: bool, prefix: str, drop: list[str]) -> None:
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
            convert(job["source"], job["target"], job["keep_source"], job["prefix"], job["drop"])
