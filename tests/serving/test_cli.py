"""`cassino-learn` on the command line: help, missing lessons, serving, the browser, Ctrl-C."""

from __future__ import annotations

import http.client
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from cassino_learn.teaching import catalog

from cassino_learn.serving import cli
from cassino_learn.serving.voila import (DEFAULT_CULL_IDLE, DEFAULT_PORT, free_port,
                                         install_jupyter_files, voila_settings)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "browser" / "notebooks"
COMMAND = [sys.executable, "-m", "cassino_learn.serving.cli"]
# Longest wait for one step of a server (starting, starting a kernel, stopping). Quiet, each
# takes a few seconds; on this 2-core machine shared at load 40-70, with the tests niced, a
# step has taken over 90 s. A real hang still fails, and says what was still running.
PATIENCE = 300


def _running(pid: int) -> str:
    """What is still running of a process and its children: one line each."""
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return "  (nothing: the process has ended)"
    lines = []
    for process in processes:
        try:
            lines.append(f"  {process.pid} {process.status()} "
                         f"cpu {sum(process.cpu_times()[:2]):.1f} s: "
                         f"{' '.join(process.cmdline())[:160]}")
        except psutil.Error:
            pass
    return "\n".join(lines)


def test_help_names_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "serve" in out and "jupyter-setup" in out


def test_serve_defaults_are_this_computer_on_port_8866():
    args = cli.build_parser().parse_args(["serve"])
    assert (args.ip, int(args.port), args.no_browser, args.preheat) == \
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


class Served:
    """`cassino-learn serve` running in a subprocess, its output collected as it comes."""

    def __init__(self, process: subprocess.Popen, port: int):
        self.process, self.port, self.lines = process, port, []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line.decode(errors="replace"))

    def wait_for_output(self, text: str, timeout: float = PATIENCE) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.output:
            assert self.process.poll() is None or text in self.output, self.output
            assert time.monotonic() < deadline, (
                f"no {text!r} within {timeout:.0f} s; still running:\n"
                f"{_running(self.process.pid)}\noutput:\n{self.output}")
            time.sleep(0.05)

    def stop(self, sig: int = signal.SIGINT) -> str:
        self.process.send_signal(sig)
        try:
            self.process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            running = _running(self.process.pid)
            for process in psutil.Process(self.process.pid).children(recursive=True):
                process.kill()
            self.process.kill()
            pytest.fail(f"`cassino-learn serve` did not stop within {PATIENCE} s of "
                        f"{signal.Signals(sig).name}; still running:\n{running}\n"
                        f"output:\n{self.output}")
        self._reader.join(timeout=10)
        return self.output

    @property
    def output(self) -> str:
        return "".join(self.lines)


def _like_a_terminal_command() -> None:
    """Ctrl-C and a closed terminal reach the server as they do from a terminal, even when the
    tests themselves run under nohup (SIGHUP ignored) or in the background of a shell without
    job control (SIGINT ignored): a program keeps ignoring a signal it inherits ignored."""
    for stop in (signal.SIGINT, signal.SIGHUP):
        signal.signal(stop, signal.SIG_DFL)


def _serve(tmp_path: Path, *extra: str, display: str | None,
           env: dict[str, str] | None = None) -> Served:
    script, _ = _fake_browser(tmp_path)
    environment = dict(os.environ, BROWSER=str(script),
                       CASSINO_LEARN_DATA=str(tmp_path / "data"), **(env or {}))
    environment.pop("WAYLAND_DISPLAY", None)
    if display is None:
        environment.pop("DISPLAY", None)
    else:
        environment["DISPLAY"] = display
    port = free_port()
    process = subprocess.Popen(
        [*COMMAND, "serve", "--lessons", str(NOTEBOOKS), "--port", str(port), "--no-preheat",
         *extra], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        preexec_fn=_like_a_terminal_command)
    served = Served(process, port)
    served.wait_for_output("Press Ctrl-C to stop.")  # printed once the server answers
    return served


def _alive(processes: list[psutil.Process]) -> list[psutil.Process]:
    return [p for p in processes if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]


