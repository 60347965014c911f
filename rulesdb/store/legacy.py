"""Databases an earlier rulesdb built, and what ``rulesdb rebuild`` drops.

Before the schema baseline the chain recorded the order rulesdb learned things in: schema
revisions between release revisions, the archive's releases after 2026's. Its head,
``rulebook_spans``, holds the schema of ``0001_schema`` but for four constraint names, and
every release but 2003-05-26: :func:`bring_to_head` moves such a database to this head in one
transaction, keeping each release whose rows already equal what its revision here loads
(updating only which seed they came from) and loading again from the seeds those that differ
(the releases read from better copies of their files). A database at any other revision of that
chain is refused with the command that rebuilds it; the embedded default rebuilds itself.

A database of that chain is told apart by what this chain never has: a revision with no file
here (``views_in_force``, ``keywords`` ...), or, at a revision both chains name (0001_schema,
cr_2021_02_15 ...), no ``rule_span`` table, which every revision of this chain has.
"""

from __future__ import annotations

import importlib
from collections import Counter
from datetime import date
from typing import Any

from sqlalchemy import Connection, Date, Engine, bindparam, inspect, text
from sqlalchemy.exc import DBAPIError

from rulesdb.errors import RulesdbError
from rulesdb.store import chain
from rulesdb.store.engine import mask, sqlite_file
from rulesdb.store.locking import migration_lock
from rulesdb.util.text import first_line

OLD_HEAD = "rulebook_spans"
BASELINE = "0001_schema"
# Check constraints the old chain named twice over (its naming convention wrapped a full name).
RENAMED_CHECKS = (("keyword", "ck_keyword_ck_keyword_kind", "ck_keyword_kind"),
                  ("keyword_rename", "ck_keyword_rename_ck_keyword_rename_kind",
                   "ck_keyword_rename_kind"),
                  ("rule_span", "ck_rule_span_ck_rule_span_ordered", "ck_rule_span_ordered"),
                  ("glossary_span", "ck_glossary_span_ck_glossary_span_ordered",
                   "ck_glossary_span_ordered"))
# Tables only revisions of the old chain had (views of the same names here), dropped first.
OLD_TABLES = ("release_rule", "release_glossary")


def is_legacy(engine: Engine, revision: str) -> bool:
    """Whether a database at ``revision`` was built by the chain before the baseline."""
    if not chain.in_chain(revision):
        return True
    return not inspect(engine).has_table("rule_span")


def refusal(engine: Engine, revision: str) -> str:
    where = mask(engine.url)
    if revision == OLD_HEAD:
        return (f"the database {where} was built by an earlier rulesdb (revision {revision}); "
                f"to bring it to this one's head: rulesdb --db '{where}' upgrade")
    return (f"the database {where} was built by an earlier rulesdb (revision {revision}), "
            f"which this one cannot upgrade; build it again: rulesdb --db '{where}' rebuild")


# --- the old head, brought here -------------------------------------------------------------


def bring_to_head(engine: Engine, progress: chain.Progress | None = None) -> None:
    """The database at the old chain's head, brought in one transaction to the last release of
    the baseline's schema (the same schema), from where a plain upgrade goes on."""
    from alembic.migration import MigrationContext
    from alembic.operations import Operations

    script = chain.script_directory()  # also puts the loaders' folder on sys.path
    baseline = _module(script, BASELINE)
    # The releases of the baseline's schema generation: the old chain's schema. The schema
    # revisions after them (and the releases after those) follow as a plain upgrade.
    releases = []
    for revision, _, _ in chain.history()[1:]:
        if not revision.startswith("cr_"):
            break
        releases.append(revision)
    loader = importlib.import_module("rulesdb_loaders.schema_0001")
    with engine.connect() as connection, migration_lock(connection), connection.begin():
        at = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        if at != OLD_HEAD:
            raise RulesdbError(f"{mask(engine.url)} is no longer at {OLD_HEAD}; run upgrade "
                               "again")
        with Operations.context(MigrationContext.configure(connection)) as op:
            _rename_checks(connection)
            for view in reversed(baseline.VIEWS):  # created again as this chain defines them
                op.execute(f"DROP VIEW IF EXISTS {view.name}")
            for view in baseline.VIEWS:
                op.create_view(view)
            baseline.comment_tables()
            held = {str(day) for day in connection.execute(text(
                "SELECT effective_date FROM release")).scalars()}
            for done, revision in enumerate(releases):
                if progress:
                    progress(done, len(releases), revision)
                module = _module(script, revision)
                seed = loader.read_seed(module.SEED, module.SEED_SHA256)
                if seed["effective_date"] in held:
                    if _holds(connection, loader, seed, module.SEED_SHA256):
                        _repoint(connection, seed, module.SEED_SHA256)
                        continue
                    module.downgrade()
                module.upgrade()
            if progress:
                progress(len(releases), len(releases), None)
            connection.execute(text("UPDATE alembic_version SET version_num = :head"),
                               {"head": releases[-1]})


def _module(script: Any, revision: str) -> Any:
    found = script.get_revision(revision)
    assert found is not None and found.module is not None, revision
    return found.module


