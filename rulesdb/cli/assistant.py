"""``rulesdb mcp``: the rules for assistants, a Model Context Protocol server (the ``mcp``
extra)."""

from __future__ import annotations

import importlib.util
import socket

import click

from rulesdb.cli.app import AppContext, cli, pass_app
from rulesdb.errors import RulesdbError

INSTALL = "the MCP server needs the mcp SDK: pip install 'rulesdb[mcp]'"
# --http: sessions bounded in number (each ~40 KB) and closed after 5 idle minutes (the
# SDK's defaults, 10,000 for 30 minutes, let a client hold 480 MB)
HTTP_SESSIONS = 100
HTTP_IDLE_SECONDS = 5 * 60


@cli.command("mcp")
@click.option(
    "--http",
    "port",
    type=click.IntRange(0, 65535),
    metavar="PORT",
    help="Serve the streamable HTTP transport on 127.0.0.1:PORT (path /mcp) instead of stdio.",
)
@pass_app
def mcp_command(app: AppContext, port: int | None) -> None:
    """Serve the rules to assistants over the Model Context Protocol: on stdio (what MCP
    clients start), or streamable HTTP on 127.0.0.1 with --http PORT.

    Tools: rule, rule_history, search, glossary, check_word, explain_type_line, diff,
    rule_diff, releases, verify_citation; each release's rules as cr://RELEASE/NUMBER
    resources; a prompt, cite_rules. Read-only on the database (the embedded default or
    --db; PostgreSQL through a grant-read role); each answer names its release.
    """
    if importlib.util.find_spec("mcp") is None:
        raise RulesdbError(INSTALL)
    from rulesdb.assistant.bounds import bounded
    from rulesdb.assistant.server import build_server

    server = build_server(bounded(app.rules))
    if port is None:
        server.run("stdio")
        return
    import uvicorn

    # The SDK's app on a socket bound here, so a port in use is refused in one line before
    # anything says the server is serving (uvicorn would bind after, and exit 3).
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as exc:
        sock.close()
        raise RulesdbError(f"--http: cannot listen on 127.0.0.1:{port}: {exc.strerror}") from None
    bound = sock.getsockname()[1]
    http = server.streamable_http_app(
        max_sessions=HTTP_SESSIONS, session_idle_timeout=HTTP_IDLE_SECONDS, host="127.0.0.1"
    )
    click.echo(
        f"rulesdb: MCP over streamable HTTP on http://127.0.0.1:{bound}/mcp (Ctrl-C stops)",
        err=True,
    )
    config = uvicorn.Config(http, log_level="warning")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        raise SystemExit(130) from None
