"""`rulesdb serve` under load beside plain `datasette serve` of the same file, same run.

    python -m bench.web_load          # about 45 s; prints its rows of bench/run.py's table
    python bench/run.py --only web-load

Both servers are real processes on free ports, on the embedded default database that
`rulesdb serve` builds itself in a throwaway $XDG_DATA_HOME; `datasette serve FILE` opens the
same file as rulesdb does (mutable, so its connections are mode=ro) with rulesdb's Datasette
settings. 32 clients (asyncio + httpx, 32 connections) request a mix of rulesdb's pages, one
URL at least for every route rulesdb.web.plugin registers, or Datasette's table pages
(?_size=50) of the same file; the two servers take turns, in rounds, so that machine noise hits
both alike. Then #52's row: 20 clients ask junk URLs beside one client asking a cheap page
(bench/web_junk.py), on each server. An error is any answer other than 2xx/3xx, or an
exception (timeouts included).
"""

from __future__ import annotations

import asyncio
import os
import re
import select
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from bench.table import Row, print_table  # noqa: E402
from bench.web_junk import CHEAP_MOST_NS, JUNK_CLIENTS, junk_load  # noqa: E402

CLIENTS = 32
ROUNDS = 3
ROUND_SECONDS = 5.0  # per server per round: 2 x 3 x 5 s = 30 s of load
WARMUP_SECONDS = 1.0  # per server, under the same load, not counted
STARTUP_LIMIT = 120  # seconds: the default database is built first (a few seconds)
REQUEST_TIMEOUT = 30.0
ONE_CLIENT_RUNS = 5  # requests of each page by one client, after the load
# Issue #42's targets.
MOST_P99_NS = 1e9
MOST_MEDIAN_NS = 100e6  # each page's, one client
MOST_PEAK_KIB = 300 * 1024
MOST_CHART_BYTES = 150_000

# Issue #52: junk URLs (a parameter no route reads, random each time) beside a cheap page.
JUNK_RULESDB = "/changes?since=1999-04-23&x="
CHEAP_RULESDB = "/rule/702.19"

# At least one URL for each route of rulesdb.web.plugin.ROUTES (checked below).
RULESDB_PAGES = (
    "/",
    "/release/2024-06-07",
    "/release/2020-01-24",
    "/diff",
    "/diff?from=2024-04-12&to=2024-06-07",
    "/word/Kindred",
    "/word/Elf",
    "/word/Equipment",
    "/chart",
    "/rule/702.19",
    "/rule/702.19c?as_of=2020-01-24",
    "/rule/613.1a",
    "/glossary/Subtype",
    "/glossary/Trample",
    "/search?q=equipment+attached&as_of=2024-06-07",
    "/search?q=first+strike",
    "/word?name=Goblin",
    "/explain?line=Legendary+Creature+%E2%80%94+Human+Cleric&as_of=2024-06-07",
    "/changes?since=BFZ",
    "/changes?since=MH3&to=2025-02-07",
)
# Datasette's table pages of the same file, small and large tables alike.
DATASETTE_TABLES = (
    "release",
    "subtype",
    "keyword",
    "rule_text",
    "glossary_span",
    "rule_span",
    "release_keyword",
    "release_subtype",
)


@dataclass
class Load:
    """What the clients saw: each request's latency (ns) and path, and the errors."""

    elapsed_ns: int = 0
    latencies: list[int] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)

    @property
    def requests(self) -> int:
        return len(self.latencies) + sum(self.errors.values())

    def add(self, other: Load) -> None:
        self.elapsed_ns += other.elapsed_ns
        self.latencies += other.latencies
        self.paths += other.paths
        self.errors.update(other.errors)


def percentile(values: list[int], p: int) -> float:
    if len(values) < 2:
        return float(values[0]) if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def slowest_page(load: Load) -> tuple[str, float]:
    """The path with the highest p99 latency, and that latency (ns)."""
    by_path: dict[str, list[int]] = {}
    for ns, path in zip(load.latencies, load.paths, strict=True):
        by_path.setdefault(path, []).append(ns)
    return max(
        ((path, percentile(times, 99)) for path, times in by_path.items()),
        key=lambda found: found[1],
    )


