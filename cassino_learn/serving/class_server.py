"""A class's server (`cassino-learn serve --class NAME`): one small Tornado process that hands
out the in-browser edition of the course (every lesson runs in the learner's browser) and keeps
the class: the name page, the learner code, the teacher's page, and the progress API the pages
send their records to. No Jupyter server and no kernel: a class of thirty fits a small machine.

    {base}...                 the site's files (serving/site_files.py)
    {base}class/...           the class's pages (serving/class_web.py)
    {base}class/api/...       the progress API (serving/class_api.py)

The class is kept in its folder (`<data folder>/classes/<slug>/`) by the class's store, with
the secret that signs the learners' cookies (`cookie-secret`, made once), so a restarted
server knows every browser again.

    python -m cassino_learn.serving.class_server --folder F --name N --site S --port P
runs one without the command's set-up (what the tests and benchmarks start and kill).
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import os
import secrets
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any, Callable

from tornado import httpserver, web
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream

from ..files import write_atomically
from .class_api import RateLimit, api_handlers
from .class_demo import DemoState, demo_handlers, for_class
from .class_site import precompress
from .class_web import ClassState, StoreThread, class_handlers
from .logs import keep_secrets_out
from .site_files import SiteFiles, client_script

__all__ = ["make_app", "cookie_secret", "open_state", "serve_class", "TOKEN_ENV", "main"]

SECRET_FILE = "cookie-secret"
#: A teacher's token fixed from outside (scripts, tests); otherwise a new one at every start.
TOKEN_ENV = "CASSINO_LEARN_TEACHER_TOKEN"
MAX_BODY_SIZE = 1024 * 1024
#: Seconds a connection may take to send a request's headers (a half-open connection is
#: closed then), and its body.
HEADER_TIMEOUT = 20.0
BODY_TIMEOUT = 30.0
#: After running out of file descriptors, accepting pauses this long (the log says so once).
ACCEPT_PAUSE = 0.5
#: Running out again within this many seconds is not logged again (no flapping log lines).
OUT_OF_FILES_QUIET = 60.0


def cookie_secret(folder: Path) -> str:
    """The class's secret for signing cookies: made once, readable by its owner only."""
    path = folder / SECRET_FILE
    try:
        secret = path.read_text(encoding="ascii").strip()
        if len(secret) >= 32:
            return secret
    except (OSError, UnicodeDecodeError):
        pass
    secret = secrets.token_urlsafe(48)
    write_atomically(path, secret + "\n", mode=0o600)
    return secret


def open_state(folder: Path, name: str, token: str, base_url: str = "/") -> ClassState:
    from ..classroom.class_store import ClassStore

    folder.mkdir(parents=True, exist_ok=True)
    store = StoreThread(lambda: ClassStore.open(folder, name))
    return ClassState(store, name, folder, token, base_url)


def make_app(state: ClassState, site: Path, *, limit: RateLimit | None = None,
             demo: DemoState | None = None) -> web.Application:
    keep_secrets_out()  # a refused teacher's request is logged with its URL: not its token
    base = state.base_url
    handlers = [*api_handlers(state, limit), *class_handlers(state),
                *demo_handlers(demo if demo is not None else for_class(state)),
                (f"{base}(.*)", SiteFiles, {"state": state, "site": site.resolve(),
                                            "client": client_script()})]
    return web.Application(
        handlers, cookie_secret=cookie_secret(state.folder), xsrf_cookies=True,
        xsrf_cookie_kwargs={"httponly": True, "samesite": "Lax", "path": base},
        compress_response=False, log_function=_quiet_log)


def _quiet_log(handler: web.RequestHandler) -> None:
    """Only errors: a class's requests are many and of no interest to the teacher."""
    if handler.get_status() >= 500:
        import logging

        logging.getLogger("tornado.access").error("%d %s", handler.get_status(),
                                                  handler._request_summary())


