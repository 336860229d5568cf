"""The app's kernel manager: learners' pages first, lessons preheated one at a time behind them.

Voila preheats a kernel for every lesson at start (it runs each lesson in advance so the page
opens at once). Started all at once on a small machine they starve the first page a learner
opens. This class is the base Voila builds its preheating manager on
(`VoilaConfiguration.multi_kernel_manager_class`), so every kernel start passes through
`start_kernel` here: preheating waits a moment after the server starts, then fills the pools
one kernel at a time, each only once the previous has run its lesson, and always steps aside
while a learner's own kernel is starting.
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
    """A mapping kernel manager that keeps preheating behind learners' pages."""

    preheat_start_delay = Float(
        3.0, config=True,
        help="Seconds after the server starts before the first lesson is preheated.")
    preheat_quiet_time = Float(
        1.0, config=True,
        help="A preheated kernel has finished running its lesson when it has been idle this "
             "long; only then does the next one start.")
    preheat_timeout = Float(
        120.0, config=True,
        help="Longest wait for one preheated kernel before the next starts anyway.")
    preheat_concurrency = Integer(1, config=True, help="Kernels preheated at the same time.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._created = time.monotonic()
        self._preheat_slots: asyncio.Semaphore | None = None
        self._learner_starts = 0

    async def start_kernel(self, **kwargs) -> str:  # type: ignore[override]
        env = kwargs.get("env") or {}
        if env.get(PREHEAT_FLAG) != "True":
            self._learner_starts += 1
            try:
                return await super().start_kernel(**kwargs)
            finally:
                self._learner_starts -= 1
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
        asyncio.get_running_loop().create_task(self._release_when_quiet(kernel_id))
        return kernel_id

    async def _wait_for_learners(self) -> None:
        delay = self.preheat_start_delay - (time.monotonic() - self._created)
        if delay > 0:
            await asyncio.sleep(delay)
        while self._learner_starts:
            await asyncio.sleep(0.2)

    async def _release_when_quiet(self, kernel_id: str) -> None:
        assert self._preheat_slots is not None
        deadline = time.monotonic() + self.preheat_timeout
        try:
            while time.monotonic() < deadline and kernel_id in self:
                kernel = self.get_kernel(kernel_id)
                idle = getattr(kernel, "execution_state", "") == "idle"
                last = getattr(kernel, "last_activity", None)
                quiet = last is not None and self._since(last) >= self.preheat_quiet_time
                if idle and quiet:
                    return
                await asyncio.sleep(0.2)
        finally:
            self._preheat_slots.release()

    @staticmethod
    def _since(last_activity: datetime) -> float:
        """Seconds since `last_activity` (a timezone-aware datetime from jupyter_server)."""
        return (datetime.now(timezone.utc) - last_activity).total_seconds()
