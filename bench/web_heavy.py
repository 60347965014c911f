"""Issue #52's heavy row: 20 clients each asking distinct valid heavy pages (never the same
URL twice, so none is kept: `/changes?since=<each release>`, `/diff?from=A&to=B` for pairs)
while one client asks cheap pages one at a time, alternately a kept one (/rule/702.19) and a
cold one (/rule/702.19?as_of=<each release>); beside plain Datasette of the same file, same
run (distinct filtered table pages beside its database page).

    python bench/run.py --only web-heavy   # about 60 s
"""

from __future__ import annotations

import asyncio
import itertools
import random
import shutil
import sqlite3
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from bench.table import Row  # noqa: E402
from bench.web_junk import CHEAP_MOST_NS  # noqa: E402
from bench.web_load import (  # noqa: E402
    _ms,
    datasette_server,
    peak_kib,
    percentile,
    rulesdb_server,
)

HEAVY_CLIENTS = 20
HEAVY_SECONDS = 10.0
REQUEST_TIMEOUT = 60.0
CHEAP_KEPT = "/rule/702.19"
MOST_PEAK_KIB = 300 * 1024  # issue #42's bound on the server's memory


@dataclass
class Heavy:
    """What the clients saw: the cheap pages' latencies (kept, cold), the heavy answers by
    status, and the server's peak memory after."""

    kept_ns: list[int] = field(default_factory=list)
    cold_ns: list[int] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    peak_kib: int = 0


def release_days(path: Path) -> list[str]:
    with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as connection:
        rows = connection.execute("SELECT effective_date FROM release ORDER BY effective_date")
        return [day for (day,) in rows]


def rulesdb_urls(days: list[str]) -> tuple[list[str], list[str]]:
    """Heavy URLs, every one distinct and valid (a fixed shuffle), and the cold cheap ones."""
    heavy = [f"/changes?since={day}" for day in days[:-1]]
    heavy += [f"/diff?from={a}&to={b}" for a, b in itertools.combinations(days, 2)]
    random.Random(52).shuffle(heavy)
    return heavy, [f"{CHEAP_KEPT}?as_of={day}" for day in reversed(days)]


def datasette_urls(stem: str) -> tuple[list[str], list[str]]:
    """Datasette's nearest: a large table sorted on its text, filtered on a distinct pair of
    letters each time; its database page (kept by none) as the cheap page."""
    pairs = ["".join(p) for p in itertools.product("abcdefghijklmnopqrstuvwxyz", repeat=2)]
    random.Random(52).shuffle(pairs)
    heavy = [f"/{stem}/rule_text?_size=1000&_sort_desc=text&text__contains={p}" for p in pairs]
    return heavy, [f"/{stem}"] * len(pairs)


async def _load(base: str, kept: str, heavy: list[str], cold: list[str], pid: int) -> Heavy:
    import httpx

    found = Heavy()
    urls, colds = iter(heavy), itertools.cycle(cold)
    limits = httpx.Limits(max_connections=HEAVY_CLIENTS + 1)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=REQUEST_TIMEOUT) as client:
        (await client.get(kept)).raise_for_status()  # kept from now on
        deadline = time.perf_counter_ns() + int(HEAVY_SECONDS * 1e9)

        async def heavy_loop() -> None:
            while time.perf_counter_ns() < deadline:
                url = next(urls)
                try:
                    response = await client.get(url)
                except httpx.HTTPError as exc:
                    found.statuses[type(exc).__name__] += 1
                    continue
                found.statuses[str(response.status_code)] += 1

        async def cheap_loop() -> None:
            await asyncio.sleep(1.0)  # the heavy clients first
            for turn in itertools.count():
                if turn >= 2 and time.perf_counter_ns() >= deadline:  # one of each at least
                    return
                url, times = (kept, found.kept_ns) if turn % 2 else (next(colds), found.cold_ns)
                start = time.perf_counter_ns()
                (await client.get(url)).raise_for_status()
                times.append(time.perf_counter_ns() - start)

        await asyncio.gather(cheap_loop(), *(heavy_loop() for _ in range(HEAVY_CLIENTS)))
    found.peak_kib = peak_kib(pid)
    return found


def heavy_load(base: str, kept: str, heavy: list[str], cold: list[str], pid: int) -> Heavy:
    return asyncio.run(_load(base, kept, heavy, cold, pid))


def measure(folder: Path) -> tuple[Heavy, Heavy]:
    with (
        rulesdb_server(folder / "xdg") as (ours_base, path, _, ours_pid),
        datasette_server(path) as (their_base, _, their_pid),
    ):
        ours = heavy_load(ours_base, CHEAP_KEPT, *rulesdb_urls(release_days(path)), ours_pid)
        their_heavy, their_cheap = datasette_urls(path.stem)
        theirs = heavy_load(their_base, their_cheap[0], their_heavy, their_cheap, their_pid)
    return ours, theirs


def _said(found: Heavy) -> str:
    return ", ".join(f"{status}: {n}" for status, n in sorted(found.statuses.items()))


def _spread(times: list[int]) -> str:
    return f"{_ms(percentile(times, 50))} / {_ms(max(times))} ({len(times)})"


def bench_web_heavy(folder: Path) -> list[Row]:
    name = f"rulesdb serve, {HEAVY_CLIENTS} clients asking distinct heavy pages"
    if shutil.which("datasette") is None:
        return [Row(name, "-", "no datasette CLI", None, "max < 1 s", None)]
    ours, theirs = measure(folder)
    worst = max(ours.kept_ns + ours.cold_ns)
    their_worst = max(theirs.kept_ns + theirs.cold_ns)
    return [
        Row(
            f"{name} (/changes, /diff, {HEAVY_SECONDS:.0f} s): {CHEAP_KEPT} kept, p50 / max "
            "(answers)",
            _spread(ours.kept_ns),
            f"{_spread(theirs.kept_ns + theirs.cold_ns)} datasette, its database page beside "
            "distinct /DB/rule_text?_sort_desc=text&text__contains=XY",
            worst / their_worst,
            "max < 1 s",
            worst < CHEAP_MOST_NS,
        ),
        Row(
            f"  {CHEAP_KEPT}?as_of=<each release> (cold), p50 / max (answers)",
            _spread(ours.cold_ns),
            "-",
            None,
            "max < 1 s",
            max(ours.cold_ns) < CHEAP_MOST_NS,
        ),
        Row(
            "  heavy answers by status",
            _said(ours),
            f"{_said(theirs)} the same datasette",
            None,
            "(information)",
            None,
        ),
        Row(
            "  server peak memory (VmHWM) after",
            f"{ours.peak_kib / 1024:,.0f} MB",
            f"{theirs.peak_kib / 1024:,.0f} MB the same datasette",
            ours.peak_kib / theirs.peak_kib if theirs.peak_kib else None,
            "<= 300 MB",
            0 < ours.peak_kib <= MOST_PEAK_KIB if ours.peak_kib else None,
        ),
    ]


def main() -> int:
    import tempfile

    from bench.table import print_table

    with tempfile.TemporaryDirectory(prefix="rulesdb-bench-heavy-") as folder:
        rows = bench_web_heavy(Path(folder))
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
