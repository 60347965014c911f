"""Where the tools' work runs: two bounded pools of threads, one for the questions that can
take seconds (a digest since 1999, a diff, a quote checked against every rule), one for the
rest, so a cheap call never waits behind heavy ones. Identical calls in flight share one
computation; work no caller waits for any more (a client's ``notifications/cancelled``, or
stdin closed) is stopped: its next statement refused, a SQLite statement interrupted, a
PostgreSQL statement cancelled on the server (a statement the client stops waiting for
runs on there to its end: closing the socket does not stop it).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal, TypeVar

from sqlalchemy import Engine, event

from rulesdb.web.limits import current_stop, stop_asked, stoppable

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
        # The PostgreSQL connection each job's statement runs on now, by the job's stop event.
        self._on_server: dict[threading.Event, Any] = {}
        self._server_lock = threading.Lock()

    def busy(self) -> int:
        """How many threads are working now (stopped work included until it stops)."""
        return self._running.value

    def watch(self, engine: Engine) -> None:
        """Refuse each statement of stopped work before it begins (any backend); on
        PostgreSQL, keep its connection meanwhile, for ``_halt`` to cancel."""

        @event.listens_for(engine, "before_cursor_execute")
        def _refuse(connection: Any, *_: Any) -> None:
            stop = current_stop()
            dbapi = connection.connection.dbapi_connection
            if stop is not None and hasattr(dbapi, "cancel_safe"):  # psycopg 3
                with self._server_lock:
                    self._on_server[stop] = dbapi
            if stop_asked():  # after keeping it: a stop from now on cancels the statement
                _ended()
                raise Stopped()

        @event.listens_for(engine, "after_cursor_execute")
        def _ended(*_: Any) -> None:
            stop = current_stop()
            if stop is not None:
                with self._server_lock:
                    self._on_server.pop(stop, None)

        event.listen(engine, "handle_error", _ended)

    def _halt(self, job: _Job, wait: bool = False) -> None:
        """Stop ``job``: its next statement refused, the one running now on PostgreSQL
        cancelled (in a thread of its own unless ``wait``: a cancel is a round trip)."""
        job.stop.set()
        with self._server_lock:
            running = self._on_server.get(job.stop)
        if running is None:
            return
        if wait:
            self._cancel(job.stop, running)
        else:
            threading.Thread(target=self._cancel, args=(job.stop, running), daemon=True).start()

    def _cancel(self, stop: threading.Event, dbapi: Any) -> None:
        # Under the lock: the statement cannot end and hand its connection to other work
        # before the cancel is sent.
        with self._server_lock:
            still: Any = self._on_server.get(stop)  # None: the statement ended meanwhile
            if still is dbapi:
                with contextlib.suppress(Exception):  # if it fails, statement_timeout ends it
                    still.cancel_safe(timeout=2)

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
                self._halt(job)  # every caller gone: nothing more is worked out for them
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
            self._halt(job, wait=True)  # the process ends next: the cancels sent first
        self._jobs.clear()
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
