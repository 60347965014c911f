"""Rows of ``rulesdb sql`` fetched in bounded batches, and the bounds both backends share."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from rulesdb.errors import RulesdbError
from rulesdb.settings import SQL_MAX_VALUE

BATCH = 5000  # rows fetched at a time: memory stays flat however many rows there are
BATCH_BYTES = 8 * 2**20  # ...and at most about this many bytes of text a batch: wide rows
# fetch fewer at a time


def too_wide(limit: int) -> str:
    return (
        f"a row of the result is wider than {limit / 2**20:g} MB (RULESDB_SQL_MAX_VALUE); "
        "select fewer or shorter values, e.g. substr(value, 1, 1000)"
    )


def bounded(
    fetchmany: Callable[[int], list[Any]] | None, deadline: float, timeout: float
) -> Iterator[Any]:
    """Rows a batch at a time, stopping at the deadline even between batches. The first batch
    is one row; each next one at most twice the last and about BATCH_BYTES of rows as wide as
    the last batch's, so wide rows never arrive thousands at once."""
    size = 1
    while fetchmany is not None:
        if time.monotonic() > deadline:
            raise timed_out(timeout)
        batch = fetchmany(size)
        if not batch:
            return
        width = sum(
            len(value)
            for row in batch
            for value in row
            if isinstance(value, str | bytes | memoryview)
        )
        size = max(1, min(BATCH, 2 * size, len(batch) * BATCH_BYTES // max(width, 1)))
        yield from batch
        del batch  # not held while the next one is fetched


def max_value_bytes() -> int:
    megabytes = SQL_MAX_VALUE.value()
    assert megabytes is not None  # it has a default
    return int(megabytes * 2**20)


def timed_out(timeout: float) -> RulesdbError:
    return RulesdbError(f"the query ran longer than {timeout:g} s and was stopped")