async def _drive(base: str, paths: list[str], seconds: float) -> Load:
    """``CLIENTS`` clients, each asking for the next path of the mix as soon as its last
    answer came, until ``seconds`` have passed."""
    import httpx

    load = Load()
    turn = iter(range(1 << 62))
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(
        base_url=base, limits=limits, timeout=REQUEST_TIMEOUT, follow_redirects=False
    ) as client:
        started = time.perf_counter_ns()
        deadline = started + int(seconds * 1e9)

        async def client_loop() -> None:
            while time.perf_counter_ns() < deadline:
                path = paths[next(turn) % len(paths)]
                start = time.perf_counter_ns()
                try:
                    response = await client.get(path)
                except httpx.HTTPError as exc:
                    load.errors[f"{type(exc).__name__} {path}"] += 1
                    continue
                if response.status_code >= 400:
                    title = re.search(r"<title>(.*?)</title>", response.text, re.S)
                    said = f" ({title.group(1).strip()})" if title else ""
                    load.errors[f"{response.status_code} {path}{said}"] += 1
                    continue
                load.latencies.append(time.perf_counter_ns() - start)
                load.paths.append(path)

        await asyncio.gather(*(client_loop() for _ in range(CLIENTS)))
        load.elapsed_ns = time.perf_counter_ns() - started
    return load


def drive(base: str, paths: list[str], seconds: float) -> Load:
    return asyncio.run(_drive(base, paths, seconds))


def check_pages(base: str, paths: list[str]) -> list[str]:
    """Each path once, one at a time: those that answer neither 200 nor a redirect (the word
    box's /word?name= redirects to the word's page)."""
    import httpx

    wrong = []
    with httpx.Client(base_url=base, timeout=REQUEST_TIMEOUT) as client:
        for path in paths:
            status = client.get(path).status_code
            if status != 200 and not 300 <= status < 400:
                wrong.append(f"{path} ({status})")
    return wrong