def _command(process: psutil.Process) -> list[str]:
    """The process's command line; none for one that has ended (a zombie not yet reaped)."""
    try:
        return process.cmdline()
    except psutil.Error:
        return []


def _wait_until_gone(processes: list[psutil.Process], timeout: float = PATIENCE) -> list[str]:
    """The processes still alive (one line each) after waiting up to `timeout` seconds for
    them to end."""
    psutil.wait_procs(_alive(processes), timeout=timeout)
    survivors = []
    for process in _alive(processes):
        try:
            survivors.append(f"{process.pid}: {' '.join(process.cmdline())[:160]}")
        except psutil.Error:
            pass
    return survivors


@pytest.mark.slow
def test_serve_listens_on_localhost_only_and_stops_cleanly_on_ctrl_c(tmp_path):
    served = _serve(tmp_path, display=None)
    port = served.port
    try:
        voila = psutil.Process(served.process.pid).children(recursive=True)
        listening = [c.laddr for p in voila for c in p.net_connections(kind="inet")
                     if c.status == psutil.CONN_LISTEN and c.laddr.port == port]
        assert listening and all(addr.ip in ("127.0.0.1", "::1") for addr in listening)
        with urllib.request.urlopen(f"http://localhost:{port}/voila/render/00_index.ipynb",
                                    timeout=PATIENCE) as r:
            assert b"<title>Learn Cassino</title>" in r.read()
        voila = psutil.Process(served.process.pid).children(recursive=True)  # with the kernel
    finally:
        output = served.stop(signal.SIGINT)
    assert served.process.returncode == 0, output
    assert "Traceback" not in output, output
    assert f"http://localhost:{port}/voila/render/00_index.ipynb" in output
    survivors = _wait_until_gone(voila)
    assert not survivors, f"Voila or a kernel outlived Ctrl-C: {survivors}"
    assert not (tmp_path / "opened.txt").exists(), "a browser was opened without a display"


@pytest.mark.slow
def test_the_log_of_a_served_page_has_no_error_and_no_warning(tmp_path):
    """What a teacher sees in the terminal: no 404 of the server's own making, no warning."""
    served = _serve(tmp_path, display=None)
    try:
        with urllib.request.urlopen(
                f"http://localhost:{served.port}/voila/render/02_pairing.ipynb",
                timeout=PATIENCE) as response:
            assert response.status == 200
    finally:
        output = served.stop(signal.SIGINT)
    for worrying in (" 404 ", "WARNING", "ERROR", "Traceback", "not trusted", "encryption"):
        assert worrying not in output, output


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_serve_stopped_by_a_signal_leaves_no_server_or_kernel(tmp_path, stop):
    served = _serve(tmp_path, display=None)
    with urllib.request.urlopen(
            f"http://localhost:{served.port}/voila/render/00_index.ipynb",
                                    timeout=PATIENCE) as r:
        assert r.status == 200  # a kernel is running for the page
    children = psutil.Process(served.process.pid).children(recursive=True)
    assert len(children) >= 2  # Voila and the page's kernel
    output = served.stop(stop)
    assert served.process.returncode == 0 and "Traceback" not in output, output
    survivors = _wait_until_gone(children)
    assert not survivors, f"Voila or a kernel outlived {stop.name}: {survivors}"


GATE = """\
import os, sys, time
from pathlib import Path

# A kernel (python -m ipykernel_launcher) waits at its import of ipykernel's app until the
# test opens the gate: the server is stopped while the kernel is certainly starting.
if any("ipykernel_launcher" in arg for arg in getattr(sys, "orig_argv", ())):
    class Gate:
        def find_spec(self, name, path=None, target=None):
            if name == "ipykernel.kernelapp":
                gate = Path(os.environ["CASSINO_TEST_GATE"])
                (gate / f"kernel-{os.getpid()}").touch()
                deadline = time.monotonic() + 120
                while not (gate / "open").exists() and time.monotonic() < deadline:
                    time.sleep(0.05)
            return None

    sys.meta_path.insert(0, Gate())
"""


