"""No test reads or writes the developer's own progress file (card tables read the
learner's settings from it): each test gets an empty data folder of its own. The browser tests
(tests/browser, tests/serving/static) start one Playwright a module: its sync API runs one at a time."""

from __future__ import annotations

import pytest

from cassino_learn.teaching import progress


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """The progress folder of this test (empty at the start); tests may also ask for it by name."""
    monkeypatch.setenv(progress.ENV_VAR, str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def playwright():
    """A test module's Playwright (its browser tests launch their Chromium from it). Not kept
    for the session: while Playwright's sync API is started its event loop counts as running
    in this thread, and tests that run a loop of their own (tornado's, asyncio.run) would find
    one already running."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture
def local_socket_kernel(tmp_path_factory):
    """Makes kernel managers (not started) whose kernels talk over local sockets in a private
    folder rather than TCP ports, which another program can take between jupyter_client picking
    them and the kernel binding them (see tests/lessons/nbval_plugin.py)."""
    from jupyter_client.manager import KernelManager

    def make(kernel_name: str = "python3") -> KernelManager:
        folder = tmp_path_factory.mktemp("kernel-sockets")
        return KernelManager(kernel_name=kernel_name, transport="ipc", ip=str(folder / "kernel"))

    return make
