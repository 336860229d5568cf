"""Serve the lessons as a web app with Voila: its settings, its command line, and a handle on a
running server (used by `cassino-learn serve`, the browser tests and the benchmarks).

Voila runs as a child process; our template and settings reach it through the standard Jupyter
search paths (JUPYTER_PATH for the template, JUPYTER_CONFIG_PATH for voila.json), so the same
files serve `cassino-learn serve`, Binder and a school's JupyterHub (see `install_jupyter_files`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from ..teaching import catalog
from .logs import logging_config

__all__ = ["TEMPLATE", "DEFAULT_PORT", "DEFAULT_CULL_IDLE", "data_dir", "voila_settings",
           "culling_settings", "kernel_encryption", "UNENCRYPTED_NOTE", "kernel_spec",
           "VoilaServer", "install_jupyter_files", "free_port", "index_path", "check_port"]

TEMPLATE = "cassino"
DEFAULT_PORT = 8866
DEFAULT_CULL_IDLE = 180  # seconds a kernel with no page connected may sit idle
PING_INTERVAL_MS = 30_000  # how often the server pings a page's connection
PING_TIMEOUT_MS = 90_000  # no answer for this long: the page is gone, its connection closed
OUTPUT_PATIENCE = 120  # seconds Voila waits for a cell's last outputs (nbclient's 4 s is short)
APP_TITLE = catalog.INDEX.title
# Notebooks that must run when a learner opens them, never ahead of time in a preheated kernel:
# the index shows the learner's progress, the sandbox is a teacher's scratch pad.
NOT_PREHEATED = (catalog.INDEX.notebook, catalog.SANDBOX.notebook)
KERNEL_MANAGER = "cassino_learn.serving.kernels.ClassroomKernelManager"
KERNEL_CONNECTION = "cassino_learn.serving.kernels.PageConnection"
FRONT_END_EXTENSIONS = ("@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager",
                        "anywidget", "jupyterlab_pygments")
FRIENDLY_CELL_ERROR = ("This part of the lesson could not be shown. Reload the page to try "
                       "again; if that does not help, tell your teacher.")


def data_dir() -> Path:
    """The Jupyter data folder shipped in the package (holds voila/templates/cassino)."""
    return Path(__file__).resolve().parent.parent / "share"


def index_path(lessons: Path) -> Path:
    return lessons / catalog.INDEX.notebook


def _page_links() -> dict[str, dict]:
    """Title and place in the course of every page, for the template."""
    pages: dict[str, dict] = {}
    count = len(catalog.LESSONS)
    for item in (catalog.INDEX, *catalog.LESSONS, catalog.SANDBOX):
        entry: dict = {"title": item.title}
        if item in catalog.LESSONS:
            entry["position"] = f"Lesson {catalog.LESSONS.index(item) + 1} of {count}"
        pages[item.slug] = entry
    return pages


def culling_settings(idle: float = DEFAULT_CULL_IDLE) -> dict:
    """Jupyter Server's kernel culling: a kernel no page is connected to is shut down after
    `idle` seconds without activity (a page that is open keeps its kernel)."""
    return {"cull_idle_timeout": int(idle), "cull_interval": max(1, min(60, int(idle) // 4)),
            "cull_connected": False, "cull_busy": False}


UNENCRYPTED_NOTE = (
    "note: this pyzmq has no CurveZMQ, so kernels talk to Jupyter Server over TCP without "
    "encryption (ipykernel warns of it): harmless here, as the kernels listen on loopback only, "
    "reading loopback traffic needs root, and every message is signed with a key only the "
    "server knows")


def kernel_encryption() -> dict:
    """KernelManager settings for a Jupyter Server (JupyterHub, Binder), whose kernels talk to it
    over TCP: with CurveZMQ in pyzmq, jupyter_client encrypts that for kernels that say they can
    (ipykernel does), and ipykernel has no "running over TCP without encryption" to warn of.
    Empty without CurveZMQ (asking for it then would stop the server at start)."""
    import zmq

    return {"transport_encryption": "auto"} if zmq.has("curve") else {}


def voila_settings(*, preheat: bool = True, cull_idle: float = DEFAULT_CULL_IDLE) -> dict:
    """The Voila configuration of the app, as the contents of a voila.json file."""
    settings: dict = {
        "VoilaConfiguration": {
            "template": TEMPLATE,
            "theme": "light",
            "show_tracebacks": False,
            "classic_tree": True,
            # Only the front-end extensions the lessons use: others installed beside Voila
            # (JupyterLab's, Notebook 7's) break its page with module federation errors.
            "extension_allowlist": list(FRONT_END_EXTENSIONS),
            "resources": {"cassino": {"app_title": APP_TITLE,
                                      "index": catalog.INDEX.notebook,
                                      "pages": _page_links()}},
        },
        # iopub_timeout: how long Voila waits for a cell's last outputs after the kernel said
        # the cell ran. nbclient's 4 s is missed by a busy classroom server, and then the
        # cell's outputs (a quiz's button, a verdict) are left off the page with only a warning.
        "VoilaExecutor": {"cell_error_instruction": FRIENDLY_CELL_ERROR,
                          "iopub_timeout": OUTPUT_PATIENCE},
        "MappingKernelManager": culling_settings(cull_idle),
        # Kernels talk to the server over local sockets, not TCP: other users of the machine
        # cannot reach them, and ipykernel has no "unencrypted TCP" warning to print.
        "KernelManager": {"transport": "ipc"},
        "Voila": {
            # A page's connection is pinged every 30 s and closed when no answer came for 90 s
            # (Jupyter Server's default). A timeout equal to the interval closes a healthy
            # connection whenever the server is a few seconds late with a ping (a busy
            # classroom server): pages then reconnect over and over, and their widgets are
            # never drawn. See logs.HARMLESS for the warning tornado prints about it.
            "tornado_settings": {"ws_ping_interval": PING_INTERVAL_MS,
                                 "ws_ping_timeout": PING_TIMEOUT_MS},
            "kernel_websocket_connection_class": KERNEL_CONNECTION,
            "logging_config": logging_config(),
        },
    }
    settings["VoilaConfiguration"]["multi_kernel_manager_class"] = KERNEL_MANAGER
    if preheat:
        settings["VoilaConfiguration"].update(preheat_kernel=True, default_pool_size=1)
        settings["VoilaKernelManager"] = {"preheat_denylist": list(NOT_PREHEATED)}
    return settings


WARM_IMPORTS = "cassino_learn.serving.warm_imports"


def kernel_spec() -> dict:
    """The Python kernel of the app's own server: this Python, interrupted by a message rather
    than a signal, and importing the lesson modules while Voila prepares the page
    (serving/warm_imports.py). Jupyter interrupts a kernel before shutting it down; a SIGINT that
    lands while the kernel is still importing prints a KeyboardInterrupt traceback, a message is
    simply never read by a kernel that is going away."""
    return {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}",
                     f"--IPKernelApp.extensions={WARM_IMPORTS}"],
            "display_name": "Python 3 (ipykernel)", "language": "python",
            "interrupt_mode": "message", "metadata": {"debugger": False}}


def install_jupyter_files(prefix: Path, cull_idle: float = DEFAULT_CULL_IDLE) -> list[Path]:
    """Install the template and voila.json under a Jupyter prefix (sys.prefix, ~/.local, ...),
    and kernel culling into that prefix's jupyter_server_config.json (its other settings kept),
    so that Voila in a JupyterHub or Binder server uses the app's look and settings, idle
    kernels go away, a lesson's kernel goes soon after its page (the app's kernel manager, for
    Voila's kernels only: a notebook's kernel in JupyterLab stays), and kernel traffic is
    encrypted where pyzmq can (`kernel_encryption`). Returns
    the paths written. Preheated kernels stay off there (each user has
    one server)."""
    prefix = Path(prefix)
    config_dir = prefix / "etc" / "jupyter"
    server_target = config_dir / "jupyter_server_config.json"
    server_config = _read_json_config(server_target)
    settings = voila_settings(preheat=False)
    # Voila there runs inside Jupyter Server, with the server's kernel manager and log.
    for section in ("MappingKernelManager", "KernelManager", "Voila"):
        del settings[section]
    del settings["VoilaConfiguration"]["multi_kernel_manager_class"]
    # Jupyter Server reads kernel settings from its main file only (its .d folder is for
    # enabling extensions), so culling is merged into that file.
    server_config.setdefault("MappingKernelManager", {}).update(culling_settings(cull_idle))
    server_config.setdefault("KernelManager", {}).update(kernel_encryption())
    # A lesson's kernel goes soon after its page, as with `cassino-learn serve`; a notebook's
    # kernel in JupyterLab is left to the server's usual rules (voila_kernels_only).
    server_app = server_config.setdefault("ServerApp", {})
    for key, ours in (("kernel_manager_class", KERNEL_MANAGER),
                      ("kernel_websocket_connection_class", KERNEL_CONNECTION)):
        if server_app.get(key, ours) != ours:
            raise ValueError(f"{server_target} sets ServerApp.{key} to {server_app[key]!r}, "
                             f"which jupyter-setup would replace with {ours!r}; remove that "
                             "setting if it may go, then run jupyter-setup again (nothing was "
                             "installed)")
    server_app["kernel_manager_class"] = KERNEL_MANAGER
    server_app["kernel_websocket_connection_class"] = KERNEL_CONNECTION
    server_config.setdefault("ClassroomKernelManager", {})["voila_kernels_only"] = True
    template_target = prefix / "share" / "jupyter" / "voila" / "templates" / TEMPLATE
    if template_target.exists():
        shutil.rmtree(template_target)
    shutil.copytree(data_dir() / "voila" / "templates" / TEMPLATE, template_target)
    config_target = config_dir / "voila.json"
    for target, content in ((config_target, settings), (server_target, server_config)):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(content, indent=2) + "\n", encoding="utf-8")
    return [template_target, config_target, server_target]


def _read_json_config(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"cannot read {path} ({error}); fix or move it, then run "
                         "jupyter-setup again (nothing was installed)") from None
    if not isinstance(config, dict):
        raise ValueError(f"{path} does not hold a JSON object; fix or move it, then run "
                         "jupyter-setup again (nothing was installed)")
    return config


def free_port(ip: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((ip, 0))
        return sock.getsockname()[1]


def check_port(text: str) -> int:
    """A TCP port number from the command line, or ValueError saying what is wrong."""
    try:
        port = int(text)
    except ValueError:
        raise ValueError(f"--port needs a whole number from 1 to 65535, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise ValueError(f"--port needs a number from 1 to 65535, not {port}")
    return port


def _child_pids(parent: int) -> list[int]:
    """The processes whose parent is `parent` (from /proc; none where there is no /proc)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            # The command name (field 2) may hold spaces: the fields after it are split.
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == parent:
            children.append(int(stat.parent.name))
    return children


