"""Commands that move a database along the release chain."""

from __future__ import annotations

import click

from rulesdb.cli.app import AppContext, cli, pass_app
from rulesdb.cli.output import emit_rows, output_options


@cli.command()
@click.argument("revision", default="head")
@pass_app
def upgrade(app: AppContext, revision: str) -> None:
    """Upgrade the database to REVISION (default: head, every release).

    REVISION is a revision id (rulesdb history lists them, e.g. cr_2024_06_07), head, or +N
    for N steps forward.
    """
    from rulesdb.store import migrate
    from rulesdb.store.engine import mask

    migrate.upgrade(app.engine, revision)
    click.echo(f"{mask(app.engine.url)} is at {migrate.current_revision(app.engine)}")


# ignore_unknown_options lets "-1" through as the argument, as click documents for values
# that look like options; anything else that starts with a dash is still refused.
@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("revision")
@pass_app
def downgrade(app: AppContext, revision: str) -> None:
    """Downgrade the database to REVISION: a revision id (e.g. cr_2024_04_12), -N for N steps
    back (rulesdb downgrade -1), or base, which empties it.

    Reading commands answer from a database behind head, with a warning; the embedded default
    upgrades itself again on its next use, so study older states in a database named by --db.
    """
    from rulesdb.store import migrate

    if revision.startswith("-") and not revision[1:].isdigit():
        raise click.NoSuchOption(revision)
    from rulesdb.store.engine import mask

    migrate.downgrade(app.engine, revision)
    current = migrate.current_revision(app.engine) or "base (empty)"
    click.echo(f"{mask(app.engine.url)} is at {current}")


@cli.command()
@pass_app
def current(app: AppContext) -> None:
    """Print the revision the database is at, and whether it is the head."""
    from rulesdb.store import migrate

    revision = migrate.current_revision(app.engine)
    head = migrate.head_revision()
    state = "(head)" if revision == head else f"(head is {head})"
    click.echo(f"{revision or 'base (empty)'} {state}")


@cli.command()
@output_options
def revisions(fmt: str | None) -> None:
    """List every revision, oldest first: the schema, then one per CR release."""
    from rulesdb.store import migrate

    rows = [{"revision": rev, "down_revision": down, "description": doc}
            for rev, down, doc in migrate.history()]
    emit_rows(rows, ["revision", "down_revision", "description"], fmt)
