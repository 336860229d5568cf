"""ClassroomKernelManager's sweep of kernels no page has connected to, on its own (no server):
it never takes a kernel a page is connected to, whatever the order in which it learnt of it."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

from cassino_learn.serving.kernels import ClassroomKernelManager

LONG_AGO = datetime.now(timezone.utc) - timedelta(hours=1)


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
    asyncio.run(manager._shut_down_unconnected())
    assert manager.shut_down == ["left"]
    asyncio.run(manager._shut_down_unconnected())
    assert manager.shut_down == ["left"]


def test_a_page_connecting_while_the_sweep_shuts_another_kernel_down_keeps_its_kernel():
    manager = Sweeping(["left"])

    def a_learner_arrives():  # a new kernel starts and its page connects, meanwhile
        manager.kernels["new"] = SimpleNamespace(last_activity=LONG_AGO, execution_state="idle")
        manager._had_page.add("new")

    manager.during_shutdown = a_learner_arrives
    asyncio.run(manager._shut_down_unconnected())
    manager.during_shutdown = lambda: None
    asyncio.run(manager._shut_down_unconnected())
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
    asyncio.run(manager._shut_down_unconnected())
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

    before, after, closed = asyncio.run(scenario())
    assert before == 60 and 200 <= after < 201 and closed == 10
