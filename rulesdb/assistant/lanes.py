"""Where the tools' work runs: two bounded pools of threads, one for the questions that can
take seconds (a digest since 1999, a diff, a quote checked against every rule), one for the
rest, so a cheap call never waits behind heavy ones. Identical calls in flight share one
computation; work no caller waits for any more (a client's ``notifications/cancelled``, or
stdin closed) is stopped: its next statement refused, a SQLite statement interrupted.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal, TypeVar

from sqlalchemy import Engine, event

from rulesdb.web.limits import stop_asked, stoppable

T = TypeVar("T")
Lane = Literal["heavy", "light"]
HEAVY_WORKERS = 2  # the machine's cores are the bound on heavy work done at once
LIGHT_WORKERS = 4


class Stopped(Exception):
    """The work was stopped: no caller waits for its answer."""


class _Count:
    def __init__(self) -> None:
        self.value = 0
        self._lock = threading.Lock()

    def add(self, step: int) -> None:
        with self._lock:
            self.value += step


class _Job:
    def __init__(self, running: _Count) -> None:
        self.stop = threading.Event()
        self.waiting = 0
        self.future: asyncio.Future[Any] | None = None
        self._running = running

    def run(self, work: Callable[[], T]) -> T:
        if self.stop.is_set():  # given up while it waited for a thread
            raise Stopped()
        self._running.add(1)
        try:
            with stoppable(self.stop):
                return work()
        finally:
            self._running.add(-1)


class Lanes:
    """The server's pools; ``ask`` runs a call's work in one of them."""

    def __init__(self, heavy: int = HEAVY_WORKERS, light: int = LIGHT_WORKERS) -> None:
        self._pools = {
            "heavy": ThreadPoolExecutor(heavy, thread_name_prefix="rulesdb-heavy"),
            "light": ThreadPoolExecutor(light, thread_name_prefix="rulesdb-light"),
        }
        self._jobs: dict[Hashable, _Job] = {}
        self._running = _Count()

    def busy(self) -> int:
        """How many threads are working now (stopped work included until it stops)."""
        return self._running.value

    def watch(self, engine: Engine) -> None:
        """Refuse each statement of stopped work before it begins (any backend)."""

        @event.listens_for(engine, "before_cursor_execute")
        def _refuse(*_: Any) -> None:
            if stop_asked():
                raise Stopped()

    async def ask(self, lane: Lane, key: Hashable, work: Callable[[], T]) -> T:
        """``work``'s answer, worked out once for every caller asking ``key`` meanwhile."""
        job = self._jobs.get(key)
        if job is None:
            job = _Job(self._running)
            future = asyncio.get_running_loop().run_in_executor(self._pools[lane], job.run, work)
            job.future = future
            self._jobs[key] = job
            future.add_done_callback(functools.partial(self._finished, key, job))
        assert job.future is not None
        job.waiting += 1
        try:
            answer: T = await asyncio.shield(job.future)
            return answer
        finally:
            job.waiting -= 1
            if job.waiting == 0 and not job.future.done():
                job.stop.set()  # every caller gone: nothing more is worked out for them
                self._forget(key, job)

    def _finished(self, key: Hashable, job: _Job, done: asyncio.Future[Any]) -> None:
        if not done.cancelled():
            done.exception()  # seen here, so asyncio does not log one nobody waited for
        self._forget(key, job)

    def _forget(self, key: Hashable, job: _Job) -> None:
        if self._jobs.get(key) is job:
            del self._jobs[key]

    def close(self) -> None:
        """Stop all work, and let the process end without waiting for its threads."""
        for job in list(self._jobs.values()):
            job.stop.set()
        self._jobs.clear()
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
