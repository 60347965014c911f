"""Commands that move a database along the release chain."""

from __future__ import annotations

import click

from rulesdb.cli.app import AppContext, cli, pass_app
from rulesdb.cli.output import emit, output_options
from rulesdb.questions.answers import Table


@cli.command()
@click.argument("revision", default="head")
@pass_app
def upgrade(app: AppContext, revision: str) -> None:
    """Upgrade the database to REVISION (default: head, every release).

    REVISION is a revision id (rulesdb history lists them, e.g. cr_2024_06_07), head, or +N
    for N steps forward.
    """
    from rulesdb.cli.progress import progress_bar
    from rulesdb.store import chain, migrate
    from rulesdb.store.engine import mask

    with progress_bar("upgrading") as progress:
        migrate.upgrade(app.engine, revision, progress)
    click.echo(f"{mask(app.engine.url)} is at {chain.current_revision(app.engine)}")


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
    from rulesdb.store import chain, migrate

    if revision.startswith("-") and not revision[1:].isdigit():
        raise click.NoSuchOption(revision)
    from rulesdb.cli.progress import progress_bar
    from rulesdb.store.engine import mask

    with progress_bar("downgrading") as progress:
        migrate.downgrade(app.engine, revision, progress)
    current = chain.current_revision(app.engine) or "base (empty)"
    click.echo(f"{mask(app.engine.url)} is at {current}")


@cli.command()
@click.option("--yes", is_flag=True, help="Drop without asking first.")
@pass_app
def rebuild(app: AppContext, yes: bool) -> None:
    """Empty the database of everything rulesdb made and build it again at the head.

    For a database an earlier rulesdb built, which upgrade cannot bring here. Asks first,
    unless --yes; off a terminal it needs --yes. SQLite: a new file replaces the old one
    whole; PostgreSQL: one transaction (a failure leaves the database as it was).

    Example: rulesdb --db sqlite:///rules.sqlite3 rebuild --yes
    """
    import sys

    from rulesdb.cli.progress import progress_bar
    from rulesdb.errors import RulesdbError
    from rulesdb.store import chain, legacy, migrate
    from rulesdb.store.engine import describe

    where = describe(app.engine.url)
    if not yes and legacy.holds_anything(app.engine):
        if not sys.stdin.isatty():
            raise RulesdbError(
                f"rebuild drops every table and view rulesdb made in {where}; confirm with --yes"
            )
        click.confirm(
            f"Drop every table and view rulesdb made in {where} and build it again at the head?",
            abort=True,
            err=True,
        )
    with progress_bar("rebuilding") as progress:
        migrate.rebuild(app.engine, progress)
    click.echo(f"{where} is at {chain.current_revision(app.engine)}")


@cli.command()
@pass_app
def current(app: AppContext) -> None:
    """Print the revision the database is at, and whether it is the head."""
    from rulesdb.store import chain

    revision = chain.current_revision(app.engine)
    head = chain.head_revision()
    state = "(head)" if revision == head else f"(head is {head})"
    click.echo(f"{revision or 'base (empty)'} {state}")


@cli.command()
@output_options
def revisions(fmt: str | None) -> None:
    """List every revision, oldest first: the schema, then one per CR release."""
    from rulesdb.store import chain

    rows = [
        {"revision": rev, "down_revision": down, "description": doc}
        for rev, down, doc in chain.history()
    ]
    emit(Table(rows, ["revision", "down_revision", "description"]), fmt)
