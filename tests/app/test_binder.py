"""Binder: its files install the package in a fresh environment, its link opens a notebook
that exists, and Voila inside Jupyter Server (as on Binder or a JupyterHub) uses our look."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import time
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


def test_the_readme_has_a_binder_badge_opening_the_index_in_voila():
    links = _binder_links()
    assert links, "README.md has no Binder launch link"
    for link in links:
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        assert "urlpath" in query, link
        urlpath = query["urlpath"][0]
        assert not urlpath.startswith("/"), "Binder's urlpath takes no leading slash"
        prefix = "voila/render/"
        assert urlpath.startswith(prefix), urlpath
        notebook = ROOT / urlpath[len(prefix):]
        assert notebook.name == catalog.INDEX.notebook
        assert notebook.parent == ROOT / "lessons"
        if any((notebook.parent / item.notebook).exists() for item in catalog.LESSONS):
            assert notebook.exists(), f"the Binder link opens {notebook}, which does not exist"


def test_postbuild_stops_at_the_first_error_and_installs_the_package():
    script = (BINDER / "postBuild").read_text()
    assert script.startswith("#!/bin/bash") and "set -e" in script
    assert os.access(BINDER / "postBuild", os.X_OK), "postBuild must be executable"
    assert re.search(r"pip install[^\n]* \.\s*$", script, re.M)
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