def test_a_stop_signal_the_caller_ignores_stays_ignored(monkeypatch):
    """`nohup cassino-learn serve` ignores SIGHUP, so closing the terminal must not stop the
    class's server; a SIGHUP that is not ignored stops it cleanly."""
    installed: dict[int, object] = {}
    ignored = {signal.SIGHUP}
    monkeypatch.setattr(cli.signal, "getsignal",
                        lambda n: signal.SIG_IGN if n in ignored else signal.SIG_DFL)
    monkeypatch.setattr(cli.signal, "signal", lambda n, handler: installed.update({n: handler}))
    cli.stop_cleanly_on(("SIGTERM", "SIGHUP"))
    assert set(installed) == {signal.SIGTERM}
    ignored.clear()
    cli.stop_cleanly_on(("SIGTERM", "SIGHUP"))
    assert set(installed) == {signal.SIGTERM, signal.SIGHUP}
    with pytest.raises(KeyboardInterrupt, match="SIGHUP"):
        installed[signal.SIGHUP](signal.SIGHUP, None)


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_stopping_while_a_kernel_starts_leaves_no_traceback_and_no_process(tmp_path, stop):
    gate = tmp_path / "gate"
    gate.mkdir()
    (gate / "sitecustomize.py").write_text(GATE)
    served = _serve(tmp_path, display=None,
                    env={"PYTHONPATH": str(gate), "CASSINO_TEST_GATE": str(gate)})
    url = f"http://localhost:{served.port}/voila/render/00_index.ipynb"
    opener = threading.Thread(target=_open_quietly, args=(url,), daemon=True)
    opener.start()  # the page asks for a kernel, which stops at the gate
    deadline = time.monotonic() + PATIENCE
    while not list(gate.glob("kernel-*")):
        assert time.monotonic() < deadline, (
            f"no kernel started within {PATIENCE} s; still running:\n"
            f"{_running(served.process.pid)}\noutput:\n{served.output}")
        time.sleep(0.05)
    children = psutil.Process(served.process.pid).children(recursive=True)
    assert any("ipykernel_launcher" in " ".join(_command(p)) for p in children)
    output = served.stop(stop)
    assert served.process.returncode == 0, output
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    survivors = _wait_until_gone(children)
    assert not survivors, f"a kernel or Voila outlived the stop: {survivors}"


def _open_quietly(url: str) -> None:
    try:
        with urllib.request.urlopen(url, timeout=PATIENCE) as response:
            response.read()
    except (OSError, http.client.HTTPException):
        pass  # the server stopped while answering: that is the point


@pytest.mark.slow
def test_serve_opens_the_index_in_a_browser_on_a_desktop_unless_told_not_to(tmp_path):
    served = _serve(tmp_path, display=":99")
    record = tmp_path / "opened.txt"
    deadline = time.monotonic() + 30
    while not record.exists():
        assert time.monotonic() < deadline, "no browser was opened within 30 s"
        time.sleep(0.05)
    served.stop(signal.SIGINT)
    assert record.read_text().split() == \
        [f"http://localhost:{served.port}/voila/render/00_index.ipynb"]
    record.unlink()
    served = _serve(tmp_path, "--no-browser", display=":99")
    served.stop(signal.SIGINT)
    assert not record.exists()


@pytest.mark.parametrize("port", ["80000", "0", "eighty", "-1"])
def test_a_bad_port_is_a_one_line_error(port):
    result = subprocess.run([*COMMAND, "serve", "--lessons", str(NOTEBOOKS), "--port", port],
                            capture_output=True, text=True, timeout=PATIENCE)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--port" in lines[0] and port in lines[0], result.stderr


def test_serve_without_voila_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "_voila_installed", lambda: False)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", "--lessons", str(NOTEBOOKS)])
    message = str(exit_.value.code)
    assert "\n" not in message and "pip install 'cassino-learn[serve]'" in message


