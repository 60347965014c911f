"""`rulesdb mcp`: a tool call over stdio beside the same question in process, and the
server's start-up beside `rulesdb check`'s, measured in the same run.

    python -m bench.assistant URL     # URL: a head database (SQLite); prints its rows
    python bench/run.py --only mcp
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from bench.table import Row, print_table, seconds  # noqa: E402

NUMBERS = ("702.19", "704.5j", "100.1", "205.3m", "601.2", "903.4a", "113.6", "510.1c")
CALLS = 400  # rule calls over one session (each number in turn)
STARTS = 7  # server starts (process start to the first answer)


def bench_mcp(url: str) -> list[Row]:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    import rulesdb

    command = StdioServerParameters(
        command=sys.executable, args=["-m", "rulesdb", "--db", url, "mcp"]
    )

    async def calls() -> int:
        async with stdio_client(command) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for number in NUMBERS:  # warm-up: each number once
                await session.call_tool("rule", {"number": number})
            start = time.perf_counter_ns()
            for index in range(CALLS):
                result = await session.call_tool("rule", {"number": NUMBERS[index % 8]})
                assert not result.is_error
            return (time.perf_counter_ns() - start) // CALLS

    async def started() -> int:
        start = time.perf_counter_ns()
        async with stdio_client(command) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool("rule", {"number": "702.19"})
            assert not result.is_error
            return time.perf_counter_ns() - start

    rules = rulesdb.open(url)
    try:
        for number in NUMBERS:
            rules.rule(number)
        start = time.perf_counter_ns()
        for index in range(CALLS):
            rules.rule(NUMBERS[index % 8])
        in_process = (time.perf_counter_ns() - start) // CALLS
    finally:
        rules.close()
    over_stdio = asyncio.run(calls())

    check = [sys.executable, "-m", "rulesdb", "--db", url, "check", "Merfolk"]
    subprocess.run(check, check=True, capture_output=True)  # warm the file cache
    starts, checks = [], []
    for _ in range(STARTS):
        starts.append(asyncio.run(started()))
        begin = time.perf_counter_ns()
        subprocess.run(check, check=True, capture_output=True)
        checks.append(time.perf_counter_ns() - begin)
    start_up, check_time = statistics.median(starts), statistics.median(checks)
    return [
        Row(
            "mcp: rule over stdio, one client, per call",
            seconds(over_stdio),
            f"{seconds(in_process)} Rules.rule in process",
            over_stdio / in_process,
            "< 10 ms",
            over_stdio < 10e6,
        ),
        Row(
            "  (calls per second over stdio)",
            f"{1e9 / over_stdio:.0f}/s",
            f"{1e9 / in_process:.0f}/s in process",
            None,
            "(information)",
            None,
        ),
        Row(
            "mcp: start, initialize, first rule call",
            seconds(start_up),
            f"{seconds(check_time)} rulesdb check Merfolk (process)",
            start_up / check_time,
            "<= 4x",
            start_up / check_time <= 4,
        ),
    ]


if __name__ == "__main__":
    print_table(bench_mcp(sys.argv[1]))
