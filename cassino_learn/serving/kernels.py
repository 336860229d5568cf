"""The app's kernel manager (Voila's `multi_kernel_manager_class`, so every kernel passes
through it): a page's kernel is shut down soon after its page goes (closed, broken off, or never
connected), idle kernels are culled except learners' kernels still connecting, and Voila's
preheated lesson kernels start one at a time behind learners' pages. The rules, their timings
and why: docs/serving.md, "The kernel manager".
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from datetime import datetime, timezone

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Bool, Float, Integer, TraitError

__all__ = ["ClassroomKernelManager", "PageConnection"]

PREHEAT_FLAG = "VOILA_PREHEAT"  # Voila sets it to "True" in the environment of preheated kernels
VOILA_FLAG = "VOILA_BASE_URL"  # Voila sets it in the environment of every kernel it starts


class ClassroomKernelManager(AsyncMappingKernelManager):
    """A mapping kernel manager for a classroom: bounded kernels, learners first."""

    disconnect_grace = Float(
        10.0, config=True,
        help="Seconds a kernel whose page has gone (no connection left) is kept, in case the "
             "page reconnects; then it is shut down. Negative: never.")
    preheat_start_delay = Float(
        5.0, config=True,
        help="Seconds after the server starts before the first lesson is preheated.")
    learner_priority = Float(
        3.0, config=True,
        help="Preheating waits until no learner's page has started a kernel for this long "
             "(at most preheat_timeout seconds per preheated kernel).")
    preheat_quiet_time = Float(
        1.0, config=True,
        help="A preheated kernel has finished running its lesson when it has been idle this "
             "long; only then does the next one start.")
    preheat_timeout = Float(
        60.0, config=True,
        help="Longest wait for one preheated kernel (or for learners) before the next starts "
             "anyway.")
    preheat_concurrency = Integer(1, config=True, help="Kernels preheated at the same time.")
    dropped_grace = Float(
        60.0, config=True,
        help="disconnect_grace for a connection that broke off (no closing handshake: a "
             "network glitch, a browser too busy to answer pings) rather than being closed by "
             "its page: the page is likely still open and reconnects. Twice the longest of "
             "the last pages' reconnections, when that is longer (a loaded machine).")
    unconnected_timeout = Float(
        120.0, config=True,
        help="Seconds a learner's kernel that no page has connected to yet may stay idle (its "
             "page was closed, or failed, before it connected); then it is shut down. Twice "
             "the longest of the last pages' waits for their connection, when that is longer "
             "(a loaded machine). Negative: never.")

    voila_kernels_only = Bool(
        False, config=True,
        help="Shut down early (after disconnect_grace, dropped_grace, unconnected_timeout) only "
             "the kernels Voila starts for its pages; other kernels (a notebook's in "
             "JupyterLab, in a Jupyter Server that also serves Voila, as on a JupyterHub) are "
             "left to Jupyter Server's usual rules.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._created = time.monotonic()
        self._preheat_free = max(1, self.preheat_concurrency)
        self._learner_starts = 0
        self._last_learner_start = float("-inf")
        self._had_page: set[str] = set()
        self._voila: set[str] = set()  # kernels Voila started (see voila_kernels_only)
        self._leaving: set[str] = set()  # kernels whose page has gone, shut down soon
        self._dropped: set[str] = set()  # kernels whose last connection broke off
        self._unconnected_since: dict[str, float] = {}
        self._connect_waits: deque[float] = deque(maxlen=30)  # the last pages' waits
        self._dropped_at: dict[str, float] = {}  # kernels whose connection broke off, when
        self._reconnect_waits: deque[float] = deque(maxlen=30)  # the last pages' reconnections
        self._sweeping = False
        self._pending: set[asyncio.Task] = set()

    # -- pages come and go -----------------------------------------------------------------

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._had_page.add(kernel_id)
        now = time.monotonic()
        waited_since = self._unconnected_since.pop(kernel_id, None)
        if waited_since is not None:
            self._connect_waits.append(now - waited_since)
        dropped_at = self._dropped_at.pop(kernel_id, None)
        if dropped_at is not None:
            self._reconnect_waits.append(now - dropped_at)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        dropped = kernel_id in self._dropped
        self._dropped.discard(kernel_id)
        if dropped:
            self._dropped_at[kernel_id] = time.monotonic()
        if kernel_id in self._had_page:
            self._shut_down_soon(kernel_id, dropped)

    def page_left_unconnected(self, kernel_id: str) -> None:
        """A page closed its connection before it opened (the learner went on while the page
        was still loading): its kernel goes after the grace of a connection that broke off,
        unless a page connects meanwhile, rather than waiting for the sweep of kernels no page
        connected to (which, on a loaded machine, waits twice the longest page load)."""
        if not self._in_pool(kernel_id):
            self._shut_down_soon(kernel_id, dropped=True)

    def _shut_down_soon(self, kernel_id: str, dropped: bool) -> None:
        """Shut the kernel down after its grace unless a page connects (once at a time)."""
        if self.disconnect_grace >= 0 and self._managed(kernel_id) \
                and kernel_id not in self._leaving \
                and self._kernel_connections.get(kernel_id, 0) == 0:
            self._leaving.add(kernel_id)
            self._spawn(self._shut_down_if_left(kernel_id, dropped))

    def connection_dropped(self, kernel_id: str) -> None:
        """The next disconnect of this kernel is a connection that broke off (see
        `dropped_grace`)."""
        self._dropped.add(kernel_id)

    def _grace(self, dropped: bool) -> float:
        """How long a kernel whose page's connection has gone is kept: for a connection that
        broke off, twice the longest of the last pages' reconnections when that is longer
        than dropped_grace (on a loaded machine a busy page takes minutes to reconnect)."""
        if not dropped:
            return self.disconnect_grace
        return max(self.dropped_grace, 2 * max(self._reconnect_waits, default=0))

    async def _shut_down_if_left(self, kernel_id: str, dropped: bool) -> None:
        left = time.monotonic()
        try:
            while (remaining := left + self._grace(dropped) - time.monotonic()) > 0:
                await asyncio.sleep(min(remaining, 5.0))
                if self._kernel_connections.get(kernel_id, 0) > 0:
                    return  # the page is back
            # A kernel still starting or running its lesson is let finish first (shut down
            # meanwhile, it takes Voila's request for the page down with a traceback).
            while kernel_id in self and getattr(self.get_kernel(kernel_id), "execution_state",
                                                "") in ("busy", "starting"):
                await asyncio.sleep(1.0)
                if self._kernel_connections.get(kernel_id, 0) > 0:
                    return
            if kernel_id in self and self._kernel_connections.get(kernel_id, 0) == 0:
                self.log.info("Kernel %s: its page closed %.0f s ago, shutting it down",
                              kernel_id, time.monotonic() - left)
                self._had_page.discard(kernel_id)
                self._dropped_at.pop(kernel_id, None)
                await self.shutdown_kernel(kernel_id)
        finally:
            self._leaving.discard(kernel_id)

    async def _sweep_unconnected(self) -> None:
        """Shut down learners' kernels no page has connected to, once idle long enough."""
        period = max(0.5, min(5.0, self.unconnected_timeout / 4))
        while True:
            await asyncio.sleep(period)
            try:
                await self._shut_down_unconnected()
            except Exception:  # noqa: BLE001 - the sweep must outlive one bad kernel
                self.log.warning("Checking for kernels no page connected to failed",
                                 exc_info=True)

    async def _shut_down_unconnected(self) -> None:
        now = time.monotonic()
        for kernel_id in set(self.list_kernel_ids()) - self._had_page:
            if self._in_pool(kernel_id) or kernel_id not in self or not self._managed(kernel_id):
                continue
            if self._kernel_connections.get(kernel_id, 0) > 0:
                # Connected (its connect was counted before this kernel was known here).
                self._had_page.add(kernel_id)
                continue
            since = self._unconnected_since.setdefault(kernel_id, now)
            kernel = self.get_kernel(kernel_id)
            last = _last_activity(kernel)
            idle = now - since if last is None else min(now - since, _seconds_since(last))
            if idle >= max(self.unconnected_timeout, 2 * max(self._connect_waits, default=0)) \
                    and getattr(kernel, "execution_state", "") not in ("busy", "starting"):
                self.log.info("Kernel %s: no page connected to it (its page was closed before "
                              "it was ready), shutting it down", kernel_id)
                self._unconnected_since.pop(kernel_id, None)
                await self.shutdown_kernel(kernel_id)
        # Kernels as they are now: a page may have connected to a new one while this awaited
        # a shutdown (pruned with an older list, its kernel would be taken for unconnected).
        alive = set(self.list_kernel_ids())
        for kernel_id in set(self._unconnected_since) - alive:
            del self._unconnected_since[kernel_id]
        for kernel_id in set(self._dropped_at) - alive:
            del self._dropped_at[kernel_id]
        self._had_page &= alive
        self._voila &= alive

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        # Jupyter Server's culler would shut a learner's kernel down while its page is still
        # loading on a slow machine (its wait does not stretch): such kernels are the sweep's.
        if self.unconnected_timeout >= 0 and kernel_id not in self._had_page \
                and self._managed(kernel_id):
            return
        await super().cull_kernel_if_idle(kernel_id)

    def _managed(self, kernel_id: str) -> bool:
        """Whether this kernel is shut down early (see voila_kernels_only)."""
        return not self.voila_kernels_only or kernel_id in self._voila

    def _in_pool(self, kernel_id: str) -> bool:
        """Whether the kernel waits in one of Voila's preheated pools (no page has it yet)."""
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None \
                        and task.result().get("kernel_id") == kernel_id:
                    return True
        return False

    def _claimed(self) -> bool:
        """Whether the running pool task has been handed to a page (Voila takes it out of its
        pool when a learner's page asks for the lesson, even before its kernel exists)."""
        task = asyncio.current_task()
        return not any(task in pool for pool in getattr(self, "_pools", {}).values())

    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]
        """Stop every kernel at once when the server stops. Asked to shut down politely, a
        kernel still importing or running a lesson prints a traceback; the kernels keep no
        state worth a goodbye (progress is saved as each answer is given)."""
        for task in list(self._pending):
            task.cancel()
        # A Jupyter Server's other kernels (a teacher's notebooks) are shut down as usual.
        await super().shutdown_all(now=now or not self.voila_kernels_only)

    def _spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    # -- preheating behind learners --------------------------------------------------------

    async def start_kernel(self, **kwargs) -> str:  # type: ignore[override]
        if not self._sweeping and self.unconnected_timeout >= 0:
            self._sweeping = True
            self._spawn(self._sweep_unconnected())
        env = kwargs.get("env") or {}
        if env.get(PREHEAT_FLAG) != "True" or not await self._preheat_turn():
            kernel_id = await self._start_for_learner(**kwargs)
            if VOILA_FLAG in env:
                self._voila.add(kernel_id)
            return kernel_id
        try:
            kernel_id = await super().start_kernel(**kwargs)
        except BaseException:
            self._preheat_free += 1
            raise
        self._voila.add(kernel_id)
        # The lesson runs in the kernel after this returns: hold the turn until it has.
        self._spawn(self._release_when_quiet(kernel_id))
        return kernel_id

    async def _start_for_learner(self, **kwargs) -> str:
        self._learner_starts += 1
        try:
            return await super().start_kernel(**kwargs)
        finally:
            self._learner_starts -= 1
            self._last_learner_start = time.monotonic()

    async def _preheat_turn(self) -> bool:
        """Wait for a preheating turn (True): a free slot, once learners' pages have started
        their kernels (at most preheat_timeout). False, at once, if a page has taken this pool
        place meanwhile: its kernel is then a learner's."""
        start_at = self._created + self.preheat_start_delay
        deadline = max(start_at, time.monotonic()) + self.preheat_timeout
        while not self._claimed():
            now = time.monotonic()
            learners_quiet = not self._learner_starts \
                and now - self._last_learner_start >= self.learner_priority
            if now >= start_at and self._preheat_free > 0 and (learners_quiet or now >= deadline):
                self._preheat_free -= 1
                return True
            await asyncio.sleep(0.2)
        return False

    async def _release_when_quiet(self, kernel_id: str) -> None:
        deadline = time.monotonic() + self.preheat_timeout
        try:
            while time.monotonic() < deadline and kernel_id in self:
                if _waits_for_its_page(kernel_id):
                    return  # as far as it runs before a learner comes (a class's lessons)
                kernel = self.get_kernel(kernel_id)
                last = _last_activity(kernel)
                if getattr(kernel, "execution_state", "") == "idle" and last is not None \
                        and _seconds_since(last) >= self.preheat_quiet_time:
                    return
                await asyncio.sleep(0.2)
        finally:
            self._preheat_free += 1


