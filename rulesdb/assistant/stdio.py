"""The stdio transport's lines, checked before the SDK reads them: a line is read with a
bound (as ``--http`` bounds a body), and a line that is no JSON-RPC message is answered
here with JSON-RPC 2.0's own error and ``id: null`` (the SDK's stdio transport drops such a
line unanswered, and its client waits for ever). Blank lines are skipped unanswered.

The SDK's ``stdio_server`` still does the rest (it takes the streams as arguments); only
the reading of lines and the writing of whole lines are rulesdb's.
"""

from __future__ import annotations

import json
import threading
from typing import Any, BinaryIO

import anyio
import anyio.to_thread
import mcp_types

LINE_BYTES = 4 * 1024 * 1024  # as the SDK's --http bound on a request body
_SKIP = 64 * 1024  # the rest of a line past the bound is read and dropped this much at a time


class LineWriter:
    """Whole lines to ``sink``, one at a time: the SDK's answers and this module's errors
    never interleave. Written from a thread of its own, so a client slow to read blocks no
    question."""

    def __init__(self, sink: BinaryIO) -> None:
        self._sink = sink
        self._lock = threading.Lock()
        self._lane = anyio.CapacityLimiter(1)

    def _write(self, text: str) -> None:
        with self._lock:
            self._sink.write(text.encode("utf-8"))
            self._sink.flush()

    async def write(self, text: str) -> None:
        await anyio.to_thread.run_sync(self._write, text, limiter=self._lane)

    async def flush(self) -> None:  # each write is flushed whole
        return None


def error_line(code: int, message: str, request_id: Any = None) -> str:
    answer = {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
    return json.dumps(answer, ensure_ascii=False) + "\n"


def problem(line: bytes) -> tuple[int, str, Any] | None:
    """What is wrong with a line as a JSON-RPC message (its code, a message and the id to
    answer with), or None for a message the SDK takes."""
    try:
        taken = mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValueError:
        taken = None
    # The SDK reads a request whose id is no string or integer as a notification (its id
    # dropped): a request the client waits on for ever. Refused, as JSON-RPC asks.
    if taken is not None and not (
        isinstance(taken, mcp_types.JSONRPCNotification) and b'"id"' in line
    ):
        return None
    try:
        message = json.loads(line)
    except UnicodeDecodeError:
        return mcp_types.PARSE_ERROR, "Parse error: the line is not UTF-8", None
    except (ValueError, RecursionError) as exc:
        why = "nested too deep" if isinstance(exc, RecursionError) else "not JSON"
        return mcp_types.PARSE_ERROR, f"Parse error: the line is {why}", None
    if isinstance(message, list):
        return (
            mcp_types.INVALID_REQUEST,
            "Invalid Request: a batch (an array) is not taken; send one message a line",
            None,
        )
    if not isinstance(message, dict):
        return mcp_types.INVALID_REQUEST, "Invalid Request: expected a JSON object", None
    if taken is not None and "id" not in message:  # "id" was inside the params
        return None
    request_id = message.get("id")
    # JSON-RPC: answer with the request's id when it can be read, else null.
    if isinstance(request_id, bool) or not isinstance(request_id, (str, int)):
        request_id = None
    return mcp_types.INVALID_REQUEST, _what_is_wrong(message), request_id


def _what_is_wrong(message: dict[str, Any]) -> str:
    if message.get("jsonrpc") != "2.0":
        return 'Invalid Request: "jsonrpc" must be "2.0"'
    identifier = message.get("id", 0)
    if isinstance(identifier, bool) or not isinstance(identifier, (str, int)):
        return 'Invalid Request: "id" must be a string or an integer'
    if "method" in message and not isinstance(message["method"], str):
        return 'Invalid Request: "method" must be a string'
    if "params" in message and not isinstance(message["params"], dict):
        return 'Invalid Request: "params" must be an object'
    return "Invalid Request: not a JSON-RPC 2.0 request, notification or response"


class CheckedLines:
    """The lines of ``source`` that are JSON-RPC messages, as text (what the SDK's
    ``stdio_server`` iterates); every other line answered on ``out``."""

    def __init__(self, source: BinaryIO, out: LineWriter, limit: int = LINE_BYTES) -> None:
        self._source = source
        self._out = out
        self._limit = limit
        self._lane = anyio.CapacityLimiter(1)

    def _read(self) -> tuple[bytes, bool] | None:
        """The next line and whether it was cut at the bound (its rest read and dropped, so
        a long line is never held whole); None at the end of the input."""
        line = self._source.readline(self._limit + 1)
        if not line:
            return None
        if len(line) <= self._limit or line.endswith(b"\n"):
            return line, False
        rest = line
        while rest and not rest.endswith(b"\n"):
            rest = self._source.readline(_SKIP)
        return b"", True

    def __aiter__(self) -> CheckedLines:
        return self

    async def __anext__(self) -> str:
        while True:
            read = await anyio.to_thread.run_sync(
                self._read, limiter=self._lane, abandon_on_cancel=True
            )
            if read is None:
                raise StopAsyncIteration
            line, cut = read
            if cut:
                mb = self._limit / (1024 * 1024)
                await self._out.write(
                    error_line(
                        mcp_types.INVALID_REQUEST,
                        f"Invalid Request: a line longer than {mb:g} MB is not read",
                    )
                )
                continue
            if not line.strip():
                continue
            wrong = problem(line)
            if wrong is None:
                return line.decode("utf-8")
            await self._out.write(error_line(*wrong))
