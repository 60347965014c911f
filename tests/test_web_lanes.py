"""`rulesdb serve`'s heavy pages in a lane of their own (rulesdb.web.lanes): a cheap page is
served while heavy ones are in flight, and a heavy page past the lane's room is refused at
once, never kept (in process, through Datasette's own test client)."""

from __future__ import annotations

import asyncio
import threading
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("datasette", reason="the web extra is not installed")

HANG_GUARD = 120  # seconds: only a page stuck behind blocked work takes this long


def test_a_cheap_page_is_served_while_heavy_pages_are_in_flight(
    _head_sqlite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulesdb.web import pages, plugin
    from rulesdb.web.lanes import RETRY_AFTER, Lanes
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    lanes = Lanes(heavy=1, most=3)  # one at work, two waiting for the thread
    monkeypatch.setattr(plugin, "LANES", lanes)
    gate = threading.Event()  # the heavy pages' work waits for it
    real_diff = pages.diff

    def held_diff(engine: Any, a: str, b: str) -> dict[str, Any]:
        gate.wait()
        return real_diff(engine, a, b)

    monkeypatch.setattr(pages, "diff", held_diff)
    plugin.PAGES.clear()
    _, engine = plugin.engine_of(site)
    days = pages.release_dates(engine)[-5:]
    heavy = [f"/diff?from={a}&to={b}" for a, b in pairwise(days)]

    async def run() -> None:
        in_flight = [asyncio.ensure_future(site.client.get(url)) for url in heavy[:3]]
        while lanes.heavy() < 3:
            await asyncio.sleep(0.01)
        cheap = await site.client.get(f"/rule/702.19?as_of={days[0]}")  # cold, not kept
        assert cheap.status_code == 200 and "702.19" in cheap.text
        refused = await site.client.get(heavy[3])  # Datasette's routing, then the wrapper's
        again = await site.client.get(heavy[3] + "&x=1")
        for answer in (refused, again):
            assert answer.status_code == 503 and "Busy" in answer.text
            assert answer.headers["retry-after"] == str(RETRY_AFTER)
        in_flight.append(asyncio.ensure_future(site.client.get(heavy[0])))  # joins, not refused
        await asyncio.sleep(0.1)
        assert not any(task.done() for task in in_flight)
        gate.set()
        assert [(await task).status_code for task in in_flight] == [200, 200, 200, 200]
        assert lanes.heavy() == 0
        assert (await site.client.get(heavy[3])).status_code == 200  # the refusal not kept

    try:
        asyncio.run(asyncio.wait_for(run(), HANG_GUARD))
    finally:
        gate.set()  # a failed run leaves no thread waiting
    plugin.PAGES.clear()
