"""``rulesdb serve``: the database in the browser, through Datasette (the ``web`` extra)."""

from __future__ import annotations

import importlib.util

import click

from rulesdb.cli.app import AppContext, cli, pass_app
from rulesdb.errors import RulesdbError

INSTALL = "the web face needs Datasette: pip install 'rulesdb[web]'"


@cli.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (0.0.0.0: every interface).",
)
@click.option(
    "--port",
    default=8001,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="TCP port to listen on (0: any free port, printed on start).",
)
@pass_app
def serve(app: AppContext, host: str, port: int) -> None:
    """Serve the database read-only in the browser (Datasette): release pages, diffs, words,
    a chart, every table and view described, and SQL with a time limit.

    Serves the embedded default (made or upgraded first) or a SQLite --db; not PostgreSQL.
    """
    from rulesdb.store.engine import mask, sqlite_file

    if importlib.util.find_spec("datasette") is None:
        raise RulesdbError(INSTALL)
    engine = app.engine
    path = sqlite_file(engine.url)
    if path is None:
        raise RulesdbError(
            f"the web face needs a SQLite file, not {mask(engine.url)}: make one with "
            "rulesdb --db sqlite:///rules.sqlite3 upgrade, then serve it with "
            "rulesdb --db sqlite:///rules.sqlite3 serve"
        )
    if not path.is_file() and not app.is_default:
        raise RulesdbError(
            f"{path}: no such database file; make it with rulesdb --db sqlite:///{path} upgrade"
        )
    app.data_engine()  # the embedded default upgrades itself; a --db must already be at head
    engine.dispose()  # Datasette opens the file itself, read-only
    from rulesdb.settings import SERVE_HEADER_TIMEOUT
    from rulesdb.web.server import listen, run

    seconds = SERVE_HEADER_TIMEOUT.value() or 0.0  # a bad value refused before "serving"
    sock = listen(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    click.echo(
        f"rulesdb: serving {path} read-only on http://{shown}:{bound_port}/ (Ctrl-C stops)",
        err=True,
    )
    run(path, sock, seconds)
