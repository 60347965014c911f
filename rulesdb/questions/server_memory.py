"""The memory a PostgreSQL backend of this machine holds, watched from the client.

PostgreSQL bounds each sort or hash (``work_mem``) and temporary files, but not what one
function call makes: ``repeat('x', 1000000000)`` builds its gigabyte whole (60 s on a loaded
machine) before any check in the query can measure it, and the steps after it do not stop
for a cancel. Where the backend serving ``rulesdb sql`` is a process of this machine, its
private memory is read from /proc while the query runs, and the query cancelled as it grows
past the bound, long before the value is whole. Where it is not (a server elsewhere, in
another container, /proc hidden, process titles off), nothing is watched and ``--timeout``
stops such a query.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

POLL = 0.05  # seconds between reads: at a few hundred MB/s, little past the bound
# A row just under the width bound is held about 7.6 times on the server while it is
# measured and sent (the value, the row made twice for pg_column_size and its text, the
# row's text, the column's text, the message): 458 MB for one 60 MB value.
COPIES = 8
MARGIN = 64 * 2**20  # the backend's own working memory (plans, caches, sorts in work_mem)


def memory_bound(value_bytes: int) -> int:
    """The most a backend may grow by while a query whose rows are bounded by
    ``value_bytes`` runs."""
    return COPIES * value_bytes + MARGIN


def backend_status(connection: Any) -> Path | None:
    """/proc/PID/status of the backend serving ``connection`` (psycopg), when that process is
    on this machine: its title (PostgreSQL's ``update_process_title``) names the user, the
    database and the client's address as this socket has it; else None."""
    pid = connection.info.backend_pid
    try:
        title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        family, here = _address(connection.pgconn.socket)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    client = "[local]" if family == socket.AF_UNIX else f"({here[1]}) "
    who = f" {connection.info.user} {connection.info.dbname} "
    if not title.startswith("postgres:") or who not in title or client not in title:
        return None
    return Path(f"/proc/{pid}/status")


def _address(descriptor: int) -> tuple[int, Any]:
    """The family and local address of the socket at ``descriptor`` (left open)."""
    copy = os.dup(descriptor)
    try:
        sock = socket.socket(fileno=copy)
    except OSError:
        os.close(copy)
        raise
    with sock:
        return sock.family, sock.getsockname()


def _private_bytes(status: Path) -> int:
    for line in status.read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) * 1024
    raise OSError("no RssAnon")


class Watch:
    """While started, reads the backend's private memory every POLL seconds; past ``most``
    bytes more than at the start, ``passed`` is set and ``stop`` called (once)."""

    def __init__(self, status: Path | None, most: int, stop: Callable[[], None]) -> None:
        self.status, self.most, self._stop = status, most, stop
        self.passed = False
        self._start = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rulesdb-sql-memory", daemon=True)

    def start(self) -> None:
        if self.status is None:
            return
        # What the backend holds before the query, read now (not when the thread first
        # runs, which a loaded machine may delay past the query's first growth).
        try:
            self._start = _private_bytes(self.status)
        except (OSError, ValueError):
            return  # the process gone or unreadable: nothing to watch
        self._thread.start()

    def cancel(self) -> None:
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        assert self.status is not None
        # The process gone or unreadable: nothing more to watch.
        with contextlib.suppress(OSError, ValueError):
            while not self._done.wait(POLL):
                if _private_bytes(self.status) - self._start > self.most:
                    self.passed = True
                    self._stop()
                    return
