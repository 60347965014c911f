"""Read-only access for a PostgreSQL role: what ``rulesdb grant-read ROLE`` grants.

CONNECT on the database, USAGE on the schema rulesdb's tables are in, SELECT on every table
and view there, and nothing else. It also revokes TEMPORARY on the database from PUBLIC:
PostgreSQL's default lets every role create temporary tables in every database, which an
analyst does not need (``rulesdb sql`` cannot create them anyway); the owner keeps it. CONNECT
through PUBLIC is left as it is, since other roles may rely on it: ``grant-read`` reports it,
and ``REVOKE CONNECT ON DATABASE … FROM PUBLIC`` closes it.

Also ALTER DEFAULT PRIVILEGES for the role that owns those tables (the one that runs
``rulesdb upgrade``): a view or table a later revision creates is readable without running
grant-read again. A database whose upgrades are run by several roles
needs grant-read run again after upgrades; it is idempotent.

SQLite has no roles: who may read a database file is a matter of file permissions.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError

from rulesdb.errors import RulesdbError
from rulesdb.settings import SQL_WORK_MEM
from rulesdb.store.engine import mask

# Functions a reader could run in a read-only transaction whose effects outlast it: WAL
# written for logical decoding, advisory locks the session holds after the transaction.
TEMP_FILE_LIMIT = "1GB"  # a reader session's temporary files, at most
OUTLASTING = (
    "pg_logical_emit_message",
    "pg_advisory_lock",
    "pg_advisory_lock_shared",
    "pg_try_advisory_lock",
    "pg_try_advisory_lock_shared",
)


def work_mem_kb() -> int:
    """A reader's work_mem, in kB: each sort or hash of its queries takes at most this much
    memory before spilling to temporary files (RULESDB_SQL_WORK_MEM)."""
    megabytes = SQL_WORK_MEM.value()
    assert megabytes is not None  # it has a default
    return int(megabytes * 1024)


@dataclass(frozen=True)
class ReadGrant:
    role: str
    database: str
    schema: str
    relations: int  # tables and views readable now
    future_owners: tuple[str, ...]  # whose later tables and views the role can read too
    public_can_create: bool  # PUBLIC may CREATE in the schema (PostgreSQL < 15 default)
    public_can_connect: bool  # PUBLIC may CONNECT to the database (PostgreSQL's default)
    # Whether the role's sessions are bounded in temporary files and memory (work_mem) and
    # the functions whose effects outlast a transaction revoked: only a superuser may.
    bounded: bool = True


def grant_read(engine: Engine, role: str) -> ReadGrant:
    """Grant ``role`` (which must exist) read-only access to the database; one transaction."""
    if engine.dialect.name != "postgresql":
        raise RulesdbError(
            f"grant-read is for PostgreSQL; {mask(engine.url)} is a SQLite file: control who "
            "may read it with file permissions (e.g. chgrp readers FILE; chmod 640 FILE)"
        )
    try:
        with engine.begin() as connection:
            return _grant(connection, role)
    except DBAPIError as exc:
        message = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise RulesdbError(
            f"cannot grant read access to {role!r} on {mask(engine.url)}: "
            f"{message} (run grant-read as the database owner or a superuser)"
        ) from None


def _grant(connection: Connection, role: str) -> ReadGrant:
    from psycopg import sql

    def scalar(query: str, **params: object) -> object:
        return connection.execute(text(query), params).scalar()

    if not scalar("SELECT count(*) FROM pg_roles WHERE rolname = :role", role=role):
        raise RulesdbError(
            f"role {role!r} does not exist; create it first "
            f"(CREATE ROLE ... LOGIN), then run grant-read"
        )
    database = str(scalar("SELECT current_database()"))
    schema = str(scalar("SELECT current_schema()"))
    # Whoever owns the tables runs the upgrades that create the next ones; on an empty
    # database, that will be whoever runs this.
    owners = tuple(
        sorted(
            {
                row[0]
                for row in connection.execute(
                    text("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = :s"),
                    {"s": schema},
                )
            }
            | {
                row[0]
                for row in connection.execute(
                    text("SELECT DISTINCT viewowner FROM pg_views WHERE schemaname = :s"),
                    {"s": schema},
                )
            }
            or {str(scalar("SELECT current_user"))}
        )
    )

    grantee, on_database, on_schema = (sql.Identifier(n) for n in (role, database, schema))
    statements = [
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(on_database, grantee),
        sql.SQL("REVOKE TEMPORARY ON DATABASE {} FROM PUBLIC").format(on_database),
        sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(on_schema, grantee),
        # ALL TABLES includes views.
        sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA {} TO {}").format(on_schema, grantee),
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE {} IN SCHEMA {} GRANT SELECT ON TABLES TO {}"
        ).format(sql.SQL(", ").join(map(sql.Identifier, owners)), on_schema, grantee),
    ]
    # Functions whose effects outlast a read-only transaction: from PUBLIC to the owners
    # (rulesdb's own lock needs the advisory ones). Only a superuser may change pg_catalog's
    # privileges; for anyone else PostgreSQL revokes nothing, and `rulesdb sql` refuses a
    # reader who may still run them.
    functions = [
        str(row[0])
        for row in connection.execute(
            text(
                "SELECT oid::regprocedure::text FROM pg_proc WHERE proname = ANY(:names) ORDER BY 1"
            ),
            {"names": list(OUTLASTING)},
        )
    ]
    superuser = bool(scalar("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"))
    if superuser:
        # A reader's sort or hash spilling to disk stops at this much (the server's default
        # is no limit), and each takes at most work_mem of memory before it spills, in every
        # session of the role (rulesdb sql sets the same for its own session).
        statements += [
            sql.SQL("ALTER ROLE {} SET temp_file_limit = {}").format(
                grantee, sql.Literal(TEMP_FILE_LIMIT)
            ),
            sql.SQL("ALTER ROLE {} SET work_mem = {}").format(
                grantee, sql.Literal(f"{work_mem_kb()}kB")
            ),
        ]
        for function in functions:
            statements += [
                sql.SQL("REVOKE EXECUTE ON FUNCTION {} FROM PUBLIC").format(sql.SQL(function)),
                sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(
                    sql.SQL(function), sql.SQL(", ").join(map(sql.Identifier, owners))
                ),
            ]
    # psycopg composes the identifiers; the DBAPI cursor runs in SQLAlchemy's transaction.
    driver = connection.connection.driver_connection
    assert driver is not None
    with driver.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)

    relations = int(
        scalar(  # type: ignore[call-overload]
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = :s AND c.relkind IN ('r', 'v', 'm', 'p')",
            s=schema,
        )
    )
    public_can_create = bool(
        scalar("SELECT has_schema_privilege('public', :s, 'CREATE')", s=schema)
    )
    public_can_connect = bool(
        scalar("SELECT has_database_privilege('public', :d, 'CONNECT')", d=database)
    )
    return ReadGrant(
        role, database, schema, relations, owners, public_can_create, public_can_connect, superuser
    )