def uncovered_routes() -> list[str]:
    """rulesdb's routes that no URL of the mix reaches (a new page needs one here)."""
    from rulesdb.web.plugin import ROUTES

    return [
        pattern
        for pattern, _ in ROUTES
        if not any(re.match(pattern, path.split("?")[0]) for path in RULESDB_PAGES)
    ]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_ready(process: subprocess.Popen[str], base: str, console: list[str]) -> None:
    import httpx

    deadline = time.monotonic() + STARTUP_LIMIT
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {''.join(console)[-2000:]}")
        try:
            httpx.get(f"{base}/-/versions.json", timeout=5).raise_for_status()
            return
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@contextmanager
def _process(
    argv: list[str], env: dict[str, str], first_line: str | None = None
) -> Iterator[tuple[subprocess.Popen[str], list[str], re.Match[str] | None]]:
    """A server process whose output is read as it comes (a full pipe would block it) into a
    list; with ``first_line``, the match of that pattern in its first line."""
    process = subprocess.Popen(
        argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    console: list[str] = []
    try:
        found = None
        if first_line is not None:
            ready, _, _ = select.select([process.stdout], [], [], STARTUP_LIMIT)
            line = process.stdout.readline() if ready else ""  # type: ignore[union-attr]
            found = re.search(first_line, line)
            if not found:
                raise RuntimeError(f"{argv[0]} did not start: {line!r}")
        threading.Thread(
            target=lambda: console.extend(process.stdout),  # type: ignore[arg-type]
            daemon=True,
        ).start()
        yield process, console, found
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


@contextmanager
def rulesdb_server(data_home: Path) -> Iterator[tuple[str, Path, list[str], int]]:
    """`rulesdb serve --port 0` on the embedded default, which it builds in ``data_home``;
    yields its URL, the file, what it printed and its process id."""
    env = {k: v for k, v in os.environ.items() if k != "RULESDB_URL"}
    env["XDG_DATA_HOME"] = str(data_home)
    argv = [sys.executable, "-m", "rulesdb", "serve", "--port", "0"]
    # "rulesdb: serving FILE read-only on http://H:P/ (Ctrl-C stops)"
    with _process(argv, env, r"serving (.+) read-only on (http://\S+?)/ ") as (
        process,
        console,
        found,
    ):
        assert found is not None
        base = found.group(2)
        _wait_ready(process, base, console)
        yield base, Path(found.group(1)), console, process.pid


@contextmanager
def datasette_server(path: Path) -> Iterator[tuple[str, list[str], int]]:
    """`datasette serve FILE` with rulesdb's Datasette settings; yields its URL, output and
    process id."""
    from rulesdb.web.metadata import SETTINGS

    port = _free_port()
    settings = [
        part for name, value in SETTINGS.items() for part in ("--setting", name, _setting(value))
    ]
    argv = [
        str(shutil.which("datasette")),
        "serve",
        str(path),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *settings,
    ]
    with _process(argv, dict(os.environ)) as (process, console, _):
        base = f"http://127.0.0.1:{port}"
        _wait_ready(process, base, console)
        yield base, console, process.pid


def _setting(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def _ms(ns: float) -> str:
    return f"{ns / 1e6:.0f} ms" if ns >= 1e7 else f"{ns / 1e6:.1f} ms"


@dataclass
class Extras:
    """What else was measured of both servers: the first answer of each one's first page after
    it started, each page's median with one client, the largest page's bytes, the servers'
    peak memory."""

    first_ns: dict[str, int] = field(default_factory=dict)
    medians_ns: dict[str, dict[str, float]] = field(default_factory=dict)
    page_bytes: dict[str, int] = field(default_factory=dict)
    peak_kib: dict[str, int] = field(default_factory=dict)
    junk: dict[str, tuple[list[int], int, int]] = field(default_factory=dict)


def first_answer(base: str, path: str) -> int:
    """How long the first request for ``path`` takes, on a fresh connection (ns)."""
    import httpx

    start = time.perf_counter_ns()
    httpx.get(base + path, timeout=REQUEST_TIMEOUT).raise_for_status()
    return time.perf_counter_ns() - start


def one_client(
    base: str, paths: list[str], runs: int = ONE_CLIENT_RUNS
) -> tuple[dict[str, float], dict[str, int]]:
    """Each path ``runs`` times by one client, one request at a time: each path's median
    latency (ns) and its answer's bytes."""
    import httpx

    times: dict[str, list[int]] = {path: [] for path in paths}
    sizes: dict[str, int] = {}
    with httpx.Client(base_url=base, timeout=REQUEST_TIMEOUT) as client:
        for _ in range(runs):
            for path in paths:
                start = time.perf_counter_ns()
                response = client.get(path)
                times[path].append(time.perf_counter_ns() - start)
                sizes[path] = len(response.content)
    return {path: statistics.median(found) for path, found in times.items()}, sizes


def peak_kib(pid: int) -> int:
    """The process's peak resident memory so far (VmHWM, KiB; 0 where /proc has none)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
    return int(found.group(1)) if found else 0


def measure(folder: Path) -> tuple[Load, Load, dict[str, int], Extras]:
    """Both servers under the same load, in turns; the loads, how many URLs each mixed, and
    the rest measured of them (Extras)."""
    problem = uncovered_routes()
    if problem:
        raise RuntimeError(f"no URL in bench/web_load.py reaches the route(s) {problem}")
    extras = Extras()
    with (
        rulesdb_server(folder / "xdg") as (ours_base, path, ours_console, ours_pid),
        datasette_server(path) as (their_base, their_console, their_pid),
    ):
        table_pages = [f"/{path.stem}/{table}?_size=50" for table in DATASETTE_TABLES]
        ours_pages = list(RULESDB_PAGES)
        extras.first_ns = {
            "rulesdb": first_answer(ours_base, ours_pages[0]),
            "datasette": first_answer(their_base, table_pages[0]),
        }
        for base, paths in ((ours_base, ours_pages), (their_base, table_pages)):
            wrong = check_pages(base, paths)
            if wrong:
                raise RuntimeError(
                    f"not 200 or a redirect before timing, at {base}: {', '.join(wrong)}"
                )
        for base, paths in ((ours_base, ours_pages), (their_base, table_pages)):
            drive(base, paths, WARMUP_SECONDS)
        ours, theirs = Load(), Load()
        for _ in range(ROUNDS):
            ours.add(drive(ours_base, ours_pages, ROUND_SECONDS))
            theirs.add(drive(their_base, table_pages, ROUND_SECONDS))
        extras.peak_kib = {"rulesdb": peak_kib(ours_pid), "datasette": peak_kib(their_pid)}
        extras.junk = {
            "rulesdb": junk_load(ours_base, JUNK_RULESDB, CHEAP_RULESDB),
            "datasette": junk_load(
                their_base, f"/{path.stem}/rule_text?_size=50&x=", f"/{path.stem}"
            ),
        }
        for server, base, paths in (
            ("rulesdb", ours_base, ours_pages),
            ("datasette", their_base, table_pages),
        ):
            extras.medians_ns[server], sizes = one_client(base, paths)
            extras.page_bytes.update(sizes if server == "rulesdb" else {})
        for server, load, console in (
            ("rulesdb serve", ours, ours_console),
            ("datasette", theirs, their_console),
        ):
            if load.errors:  # what was refused, and the server's last words, to find why
                print(f"{server} errors: {dict(load.errors.most_common(10))}", file=sys.stderr)
                print("".join(console[-60:]), end="", file=sys.stderr)
    return ours, theirs, {"rulesdb": len(ours_pages), "datasette": len(table_pages)}, extras


def bench_web_load(folder: Path) -> list[Row]:
    name = f"rulesdb serve, {CLIENTS} clients, mix of its pages"
    if shutil.which("datasette") is None:
        return [Row(name, "-", "no datasette CLI", None, "0 errors", None)]
    ours, theirs, urls, extras = measure(folder)
    rate = ours.requests / (ours.elapsed_ns / 1e9)
    base_rate = theirs.requests / (theirs.elapsed_ns / 1e9)
    p50, p99 = percentile(ours.latencies, 50), percentile(ours.latencies, 99)
    b50, b99 = percentile(theirs.latencies, 50), percentile(theirs.latencies, 99)
    errors, base_errors = sum(ours.errors.values()), sum(theirs.errors.values())
    slowest, slowest_p99 = slowest_page(ours)
    seconds = f"{ROUNDS} x {ROUND_SECONDS:.0f} s"
    ours_medians, their_medians = extras.medians_ns["rulesdb"], extras.medians_ns["datasette"]
    slow_page, slow_median = max(ours_medians.items(), key=lambda found: found[1])
    their_page, their_median = max(their_medians.items(), key=lambda found: found[1])
    peak, base_peak = extras.peak_kib["rulesdb"], extras.peak_kib["datasette"]
    chart_bytes = extras.page_bytes.get("/chart", 0)
    junk_ns, junk_ok, junk_bad = extras.junk["rulesdb"]
    their_junk_ns, their_junk_ok, _ = extras.junk["datasette"]
    return [
        Row(
            f"{name} ({urls['rulesdb']} URLs, every route), {seconds}, requests/s",
            f"{rate:,.0f} req/s",
            f"{base_rate:,.0f} req/s plain datasette serve, its table "
            f"pages of the same file ({urls['datasette']} tables, ?_size=50)",
            rate / base_rate,
            ">= 1x datasette",
            rate >= base_rate,
        ),
        Row(
            "  latency p50 / p99",
            f"{_ms(p50)} / {_ms(p99)}",
            f"{_ms(b50)} / {_ms(b99)} the same datasette",
            p99 / b99,
            "p99 < 1 s",
            p99 < MOST_P99_NS,
        ),
        Row(
            f"  slowest page by p99: {slowest}", _ms(slowest_p99), "-", None, "(information)", None
        ),
        Row(
            "  errors (not 2xx/3xx, or an exception)",
            f"{errors} of {ours.requests:,}"
            + "".join(f": {kind} x{n}" for kind, n in ours.errors.most_common(1)),
            f"{base_errors} of {theirs.requests:,} the same datasette",
            None,
            "0 errors",
            errors == 0,
        ),
        Row(
            "  server peak memory (VmHWM) after the load",
            f"{peak / 1024:,.0f} MB",
            f"{base_peak / 1024:,.0f} MB the same datasette",
            peak / base_peak if base_peak else None,
            "<= 300 MB",
            0 < peak <= MOST_PEAK_KIB if peak else None,
        ),
        Row(
            f"rulesdb serve, one client, {ONE_CLIENT_RUNS} x each page: slowest median "
            f"({slow_page})",
            _ms(slow_median),
            f"{_ms(their_median)} datasette's slowest table page ({their_page})",
            slow_median / their_median,
            "< 100 ms",
            slow_median < MOST_MEDIAN_NS,
        ),
        Row(
            "rulesdb serve: first request of / after start (worked out before it listens)",
            _ms(extras.first_ns["rulesdb"]),
            f"{_ms(extras.first_ns['datasette'])} datasette's first table page",
            extras.first_ns["rulesdb"] / extras.first_ns["datasette"],
            "(information)",
            None,
        ),
        Row(
            f"rulesdb serve, {JUNK_CLIENTS} clients asking {JUNK_RULESDB}<random>: "
            f"{CHEAP_RULESDB} p50 / max (junk answered)",
            f"{_ms(percentile(junk_ns, 50))} / {_ms(max(junk_ns))} "
            f"({junk_ok:,}, {junk_bad} errors)",
            f"{_ms(percentile(their_junk_ns, 50))} / {_ms(max(their_junk_ns))} datasette, its "
            f"database page beside /DB/rule_text?_size=50&x=<random> ({their_junk_ok:,})",
            max(junk_ns) / max(their_junk_ns),
            "max < 1 s",
            max(junk_ns) < CHEAP_MOST_NS,
        ),
        Row(
            "rulesdb serve: /chart markup",
            f"{chart_bytes / 1000:,.0f} KB",
            "-",
            None,
            "<= 150 KB",
            0 < chart_bytes <= MOST_CHART_BYTES,
        ),
    ]


def main() -> int:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rulesdb-bench-web-") as folder:
        rows = bench_web_load(Path(folder))
    print_table(rows)
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    missed = [r.name for r in rows if r.ok is False]
    if missed:
        print(f"MISSED: {'; '.join(missed)}")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
