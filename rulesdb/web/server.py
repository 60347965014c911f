"""Datasette on one SQLite file, read-only: the database opened with ``mode=ro`` (SQLite
itself refuses writes, and notices a file changed by an upgrade or downgrade), queries cut
off after ``SQL_TIME_LIMIT_MS``, no write canned query."""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
import sys
from pathlib import Path

from datasette.app import Datasette
from datasette.database import Database
from datasette.plugins import pm

from rulesdb.errors import RulesdbError
from rulesdb.web import plugin, refusals
from rulesdb.web.bodies import checked_bodies
from rulesdb.web.connections import bounded_protocol
from rulesdb.web.metadata import DATABASE, SETTINGS, metadata

TEMPLATES = Path(__file__).with_name("templates")
LIMIT_CONCURRENCY = 256  # connections and requests at once
SPARE_DESCRIPTORS = 128  # kept from connections: the database's, the logs', the socket's
# Connections the kernel queues, and asyncio accepts in one go before any is counted: the
# cap on connections leaves room for two such bursts.
BACKLOG = 128


def build(path: Path) -> Datasette:
    """A Datasette serving ``path`` as /rulesdb, with rulesdb's pages and descriptions."""
    if not pm.is_registered(plugin):
        pm.register(plugin, name=plugin.PLUGIN)
    if pm.get_plugin(refusals.DATASETTE_HANDLER_NAME) is not None:
        pm.unregister(name=refusals.DATASETTE_HANDLER_NAME)  # the plugin calls it (refusals)
    datasette = Datasette(metadata=metadata(path), settings=SETTINGS, template_dir=str(TEMPLATES))
    # Not immutable: SQLite would trust the file never to change and, changed in place by an
    # upgrade or a downgrade, report it malformed. Datasette's connections for a "mutable"
    # database are mode=ro; it writes only through execute_write, which nothing here calls.
    datasette.add_database(Database(datasette, path=str(path), is_mutable=True), name=DATABASE)
    return datasette


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before Datasette starts: a port in use is one clear line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not 0: asyncio sets TCP_NODELAY only on connections whose socket says
    # TCP, and without it each answer's separate writes (head, body, end) waited for the
    # client's delayed ACK, about 40 ms a request.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise RulesdbError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


SWITCH_INTERVAL = 0.0005  # seconds a thread runs before another may take the GIL


def run(path: Path, sock: socket.socket, seconds: float) -> None:
    """Datasette on ``sock``; ``seconds``: RULESDB_SERVE_HEADER_TIMEOUT, read (and a bad
    value refused) before anything said "serving"."""
    import uvicorn

    console = logging.StreamHandler()  # stderr: the refusals' one line each (refusals.py)
    console.setFormatter(logging.Formatter("%(message)s"))
    refusals.LOG.addHandler(console)
    refusals.LOG.propagate = False

    # Requests past LIMIT_CONCURRENCY connections are answered 503 at once; a request whose
    # head (or body) has not arrived within the timeout is answered 408 and closed, and
    # connections past the descriptors the process may open are closed at once, so slow or
    # half-open clients cannot hold the server; idle keep-alive connections close after 5 s.
    protocol = bounded_protocol(seconds, max_connections())
    # A heavy page's Python holds the GIL for the interpreter's switch interval (5 ms) each
    # time a cheap page's thread gives it up for a query: a cold cheap page of some hundred
    # queries waited up to a second behind 20 heavy clients. 0.5 ms keeps it under 0.6 s.
    sys.setswitchinterval(SWITCH_INTERVAL)
    datasette = build(path)
    asyncio.run(plugin.warm(datasette))  # the first visitor waits no more than the next
    config = uvicorn.Config(
        checked_bodies(datasette.app(), seconds),
        http=protocol,
        log_level="warning",
        lifespan="on",
        backlog=BACKLOG,
        limit_concurrency=LIMIT_CONCURRENCY,
        timeout_keep_alive=5,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn shut down gracefully, then raised Ctrl-C again
        raise SystemExit(130) from None


def max_connections() -> int:
    """Connections at once that leave this process descriptors for its database, logs and
    listening socket: past them, accept() would fail."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    return max(LIMIT_CONCURRENCY, soft - SPARE_DESCRIPTORS - 2 * BACKLOG)
