"""On PostgreSQL a statement the MCP server stops waiting for is cancelled on the server
(issue #52): a client's ``notifications/cancelled``, or stdin closed, leaves no statement of
the server running there. Over stdio, as a client drives it. The statement is held on the
server by the test's own lock on the tables, so it is still running when the call is
cancelled whatever the machine's speed; without the cancel it would run on until the
server's 5 s statement_timeout."""

from __future__ import annotations

import json
import subprocess
import time
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy.engine import URL

from tests.support.databases import url_text
from tests.support.runs import process_env, rulesdb_command
from tests.test_mcp_peer import INITIALIZE

pytestmark = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)

CHANGES = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "tools/call",
    "params": {"name": "changes", "arguments": {"since": "1999-04-23"}},
}
GONE_WITHIN = 2.0  # seconds; statement_timeout would take 5


def _conninfo(url: URL) -> str:
    return url_text(url).replace("postgresql+psycopg://", "postgresql://", 1)


def _active(watcher: psycopg.Connection, name: str) -> int:
    row = watcher.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND state = 'active'",
        (name,),
    ).fetchone()
    return int(row[0]) if row else 0


def _until(condition: object, seconds: float) -> float | None:
    """Seconds until ``condition()`` held, or None past ``seconds``."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if condition():  # type: ignore[operator]
            return time.monotonic() - start
        time.sleep(0.02)
    return None


@pytest.fixture
def held(head_url: URL) -> Iterator[tuple[subprocess.Popen[bytes], psycopg.Connection, str]]:
    """The server over stdio, initialized, with its call's statement held on the server by a
    lock on every table; the lock let go at the end."""
    name = f"rulesdb-cancel-{uuid.uuid4().hex[:8]}"
    server = subprocess.Popen(
        rulesdb_command("--db", url_text(head_url), "mcp"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=process_env(PGAPPNAME=name),
    )
    assert server.stdin is not None and server.stdout is not None
    locker = psycopg.connect(_conninfo(head_url))
    watcher = psycopg.connect(_conninfo(head_url), autocommit=True)
    try:
        server.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
        server.stdin.flush()
        assert json.loads(server.stdout.readline())["id"] == 0
        tables = [
            row[0]
            for row in locker.execute(
                "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public'"
            )
        ]
        locker.execute(f"LOCK TABLE {', '.join(tables)} IN ACCESS EXCLUSIVE MODE")
        server.stdin.write(json.dumps(CHANGES).encode() + b"\n")
        server.stdin.flush()
        assert _until(lambda: _active(watcher, name) > 0, 30) is not None, "never ran"
        yield server, watcher, name
    finally:
        locker.rollback()
        locker.close()
        server.kill()
        server.wait(timeout=30)
        for stream in (server.stdin, server.stdout, server.stderr):
            if stream is not None:
                stream.close()
        watcher.close()


def test_a_cancelled_call_is_cancelled_on_the_server(
    held: tuple[subprocess.Popen[bytes], psycopg.Connection, str],
) -> None:
    server, watcher, name = held
    assert server.stdin is not None and server.stdout is not None
    cancelled = {
        "jsonrpc": "2.0",
        "method": "notifications/cancelled",
        "params": {"requestId": 1, "reason": "the user gave up"},
    }
    server.stdin.write(json.dumps(cancelled).encode() + b"\n")
    server.stdin.flush()
    took = _until(lambda: _active(watcher, name) == 0, GONE_WITHIN)
    assert took is not None, f"a statement still running {GONE_WITHIN} s after the cancel"
    print(f"cancelled: no statement of the server running {took:.2f} s later")
    # the server goes on answering
    server.stdin.write(json.dumps({**CHANGES, "id": 2, "method": "ping", "params": {}}).encode())
    server.stdin.write(b"\n")
    server.stdin.flush()
    assert json.loads(server.stdout.readline())["id"] == 2


def test_stdin_closed_cancels_the_statement_on_the_server(
    held: tuple[subprocess.Popen[bytes], psycopg.Connection, str],
) -> None:
    server, watcher, name = held
    assert server.stdin is not None
    server.stdin.close()
    took = _until(lambda: _active(watcher, name) == 0, GONE_WITHIN)
    assert took is not None, f"a statement still running {GONE_WITHIN} s after stdin closed"
    print(f"stdin closed: no statement of the server running {took:.2f} s later")
