"""The app's kernels import the lesson modules while Voila prepares the page
(serving/warm_imports.py), and a lesson that starts at once, while they are still importing,
runs just the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cassino_learn.serving import warm_imports
from cassino_learn.serving.voila import WARM_IMPORTS, kernel_spec

TIMEOUT = 120


@pytest.fixture
def app_kernel(tmp_path: Path, monkeypatch, local_socket_kernel):
    """A function starting a kernel from the app's own kernel spec; each is shut down after."""
    folder = tmp_path / "kernels" / "cassino"
    folder.mkdir(parents=True)
    (folder / "kernel.json").write_text(json.dumps(kernel_spec()), encoding="utf-8")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    monkeypatch.setenv("CASSINO_LEARN_DATA", str(tmp_path / "data"))
    started = []

    def start():
        manager = local_socket_kernel("cassino")
        manager.start_kernel()
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=TIMEOUT)
        started.append((manager, client))
        return client

    yield start
    for manager, client in started:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(client, code: str) -> str:
    """What the cell prints, or its error."""
    printed: list[str] = []

    def collect(message: dict) -> None:
        content = message["content"]
        if message["msg_type"] == "stream":
            printed.append(content["text"])
        elif message["msg_type"] == "error":
            printed.append(f"ERROR {content['ename']}: {content['evalue']}")

    client.execute_interactive(code, output_hook=collect, timeout=TIMEOUT)
    return "".join(printed)


def test_the_app_kernel_loads_the_warm_imports_extension():
    argv = kernel_spec()["argv"]
    assert f"--IPKernelApp.extensions={WARM_IMPORTS}" in argv
    assert WARM_IMPORTS == warm_imports.__name__


def test_a_module_that_fails_to_import_is_left_for_the_lesson_to_report():
    warm_imports.warm_up(("cassino_learn.no_such_module",))  # no exception here


@pytest.mark.slow
def test_an_app_kernel_has_the_lesson_modules_before_its_first_cell(app_kernel):
    client = app_kernel()
    printed = run(client, """
import sys, threading
for thread in threading.enumerate():
    if thread.name == "cassino-warm-imports":
        thread.join(60)
print(sorted(m for m in sys.modules if m in %r))
print("cassino_learn" in get_ipython().user_ns)
""" % (warm_imports.MODULES,))
    assert printed.split("\n")[:2] == [str(sorted(warm_imports.MODULES)), "False"], printed


@pytest.mark.slow
@pytest.mark.parametrize("lesson", ["01_cards_and_points", "05_building"])
def test_a_lesson_run_while_its_modules_are_still_importing_runs_whole(app_kernel, lesson):
    """The lesson's first cell arrives as soon as the kernel answers, racing the warm imports
    (Python's import locks make it wait for a module the other thread is importing)."""
    for _ in range(3):
        client = app_kernel()
        printed = run(client, f"""
from cassino_learn.pages.lesson import header, try_move
header({lesson!r})._ipython_display_()
print(try_move('table: 5C; hand: 5D', '5D take 5C'))
""")
        assert "ERROR" not in printed, printed
        assert "Play the five of diamonds to take the five of clubs: legal" in printed, printed
