"""Kernels stay bounded: a page's kernel goes when the page goes, a kernel no page uses is
culled after the idle time given, and the preheated pool keeps its size."""

from __future__ import annotations

import shutil
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from cassino_learn.serving.voila import VoilaServer

NOTEBOOKS = Path(__file__).parent / "notebooks"
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def _kernels(server: VoilaServer) -> dict[str, psutil.Process]:
    """The server's kernels by kernel id (read from each kernel's connection file name)."""
    assert server.process is not None
    found = {}
    for process in psutil.Process(server.process.pid).children(recursive=True):
        try:
            command = process.cmdline()
        except psutil.NoSuchProcess:
            continue
        for arg in command:
            if "kernel-" in arg and arg.endswith(".json"):
                found[Path(arg).stem.removeprefix("kernel-")] = process
    return found


def _wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout:.0f} s"
        time.sleep(0.25)


def test_leaving_a_page_shuts_its_kernel_down(voila, page, wait_for_voila):
    server = voila(NOTEBOOKS)
    page.goto(server.url("02_pairing.ipynb"))
    wait_for_voila(page)
    page.get_by_role("button", name="Ping").click()  # the page's kernel answers
    page.get_by_text("pong").wait_for()
    kernel = page.evaluate(KERNEL_ID)
    assert kernel in _kernels(server)
    page.goto(server.url("empty.ipynb"))  # the learner goes on to another page
    wait_for_voila(page)
    _wait_for(lambda: kernel not in _kernels(server), 60, "the left page's kernel shutting down")
    assert "403 POST" not in server.log() and "_xsrf" not in server.log()  # Voila issue 1458


@pytest.mark.slow
def test_a_kernel_no_page_uses_is_culled_after_the_idle_time(tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(NOTEBOOKS / "empty.ipynb", folder / "empty.ipynb")
    with VoilaServer(folder, cull_idle=10,
                     env={"CASSINO_LEARN_DATA": str(tmp_path / "data")}) as server:
        # A page fetched but never shown (no browser connects to its kernel).
        with urllib.request.urlopen(server.url("empty.ipynb"), timeout=120) as response:
            response.read()
        assert len(_kernels(server)) == 1
        _wait_for(lambda: not _kernels(server), 60, "culling the unused kernel")
        assert "Culling 'idle' kernel" in server.log()


@pytest.mark.slow
def test_the_preheated_pool_keeps_its_size(tmp_path, browser, wait_for_voila):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in ("00_index.ipynb", "02_pairing.ipynb", "empty.ipynb"):
        shutil.copy(NOTEBOOKS / name, folder / name)
    pooled = 2  # every notebook but the index, which never runs in advance
    with VoilaServer(folder, preheat=True,
                     env={"CASSINO_LEARN_DATA": str(tmp_path / "data")}) as server:
        _wait_for(lambda: server.log().count("Kernel pool of") == pooled, 180, "filling the pools")
        before = set(_kernels(server))
        assert len(before) == pooled
        context = browser.new_context()
        context.set_default_timeout(90_000)
        page = context.new_page()
        page.goto(server.url("02_pairing.ipynb"))
        wait_for_voila(page)
        used = page.evaluate(KERNEL_ID)
        assert used in before, "the page did not get the preheated kernel"
        page.goto(server.url("00_index.ipynb"))
        wait_for_voila(page)
        context.close()
        _wait_for(lambda: len(_kernels(server)) == pooled and used not in _kernels(server),
                  120, "the pool refilling and the pages' kernels going")
        assert server.log().count("Kernel pool of 02_pairing.ipynb is filled") == 2
