"""The connections of ``rulesdb serve``, bounded at uvicorn's protocol layer (h11): a request
whose head (request line and headers) has not arrived within the head timeout is answered 408
and closed, and connections past the file descriptors the process may open are closed at once,
so slow or half-open clients cannot hold the server. Each kind of close is one console line
at most every ``REPORT_EVERY`` seconds, however many there are."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

LOG = logging.getLogger("rulesdb.web")
REPORT_EVERY = 10.0  # seconds between two console lines about closes of one kind
_LATE = b"the request did not arrive in time\n"
TIMED_OUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_LATE), _LATE)
)


class Tally:
    """Closes of one kind: the first reported at once, the rest counted and reported together
    at most every REPORT_EVERY seconds."""

    def __init__(self, why: str) -> None:
        self.why = why
        self.count = 0
        self.window: asyncio.TimerHandle | None = None

    def note(self, loop: asyncio.AbstractEventLoop) -> None:
        self.count += 1
        if self.window is None:
            self._report(loop)

    def _report(self, loop: asyncio.AbstractEventLoop) -> None:
        if not self.count:
            self.window = None
            return
        plural = "s" if self.count > 1 else ""
        LOG.warning("rulesdb: closed %d connection%s %s", self.count, plural, self.why)
        self.count = 0
        self.window = loop.call_later(REPORT_EVERY, self._report, loop)


class BoundedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head and a cap on connections
    (both set by ``bounded_protocol``)."""

    head_timeout: float = 0.0  # seconds; 0: no deadline
    max_connections: int = 0
    slow: Tally
    crowded: Tally

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            # Past this, accept() would fail for want of descriptors (and asyncio log a
            # traceback each time): the newest connection goes instead.
            self.crowded.note(self.loop)
            transport.abort()
            return
        self._start_head_deadline()

    def data_received(self, data: bytes) -> None:
        if self.head_deadline is None and self.conn.their_state is h11.IDLE:
            self._start_head_deadline()  # the next request of a kept-alive connection begins
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is in (or the request refused)
            self._stop_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_deadline()
        super().connection_lost(exc)

    def _start_head_deadline(self) -> None:
        if self.head_timeout > 0:
            self.head_deadline = self.loop.call_later(self.head_timeout, self._head_too_late)

    def _stop_head_deadline(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def _head_too_late(self) -> None:
        self.head_deadline = None
        if self.transport.is_closing():
            return
        self.slow.note(self.loop)
        self.transport.write(TIMED_OUT)
        self.transport.close()


def bounded_protocol(head_timeout: float, max_connections: int) -> type[BoundedProtocol]:
    """The protocol class for uvicorn's ``Config(http=...)``, with its own tallies."""
    return type(
        "BoundedProtocol",
        (BoundedProtocol,),
        {
            "head_timeout": head_timeout,
            "max_connections": max_connections,
            "slow": Tally(
                f"whose request did not arrive within {head_timeout:g} s "
                "(slow or half-open clients)"
            ),
            "crowded": Tally(
                f"past the {max_connections} open at once this process's file descriptors allow"
            ),
        },
    )
