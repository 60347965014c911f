"""The memory watch of `rulesdb sql` on PostgreSQL (rulesdb.questions.server_memory), on a
status file written here: it stops the query once the backend grew past its bound, counted
from what it held at the start, and never otherwise. (On a real server: tests/test_bounds.py.)"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from rulesdb.questions.server_memory import POLL, Watch, memory_bound

MB = 2**20


def status(path: Path, anon_mb: int) -> None:
    temporary = path.with_suffix(".new")  # replaced whole: never read half-written
    temporary.write_text(f"Name:\tpostgres\nRssAnon:\t{anon_mb * 1024} kB\nRssFile:\t9 kB\n")
    temporary.replace(path)


def test_the_watch_stops_a_backend_growing_past_its_bound(tmp_path: Path) -> None:
    path = tmp_path / "status"
    status(path, 500)  # held before the query: not counted
    stopped = threading.Event()
    watch = Watch(path, 100 * MB, stopped.set)
    watch.start()
    try:
        status(path, 590)
        time.sleep(10 * POLL)
        assert not stopped.is_set() and not watch.passed  # grew by 90 MB: within
        status(path, 601)
        assert stopped.wait(60) and watch.passed
    finally:
        watch.cancel()


def test_no_status_file_is_no_watch() -> None:
    watch = Watch(None, 0, lambda: None)
    watch.start()
    watch.cancel()
    assert not watch.passed


def test_the_bound_lets_a_row_just_under_the_width_bound_pass() -> None:
    # A row just under the bound takes about 7.6 times its width on the server (measured:
    # 458 MB for one 60 MB value), and the backend's own working memory comes on top.
    assert memory_bound(60 * MB) > 458 * MB + 32 * MB
    assert memory_bound(64 * MB) == 576 * MB
