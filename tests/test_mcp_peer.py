"""``rulesdb mcp`` as a JSON-RPC 2.0 peer on stdio (issue #52): every line a client sends gets
an answer or a documented silence, a client's mistake is JSON-RPC's own error (never -32603,
never a traceback on stderr), a line is read with a bound. Spoken to in raw lines, as a
careless client would, and through the SDK's own client."""

from __future__ import annotations

import asyncio
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
from sqlalchemy.engine import URL

from tests.support.databases import url_text
from tests.support.runs import process_env, rulesdb_command

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"},
    },
}


class RawPeer:
    """The server as a process, spoken to a line at a time."""

    def __init__(self, url: URL) -> None:
        self.process = subprocess.Popen(
            rulesdb_command("--db", url_text(url), "mcp"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=process_env(),
        )
        self.send(json.dumps(INITIALIZE).encode())
        assert self.answer()["id"] == 0
        self.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')

    def send(self, line: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, self.stop()
        return dict(json.loads(line))

    def stop(self) -> str:
        """Stdin closed; the server's stderr."""
        _, err = self.process.communicate(timeout=30)
        return err.decode("utf-8", "replace")


MALFORMED = [
    (b"not json", -32700),
    (b'{"jsonrpc":"2.0","id":1,', -32700),  # a truncated object
    (b'[{"jsonrpc":"2.0","id":2,"method":"ping"}]', -32600),  # a batch
    (b'{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600),  # an object as id
    (b'{"jsonrpc":"2.0","id":[3],"method":"ping"}', -32600),
    (b"[" * 100_000, -32700),  # nesting no parser should follow
    (b'{"jsonrpc":"1.0","method":"ping"}', -32600),
    (b'"ping"', -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":7}', -32600),
    (b"\xff\xfe{}", -32700),  # not UTF-8
]


def test_malformed_lines_are_answered_with_id_null(small_url: URL) -> None:
    peer = RawPeer(small_url)
    try:
        for line, code in MALFORMED:
            peer.send(line)
            said = peer.answer()
            assert said["error"]["code"] == code, (line[:40], said)
            # The id when the request's can be read, else null (JSON-RPC 2.0, section 5)
            assert said["id"] == (1 if line.endswith(b'"method":7}') else None), said
        # blank lines: the documented silence; the server still answers what follows
        peer.send(b"   ")
        peer.send(b'{"jsonrpc":"2.0","id":"after","method":"ping"}')
        assert peer.answer() == {"jsonrpc": "2.0", "id": "after", "result": {}}
    finally:
        err = peer.stop()
    assert "Traceback" not in err and "│" not in err, err[-2000:]


def test_a_line_past_the_bound_is_refused_without_holding_it(small_url: URL) -> None:
    """5 MB in one line, past the 4 MB bound: refused, its rest read and dropped, the next
    line answered."""
    peer = RawPeer(small_url)
    try:
        query = b"x" * (5 * 1024 * 1024)
        peer.send(
            b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search",'
            b'"arguments":{"query":"' + query + b'"}}}'
        )
        said = peer.answer()
        assert said["id"] is None and said["error"]["code"] == -32600
        assert "longer than 4 MB" in said["error"]["message"]
        peer.send(b'{"jsonrpc":"2.0","id":2,"method":"ping"}')
        assert peer.answer()["id"] == 2
        status = Path(f"/proc/{peer.process.pid}/status").read_text()
        peak_kb = int(status.split("VmHWM:")[1].split()[0])
        assert peak_kb < 400_000, f"{peak_kb} kB: the line was held whole"
    finally:
        peer.stop()


def talk_with_stderr(url: URL, conversation: Any) -> str:
    """The conversation through the SDK's client; the server's stderr."""
    command = rulesdb_command("--db", url_text(url), "mcp")
    params = StdioServerParameters(command=command[0], args=command[1:], env=process_env())

    async def run(errlog: Any) -> None:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            await conversation(session)

    with tempfile.TemporaryFile("w+") as errlog:
        asyncio.run(run(errlog))
        errlog.seek(0)
        return errlog.read()


async def protocol_error(call: Any) -> tuple[int, str]:
    with pytest.raises(MCPError) as caught:
        await call
    return caught.value.code, caught.value.message


def test_a_clients_mistake_is_invalid_params(small_url: URL) -> None:
    async def conversation(session: ClientSession) -> None:
        asked = [
            (session.get_prompt("nope"), "name: no prompt 'nope'; prompts: cite_rules"),
            (session.get_prompt("cite_rules", {}), "question: missing; expected the rules"),
            (
                session.get_prompt("cite_rules", {"question": "x" * 4001}),
                "question: longer than 4000 characters",
            ),
            (
                session.get_prompt("cite_rules", {"question": "Trample?", "as_of": "0000-00-00"}),
                "as_of: '0000-00-00' is not a date",
            ),
            (session.read_resource("cr://latest/799.99"), "number: no rule 799.99"),
            (session.read_resource("cr://0000-00-00/702.19"), "release: '0000-00-00' is not"),
            (session.call_tool("nosuch", {}), "name: no tool 'nosuch'; tools: changes"),
        ]
        for call, begins in asked:
            code, message = await protocol_error(call)
            assert code == -32602, (begins, code, message)
            assert message.startswith(begins), message
        prompt = await session.get_prompt(
            "cite_rules", {"question": "Trample?", "as_of": "2030-01-01"}
        )
        assert "as of 2030-01-01" in prompt.messages[0].content.text  # type: ignore[union-attr]

    err = talk_with_stderr(small_url, conversation)
    assert "Traceback" not in err and "│" not in err, err[-2000:]
