"""Requests per client: a token bucket per address (a burst, then a steady rate).

>>> limits = RateLimit(rate=1.0, burst=2)
>>> [limits.allow("a", at=0.0) for _ in range(3)], limits.allow("a", at=1.0), limits.allow("b", at=0.0)
([True, True, False], True, True)
"""

from __future__ import annotations

import time
from collections import OrderedDict

MAX_CLIENTS = 10_000


class RateLimit:
    """`burst` requests at once, refilled at `rate` a second, per client key."""

    def __init__(self, rate: float = 10.0, burst: int = 120) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)

    def allow(self, key: str, at: float | None = None) -> bool:
        """Take one request from `key`'s bucket; False when it is empty."""
        at = time.monotonic() if at is None else at
        tokens, then = self._buckets.pop(key, (float(self.burst), at))
        tokens = min(float(self.burst), tokens + (at - then) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if allowed else tokens, at)
        while len(self._buckets) > MAX_CLIENTS:  # the longest idle clients are forgotten (full buckets)
            self._buckets.popitem(last=False)
        return allowed
