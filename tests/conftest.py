"""No test reads or writes the developer's own progress file (card tables read the
learner's settings from it): each test gets an empty data folder of its own. The browser tests
(tests/browser, tests/serving/static) start one Playwright a module: its sync API runs one at a time.
`file_operations` counts the file operations a test makes in its data folder (in the browser each
is a request to the site's service worker)."""

from __future__ import annotations

import os
import sys

import pytest

from cassino_learn.learner import progress


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


class FileOperations(list):
    """The file operations made under one folder, in order: (what, path relative to the folder).
    What: "open" (a read, a write or a lock file), "stat", "mkdir", "rename" (os.replace too),
    "unlink", "rmdir", "listdir", "lock" (flock)."""

    def __init__(self, folder) -> None:
        super().__init__()
        self.folder = str(folder)

    def add(self, what: str, path) -> None:
        if isinstance(path, (str, bytes)) or hasattr(path, "__fspath__"):
            path = os.fsdecode(path)
            if path.startswith(self.folder):
                self.append((what, path[len(self.folder):].lstrip(os.sep)))

    def kinds(self) -> list[str]:
        return [what for what, _ in self]


_AUDITED = {"open": "open", "os.mkdir": "mkdir", "os.rename": "rename", "os.remove": "unlink",
            "os.rmdir": "rmdir", "os.listdir": "listdir", "os.scandir": "listdir"}
_counting: list[FileOperations] = []


def _audit(event: str, args: tuple) -> None:
    if _counting and event in _AUDITED and args:
        _counting[-1].add(_AUDITED[event], args[0])


@pytest.fixture
def file_operations(data, monkeypatch):
    """Counts the file operations made in the test's data folder (`FileOperations`, empty at
    the start): an audit hook for what opens, makes, renames and removes, and os.stat, os.lstat
    and flock wrapped. In the browser each of these is a request to the site's service worker."""
    import fcntl

    if not getattr(_audit, "installed", False):
        sys.addaudithook(_audit)  # audit hooks stay for the process: idle outside this fixture
        _audit.installed = True
    found = FileOperations(data)
    stat, lstat, flock = os.stat, os.lstat, fcntl.flock

    def counted(what, call):
        def run(path, *args, **kwargs):
            found.add(what, path)
            return call(path, *args, **kwargs)
        return run

    monkeypatch.setattr(os, "stat", counted("stat", stat))
    monkeypatch.setattr(os, "lstat", counted("stat", lstat))
    monkeypatch.setattr(fcntl, "flock", lambda fd, op: (found.append(("lock", "")),
                                                        flock(fd, op))[1])
    _counting.append(found)
    yield found
    _counting.remove(found)


def pytest_collection_modifyitems(config, items) -> None:
    """Under pytest-xdist's `--dist loadgroup` (./run test): a file's tests run on one worker,
    in order, sharing the file's fixtures (its Voila server, its browser); the in-browser
    edition's tests all on one, as they share one build of the site."""
    root = str(config.rootpath)
    for item in items:
        path = str(item.path)
        relative = path[len(root):].lstrip(os.sep) if path.startswith(root) else path
        group = "static" if relative.startswith(os.path.join("tests", "serving", "static")) \
            else relative
        item.add_marker(pytest.mark.xdist_group(group))
