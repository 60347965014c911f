"""Databases an earlier rulesdb built, and what ``rulesdb rebuild`` drops.

The chains of earlier, unreleased rulesdbs recorded the order rulesdb learned things in, or
loaded lineage and sets in revisions after the last release. A database they built is told
apart by what this chain never has: a revision with no file here (``rulebook_spans``,
``0004_release_facts`` ...), or, at a revision both chains name (0001_schema, cr_2021_02_15 ...),
no ``rule_link`` table, which every revision of this chain has. Such a database is refused with
the command that rebuilds it; the embedded default rebuilds itself.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine, inspect
from sqlalchemy.exc import DBAPIError

from rulesdb.errors import RulesdbError
from rulesdb.store import chain
from rulesdb.store.engine import mask, sqlite_file
from rulesdb.util.text import first_line

# Tables only revisions of an earlier chain had (views of the same names here), dropped first.
OLD_TABLES = ("release_rule", "release_glossary")


def is_legacy(engine: Engine, revision: str) -> bool:
    """Whether a database at ``revision`` was built by an earlier chain."""
    if not chain.in_chain(revision):
        return True
    return not inspect(engine).has_table("rule_link")


def refusal(engine: Engine, revision: str) -> str:
    where = mask(engine.url)
    return (
        f"the database {where} was built by an earlier rulesdb (revision {revision}), "
        f"which this one cannot upgrade; build it again: rulesdb --db '{where}' rebuild"
    )


def _module(script: Any, revision: str) -> Any:
    found = script.get_revision(revision)
    assert found is not None and found.module is not None, revision
    return found.module


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
    schemas = [
        _module(script, revision)
        for revision, _, _ in reversed(chain.history())
        if not revision.startswith("cr_")
    ]
    views = [view.name for schema in schemas for view in reversed(schema.VIEWS)]
    tables = [table for schema in schemas for table in schema.TABLES]
    return views, [*OLD_TABLES, *tables, "alembic_version"]


def foreign_objects(engine: Engine) -> list[str]:
    """The tables and views of the database rulesdb did not make."""
    found = inspect(engine)
    views, tables = _names()
    mine = set(views) | set(tables) | {"rulebook_fts"}
    present = [*found.get_table_names(), *found.get_view_names()]
    return sorted(
        name for name in present if name not in mine and not name.startswith("rulebook_fts_")
    )


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
        raise RulesdbError(
            f"cannot rebuild {mask(connection.engine.url)}: {first_line(exc)}"
            + (f" ({detail.splitlines()[0]})" if detail else "")
        ) from None
