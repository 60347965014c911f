"""Administration commands: who may read the database."""

from __future__ import annotations

import click

from rulesdb.cli.app import AppContext, cli, pass_app


@cli.command("grant-read")
@click.argument("role")
@pass_app
def grant_read(app: AppContext, role: str) -> None:
    """Let an existing PostgreSQL ROLE read every table and view, and change nothing.

    Grants CONNECT on the database, USAGE on its schema and SELECT on every table and view,
    including those later upgrades create, and revokes TEMPORARY on the database from
    PUBLIC. Run by a superuser, it also bounds the role's temporary files
    (temp_file_limit) and revokes from PUBLIC the functions whose effects outlast a
    read-only transaction (pg_logical_emit_message, session advisory locks), granting
    those back to the tables' owners. Safe to run again. SQLite: use file permissions.
    """
    from rulesdb.store.grants import grant_read as grant

    done = grant(app.engine, role)
    click.echo(
        f"{done.role} can now read the {done.relations} tables and views of "
        f"{done.database} (schema {done.schema}) and any that "
        f"{', '.join(done.future_owners)} create later; nothing else was granted"
    )
    if not done.bounded:
        from rulesdb.store.grants import OUTLASTING, TEMP_FILE_LIMIT

        click.echo(
            f"rulesdb: warning: only a superuser can bound {done.role}'s temporary "
            f"files and revoke {', '.join(OUTLASTING)} from PUBLIC; until one runs "
            f"grant-read (or ALTER ROLE {done.role} SET temp_file_limit = "
            f"'{TEMP_FILE_LIMIT}' and the REVOKEs), rulesdb sql refuses {done.role}",
            err=True,
        )
    if done.public_can_create:
        click.echo(
            f"rulesdb: warning: every role (PUBLIC) may CREATE in schema {done.schema}, "
            f"{done.role} too, so rulesdb sql refuses to run as it; to stop that: "
            f"REVOKE CREATE ON SCHEMA {done.schema} FROM PUBLIC",
            err=True,
        )
    if done.public_can_connect:
        click.echo(
            f"rulesdb: note: every role (PUBLIC) may CONNECT to {done.database}; to "
            "admit only the owner and the roles given grant-read: REVOKE CONNECT ON "
            f"DATABASE {done.database} FROM PUBLIC",
            err=True,
        )
