"""A class's server as a process of its own, for scripts, tests and benchmarks that start it,
kill it and start it again on the same class and port.

    with ClassServerProcess(folder, "4B", site) as server:
        server.base_url, server.teacher_url, server.memory_mb()
        server.kill(); server.start()       # a crash and a restart mid-class
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path

from .class_server import TOKEN_ENV
from .voila import free_port

__all__ = ["ClassServerProcess"]


class ClassServerProcess:
    def __init__(self, folder: Path, name: str, site: Path, *, port: int = 0,
                 token: str | None = None, env: dict[str, str] | None = None,
                 open_files: int | None = None, args: tuple[str, ...] = ()) -> None:
        """`open_files`: the process's limit of open files (soft and hard), as `ulimit -n`;
        `args`: more options of the server (e.g. --header-timeout)."""
        self.folder, self.name, self.site = Path(folder), name, Path(site)
        self.port = port or free_port()
        self.token = token or secrets.token_urlsafe(24)
        self.env = env or {}
        self.open_files, self.args = open_files, tuple(args)
        self.process: subprocess.Popen | None = None
        self.output: deque[str] = deque(maxlen=200)
        self.lines = 0  # every line the server wrote, kept or not

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def teacher_url(self) -> str:
        return f"{self.base_url}class/teacher?token={self.token}"

    def url(self, path: str) -> str:
        return self.base_url + path.lstrip("/")

    def start(self, timeout: float = 120) -> "ClassServerProcess":
        env = {**os.environ, **self.env, TOKEN_ENV: self.token, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cassino_learn.serving.class_server", "--folder",
             str(self.folder), "--name", self.name, "--site", str(self.site), "--port",
             str(self.port), "--ip", "127.0.0.1", *self.args],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            preexec_fn=None if self.open_files is None else self._limit_files)
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the class's server stopped at start "
                                   f"(exit {self.process.wait()})")
            if line.startswith("listening on "):
                threading.Thread(target=self._drain, args=(self.process.stdout,),
                                 daemon=True).start()
                return self
        self.kill()
        raise TimeoutError(f"the class's server did not start within {timeout:.0f} s")

    def _limit_files(self) -> None:
        import resource

        if self.open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def _drain(self, stream) -> None:
        """Keep the server's last lines (a full pipe would stop the server)."""
        for line in stream:
            self.lines += 1
            self.output.append(line.rstrip("\n"))

    def kill(self) -> None:
        """As a crash or a pulled plug: no chance to finish anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def processes(self) -> list:
        """The server's process and every process under it (psutil)."""
        import psutil

        if self.process is None:
            return []
        root = psutil.Process(self.process.pid)
        return [root, *root.children(recursive=True)]

    def memory_mb(self) -> float:
        """Resident memory of the server's process tree, in MiB."""
        return sum(p.memory_info().rss for p in self.processes()) / 2**20

    def __enter__(self) -> "ClassServerProcess":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