async def serve_class(state: ClassState, site: Path, *, port: int, ip: str,
                      ready: Callable[[int], None] = lambda port: None,
                      header_timeout: float = HEADER_TIMEOUT) -> None:
    """Serve until cancelled (Ctrl-C, SIGTERM)."""
    report = lambda message: print(f"cassino-learn: {message}",  # noqa: E731
                                   file=sys.stderr, flush=True)
    raise_file_limit(report)
    precompress(site, report=report)
    app = make_app(state, site)
    server = httpserver.HTTPServer(app, max_body_size=MAX_BODY_SIZE, xheaders=False,
                                   idle_connection_timeout=header_timeout,
                                   body_timeout=BODY_TIMEOUT)
    sockets = _bind(port, ip)
    accepting = [Acceptor(server, sock, report) for sock in sockets]
    ready(sockets[0].getsockname()[1])
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in ("SIGTERM", "SIGHUP", "SIGINT"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is not signal.SIG_IGN:
            loop.add_signal_handler(number, stop.set)
    try:
        await stop.wait()
    finally:
        for acceptor in accepting:
            acceptor.close()
        await server.close_all_connections()
        state.store.close()


def raise_file_limit(report: Callable[[str], None]) -> None:
    """Every open lesson page holds a connection: take the most descriptors the system allows
    (the soft limit up to the hard one)."""
    try:
        import resource
    except ImportError:  # not on this platform
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError) as error:
            report(f"the limit of open files stays {soft} ({error})")


class Acceptor:
    """Takes the connections of a listening socket to the server. Out of file descriptors,
    it says so once in the log (not again within OUT_OF_FILES_QUIET), pauses accepting for ACCEPT_PAUSE seconds (the connections
    wait in the socket's queue) and goes on serving those it has: never a spinning loop."""

    def __init__(self, server: httpserver.HTTPServer, sock: socket.socket,
                 report: Callable[[str], None]) -> None:
        self.server, self.sock, self.report = server, sock, report
        self.loop = IOLoop.current()
        self.out_of_files = False
        self.said_out_at: float | None = None
        self.owe_again = False  # "accepting again" is said once for each "out of" said
        self.loop.add_handler(sock, self._ready, IOLoop.READ)

    def _ready(self, fd: Any, events: int) -> None:
        for _ in range(128):  # a bounded batch: the loop serves the others in between
            try:
                connection, address = self.sock.accept()
            except BlockingIOError:
                return
            except OSError as error:
                if error.errno == errno.ECONNABORTED:
                    continue
                if error.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    self._pause(error)
                    return
                raise
            if self.out_of_files:
                self.out_of_files = False
                if self.owe_again:
                    self.owe_again = False
                    self.report("accepting connections again")
            connection.setblocking(False)
            self.server.handle_stream(IOStream(connection), address)

    def _pause(self, error: OSError) -> None:
        if not self.out_of_files and not self._recently_said():
            self.said_out_at = time.monotonic()
            self.owe_again = True
            self.report(f"out of file descriptors ({error.strerror}): new connections wait "
                        f"until some close; the pages already connected are served")
        self.out_of_files = True
        self.loop.remove_handler(self.sock)
        self.loop.call_later(ACCEPT_PAUSE, self._resume)

    def _recently_said(self) -> bool:
        return (self.said_out_at is not None
                and time.monotonic() - self.said_out_at < OUT_OF_FILES_QUIET)

    def _resume(self) -> None:
        if self.sock.fileno() != -1:
            self.loop.add_handler(self.sock, self._ready, IOLoop.READ)

    def close(self) -> None:
        try:
            self.loop.remove_handler(self.sock)
        except (KeyError, ValueError):
            pass
        self.sock.close()


def _bind(port: int, ip: str) -> list:
    from tornado.netutil import bind_sockets

    address = "" if ip in ("0.0.0.0", "") else ip
    return bind_sockets(port, address or None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cassino_learn.serving.class_server")
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--header-timeout", type=float, default=HEADER_TIMEOUT)
    args = parser.parse_args(argv)
    token = os.environ.pop(TOKEN_ENV, "") or secrets.token_urlsafe(24)
    state = open_state(args.folder, args.name, token)

    def ready(port: int) -> None:
        print(f"listening on http://{args.ip}:{port}/", flush=True)

    asyncio.run(serve_class(state, args.site, port=args.port, ip=args.ip, ready=ready,
                            header_timeout=args.header_timeout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
