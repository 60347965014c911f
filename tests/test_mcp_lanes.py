"""The MCP server's heavy calls (issue #52): identical calls in flight worked out once, a
cheap call answered while heavy ones work, a cancelled call's work stopped, stdin closed
ending the server at once. In process through the SDK's own client (the statements held at
a gate the test opens), and as a process over stdio."""

from __future__ import annotations

import asyncio
import json
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from mcp import Client
from sqlalchemy import event
from sqlalchemy.engine import URL

import rulesdb
from rulesdb.assistant.bounds import bounded
from rulesdb.assistant.server import build_server
from rulesdb.handle import Rules
from rulesdb.web.limits import stop_asked
from tests.support.databases import url_text
from tests.support.runs import process_env, rulesdb_command
from tests.test_mcp_peer import INITIALIZE

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


class Gate:
    """Holds each statement of the heavy lane's threads until opened; what it saw."""

    def __init__(self, rules: Rules) -> None:
        self.open = threading.Event()
        self.entered = threading.Event()
        self.statements: list[str] = []
        self.stopped: list[bool] = []
        # first among the listeners: before the lanes' own refusal of stopped work
        event.listen(rules.engine, "before_cursor_execute", self._hold, insert=True)

    def _hold(self, _connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if threading.current_thread().name.startswith("rulesdb-heavy"):
            self.statements.append(statement)
            self.entered.set()
            assert self.open.wait(60), "the test never opened the gate"
            self.stopped.append(stop_asked())


async def until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


@pytest.fixture
def gated(small_url: URL) -> Iterator[tuple[Rules, list[tuple[Any, ...]]]]:
    rules = bounded(rulesdb.open(url_text(small_url)))
    asked: list[tuple[Any, ...]] = []
    method = rules.changes

    def counted(*args: Any) -> Any:
        asked.append(args)
        return method(*args)

    rules.changes = counted  # type: ignore[method-assign]
    yield rules, asked
    rules.close()


def test_identical_calls_share_one_computation_and_cheap_ones_do_not_wait(
    gated: tuple[Rules, list[tuple[Any, ...]]],
) -> None:
    rules, asked = gated
    first = rules.releases()[0]["effective_date"]
    gate = Gate(rules)
    server = build_server(rules)

    async def run() -> list[Any]:
        async with Client(server) as client:
            heavy = [
                asyncio.create_task(client.call_tool("changes", {"since": first})) for _ in range(6)
            ]
            await until(gate.entered.is_set, "a heavy statement")
            # every heavy worker held: a cheap call is answered all the same
            cheap = await asyncio.wait_for(client.call_tool("releases", {}), 60)
            assert not cheap.is_error and cheap.structured_content is not None
            assert not any(task.done() for task in heavy)
            gate.open.set()
            return [(await task).structured_content for task in heavy]

    answers = asyncio.run(run())
    assert asked == [(first, None)], "six identical calls in flight, worked out once"
    assert all(answer == answers[0] for answer in answers) and answers[0]["since"]


def test_a_cancelled_call_stops_its_work(gated: tuple[Rules, list[tuple[Any, ...]]]) -> None:
    rules, asked = gated
    first = rules.releases()[0]["effective_date"]
    gate = Gate(rules)
    server = build_server(rules)

    async def run() -> None:
        async with Client(server) as client:
            call = asyncio.create_task(client.call_tool("changes", {"since": first}))
            await until(gate.entered.is_set, "the call's first statement")
            call.cancel()  # the SDK's client sends notifications/cancelled
            with pytest.raises(asyncio.CancelledError):
                await call
            await until(lambda: not server.lanes._jobs, "the server giving the work up")
            gate.open.set()
            await until(lambda: server.lanes.busy() == 0, "the work stopping")
            # still answering, and the same question worked out anew
            again = await asyncio.wait_for(client.call_tool("changes", {"since": first}), 60)
            assert not again.is_error

    asyncio.run(run())
    # the held statement saw the stop and was the cancelled call's last: every statement
    # after it is the new call's, none stopped
    assert asked == [(first, None), (first, None)]
    assert gate.stopped[0] is True and len(gate.stopped) > 1
    assert not any(gate.stopped[1:]), gate.stopped


def test_stdin_closed_ends_the_server_at_once(shared_head_url: URL) -> None:
    """Twenty different heavy questions in flight (digests since each of twenty years), then
    stdin closed: the server ends without working them out (before: 4.7 s here, 20 s in the
    trial; after: 0.6 s)."""
    server = subprocess.Popen(
        rulesdb_command("--db", url_text(shared_head_url), "mcp"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=process_env(),
    )
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
    server.stdin.flush()
    assert json.loads(server.stdout.readline())["id"] == 0
    for year in range(1999, 2019):
        call = {
            "jsonrpc": "2.0",
            "id": year,
            "method": "tools/call",
            "params": {"name": "changes", "arguments": {"since": f"{year}-12-31"}},
        }
        server.stdin.write(json.dumps(call).encode() + b"\n")
    server.stdin.flush()
    time.sleep(0.3)  # the calls begin
    closed = time.monotonic()
    server.stdin.close()
    server.wait(timeout=60)
    took = time.monotonic() - closed
    err = server.stderr.read().decode() if server.stderr else ""
    print(f"stdin closed: the server ended {took:.2f} s later")
    assert took < 3, f"{took:.1f} s after stdin closed"
    assert "Traceback" not in err, err[-2000:]
