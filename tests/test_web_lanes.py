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


def test_a_cheap_page_is_served_while_a_heavy_page_is_rendered(
    _head_sqlite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A heavy page's markup (2 MB of Jinja) is rendered in its lane's thread: held there, a
    cold cheap page still answers. Rendered on the server's loop, the hold would stop the loop
    (and this test's client with it) until the hold gives up."""
    from rulesdb.web import pages, plugin
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    rendering, gate = threading.Event(), threading.Event()
    real_render = site.render_template

    async def held_render(templates: Any, *args: Any, **kwargs: Any) -> Any:
        if templates == "rulesdb_diff.html":
            rendering.set()
            gate.wait(HOLD)  # blocks the thread rendering it
        return await real_render(templates, *args, **kwargs)

    monkeypatch.setattr(site, "render_template", held_render)
    plugin.PAGES.clear()
    _, engine = plugin.engine_of(site)
    days = pages.release_dates(engine)

    async def run() -> None:
        heavy = asyncio.ensure_future(site.client.get(f"/diff?from={days[0]}&to={days[-1]}"))
        while not rendering.is_set():
            await asyncio.sleep(0.01)
        cheap = await site.client.get(f"/rule/702.19?as_of={days[-2]}")  # cold, not kept
        assert cheap.status_code == 200 and "702.19" in cheap.text
        assert not gate.is_set() and not heavy.done()  # answered while the render was held
        gate.set()
        assert (await heavy).status_code == 200

    try:
        asyncio.run(asyncio.wait_for(run(), HANG_GUARD))
    finally:
        gate.set()
    plugin.PAGES.clear()


HOLD = 10  # seconds a held render waits at most (on the loop it would stop the test's client)
