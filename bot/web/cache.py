"""A small least-recently-used cache with a size budget (entries, or bytes for images), and
`once`: a value computed once per key even when several requests ask for it at the same moment."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class LRU(Generic[V]):
    """Keeps the most recently used values whose total `size` fits the budget.

    >>> cache: LRU[bytes] = LRU(10, size=len)
    >>> cache.put("a", b"12345"); cache.put("b", b"123456"); cache.get("a") is None
    True
    """

    def __init__(self, budget: int, size: Callable[[V], int] = lambda _: 1) -> None:
        self.budget = budget
        self._size = size
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self.used = 0
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> V | None:
        found = self._items.get(key)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: V) -> None:
        size = self._size(value)
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= old[1]
        if size > self.budget:
            return
        self._items[key] = (value, size)
        self.used += size
        while self.used > self.budget:
            _, (_, dropped) = self._items.popitem(last=False)
            self.used -= dropped

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items


async def once(
    cache: LRU[V], pending: dict[Hashable, asyncio.Future[Any]], key: Hashable, make: Callable[[], Awaitable[V]]
) -> V:
    """The cached value of `key`, else `await make()` (stored in `cache`); a request arriving while it
    is being made waits for the same result (`pending` holds the ones in progress)."""
    found = cache.get(key)
    if found is not None:
        return found
    waiting = pending.get(key)
    if waiting is not None:
        done: V = await asyncio.shield(waiting)
        return done
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    pending[key] = future
    try:
        value = await make()
        cache.put(key, value)
        future.set_result(value)
        return value
    except BaseException as exc:
        future.set_exception(exc)
        future.exception()  # retrieved: nobody else may be waiting
        raise
    finally:
        del pending[key]
