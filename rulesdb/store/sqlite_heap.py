"""SQLite's own bound on its heap while one query runs.

SQLite computes a whole row before any value of it reaches Python, so a row whose values are
each under the length limit but together far over it (ten 50 MB blobs) can only be refused
by SQLite's allocator: past the hard heap limit, it fails the statement (SQLITE_NOMEM, which
the ``sqlite3`` module raises as MemoryError). The limit is process-wide and the pragma
``hard_heap_limit`` can only lower it, so it is set and put back through the C interface of
the library the ``sqlite3`` module is linked with. Where that library's symbols cannot be
reached (SQLite built into the module on some platforms), no bound is set.
"""

from __future__ import annotations

import ctypes
import functools
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def heap_bounded(extra: int) -> Iterator[bool]:
    """SQLite may allocate at most ``extra`` bytes more than it holds now, until the block
    ends (True), or nothing is bounded (False). Not for threads that run queries at once:
    the limit is the process's."""
    api = _heap_api()
    if api is None:
        yield False
        return
    hard_limit, memory_used = api
    previous = hard_limit(-1)  # a negative argument only reads it
    wanted = memory_used() + extra
    hard_limit(wanted if previous <= 0 else min(previous, wanted))
    try:
        yield True
    finally:
        hard_limit(previous)


@functools.cache
def _heap_api() -> tuple[Callable[[int], int], Callable[[], int]] | None:
    try:
        library = ctypes.CDLL(importlib.import_module("_sqlite3").__file__)
        hard_limit = library.sqlite3_hard_heap_limit64
        memory_used = library.sqlite3_memory_used
    except (OSError, AttributeError, TypeError, ImportError):
        return None
    hard_limit.argtypes, hard_limit.restype = [ctypes.c_int64], ctypes.c_int64
    memory_used.argtypes, memory_used.restype = [], ctypes.c_int64
    return hard_limit, memory_used
