"""The limits a school needs (serving/class_limits.py, class_web.py, class_demo.py,
class_server.py): joins and learner codes per client address, streams per learner and a slow
reader's backlog, header timeouts, and a server that runs out of file descriptors."""

from __future__ import annotations

import json
import re
import socket
import tempfile
import time
from pathlib import Path

import pytest
import requests
from class_case import ClassServerCase, small_site

from cassino_learn.serving import class_limits
from cassino_learn.serving.class_demo import MAX_STREAMS_EACH
from cassino_learn.serving.class_process import ClassServerProcess


class TestJoinsAndCodes(ClassServerCase):
    def test_a_class_of_a_hundred_joins_from_one_address_a_flood_does_not(self) -> None:
        started = time.monotonic()
        responses = [self.form("/class/join", {"name": f"L{n}"}) for n in range(400)]
        elapsed = time.monotonic() - started
        answers = [r.code for r in responses]
        assert answers[:100] == [302] * 100  # a class arriving at once
        joined = answers.count(302)
        most = class_limits.JOIN_BURST + class_limits.JOIN_PER_SECOND * elapsed + 1
        assert joined <= most and answers.count(429) == 400 - joined
        assert len(self.db(lambda s: s.learners())) == joined
        refused = next(r for r in responses if r.code == 429)
        assert int(refused.headers["Retry-After"]) >= 1
        assert "Wait" in refused.body.decode()

    def test_code_guesses_are_slowed_and_limited(self) -> None:
        ada = self.form("/class/join", {"name": "Ada"})
        started = time.monotonic()
        wrong = self.form("/class/code", {"code": "ZZZZZZ"})
        assert wrong.code == 404 and time.monotonic() - started >= class_limits.WRONG_GUESS_DELAY
        slowed, class_limits.WRONG_GUESS_DELAY = class_limits.WRONG_GUESS_DELAY, 0.01
        try:  # the limit itself, quickly
            codes = [self.form("/class/code", {"code": f"Q{n:05d}"}).code
                     for n in range(class_limits.GUESS_BURST)]
        finally:
            class_limits.WRONG_GUESS_DELAY = slowed
        assert codes.count(429) >= 1 and codes[-1] == 429
        code = self.db(lambda s: s.learners()[0].code)
        assert self.form("/class/code", {"code": code}).code == 429  # even the right one, now
        assert ada.code == 302


@pytest.fixture
def site():
    with tempfile.TemporaryDirectory() as tmp:
        yield Path(tmp), small_site(Path(tmp) / "site")


def joined(server: ClassServerProcess, name: str = "Ada") -> requests.Session:
    browser = requests.Session()
    browser.get(server.url("class/join"), timeout=10)
    answer = browser.post(server.url("class/join"), timeout=10, allow_redirects=False,
                          data={"name": name, "_xsrf": browser.cookies["_xsrf"]})
    assert answer.status_code == 302
    return browser


