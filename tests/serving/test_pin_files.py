"""Every pin file the project installs from names registry packages only (`name==version`), so
that setting up works on any machine: no path, no `file://` or web URL, no VCS URL, no index
option. A pin once named a wheel in one machine's build cache, and the static edition built
nowhere else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cassino_learn.serving.static.pins import BUILD_REQUIREMENTS

ROOT = Path(__file__).resolve().parents[2]
BUILD_PINS = ROOT / "cassino_learn" / "serving" / "static" / BUILD_REQUIREMENTS.name
#: The scripts that install from pin files, and the files they name with -r/-c/--requirement.
INSTALLERS = ("run", "binder/postBuild", ".ci/run")
KNOWN = {ROOT / "requirements" / "app.txt", ROOT / "binder" / "requirements.txt",
         BUILD_PINS}

REQUIREMENT = re.compile(
    r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?"   # the name
    r"(?:\[[A-Za-z0-9._,-]+\])?"                    # extras
    r"==[A-Za-z0-9][A-Za-z0-9.+!_-]*"               # the exact version
    r"(?:\s*;\s*[^#@]+?)?"                          # an environment marker
    r"(?:\s+--hash=sha256:[0-9a-f]{64})*")
INCLUDE = re.compile(r"(?:-r|-c|--requirement|--constraint)\s+(\S+)")


def problems(path: Path, root: Path = ROOT) -> list[str]:
    """Each line of the pin file `path` (in the repository `root`) that is not a plain
    registry requirement, as "file:line: text" with why."""
    found = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, raw in enumerate(lines, 1):
        line = re.sub(r"(^|\s)#.*$", "", raw).strip()
        if not line:
            continue
        include = INCLUDE.fullmatch(line)
        if include:
            target = (path.parent / include.group(1)).resolve()
            if not target.is_relative_to(root) or not target.is_file():
                found.append(f"{path.relative_to(root)}:{number}: {raw.strip()!r} includes a "
                             f"file that is not in the repository")
            continue
        if not REQUIREMENT.fullmatch(line):
            found.append(f"{path.relative_to(root)}:{number}: {raw.strip()!r} is not "
                         f"'name==version' from the package registry")
    return found


def included(path: Path) -> set[Path]:
    """The pin files `path` includes with -r/-c."""
    out = set()
    for raw in path.read_text(encoding="utf-8").splitlines():
        match = INCLUDE.fullmatch(raw.strip())
        if match:
            out.add((path.parent / match.group(1)).resolve())
    return out


def pin_files() -> set[Path]:
    """Every pin file the setup scripts, Binder and the static build install from, followed
    through their includes."""
    files = {BUILD_PINS, *ROOT.glob("requirements/*.txt"),
             *ROOT.glob("binder/requirements*.txt")}
    for script in INSTALLERS:
        text = (ROOT / script).read_text(encoding="utf-8")
        for name in re.findall(r"(?:-r|-c|--requirement|--constraint)\s+\"?([\w./$-]+\.txt)", text):
            if "$" not in name:
                files.add((ROOT / name).resolve())
        if "CONSTRAINTS=" in text:
            files.add((ROOT / re.search(r"CONSTRAINTS=(\S+)", text).group(1)).resolve())
    waiting = list(files)
    while waiting:
        for target in included(waiting.pop()) - files:
            files.add(target)
            waiting.append(target)
    return {f.resolve() for f in files}


def test_the_pin_files_found_include_every_known_one():
    assert KNOWN <= pin_files()


@pytest.mark.parametrize("path", sorted(pin_files()), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_pin_file_names_registry_packages_only(path):
    assert path.is_file(), f"{path.relative_to(ROOT)} is named by a setup step but missing"
    assert not problems(path), "\n".join(problems(path))


def test_a_pin_that_names_a_file_or_url_is_reported_with_its_file_and_line(tmp_path):
    (tmp_path / "requirements").mkdir()
    bad = tmp_path / "requirements" / "probe.txt"
    bad.write_text("# a comment\nanyio==4.16.0\n"
                   "hatchling @ file:///root/.cache/x/hatchling-1.33.0-py3-none-any.whl\n"
                   "voila>=0.5\n"
                   "pkg @ git+https://example.org/pkg.git\n"
                   "--extra-index-url https://example.org/simple\n"
                   "-r /etc/passwd\n"
                   "ok[extra]==1.0 ; python_version >= '3.10' --hash=sha256:" + "a" * 64 + "\n",
                   encoding="utf-8")
    found = problems(bad, root=tmp_path)
    assert [line.split(":")[1] for line in found] == ["3", "4", "5", "6", "7"]
    assert found[0].startswith("requirements/probe.txt:3: 'hatchling @ file://")
