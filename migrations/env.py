"""Alembic environment for rulesdb: one transaction per run, under a lock.

Runs the same whether started by ``rulesdb upgrade`` (which hands over its connection in
``config.attributes["connection"]``) or by ``alembic -c alembic.ini`` (which gets the URL from
``-x db=URL``, $RULESDB_URL or the embedded default). ``config.attributes["on_version_apply"]``,
when set, is called after each revision's step (``rulesdb upgrade``'s progress bar; the tests'
holds); ``config.attributes["lock_held"]`` says the caller holds the migration lock already;
``config.attributes["without_models"]`` that the run compares nothing with the models.
Release revisions import their loader from ``rulesdb_loaders`` beside this file: every Config
that runs them puts this folder on ``sys.path`` (``prepend_sys_path``).
"""

from __future__ import annotations

import gc
import logging.config
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from alembic import context
from sqlalchemy import Engine

from rulesdb.store.compaction import compact_if_sparse
from rulesdb.store.engine import make_engine, resolve_url
from rulesdb.store.locking import migration_lock

config = context.config


def _target_metadata():  # type: ignore[no-untyped-def]
    # Only autogenerate and the model-vs-schema test compare against the models; the
    # migrations themselves never use them, and rulesdb's own runs (upgrade, downgrade,
    # rebuild) leave the ORM unimported (some 0.2 s of a process, and its memory).
    if config.attributes.get("without_models"):
        return None
    from rulesdb.store.models import Base

    return Base.metadata


def _modelled(obj, name, type_, reflected, compare_to) -> bool:  # type: ignore[no-untyped-def]
    """The full-text index is each backend's own: FTS5 tables on SQLite, a generated tsvector
    column and its GIN index on PostgreSQL; the models leave it out."""
    if type_ == "table":
        return not name.startswith("rulebook_fts")
    if type_ in ("column", "index"):
        return name not in ("search", "ix_rulebook_text_search")
    return True


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    # A caller that holds the lock itself (rulesdb rebuild, in its own transaction) says so.
    locked = nullcontext() if config.attributes.get("lock_held") else migration_lock(connection)
    with locked, _page_cache(connection):
        context.configure(
            connection=connection,
            target_metadata=_target_metadata(),
            render_as_batch=True,  # SQLite cannot ALTER most things in place
            transactional_ddl=True,  # SQLite too: a failed run leaves nothing behind
            compare_type=True,
            include_object=_modelled,
            on_version_apply=config.attributes.get("on_version_apply"),
        )
        with _collector_paused(), context.begin_transaction():
            context.run_migrations()
        compact_if_sparse(connection)  # SQLite: the space a long downgrade leaves (committed)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The run holds the rows it writes until it commits (an upgrade from empty, every
    release's: hundreds of thousands of tuples), which the cyclic garbage collector would walk
    again and again, finding nothing to free (6% of that upgrade's time). It resumes after."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@contextmanager
def _page_cache(connection):  # type: ignore[no-untyped-def]
    """SQLite: room for the run's changed pages in memory until they commit. With the default
    2 MB, SQLite spills them to the file mid-transaction (a page changed again is written
    again) and holds the file exclusively from then on: other programs reading the database
    wait for the run's end instead of reading the last committed state (the run is one
    transaction either way)."""
    if connection.dialect.name != "sqlite":
        yield
        return
    raw = connection.connection.dbapi_connection
    before = raw.execute("PRAGMA cache_size").fetchone()[0]
    raw.execute(f"PRAGMA cache_size = {-MIGRATION_CACHE_KIB}")
    try:
        yield
    finally:
        raw.execute(f"PRAGMA cache_size = {before}")


MIGRATION_CACHE_KIB = 256 * 1024  # an upper bound: pages are taken as the run needs them


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if isinstance(connection, Engine):  # pytest-alembic hands over an engine
        with connection.connect() as opened:
            _run(opened)
        return
    if connection is not None:
        _run(connection)
        return
    if config.config_file_name and not config.attributes.get("quiet_logging"):
        logging.config.fileConfig(config.config_file_name, disable_existing_loggers=False)
    url, is_default = resolve_url(context.get_x_argument(as_dictionary=True).get("db"))
    engine = make_engine(url, create_folder=is_default)
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("rulesdb migrations load data from seed files; run them online")
run_migrations_online()