def _port_taken(ip: str, port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((ip if ip not in ("localhost", "") else "127.0.0.1", port))
        except OSError:
            return True
    return False


@dataclass
class VoilaServer:
    """One Voila server on `root`, started with `start()` and stopped with `stop()` (or used as a
    context manager). Logs go to `log_path` unless `quiet` is False (then to the terminal)."""

    root: Path
    port: int = 0  # 0: any free port
    ip: str = "localhost"
    preheat: bool = False
    cull_idle: float = DEFAULT_CULL_IDLE
    quiet: bool = True
    extra_args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)  # extra environment for Voila and kernels
    process: subprocess.Popen | None = field(default=None, init=False)
    _tmp: Path | None = field(default=None, init=False)

    @property
    def base_url(self) -> str:
        host = "localhost" if self.ip in ("localhost", "127.0.0.1", "") else self.ip
        return f"http://{host}:{self.port}/"

    @property
    def ready_url(self) -> str:
        """A small file Voila serves once it is up (the app's stylesheet)."""
        return f"{self.base_url}voila/templates/{TEMPLATE}/static/cassino.css"

    def url(self, notebook: str) -> str:
        return f"{self.base_url}voila/render/{notebook}"

    @property
    def log_path(self) -> Path:
        assert self._tmp is not None, "the server is not started"
        return self._tmp / "voila.log"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "voila", str(self.root), "--no-browser",
                f"--port={self.port}", f"--Voila.ip={self.ip}", "--Voila.port_retries=0",
                *self.extra_args]

    def environment(self) -> dict[str, str]:
        assert self._tmp is not None
        env = dict(os.environ)
        env["JUPYTER_PATH"] = os.pathsep.join(
            p for p in (str(self._tmp / "data"), str(data_dir()), env.get("JUPYTER_PATH", ""))
            if p)
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
            p for p in (str(self._tmp / "config"), env.get("JUPYTER_CONFIG_PATH", "")) if p)
        env["PYTHONUNBUFFERED"] = "1"
        env.update(self.env)
        return env

    def start(self, timeout: float = 60) -> "VoilaServer":
        if not self.root.is_dir():
            raise FileNotFoundError(f"cannot serve {self.root}: no such folder")
        if self.port == 0:
            self.port = free_port()
        elif _port_taken(self.ip, self.port):
            raise OSError(f"port {self.port} is already in use; choose another with --port")
        self._tmp = Path(tempfile.mkdtemp(prefix="cassino-voila-"))
        (self._tmp / "config").mkdir()
        (self._tmp / "config" / "voila.json").write_text(
            json.dumps(voila_settings(preheat=self.preheat, cull_idle=self.cull_idle)),
            encoding="utf-8")
        kernel_folder = self._tmp / "data" / "kernels" / "python3"
        kernel_folder.mkdir(parents=True)
        (kernel_folder / "kernel.json").write_text(json.dumps(kernel_spec()), encoding="utf-8")
        output = None if not self.quiet else open(self.log_path, "wb")
        try:
            self.process = subprocess.Popen(
                self.command(), cwd=self.root, env=self.environment(), stdout=output,
                stderr=subprocess.STDOUT if output else None,
                # Its own session: a Ctrl-C reaches only us, and we stop Voila once, cleanly.
                start_new_session=True)
        finally:
            if output is not None:
                output.close()
        self.wait_until_ready(timeout)
        return self

    def wait_until_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"Voila stopped at start (exit {self.process.returncode})"
                                   + self._log_tail())
            try:
                with urllib.request.urlopen(self.ready_url, timeout=2):
                    return
            except urllib.error.HTTPError as error:
                raise RuntimeError(f"Voila answered {self.ready_url} with {error.code}"
                                   + self._log_tail()) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.2)
        self.stop()
        raise TimeoutError(f"Voila did not answer on {self.base_url} within {timeout:.0f} s"
                           + self._log_tail())

    def _log_tail(self) -> str:
        if self._tmp is None or not self.log_path.exists():
            return ""
        lines = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\nlast lines of the Voila log:\n" + "\n".join(lines[-25:])

    def log(self) -> str:
        if self._tmp is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self, timeout: float = 120) -> None:
        """Stop Voila with SIGTERM: it then leaves its event loop between two steps of work and
        stops its kernels (a SIGINT would interrupt whatever it is doing, with a traceback).
        Killed, with its kernels, only if it has not stopped within `timeout` seconds (a few
        seconds on a quiet machine; generous, as a loaded one can take a minute)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            # Kernels run in sessions of their own: killing Voila alone would leave them.
            children = _child_pids(process.pid)
            process.kill()
            process.wait()
            for pid in children:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass  # it ended meanwhile

    def cleanup(self) -> None:
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self) -> "VoilaServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
        self.cleanup()
