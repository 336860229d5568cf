"""Binder: its files install the package in a fresh environment, its link opens a notebook
that exists, and Voila inside Jupyter Server (as on Binder or a JupyterHub) uses our look."""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
import sysconfig
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from cassino_learn.teaching import catalog
from cassino_learn.serving.voila import free_port, install_jupyter_files

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"
NOTEBOOKS = ROOT / "tests" / "browser" / "notebooks"


def _binder_links() -> list[str]:
    return re.findall(r"https://mybinder\.org/v2/[^\s)\]]+", (ROOT / "README.md").read_text())


def _settings() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["cassino-learn"]


def launch_link(repository: str, branch: str) -> str:
    """Binder's link that opens the index of the lessons in Voila."""
    return (f"https://mybinder.org/v2/gh/{repository}/{branch}"
            f"?urlpath=voila/render/lessons/{catalog.INDEX.notebook}")


def test_the_readme_launch_link_is_made_from_the_repository_setting():
    settings = _settings()
    repository, branch = settings["binder-repository"], settings["binder-branch"]
    links = _binder_links()
    if not repository:
        assert links == [], ("README.md links to a Binder repository, but pyproject.toml names "
                             "none ([tool.cassino-learn] binder-repository)")
        return
    assert re.fullmatch(r"[A-Za-z0-9-]+/[A-Za-z0-9._-]+", repository), repository
    expected = launch_link(repository, branch)
    assert links == [expected], f"the README's Binder link should be exactly {expected}"


def test_the_launch_link_opens_the_index_in_voila():
    link = launch_link("owner/name", "main")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
    urlpath = query["urlpath"][0]
    assert not urlpath.startswith("/"), "Binder's urlpath takes no leading slash"
    prefix = "voila/render/"
    assert urlpath.startswith(prefix), urlpath
    notebook = ROOT / urlpath[len(prefix):]
    assert notebook == ROOT / "lessons" / catalog.INDEX.notebook and notebook.exists()


def _pins(path: Path) -> dict[str, str]:
    """name -> version of a requirements file, following `-r` includes; every line must pin."""
    pins: dict[str, str] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-r "):
            pins.update(_pins((path.parent / line[3:].strip()).resolve()))
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", line)
        assert match, f"{path}:{number}: {line!r} does not pin an exact version"
        pins[_normal(match[1])] = match[2]
    return pins


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_binder_installs_exactly_the_versions_the_tests_use():
    pins = _pins(BINDER / "requirements.txt")
    for needed in ("voila", "ipywidgets", "anywidget", "ipykernel", "jupyter-server"):
        assert needed in pins, f"binder/requirements.txt does not pin {needed}"
    installed = {_normal(d.metadata["Name"]): d.version for d in importlib.metadata.distributions()}
    differ = {name: (version, installed.get(name)) for name, version in pins.items()
              if installed.get(name) != version}
    assert not differ, f"pinned for the app and Binder, but the tests run (pin, test): {differ}"


def test_postbuild_stops_at_the_first_error_and_installs_the_package():
    script = (BINDER / "postBuild").read_text()
    assert script.startswith("#!/bin/bash") and "set -e" in script
    assert os.access(BINDER / "postBuild", os.X_OK), "postBuild must be executable"
    assert re.search(r"pip install[^\n]* -c requirements/app\.txt \"\.\[serve\]\"\s*$", script, re.M)
    assert "cassino-learn jupyter-setup" in script


@pytest.mark.slow
def test_the_binder_files_install_the_package_in_a_fresh_environment(tmp_path):
    """repo2docker's steps in a new virtual environment: requirements.txt, then postBuild from
    the repository's root. The packages the requirements name are offered from this
    environment's site-packages (no downloads), so the test checks our files, not the network."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    (Path(site) / "offered_packages.pth").write_text(sysconfig.get_path("purelib") + "\n")
    env = dict(os.environ, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
               PIP_NO_INDEX="1", PIP_NO_BUILD_ISOLATION="0", PIP_DISABLE_PIP_VERSION_CHECK="1",
               VIRTUAL_ENV=str(venv))
    env.pop("PYTHONPATH", None)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "-r",
                    str(BINDER / "requirements.txt")], check=True, env=env, cwd=tmp_path)
    build = subprocess.run([str(BINDER / "postBuild")], env=env, cwd=ROOT,
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr

    probe = ("import cassino_learn, cassino_learn.serving.cli, cassino_learn.teaching.catalog as c; "
             "print(cassino_learn.__file__); print(c.lessons_dir())")
    result = subprocess.run([str(python), "-c", probe], env=env, cwd=tmp_path,
                            capture_output=True, text=True, check=True)
    package_file, lessons = result.stdout.split()
    assert Path(package_file).is_relative_to(venv), "the package was not installed into the venv"
    assert Path(lessons).is_relative_to(venv), "the lessons were not installed with the package"
    shipped = {p.name for p in Path(lessons).iterdir()}
    assert "00_index.ipynb" in shipped
    assert not shipped & {"conftest.py", "__pycache__"}, f"test code ships with the lessons: {shipped}"
    template = venv / "share" / "jupyter" / "voila" / "templates" / "cassino" / "index.html.j2"
    assert template.exists() and (venv / "etc" / "jupyter" / "voila.json").exists()


@pytest.mark.slow
def test_voila_in_jupyter_server_uses_the_app_template(tmp_path):
    """What Binder and a JupyterHub run: Jupyter Server with Voila's extension, configured by
    `cassino-learn jupyter-setup`."""
    prefix = tmp_path / "prefix"
    install_jupyter_files(prefix)
    env = dict(os.environ,
               JUPYTER_PATH=str(prefix / "share" / "jupyter"),
               JUPYTER_CONFIG_PATH=str(prefix / "etc" / "jupyter"),
               CASSINO_LEARN_DATA=str(tmp_path / "data"))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}",
         "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.ip=127.0.0.1",
         "--allow-root",
         f"--ServerApp.root_dir={NOTEBOOKS.parent}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        url = f"http://127.0.0.1:{port}/voila/render/notebooks/02_pairing.ipynb"
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url, timeout=60) as response:
                    page = response.read().decode()
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline and server.poll() is None, \
                    "Jupyter Server did not serve the Voila page"
                time.sleep(0.5)
        assert "<title>Pairing · Learn Cassino</title>" in page
        assert 'class="cassino-appbar"' in page and 'Lesson 2 of' in page
    finally:
        server.terminate()
        server.wait(timeout=30)
