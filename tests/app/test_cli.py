"""`cassino-learn` on the command line: help, missing lessons, serving, the browser, Ctrl-C."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from cassino_learn.teaching import catalog

from cassino_learn.serving import cli
from cassino_learn.serving.voila import DEFAULT_PORT, free_port

NOTEBOOKS = Path(__file__).resolve().parents[1] / "browser" / "notebooks"
COMMAND = [sys.executable, "-m", "cassino_learn.serving.cli"]


def test_help_names_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "serve" in out and "jupyter-setup" in out


def test_serve_defaults_are_this_computer_on_port_8866():
    args = cli.build_parser().parse_args(["serve"])
    assert (args.ip, args.port, args.no_browser, args.preheat) == \
        ("localhost", DEFAULT_PORT, False, True)
    assert DEFAULT_PORT == 8866


def test_missing_lessons_are_reported_clearly(tmp_path):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", "--lessons", str(tmp_path)])
    message = str(exit_.value.code)
    assert "lessons are missing" in message and catalog.INDEX.notebook in message
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", "--lessons", str(tmp_path / "nowhere")])
    assert "is not a folder of lessons" in str(exit_.value.code)


def test_no_browser_without_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert not cli.has_display()
    monkeypatch.setenv("DISPLAY", ":0")
    assert cli.has_display()


def _fake_browser(tmp_path: Path) -> tuple[Path, Path]:
    """A 'browser' that writes down the address it was asked to open (webbrowser obeys
    $BROWSER)."""
    record = tmp_path / "opened.txt"
    script = tmp_path / "fake-browser"
    script.write_text(f"#!/bin/sh\necho \"$1\" >> {record}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script, record


def _serve(tmp_path: Path, *extra: str, display: str | None) -> tuple[subprocess.Popen, int]:
    script, _ = _fake_browser(tmp_path)
    env = dict(os.environ, BROWSER=str(script), CASSINO_LEARN_DATA=str(tmp_path / "data"))
    env.pop("WAYLAND_DISPLAY", None)
    if display is None:
        env.pop("DISPLAY", None)
    else:
        env["DISPLAY"] = display
    port = free_port()
    process = subprocess.Popen(
        [*COMMAND, "serve", "--lessons", str(NOTEBOOKS), "--port", str(port), "--no-preheat",
         *extra], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://localhost:{port}/voila/tree", timeout=2):
                break
        except OSError:
            assert process.poll() is None, process.stdout.read().decode()
            time.sleep(0.3)
    else:
        process.kill()
        pytest.fail("cassino-learn serve did not answer within 90 s")
    time.sleep(1.0)  # the browser is opened right after the server answers
    return process, port


def _stop_with_ctrl_c(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=60)
    return output.decode()


@pytest.mark.slow
def test_serve_listens_on_localhost_only_and_stops_cleanly_on_ctrl_c(tmp_path):
    process, port = _serve(tmp_path, display=None)
    try:
        voila = psutil.Process(process.pid).children(recursive=True)
        listening = [c.laddr for p in voila for c in p.net_connections(kind="inet")
                     if c.status == psutil.CONN_LISTEN and c.laddr.port == port]
        assert listening and all(addr.ip in ("127.0.0.1", "::1") for addr in listening)
        with urllib.request.urlopen(f"http://localhost:{port}/voila/render/00_index.ipynb") as r:
            assert b"<title>Learn Cassino</title>" in r.read()
    finally:
        output = _stop_with_ctrl_c(process)
    assert process.returncode == 0, output
    assert "Traceback" not in output, output
    assert f"http://localhost:{port}/voila/render/00_index.ipynb" in output
    time.sleep(0.5)
    assert not [p for p in voila if p.is_running() and p.status() != psutil.STATUS_ZOMBIE], \
        "Voila or a kernel outlived Ctrl-C"
    assert not (tmp_path / "opened.txt").exists(), "a browser was opened without a display"


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_serve_stopped_by_a_signal_leaves_no_server_or_kernel(tmp_path, stop):
    process, port = _serve(tmp_path, display=None)
    with urllib.request.urlopen(f"http://localhost:{port}/voila/render/00_index.ipynb") as r:
        assert r.status == 200  # a kernel is running for the page
    children = psutil.Process(process.pid).children(recursive=True)
    assert children
    process.send_signal(stop)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0 and b"Traceback" not in output, output.decode()
    time.sleep(0.5)
    assert not [p for p in children if p.is_running() and p.status() != psutil.STATUS_ZOMBIE], \
        f"Voila or a kernel outlived {stop.name}"


@pytest.mark.slow
def test_serve_opens_the_index_in_a_browser_on_a_desktop_unless_told_not_to(tmp_path):
    process, port = _serve(tmp_path, display=":99")
    output = _stop_with_ctrl_c(process)
    record = tmp_path / "opened.txt"
    assert record.exists(), output
    assert record.read_text().split() == [f"http://localhost:{port}/voila/render/00_index.ipynb"]
    record.unlink()
    process, _ = _serve(tmp_path, "--no-browser", display=":99")
    _stop_with_ctrl_c(process)
    assert not record.exists()


def test_a_taken_port_is_reported(tmp_path):
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = subprocess.run(
            [*COMMAND, "serve", "--lessons", str(NOTEBOOKS), "--port", str(port), "--no-browser"],
            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"port {port} is already in use" in result.stderr
    assert "Traceback" not in result.stderr
