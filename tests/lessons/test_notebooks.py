"""Every lesson notebook runs top to bottom (nbval, --nbval-lax: cells marked
# NBVAL_CHECK_OUTPUT must print the same text), with a temporary progress folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from cassino_learn.teaching.catalog import INDEX, LESSONS, SANDBOX, lessons_dir

NOTEBOOKS = [item.notebook for item in (INDEX, *LESSONS, SANDBOX)]


def test_every_catalogue_notebook_exists_and_starts_with_its_header():
    for name in NOTEBOOKS:
        nb = nbformat.read(lessons_dir() / name, as_version=4)
        first = nb.cells[0]
        assert first.cell_type == "code" and f'header("{name[:-6]}")' in first.source, name


@pytest.mark.slow
def test_lessons_run_under_nbval(tmp_path):
    here = str(Path(__file__).parent)
    env = {**os.environ, "CASSINO_LEARN_DATA": str(tmp_path),
           "PYTHONPATH": os.pathsep.join(filter(None, (here, os.environ.get("PYTHONPATH"))))}
    paths = [str(lessons_dir() / name) for name in NOTEBOOKS]
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "-p", "nbval_plugin", "--nbval-lax", *paths], env=env,
                            capture_output=True, text=True,
                            cwd=lessons_dir(), timeout=900)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert not any(p.name.startswith("progress.json.corrupt") for p in tmp_path.iterdir())


def test_nbval_kernels_talk_over_local_sockets_not_tcp_ports(monkeypatch):
    """A TCP port picked free can be taken before the kernel binds it, and the kernel dies
    before it answers; nbval_plugin.py gives nbval's kernels local sockets instead."""
    import importlib.util

    import nbval.kernel

    monkeypatch.setattr(nbval.kernel, "KernelManager", nbval.kernel.KernelManager)
    monkeypatch.setenv("CASSINO_LEARN_DATA", os.environ.get("CASSINO_LEARN_DATA", ""))
    spec = importlib.util.spec_from_file_location("nbval_plugin", Path(__file__).with_name("nbval_plugin.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    manager = nbval.kernel.KernelManager(kernel_name="python3")
    assert manager.transport == "ipc"
    assert os.path.isdir(os.path.dirname(manager.ip))  # a private folder, not the lessons'
    assert os.path.dirname(manager.ip) != str(lessons_dir())
    module.pytest_unconfigure(None)  # and its folders go when the run ends
    assert not os.path.exists(os.path.dirname(manager.ip))
    assert not os.path.exists(os.environ["CASSINO_LEARN_DATA"])
