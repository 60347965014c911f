"""Servers that fail in one line (issue #52): a busy port or a bad setting refused before
anything says "serving"; a database damaged under the MCP server a tool error naming the
file, no traceback."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from sqlalchemy.engine import URL

from tests.support.runs import process_env, run_process
from tests.test_mcp_peer import talk_with_stderr

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def test_mcp_http_on_a_busy_port_says_so_before_serving(small_url: URL) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_process("--db", str(small_url), "mcp", "--http", str(port))
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    said = f"rulesdb: error: --http: cannot listen on 127.0.0.1:{port}: Address already in use"
    assert line == said


def test_serve_refuses_a_bad_setting_before_serving(small_url: URL) -> None:
    done = run_process(
        "--db",
        str(small_url),
        "serve",
        "--port",
        "0",
        env=process_env(RULESDB_SERVE_HEADER_TIMEOUT="soon"),
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert "RULESDB_SERVE_HEADER_TIMEOUT" in line and "serving" not in done.stderr


def test_a_database_damaged_under_the_mcp_server_is_named(small_url: URL, tmp_path: Path) -> None:
    assert small_url.database is not None
    copy = tmp_path / "rules.sqlite3"
    shutil.copyfile(small_url.database, copy)

    async def conversation(session: ClientSession) -> None:
        first = await session.call_tool("rule", {"number": "100.1"})
        assert not first.is_error
        with copy.open("r+b") as damaged:  # its pages overwritten in place
            damaged.write(b"\x13" * copy.stat().st_size)
        said: Any = await session.call_tool("glossary", {"term": "Trample"})
        assert said.is_error
        text = said.content[0].text
        assert text.startswith(f"Error executing tool glossary: the database {copy} cannot be")
        assert "\n" not in text

    err = talk_with_stderr(URL.create("sqlite", database=str(copy)), conversation)
    assert "Traceback" not in err and "│" not in err, err[-2000:]


def test_a_database_damaged_under_serve_is_a_503_naming_it(small_url: URL, tmp_path: Path) -> None:
    import asyncio

    from rulesdb.web.server import build

    assert small_url.database is not None
    copy = tmp_path / "rules.sqlite3"
    shutil.copyfile(small_url.database, copy)
    site = build(copy)

    async def run() -> list[tuple[int, str]]:
        assert (await site.client.get("/rule/100.1")).status_code == 200
        with copy.open("r+b") as damaged:
            damaged.write(b"\x13" * copy.stat().st_size)
        answers = []
        for path in ("/rule/100.2", "/rulesdb/rules", "/rulesdb/rules.json"):
            response = await site.client.get(path)
            answers.append((response.status_code, response.text))
        return answers

    for status, text in asyncio.run(run()):
        assert status == 503, text[:500]
        assert f"the database {copy} cannot be read" in text and "Traceback" not in text


def test_mcp_http_sessions_are_bounded(small_url: URL) -> None:
    """At most HTTP_SESSIONS sessions at once: the next is answered 503 (the SDK's default
    was 10,000, 40 KB each, kept 30 minutes idle)."""
    import re
    import subprocess

    import httpx

    from rulesdb.cli.assistant import HTTP_IDLE_SECONDS, HTTP_SESSIONS
    from tests.support.runs import rulesdb_command

    assert HTTP_IDLE_SECONDS <= 5 * 60
    server = subprocess.Popen(
        rulesdb_command("--db", str(small_url), "mcp", "--http", "0"),
        env=process_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None
        said = server.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/mcp", said)
        assert found, said
        initialize = {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        }
        headers = {"accept": "application/json, text/event-stream"}
        statuses = []
        with httpx.Client(base_url=f"http://127.0.0.1:{found.group(1)}", timeout=30) as client:
            for _ in range(HTTP_SESSIONS + 1):
                response = client.post("/mcp", json=initialize, headers=headers)
                statuses.append(response.status_code)
        assert statuses[:HTTP_SESSIONS] == [200] * HTTP_SESSIONS
        assert statuses[-1] == 503
    finally:
        server.terminate()
        server.wait(timeout=30)
