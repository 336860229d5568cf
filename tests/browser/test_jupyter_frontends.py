"""The card table widget in the two Jupyter front ends a teacher may use: JupyterLab 4 and
Notebook 7. Each test starts its own Jupyter server on a temporary notebook, runs the cell in
Chromium and plays a capture by clicking (the Voila case is tests/browser/test_table_widget.py).

The server gets temporary Jupyter config/data/runtime folders and a temporary progress folder, so
neither the user's Jupyter settings nor their learning progress leak in or get written.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest


from cassino_learn.serving.voila import free_port

pytestmark = pytest.mark.browser

NOTEBOOK = "table.ipynb"
CELL = ('from cassino_learn.ui import CardTable; '
        'CardTable("table: 2C 5D KH; hand: 7S 3D 9S; hand 2: 4H 6H 8D")')
# A fresh JupyterLab asks "receive official Jupyter news?"; page config switches that off. No other
# prompt can appear: the notebook names its kernel (no kernel chooser) and the Jupyter folders are
# empty temporary ones (no restored workspace, no user settings).
DISABLED_PLUGINS = {"@jupyterlab/apputils-extension:announcements": True}
START_TIMEOUT = 60  # seconds for the server to answer
KERNEL_TIMEOUT = 45  # seconds for the page to start its kernel and connect to it
STOP_TIMEOUT = 10  # seconds for a clean shutdown before the server is killed


def _write_notebook(folder: Path) -> Path:
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "cardtable",
                   "metadata": {}, "outputs": [], "source": [CELL]}],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                    "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path = folder / NOTEBOOK
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


@dataclass
class JupyterServer:
    """A `jupyter lab` or `jupyter notebook` child process on a temporary folder."""

    process: subprocess.Popen
    port: int
    log_path: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log_tail(self, lines: int = 30) -> str:
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def wait_until_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Jupyter stopped at start (exit {self.process.returncode})\n"
                                   + self.log_tail())
            try:
                with urllib.request.urlopen(f"{self.base_url}api/status", timeout=2):
                    return
            except urllib.error.HTTPError:
                return  # it answers
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.2)
        raise TimeoutError(f"Jupyter did not answer within {timeout:.0f} s\n" + self.log_tail())

    def stop(self) -> None:
        """Terminate (Jupyter then shuts its kernels down), kill if it does not finish in time."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                # Kernels run in sessions of their own; ipykernel exits when its parent dies.
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=STOP_TIMEOUT)

    def wait_for_connected_kernel(self, timeout: float) -> None:
        """Wait until a kernel is idle and the page holds a websocket to it. The toolbar's kernel
        indicator reads "idle" before any kernel exists, and a cell run then is silently dropped,
        so we ask the server instead."""
        deadline = time.monotonic() + timeout
        kernels: list = []
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.base_url}api/kernels", timeout=5) as answer:
                    kernels = json.load(answer)
            except urllib.error.HTTPError as error:
                # Jupyter Server lists a kernel still starting before it has a last_activity
                # and answers 500 (TraitError): the kernel is not ready yet, ask again.
                if error.code != 500 or "'last_activity' trait" not in self.log_tail(60):
                    raise
                time.sleep(0.2)
                continue
            if any(k.get("connections", 0) >= 1 and k.get("execution_state") == "idle"
                   for k in kernels):
                return
            time.sleep(0.2)
        raise TimeoutError(f"no connected idle kernel within {timeout:.0f} s: {kernels}\n"
                           + self.log_tail())


