"""The app's kernel manager: a page's kernel goes when the page goes, and lessons are preheated
one at a time behind learners' pages.

Voila builds its kernel manager on this class (`VoilaConfiguration.multi_kernel_manager_class`),
so every kernel passes through it:

- Leaving or closing a page closes its connection to the kernel; a kernel that had a page and
  has had none for `disconnect_grace` seconds is shut down. (Voila's own way, a request sent as
  the page unloads, is refused by Jupyter Server for want of an _xsrf token: Voila issue 1458.)
  Idle kernels no page is connected to are culled by Jupyter Server's culler (see
  `voila.culling_settings`); preheated kernels waiting in Voila's pool never had a page, and
  Voila keeps them out of culling.
- Voila preheats a kernel for every lesson at start (it runs each lesson in advance so the page
  opens at once). Started all at once on a small machine they starve the first page a learner
  opens. Here preheating waits `preheat_start_delay` after the server starts, then fills the
  pools one kernel at a time, each once the previous has run its lesson, and steps aside while
  learners' pages are starting their kernels.
"""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer

__all__ = ["ClassroomKernelManager"]

PREHEAT_FLAG = "VOILA_PREHEAT"  # Voila sets it to "True" in the environment of preheated kernels


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

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._created = time.monotonic()
        self._preheat_slots: asyncio.Semaphore | None = None
        self._learner_starts = 0
        self._last_learner_start = float("-inf")
        self._had_page: set[str] = set()
        self._pending: set[asyncio.Task] = set()

    # -- pages come and go -----------------------------------------------------------------

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._had_page.add(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self.disconnect_grace >= 0 and self._kernel_connections.get(kernel_id) == 0:
            self._spawn(self._shut_down_if_left(kernel_id))

    async def _shut_down_if_left(self, kernel_id: str) -> None:
        await asyncio.sleep(self.disconnect_grace)
        if kernel_id in self and self._kernel_connections.get(kernel_id, 0) == 0:
            self.log.info("Kernel %s: its page closed %.0f s ago, shutting it down",
                          kernel_id, self.disconnect_grace)
            self._had_page.discard(kernel_id)
            await self.shutdown_kernel(kernel_id)

    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]
        """Stop every kernel at once when the server stops. Asked to shut down politely, a
        kernel still importing or running a lesson prints a traceback; the kernels keep no
        state worth a goodbye (progress is saved as each answer is given)."""
        for task in list(self._pending):
            task.cancel()
        await super().shutdown_all(now=True)

    def _spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    # -- preheating behind learners --------------------------------------------------------

    async def start_kernel(self, **kwargs) -> str:  # type: ignore[override]
        env = kwargs.get("env") or {}
        if env.get(PREHEAT_FLAG) != "True":
            self._learner_starts += 1
            try:
                return await super().start_kernel(**kwargs)
            finally:
                self._learner_starts -= 1
                self._last_learner_start = time.monotonic()
        if self._preheat_slots is None:
            self._preheat_slots = asyncio.Semaphore(max(1, self.preheat_concurrency))
        await self._preheat_slots.acquire()
        try:
            await self._wait_for_learners()
            kernel_id = await super().start_kernel(**kwargs)
        except BaseException:
            self._preheat_slots.release()
            raise
        # The lesson runs in the kernel after this returns: hold the slot until it has.
        self._spawn(self._release_when_quiet(kernel_id))
        return kernel_id

    async def _wait_for_learners(self) -> None:
        delay = self.preheat_start_delay - (time.monotonic() - self._created)
        if delay > 0:
            await asyncio.sleep(delay)
        deadline = time.monotonic() + self.preheat_timeout
        while time.monotonic() < deadline and (
                self._learner_starts
                or time.monotonic() - self._last_learner_start < self.learner_priority):
            await asyncio.sleep(0.2)

    async def _release_when_quiet(self, kernel_id: str) -> None:
        assert self._preheat_slots is not None
        deadline = time.monotonic() + self.preheat_timeout
        try:
            while time.monotonic() < deadline and kernel_id in self:
                kernel = self.get_kernel(kernel_id)
                last = getattr(kernel, "last_activity", None)
                if getattr(kernel, "execution_state", "") == "idle" and last is not None \
                        and _seconds_since(last) >= self.preheat_quiet_time:
                    return
                await asyncio.sleep(0.2)
        finally:
            self._preheat_slots.release()


def _seconds_since(moment: datetime) -> float:
    """Seconds since `moment` (a timezone-aware datetime, as jupyter_server keeps them)."""
    return (datetime.now(timezone.utc) - moment).total_seconds()