def test_idle_kernels_are_culled_after_the_time_given(tmp_path):
    args = cli.build_parser().parse_args(["serve", "--cull-idle", "90"])
    assert args.cull_idle == 90
    assert cli.build_parser().parse_args(["serve"]).cull_idle == DEFAULT_CULL_IDLE
    culling = voila_settings(cull_idle=90)["MappingKernelManager"]
    assert culling["cull_idle_timeout"] == 90 and culling["cull_connected"] is False
    server_file = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    server_file.parent.mkdir(parents=True)
    server_file.write_text('{"ServerApp": {"root_dir": "/srv"}}')  # a school's own setting
    install_jupyter_files(tmp_path, cull_idle=90)
    server = json.loads(server_file.read_text())
    assert server["MappingKernelManager"]["cull_idle_timeout"] == 90
    assert server["ServerApp"]["root_dir"] == "/srv"


def test_jupyter_setup_shuts_down_early_only_voilas_kernels(tmp_path):
    """On a JupyterHub the single-user server gets the app's kernel manager (a lesson's kernel
    goes soon after its page), told to leave other kernels (a teacher's notebooks) alone; a
    school's own kernel manager is not replaced silently."""
    install_jupyter_files(tmp_path)
    server_file = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    server = json.loads(server_file.read_text())
    assert server["ServerApp"]["kernel_manager_class"] == \
        "cassino_learn.serving.kernels.ClassroomKernelManager"
    assert server["ServerApp"]["kernel_websocket_connection_class"] == \
        "cassino_learn.serving.kernels.PageConnection"
    assert server["ClassroomKernelManager"] == {"voila_kernels_only": True}
    install_jupyter_files(tmp_path)  # run again: the same file
    assert json.loads(server_file.read_text()) == server

    other = tmp_path / "other"
    (other / "etc" / "jupyter").mkdir(parents=True)
    theirs = '{"ServerApp": {"kernel_manager_class": "school.KernelManager"}}'
    (other / "etc" / "jupyter" / "jupyter_server_config.json").write_text(theirs)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["jupyter-setup", "--prefix", str(other)])
    assert "school.KernelManager" in str(exit_.value.code)
    assert (other / "etc" / "jupyter" / "jupyter_server_config.json").read_text() == theirs
    assert not (other / "share").exists() and not (other / "etc" / "jupyter" / "voila.json").exists()


def test_jupyter_setup_has_kernel_traffic_encrypted_or_says_why_tcp_is_harmless(
        tmp_path, monkeypatch, capsys):
    import zmq

    server_file = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    assert cli.main(["jupyter-setup", "--prefix", str(tmp_path)]) == 0
    assert zmq.has("curve"), "the test environment's pyzmq should have CurveZMQ"
    assert json.loads(server_file.read_text())["KernelManager"] == {"transport_encryption": "auto"}
    assert "without encryption" not in capsys.readouterr().out
    monkeypatch.setattr(zmq, "has", lambda feature: feature != "curve")  # a pyzmq without it
    assert cli.main(["jupyter-setup", "--prefix", str(tmp_path / "other")]) == 0
    other = json.loads((tmp_path / "other" / server_file.relative_to(tmp_path)).read_text())
    assert other.get("KernelManager", {}) == {}  # "auto" would stop the server at start
    notes = [line for line in capsys.readouterr().out.splitlines() if "encryption" in line]
    assert len(notes) == 1 and "harmless" in notes[0] and "loopback" in notes[0]


def test_jupyter_setup_refuses_an_unreadable_server_config_and_installs_nothing(tmp_path):
    server_file = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    server_file.parent.mkdir(parents=True)
    server_file.write_text("{not json")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["jupyter-setup", "--prefix", str(tmp_path)])
    assert str(server_file) in str(exit_.value.code)
    assert server_file.read_text() == "{not json"
    assert not (tmp_path / "etc" / "jupyter" / "voila.json").exists()


def test_a_taken_port_is_reported(tmp_path):
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = subprocess.run(
            [*COMMAND, "serve", "--lessons", str(NOTEBOOKS), "--port", str(port), "--no-browser"],
            capture_output=True, text=True, timeout=PATIENCE)
    assert result.returncode == 1
    assert f"port {port} is already in use" in result.stderr
    assert "Traceback" not in result.stderr