@pytest.fixture
def jupyter(tmp_path) -> Iterator:
    """A factory: `jupyter("lab" | "notebook")` -> a running JupyterServer on a folder holding
    the card table notebook. Servers are stopped when the test ends."""
    started: list[JupyterServer] = []

    def start(app: str) -> JupyterServer:
        root = tmp_path / "notebooks"
        root.mkdir(exist_ok=True)
        _write_notebook(root)
        dirs = {name: tmp_path / name for name in ("config", "data", "runtime", "progress")}
        for folder in dirs.values():
            folder.mkdir(exist_ok=True)
        labconfig = dirs["config"] / "labconfig"
        labconfig.mkdir(exist_ok=True)
        (labconfig / "page_config.json").write_text(
            json.dumps({"disabledExtensions": DISABLED_PLUGINS}), encoding="utf-8")
        env = dict(os.environ)
        env.update(JUPYTER_CONFIG_DIR=str(dirs["config"]), JUPYTER_DATA_DIR=str(dirs["data"]),
                   JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
                   CASSINO_LEARN_DATA=str(dirs["progress"]), PYTHONUNBUFFERED="1")
        for leaking in ("JUPYTER_CONFIG_PATH", "JUPYTER_PATH", "JUPYTERLAB_SETTINGS_DIR",
                        "JUPYTERLAB_WORKSPACES_DIR"):
            env.pop(leaking, None)
        port = free_port()
        command = [str(Path(sys.executable).parent / f"jupyter-{app}"), "--no-browser",
                   f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
                   "--IdentityProvider.token=", "--ServerApp.password=",
                   f"--ServerApp.root_dir={root}", "--ServerApp.disable_check_xsrf=True",
                   "--LabApp.news_url=None", "--LabApp.check_for_updates_class="
                   "jupyterlab.NeverCheckForUpdate", "--LabApp.extension_manager=readonly"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")  # CI containers run as root
        log_path = tmp_path / f"{app}.log"
        with open(log_path, "wb") as log:
            process = subprocess.Popen(command, cwd=root, env=env, stdout=log,
                                       stderr=subprocess.STDOUT, start_new_session=True)
        server = JupyterServer(process, port, log_path)
        started.append(server)
        server.wait_until_ready(START_TIMEOUT)
        return server

    yield start
    for server in started:
        server.stop()


def _run_first_cell(page) -> None:
    cell = page.locator(".jp-Notebook .jp-CodeCell").first
    cell.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")


def _play_capture(page, select_capture) -> None:
    """Select 7S, then 2C and 5D on the table, press Take: the table loses 2C and 5D."""
    table = page.locator('[data-zone="table"]')
    select_capture(page).click()
    page.wait_for_function(
        "() => !document.querySelector('[data-zone=\"table\"] [data-card=\"5D\"]')")
    assert table.locator('[data-card="2C"]').count() == 0
    assert table.locator('[data-card="KH"]').count() == 1
    message = page.locator(".cl-message").inner_text()
    assert "seven of spades to take the two of clubs and the five of diamonds" in message, message
    assert "7S" not in message  # the move in words, not in notation
    assert "Seat 2 to move" in page.locator(".cl-turn").inner_text()


def _open_and_play(page, url: str, server: JupyterServer, screenshot, error_outputs,
                   select_capture, name: str) -> None:
    page.goto(url, timeout=45_000)
    try:
        server.wait_for_connected_kernel(KERNEL_TIMEOUT)
        _run_first_cell(page)
        _play_capture(page, select_capture)
    except Exception:
        screenshot(page, f"{name}_failed")
        print(server.log_tail())
        raise
    assert error_outputs(page) == []
    screenshot(page, name)


def test_card_table_plays_in_jupyterlab(jupyter, page, screenshot, error_outputs,
                                       select_capture) -> None:
    server = jupyter("lab")
    _open_and_play(page, f"{server.base_url}lab/tree/{NOTEBOOK}", server, screenshot,
                   error_outputs, select_capture, "table_widget_lab")


def test_card_table_plays_in_notebook7(jupyter, page, screenshot, error_outputs,
                                      select_capture) -> None:
    server = jupyter("notebook")
    _open_and_play(page, f"{server.base_url}notebooks/{NOTEBOOK}", server, screenshot,
                   error_outputs, select_capture, "table_widget_notebook")