def _rename_checks(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        for table, old, new in RENAMED_CHECKS:
            connection.exec_driver_sql(f"ALTER TABLE {table} RENAME CONSTRAINT {old} TO {new}")
        return
    # SQLite keeps a CHECK constraint's name only in the table's SQL text: edited in place by
    # SQLite's documented procedure for changes that leave the stored rows as they are.
    raw = connection.connection.dbapi_connection
    assert raw is not None
    version = raw.execute("PRAGMA schema_version").fetchone()[0]
    raw.execute("PRAGMA writable_schema = ON")
    try:
        for table, old, new in RENAMED_CHECKS:
            raw.execute("UPDATE sqlite_master SET sql = replace(sql, ?, ?) "
                        "WHERE type = 'table' AND name = ?",
                        (f"CONSTRAINT {old} ", f"CONSTRAINT {new} ", table))
        raw.execute(f"PRAGMA schema_version = {int(version) + 1}")
    finally:
        raw.execute("PRAGMA writable_schema = OFF")


def _holds(connection: Connection, loader: Any, seed: dict[str, Any], seed_sha256: str) -> bool:
    """Whether the database holds exactly the rows the release's revision here would load
    (but for the seed's sha256, which names the file rather than what the release says)."""
    postgresql = connection.dialect.name == "postgresql"
    day: Any = date.fromisoformat(seed["effective_date"]) if postgresql else seed["effective_date"]
    cursor = connection.connection.cursor()

    def found(query: str) -> Counter[tuple[Any, ...]]:
        cursor.execute(query.replace("?", "%s" if postgresql else "?"),
                       (day,) * query.count("?"))
        return Counter(tuple(row) for row in cursor.fetchall())

    source = (seed["source"]["file"], seed["source"]["sha256"])
    if found("SELECT source_file, source_sha256 FROM release WHERE effective_date = ?"
             ) != Counter([source]):
        return False
    for table, expected in loader.release_rows(seed, seed_sha256, day).items():
        keep = [at for at, name in enumerate(table.names) if name != "index_sha256"]
        columns = ", ".join(table.names[at] for at in keep)
        wanted = Counter(tuple(row[at] for at in keep) for row in expected)
        if found(f"SELECT {columns} FROM {table.name} WHERE release_date = ?") != wanted:
            return False
    for table, identities in loader.printed(seed).items():
        spans = found(f"SELECT {', '.join(table.identity)} FROM {table.name} "
                      "WHERE first_release <= ? AND last_release >= ?")
        if Counter({table.identity_of(row): count for row, count in spans.items()}) != \
                Counter(identities):
            return False
    return True


def _repoint(connection: Connection, seed: dict[str, Any], seed_sha256: str) -> None:
    """A release kept as it was: it now comes from this chain's seed."""
    values = {"day": date.fromisoformat(seed["effective_date"]), "sha": seed_sha256}
    day = bindparam("day", type_=Date())
    connection.execute(text("UPDATE release SET seed_sha256 = :sha WHERE effective_date = :day"
                            ).bindparams(day), values)
    connection.execute(text("UPDATE release_rulebook SET index_sha256 = :sha "
                            "WHERE release_date = :day").bindparams(day), values)


# --- what rebuild drops -------------------------------------------------------------------


def holds_anything(engine: Engine) -> bool:
    """Whether the database has any table or view (what rebuild would drop or replace)."""
    path = sqlite_file(engine.url)
    if path is not None and not path.exists():
        return False
    found = inspect(engine)
    return bool(found.get_table_names() or found.get_view_names())


def _names() -> tuple[list[str], list[str]]:
    """What rulesdb makes, views and tables, each in the order they are dropped: those of
    the newest schema revision first (each declares its VIEWS and TABLES)."""
    script = chain.script_directory()
    schemas = [_module(script, revision) for revision, _, _ in reversed(chain.history())
               if not revision.startswith("cr_")]
    views = [view.name for schema in schemas for view in reversed(schema.VIEWS)]
    tables = [table for schema in schemas for table in schema.TABLES]
    return views, [*OLD_TABLES, *tables, "alembic_version"]


def foreign_objects(engine: Engine) -> list[str]:
    """The tables and views of the database rulesdb did not make."""
    found = inspect(engine)
    views, tables = _names()
    mine = set(views) | set(tables) | {"rulebook_fts"}
    present = [*found.get_table_names(), *found.get_view_names()]
    return sorted(name for name in present
                  if name not in mine and not name.startswith("rulebook_fts_"))


def drop_everything(connection: Connection) -> None:
    """Every table and view rulesdb made, dropped (one that another object depends on
    refuses, and the caller's transaction takes nothing back it did not do)."""
    found = inspect(connection)
    present_views, present_tables = set(found.get_view_names()), set(found.get_table_names())
    views, tables = _names()
    try:
        for name in views:
            if name in present_views:
                connection.exec_driver_sql(f"DROP VIEW {name}")
        for name in tables:
            if name in present_tables:
                connection.exec_driver_sql(f"DROP TABLE {name}")
    except DBAPIError as exc:  # another object depends on one of rulesdb's: nothing dropped
        detail = getattr(getattr(exc.orig, "diag", None), "message_detail", None)
        raise RulesdbError(f"cannot rebuild {mask(connection.engine.url)}: {first_line(exc)}"
                           + (f" ({detail.splitlines()[0]})" if detail else "")) from None


