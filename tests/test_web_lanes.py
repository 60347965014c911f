"""The web face's heavy pages (issue #52): distinct valid URLs of a heavy page (a digest since
each release), each worked out once, take at most the heavy pool's threads; a cheap page is
answered meanwhile. The heavy work is held at a gate the test opens, so nothing here depends
on the machine's speed."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

LAST = "2026-06-19"  # the release before the newest


def test_a_cheap_page_never_waits_behind_heavy_ones(
    _head_sqlite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulesdb.web import digest, plugin
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    gate, lock = threading.Event(), threading.Lock()
    inside = {"now": 0, "most": 0}
    real = digest.changes_page

    def held(engine: Any, since: str, to: str | None) -> Any:
        with lock:
            inside["now"] += 1
            inside["most"] = max(inside["most"], inside["now"])
        try:
            assert gate.wait(60), "the test never opened the gate"
            return real(engine, LAST, to)  # the smallest digest: the waiting is the test
        finally:
            with lock:
                inside["now"] -= 1

    monkeypatch.setattr(digest, "changes_page", held)
    plugin.PAGES.clear()
    # more than the default executor's threads (6 on 2 cores): before, they took them all
    days = ["1999-04-23", "2001-07-23", "2003-07-01", "2005-10-01", "2008-05-01", "2010-07-16"]
    days += ["2012-10-01", "2014-07-18"]

    async def run() -> list[int]:
        heavy = [asyncio.create_task(site.client.get(f"/changes?since={day}")) for day in days]
        while inside["now"] == 0:
            await asyncio.sleep(0.01)
        # every heavy thread held: a cheap page is answered all the same
        cheap = await asyncio.wait_for(site.client.get("/rule/702.19"), 60)
        assert cheap.status_code == 200 and "702.19" in cheap.text
        assert not any(task.done() for task in heavy)
        gate.set()
        return [(await task).status_code for task in heavy]

    try:
        statuses = asyncio.run(run())
    finally:
        gate.set()
        plugin.PAGES.clear()
    assert statuses == [200] * len(days)
    assert inside["most"] == plugin.HEAVY_POOL._max_workers == 2, inside
