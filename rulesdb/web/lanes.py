"""Where a page's work runs: the heavy pages (a diff of two rulebooks, a digest of changes: 1
to 2 s of computing each, cold) in a pool of their own, every other page in another, so a
cheap page never queues behind heavy ones. Heavy pages worked out or waiting at once are
bounded: past the bound a new one is refused at once (503 with Retry-After) rather than
queued without end. Identical requests never count twice: the page cache works a page out
once for all of them (rulesdb.web.pagecache)."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Literal, TypeVar

T = TypeVar("T")
Lane = Literal["heavy", "light"]
# One: heavy work is Python holding the GIL, so a second thread added no pages (9 in 10 s
# either way, bench/web_heavy.py) but took the GIL from cheap pages (a cold one's p50 1.0 s
# with two, 0.57 s with one).
HEAVY_WORKERS = 1
LIGHT_WORKERS = 4
HEAVY_MOST = 4  # heavy pages worked out or waiting at once: at most 3 turns to wait
RETRY_AFTER = 5  # seconds, said to a client refused for want of room


class Busy(Exception):
    """The heavy lane is full: the page is refused, not queued."""


class Lanes:
    """The web face's two pools; ``run`` runs a page's work in one of them."""

    def __init__(
        self, heavy: int = HEAVY_WORKERS, light: int = LIGHT_WORKERS, most: int = HEAVY_MOST
    ) -> None:
        self._pools = {
            "heavy": ThreadPoolExecutor(heavy, thread_name_prefix="rulesdb-web-heavy"),
            "light": ThreadPoolExecutor(light, thread_name_prefix="rulesdb-web-light"),
        }
        self.most = most
        self._heavy = 0  # taken or waiting for a heavy thread
        self._lock = threading.Lock()  # the count drops in the worker's thread

    def heavy(self) -> int:
        """Heavy pages being worked out or waiting for a thread now."""
        return self._heavy

    def full(self) -> bool:
        """Whether a new heavy page would be refused now."""
        return self._heavy >= self.most

    async def run(self, lane: Lane, work: Callable[[], T]) -> T:
        """``work()`` in ``lane``'s pool; a heavy one past ``most`` raises Busy at once. The
        count drops when the work ends, not when its request does: a client gone does not
        free room its work still takes."""
        if lane == "heavy":
            with self._lock:
                if self._heavy >= self.most:
                    raise Busy()
                self._heavy += 1
        try:
            future = self._pools[lane].submit(contextvars.copy_context().run, work)
        except BaseException:
            self._done(lane)
            raise
        future.add_done_callback(lambda _: self._done(lane))
        return await asyncio.wrap_future(future)

    def _done(self, lane: Lane) -> None:
        if lane == "heavy":
            with self._lock:
                self._heavy -= 1
