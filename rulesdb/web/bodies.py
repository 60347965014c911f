"""What a request may send ``rulesdb serve``, checked in front of everything else (asgi-csrf
reads a form's whole body into memory, and decodes it, before Datasette sees it): a body of at
most ``MAX_BODY`` bytes, arriving within the timeout, in UTF-8 (the forms Datasette reads
are), not multipart (nothing here takes an upload). Anything else is answered 4xx in one line,
as Datasette answers a request it refuses; a body that passes goes on to Datasette as sent."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from datasette.utils.asgi import Response

from rulesdb.web.refusals import LOG

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 64 * 1024  # bytes: Datasette's forms send a few hundred
BODILESS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})  # as asgi-csrf: what it lets through


class Refused(Exception):
    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status


def checked_bodies(app: App, seconds: float) -> App:
    """``app`` behind the checks; ``seconds`` bounds the body's arrival (0: no bound)."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in BODILESS:
            await app(scope, receive, send)
            return
        try:
            _check_head(dict(scope["headers"]))
            async with asyncio.timeout(seconds or None):
                body = await _read(receive)
            if body is None:
                return  # the client went away
            body.decode("utf-8")
        except TimeoutError:
            await _refuse(
                scope, send, Refused(408, f"the body did not arrive within {seconds:g} s")
            )
            return
        except UnicodeDecodeError:
            await _refuse(scope, send, Refused(400, "the body is not UTF-8"))
            return
        except Refused as refused:
            await _refuse(scope, send, refused)
            return
        await app(scope, _replay(body, receive), send)

    return guarded


def _check_head(headers: dict[bytes, bytes]) -> None:
    media = headers.get(b"content-type", b"").split(b";", 1)[0].strip().lower()
    if media == b"multipart/form-data":
        raise Refused(
            415,
            "multipart/form-data is not taken (no form here uploads a file); "
            "send application/x-www-form-urlencoded",
        )
    length = headers.get(b"content-length", b"0").strip()
    if length.isdigit() and int(length) > MAX_BODY:
        raise Refused(413, f"the body is larger than {MAX_BODY // 1024} KB")


async def _read(receive: Receive) -> bytes | None:
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        body += message.get("body", b"")
        if len(body) > MAX_BODY:
            raise Refused(413, f"the body is larger than {MAX_BODY // 1024} KB")
        if not message.get("more_body", False):
            return bytes(body)


def _replay(body: bytes, receive: Receive) -> Receive:
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> Message:
        return pending.pop() if pending else await receive()

    return replayed


async def _refuse(scope: Scope, send: Send, refused: Refused) -> None:
    LOG.warning(
        "rulesdb: refused %s %s: %s %s",
        scope["method"],
        scope["path"][:200],
        refused.status,
        refused,
    )
    # Closed after the answer: the rest of a body refused unread is not waited for.
    await Response.text(
        f"{refused}\n", status=refused.status, headers={"connection": "close"}
    ).asgi_send(send)