def open_stream(server: ClassServerProcess, cookies: str) -> socket.socket:
    """A stream as a page opens it, whose reader then reads nothing."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall(f"GET /class/demo/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookies}"
                 f"\r\n\r\n".encode())
    return sock


def status_of(sock: socket.socket) -> int:
    head = sock.recv(200).decode("latin-1")
    return int(head.split()[1])


def test_streams_per_learner_are_capped_and_slow_readers_hold_no_backlog(site):
    base, built = site
    with ClassServerProcess(base / "class", "4B", built) as server:
        ada = joined(server)
        cookies = "; ".join(f"{k}={v}" for k, v in ada.cookies.items())
        streams = [open_stream(server, cookies) for _ in range(MAX_STREAMS_EACH)]
        assert [status_of(s) for s in streams] == [200] * MAX_STREAMS_EACH
        extra = open_stream(server, cookies)
        assert status_of(extra) == 429
        extra.close()
        # many learners' streams that never read, and 400 changes of the table
        readers = [open_stream(server, "; ".join(f"{k}={v}" for k, v in
                                                 joined(server, f"L{n}").cookies.items()))
                   for n in range(94)]
        teacher = requests.Session()
        state = teacher.get(server.url(f"class/demo/teacher/state.json?token={server.token}"),
                            timeout=10)
        headers = {"X-Teacher-Token": server.token, "X-XSRFToken": state.json()["xsrf"],
                   "Content-Type": "application/json"}
        for seed in range(400):
            done = teacher.post(server.url("class/demo/teacher/do"), headers=headers,
                                data=json.dumps({"action": "deal", "players": 4,
                                                 "seed": seed}), timeout=30)
            assert done.status_code == 200, done.text
        memory = server.memory_mb()
        assert memory < 150, memory
        for sock in streams + readers:
            sock.close()


def test_a_half_open_connections_headers_are_not_waited_for_without_end(site):
    base, built = site
    with ClassServerProcess(base / "class", "4B", built,
                            args=("--header-timeout", "1")) as server:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"GET /class/join HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no end
        started = time.monotonic()
        assert sock.recv(100) == b""  # closed by the server
        assert time.monotonic() - started < 8
        assert requests.get(server.url("class/join"), timeout=10).status_code == 200


def test_out_of_descriptors_the_server_says_so_once_and_keeps_serving(site):
    """As under `ulimit -n 256`: more connections than descriptors."""
    base, built = site
    with ClassServerProcess(base / "class", "4B", built, open_files=256) as server:
        held = []
        for _ in range(400):
            try:
                held.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
            except OSError:
                break
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(
                "out of file descriptors" in line for line in server.output):
            time.sleep(0.1)
        cpu_before = sum(p.cpu_times().user + p.cpu_times().system
                         for p in server.processes())
        time.sleep(2)  # while it is out: no spinning
        cpu = sum(p.cpu_times().user + p.cpu_times().system
                  for p in server.processes()) - cpu_before
        for sock in held:
            sock.close()
        answer = None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                answer = requests.get(server.url("class/join"), timeout=5)
                break
            except requests.RequestException:
                time.sleep(0.2)
        assert answer is not None and answer.status_code == 200
        said = [line for line in server.output if "out of file descriptors" in line]
        assert len(said) == 1, list(server.output)
        assert not any("Too many open files" in line and "Traceback" in line
                       for line in server.output)
        assert server.lines < 20, list(server.output)
        assert cpu < 1.0, cpu



def test_a_stream_that_reads_again_gets_the_latest_table_not_every_change(site):
    """A reader that stops reading while the table changes 400 times: once the connection's
    buffers are full the server keeps nothing more for it, and when it reads again it gets
    the latest table (versions skipped), not every change."""
    base, built = site
    with ClassServerProcess(base / "class", "4B", built) as server:
        ada = joined(server)
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        cookies = "; ".join(f"{k}={v}" for k, v in ada.cookies.items())
        sock.sendall(f"GET /class/demo/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookies}"
                     f"\r\n\r\n".encode())
        assert status_of(sock) == 200
        teacher = requests.Session()
        state = teacher.get(server.url(f"class/demo/teacher/state.json?token={server.token}"),
                            timeout=10).json()
        headers = {"X-Teacher-Token": server.token, "X-XSRFToken": state["xsrf"],
                   "Content-Type": "application/json"}
        for seed in range(400):
            assert teacher.post(server.url("class/demo/teacher/do"), headers=headers,
                                data=json.dumps({"action": "deal", "players": 4, "seed": seed}),
                                timeout=30).status_code == 200
        latest = teacher.get(server.url(f"class/demo/teacher/state.json?token={server.token}"),
                             timeout=10).json()["version"]
        sock.settimeout(20)
        tail, versions = b"", []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not versions or versions[-1] < latest):
            chunk = sock.recv(1 << 20)
            assert chunk, "the stream was closed"
            tail = tail[-100:] + chunk
            versions += [int(v) for v in re.findall(rb"\nid: (\d+)\n", tail)
                         if not versions or int(v) > versions[-1]]
        sock.close()
        assert versions and versions[-1] == latest
        assert len(versions) < latest  # some changes were never queued: dropped for the latest


def test_at_start_the_server_takes_the_most_open_files_the_system_allows():
    import subprocess
    import sys

    script = ("import resource; soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE); "
              "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard)); "
              "from cassino_learn.serving.class_server import raise_file_limit; "
              "raise_file_limit(print); "
              "print(resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard), hard)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    raised, hard = done.stdout.split()[-2:]
    assert raised == "True" or hard == "256", done.stdout


class _Listener:
    """A listening socket that runs out of descriptors, then accepts one, then runs out again."""

    def __init__(self, real: socket.socket, answers: list) -> None:
        self.real, self.answers = real, answers

    def fileno(self) -> int:
        return self.real.fileno()

    def accept(self):
        answer = self.answers.pop(0) if self.answers else BlockingIOError()
        if isinstance(answer, BaseException):
            raise answer
        return answer


def test_running_out_again_and_again_is_said_once_not_at_every_turn() -> None:
    """Descriptors freed and taken again (a timed-out page, a new one) must not flood the log."""
    import errno

    import asyncio

    from cassino_learn.serving.class_server import Acceptor

    said: list[str] = []

    async def run() -> None:  # the acceptor takes the running loop
        listening = socket.create_server(("127.0.0.1", 0))
        listening.setblocking(False)
        served: list = []

        class Server:
            def handle_stream(self, stream, address) -> None:
                served.append(address)
                stream.close()

        acceptor = Acceptor(Server(), listening, said.append)
        out = OSError(errno.EMFILE, "Too many open files")
        for _ in range(3):  # three times out, each time a connection accepted in between
            client = socket.create_connection(listening.getsockname())
            connection, address = listening.accept()
            acceptor.sock = _Listener(listening, [out])
            acceptor._ready(None, 0)
            acceptor.sock = _Listener(listening, [(connection, address)])
            acceptor._ready(None, 0)
            client.close()
        assert len(served) == 3
        assert [line.split(" (")[0] for line in said] == [
            "out of file descriptors", "accepting connections again"]
        acceptor.said_out_at -= class_server_quiet()
        acceptor.sock = _Listener(listening, [out])
        acceptor._ready(None, 0)
        assert len(said) == 3 and said[-1].startswith("out of file descriptors")
        listening.close()

    asyncio.run(run())


def class_server_quiet() -> float:
    from cassino_learn.serving.class_server import OUT_OF_FILES_QUIET
    return OUT_OF_FILES_QUIET + 1