def _waits_for_its_page(kernel_id: str) -> bool:
    """Whether a preheated kernel waits for the request of the page that will take it (a
    class's lesson waits there to learn its learner: `voila.utils.wait_for_request`)."""
    try:
        from voila.request_info_handler import RequestInfoSocketHandler
    except ImportError:
        return False
    return kernel_id in RequestInfoSocketHandler._waiters


def _last_activity(kernel) -> datetime | None:
    """When the kernel was last active; None while it is starting (Jupyter Server sets it only
    then, and reading it before raises a TraitError)."""
    try:
        return getattr(kernel, "last_activity", None)
    except TraitError:
        return None


def _seconds_since(moment: datetime) -> float:
    """Seconds since `moment` (a timezone-aware datetime, as jupyter_server keeps them)."""
    return (datetime.now(timezone.utc) - moment).total_seconds()


class PageConnection(ZMQChannelsWebsocketConnection):
    """A page's connection to its kernel, counted once.

    A page that leaves while its connection is being prepared (its first second or so) closes a
    websocket that never opened. Jupyter Server then counts a disconnect that had no connect
    (the kernel's count goes below zero, and the kernel is later taken for one a page still
    uses), and goes on to open the closed socket, which ends in an AttributeError traceback in
    the log. Here such a close leaves the count as it was and the request ends with one line."""

    _counted = False
    _left = False

    def connect(self):  # type: ignore[override]
        self._counted = True
        return super().connect()

    # jupyter_server's base class declares it async; the ZMQ connection it runs is not
    def disconnect(self) -> None:  # type: ignore[override]
        counted, self._counted = self._counted, False
        self._left = True
        if counted:
            if getattr(self.websocket_handler, "close_code", None) is None \
                    and hasattr(self.multi_kernel_manager, "connection_dropped"):
                self.multi_kernel_manager.connection_dropped(self.kernel_id)
            super().disconnect()
        else:
            self._forget()

    def _forget(self) -> None:
        """Undo what `prepare` did, for a connection that never opened: its session and its
        kernel_info request (Jupyter Server's disconnect would also count a disconnect)."""
        key = getattr(self, "session_key", None)
        if key is not None and self._open_sessions.get(key) is self.websocket_handler:
            self._open_sessions.pop(key)
        channel, self.kernel_info_channel = self.kernel_info_channel, None
        if channel is not None and not channel.closed():
            channel.close()
        if not self._kernel_info_future.done():
            self._kernel_info_future.set_result({})
        if getattr(self.kernel_manager, "_kernel_info_future", None) is self._kernel_info_future:
            del self.kernel_manager._kernel_info_future

    async def prepare(self) -> None:
        await super().prepare()
        if self._left:
            self._forget()
            self.log.info("Kernel %s: its page left before its connection opened",
                          self.kernel_id)
            if hasattr(self.multi_kernel_manager, "page_left_unconnected"):
                self.multi_kernel_manager.page_left_unconnected(self.kernel_id)
            raise web.Finish()
