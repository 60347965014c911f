"""Commands that move a database along the release chain."""

from __future__ import annotations

import click

from rulesdb.cli.app import AppContext, cli, emit_rows, format_option, pass_app


@cli.command()
@click.argument("revision", default="head")
@pass_app
def upgrade(app: AppContext, revision: str) -> None:
    """Upgrade the database to REVISION (default: head, every release)."""
    from rulesdb.store import migrate
    from rulesdb.store.engine import mask

    migrate.upgrade(app.engine, revision)
    click.echo(f"{mask(app.engine.url)} is at {migrate.current_revision(app.engine)}")


@cli.command()
@click.argument("revision")
@pass_app
def downgrade(app: AppContext, revision: str) -> None:
    """Downgrade the database to REVISION ('base' empties it)."""
    from rulesdb.store import migrate
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
@format_option()
def revisions(fmt: str | None) -> None:
    """List every revision, oldest first: the schema, then one per CR release."""
    from rulesdb.store import migrate

    rows = [{"revision": rev, "down_revision": down, "description": doc}
            for rev, down, doc in migrate.history()]
    emit_rows(rows, ["revision", "down_revision", "description"], fmt)
