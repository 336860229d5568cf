"""The limits a class's server keeps so that one client cannot take it over: buckets of
requests per key (a learner, a client's address), and how many joins and code guesses one
address may make. A real class arriving at once from one address (a school's network) is
100 learners in a minute: that passes; 10,000 in 20 seconds does not.
"""

from __future__ import annotations

import time

__all__ = ["RateLimit", "RATE_BURST", "RATE_PER_SECOND", "JOIN_BURST", "JOIN_PER_SECOND",
           "GUESS_BURST", "GUESS_PER_SECOND", "WRONG_GUESS_DELAY", "joins", "guesses"]

#: A learner's page: a burst of requests, refilled each second.
RATE_BURST = 30
RATE_PER_SECOND = 1.0
#: Joins from one address: a class of 150 at once, then 2 a second.
JOIN_BURST = 150
JOIN_PER_SECOND = 2.0
#: Learner codes tried from one address: 10 at once, then one each 6 seconds.
GUESS_BURST = 10
GUESS_PER_SECOND = 1 / 6
#: A code the class has not is answered after this many seconds (the server is not held).
WRONG_GUESS_DELAY = 1.0


class RateLimit:
    """A bucket of `burst` requests per key, refilled `per_second`."""

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND) -> None:
        self.burst, self.per_second = burst, per_second
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        tokens, then = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1, now)
        if len(self._buckets) > 100_000:  # forget the full buckets of a long class
            self._buckets = {k: v for k, v in self._buckets.items() if v[0] < self.burst - 1}
        return True

    def wait(self, key: str) -> int:
        """Seconds until `key` may send again."""
        tokens, _ = self._buckets.get(key, (float(self.burst), 0.0))
        return max(1, int((1 - tokens) / self.per_second + 0.999))


def joins() -> RateLimit:
    return RateLimit(JOIN_BURST, JOIN_PER_SECOND)


def guesses() -> RateLimit:
    return RateLimit(GUESS_BURST, GUESS_PER_SECOND)
