"""A busy classroom server keeps its pages whole and connected.

- A page's connection to its kernel: Jupyter Server pings it every 30 s and closes it only when
  no answer came for 90 s. With a timeout equal to the interval (as `cassino-learn serve` had),
  a ping the server sent a few seconds late found the last answer "too old" and closed a healthy
  connection; in a class of 30 the pages reconnected over and over and their quizzes were never
  drawn (tests/benchmarks/bench_classroom.py). Jupyter Server's own ping code runs here, on a
  clock the test moves, with the server's settings.
- A lesson's outputs: Voila waits up to OUTPUT_PATIENCE s for a cell's last outputs, not
  nbclient's 4 s, after which they would be left off the page with only a log warning.
"""

from __future__ import annotations

import logging

import pytest
from jupyter_server.base import websocket as jupyter_websocket

from cassino_learn.serving.voila import OUTPUT_PATIENCE, voila_settings


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def time(self) -> float:
        return self.now


class Connection(jupyter_websocket.WebSocketMixin):
    """Jupyter Server's ping logic on a connection that records pings and its closing."""

    class Protocol:
        client_terminated = False

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        self.ws_connection = self.Protocol()
        self.log = logging.getLogger(__name__)
        self.pings, self.closed = 0, False

    def ping(self, data: bytes = b"") -> None:
        self.pings += 1

    def close(self, *args: object) -> None:
        self.closed = True


@pytest.fixture
def connection(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(jupyter_websocket.ioloop.IOLoop, "current", staticmethod(lambda: clock))
    settings = voila_settings()["Voila"]["tornado_settings"]
    made = Connection(settings)
    made.last_ping = made.last_pong = clock.now
    return made, clock


def _run(connection: Connection, clock: Clock, events: list[tuple[float, str]]) -> None:
    """At each (second, what): the server's ping callback runs ("ping"), or the page's answer
    arrives ("pong")."""
    for at, what in sorted(events):
        if connection.closed:
            return
        clock.now = at
        connection.send_ping() if what == "ping" else connection.on_pong(b"")


def test_a_ping_sent_late_by_a_busy_server_keeps_the_connection(connection):
    page, clock = connection
    interval = page.ping_interval / 1000
    # The server was busy: its second ping goes out 6 s late, to a page that answers at once.
    pings = [interval, 2 * interval + 6, 3 * interval]
    _run(page, clock, [(t, "ping") for t in pings] + [(t + 0.01, "pong") for t in pings])
    assert not page.closed and page.pings == 3


def test_a_page_slow_to_answer_keeps_its_connection(connection):
    page, clock = connection
    interval = page.ping_interval / 1000
    pings = [n * interval for n in range(1, 6)]  # a starved browser answers 40 s late
    _run(page, clock, [(t, "ping") for t in pings] + [(t + 40, "pong") for t in pings])
    assert not page.closed and page.pings == len(pings)


def test_a_page_that_never_answers_is_closed_after_the_timeout(connection):
    page, clock = connection
    interval, timeout = page.ping_interval / 1000, page.ping_timeout / 1000
    _run(page, clock, [(n * interval, "ping") for n in range(1, 20)])
    assert page.closed
    assert timeout < clock.now <= timeout + interval  # gone within two minutes


def test_voila_waits_for_a_cells_last_outputs_as_long_as_a_busy_server_needs():
    import nbformat
    from traitlets.config import Config
    from voila.execute import VoilaExecutor

    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=Config(voila_settings()))
    assert executor.iopub_timeout == OUTPUT_PATIENCE >= 60
    assert not executor.raise_on_iopub_timeout  # a late output is still better than no page
