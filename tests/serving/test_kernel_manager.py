"""ClassroomKernelManager on its own (no server): its sweep of kernels no page has connected to
never takes a kernel a page is connected to, whatever the order in which it learnt of it, and
a kernel whose page went is shut down after its grace."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

from cassino_learn.serving.kernels import ClassroomKernelManager

LONG_AGO = datetime.now(timezone.utc) - timedelta(hours=1)


def _run(coroutine):
    """asyncio.run in a thread of its own: the browser tests' Playwright leaves an event loop
    running in the main thread when they run first in the same session."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


class Sweeping(ClassroomKernelManager):
    """The manager with kernels that are names only: idle for an hour, never started."""

    def __init__(self, kernels: list[str], **kwargs):
        super().__init__(unconnected_timeout=0, **kwargs)
        self.kernels = {k: SimpleNamespace(last_activity=LONG_AGO, execution_state="idle")
                        for k in kernels}
        self.shut_down: list[str] = []
        self.during_shutdown = lambda: None

    def list_kernel_ids(self) -> list[str]:
        return list(self.kernels)

    def __contains__(self, kernel_id) -> bool:
        return kernel_id in self.kernels

    def get_kernel(self, kernel_id):
        return self.kernels[kernel_id]

    async def shutdown_kernel(self, kernel_id, now=False, restart=False) -> None:
        self.shut_down.append(kernel_id)
        del self.kernels[kernel_id]
        self.during_shutdown()
        await asyncio.sleep(0)


def test_the_sweep_leaves_a_kernel_a_page_is_connected_to():
    manager = Sweeping(["left", "connected"])
    manager._kernel_connections["connected"] = 1  # counted, though never notified here
    _run(manager._shut_down_unconnected())
    assert manager.shut_down == ["left"]
    _run(manager._shut_down_unconnected())
    assert manager.shut_down == ["left"]


def test_a_page_connecting_while_the_sweep_shuts_another_kernel_down_keeps_its_kernel():
    manager = Sweeping(["left"])

    def a_learner_arrives():  # a new kernel starts and its page connects, meanwhile
        manager.kernels["new"] = SimpleNamespace(last_activity=LONG_AGO, execution_state="idle")
        manager._had_page.add("new")

    manager.during_shutdown = a_learner_arrives
    _run(manager._shut_down_unconnected())
    manager.during_shutdown = lambda: None
    _run(manager._shut_down_unconnected())
    assert manager.shut_down == ["left"], "the new page's kernel was taken for unconnected"


def test_a_kernel_still_starting_does_not_stop_the_sweep():
    manager = Sweeping(["starting", "left"])

    class Starting:
        execution_state = "starting"

        @property
        def last_activity(self):
            from traitlets import TraitError
            raise TraitError("not set yet")

    manager.kernels["starting"] = Starting()
    _run(manager._shut_down_unconnected())
    assert manager.shut_down == ["left"]


def test_a_broken_off_connection_is_waited_for_longer_once_pages_reconnect_slowly():
    """On a loaded machine a page whose connection broke off (a browser too busy to answer
    pings) may take minutes to reconnect: its kernel is then kept twice that long."""

    async def scenario() -> tuple[float, float, float]:
        manager = Sweeping(["k"], dropped_grace=60, disconnect_grace=10)
        before = manager._grace(dropped=True)
        manager.notify_connect("k")
        manager.connection_dropped("k")
        manager.notify_disconnect("k")
        manager._dropped_at["k"] -= 100  # the page reconnects 100 s later
        manager.notify_connect("k")
        return before, manager._grace(dropped=True), manager._grace(dropped=False)

    before, after, closed = _run(scenario())
    assert before == 60 and 200 <= after < 201 and closed == 10


def test_a_page_that_left_before_connecting_has_its_kernel_shut_down_after_the_grace():
    """The learner went on while the page was loading: the kernel goes after dropped_grace,
    not after the sweep's wait (twice the longest page load on a loaded machine)."""

    async def scenario(reconnects: bool) -> list[str]:
        manager = Sweeping(["left", "busy"], dropped_grace=0.3)
        manager._kernel_connections.update(left=0, busy=0)  # as when Jupyter started them
        manager.kernels["busy"].execution_state = "busy"
        manager.page_left_unconnected("left")
        manager.page_left_unconnected("busy")
        if reconnects:  # the page's next attempt connects before the grace is over
            manager.notify_connect("left")
        await asyncio.sleep(1.0)
        return manager.shut_down

    assert _run(scenario(reconnects=False)) == ["left"]  # "busy" still runs its lesson
    assert _run(scenario(reconnects=True)) == []
