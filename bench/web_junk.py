"""Issue #52's web row: 20 clients asking junk URLs (a page's URL with a random parameter no
route reads) while one client asks a cheap page, one request at a time; the cheap page's
latency is what is measured. Run by bench/web_load.py on both servers of its run."""

from __future__ import annotations

import asyncio
import secrets
import time

JUNK_CLIENTS = 20
JUNK_SECONDS = 5.0
CHEAP_MOST_NS = 1e9  # #52: the cheap page answers within 1 s


async def _junk_load(
    base: str, junk: str, cheap: str, seconds: float
) -> tuple[list[int], int, int]:
    import httpx

    cheap_ns: list[int] = []
    answered = errors = 0
    limits = httpx.Limits(max_connections=JUNK_CLIENTS + 1)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60.0) as client:
        deadline = time.perf_counter_ns() + int(seconds * 1e9)

        async def junk_loop() -> None:
            nonlocal answered, errors
            while time.perf_counter_ns() < deadline:
                try:
                    response = await client.get(junk + secrets.token_hex(8))
                except httpx.HTTPError:
                    errors += 1
                    continue
                answered += response.status_code < 400
                errors += response.status_code >= 400

        async def cheap_loop() -> None:
            await asyncio.sleep(0.5)  # the junk clients first
            while time.perf_counter_ns() < deadline:
                start = time.perf_counter_ns()
                (await client.get(cheap)).raise_for_status()
                cheap_ns.append(time.perf_counter_ns() - start)

        await asyncio.gather(cheap_loop(), *(junk_loop() for _ in range(JUNK_CLIENTS)))
    return cheap_ns, answered, errors


def junk_load(
    base: str, junk: str, cheap: str, seconds: float = JUNK_SECONDS
) -> tuple[list[int], int, int]:
    """The cheap page's latencies (ns), and how many junk requests were answered / failed."""
    return asyncio.run(_junk_load(base, junk, cheap, seconds))
