"""Move a database along the release chain: upgrade, downgrade, rebuild, and the check every
reading command makes first.

A database an earlier, unreleased rulesdb built (``rulesdb.store.legacy``) is recognised and
refused with the command that rebuilds it; the embedded default rebuilds itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.store import legacy
from rulesdb.store.chain import Progress, current_revision, head_revision, run
from rulesdb.store.engine import make_engine, mask, sqlite_file
from rulesdb.store.locking import file_lock, migration_lock


def ensure_current(
    engine: Engine,
    *,
    auto_upgrade: bool,
    refuse_empty: bool = True,
    notify: Callable[[str], None] | None = None,
    progress: Progress | None = None,
) -> str | None:
    """Make sure the database can be read: upgrade it (embedded default), or accept one
    behind head and return the one-line warning to show (None when at head).

    A database named explicitly is never changed behind the user's back: one downgraded on
    purpose, to study an older state, answers from the releases it holds. An empty one has
    nothing to answer from and is refused with the command that fills it; one an earlier
    rulesdb built is refused with the command that brings it here. The embedded default is
    upgraded (or rebuilt) instead, saying so through ``notify``.
    """
    from rulesdb.store import legacy

    current = current_revision(engine)
    head = head_revision()
    if current == head:
        return None
    where = mask(engine.url)
    earlier = current is not None and legacy.is_legacy(engine, current)
    if auto_upgrade:
        foreign = legacy.foreign_objects(engine)
        if foreign:  # the user's tables: rulesdb's are never added among them
            shown = ", ".join(foreign[:5]) + (
                f" and {len(foreign) - 5} more" if len(foreign) > 5 else ""
            )
            raise RulesdbError(
                f"the embedded default {where} holds {shown}, which rulesdb did not make; "
                "it is never upgraded in place over them (move the file away, or name it "
                "with --db to read it)"
            )
        if earlier:
            if notify:
                notify(
                    f"the database {where} was built by an earlier rulesdb (revision "
                    f"{current}); rebuilding it"
                )
            rebuild(engine, progress=progress)
        else:
            upgrade(engine, progress=progress)
        return None
    if earlier and current is not None:
        raise RulesdbError(legacy.refusal(engine, current))
    if current is None and not refuse_empty:
        return None  # not a rulesdb database (yet): nothing to warn about
    path = sqlite_file(engine.url)
    if current is None and path is not None and not path.exists():  # a typo, not "empty"
        from rulesdb.store.missing import no_database

        raise RulesdbError(no_database(path, engine.url))
    if current is None:
        raise RulesdbError(
            f"the database {where} is empty, behind {head}; run: rulesdb --db '{where}' upgrade"
        )
    return (
        f"the database {where} is at revision {current}, not at the head {head}; "
        f"answering from the releases it holds (to update it: rulesdb --db '{where}' "
        "upgrade)"
    )


def upgrade(engine: Engine, revision: str = "head", progress: Progress | None = None) -> None:
    """Upgrade to ``revision`` (head, a revision id, or +N): one transaction, under the lock."""
    current = current_revision(engine)
    if current is not None and legacy.is_legacy(engine, current):
        raise RulesdbError(legacy.refusal(engine, current))
    with engine.connect() as connection:
        run("upgrade", engine, connection, revision, current, progress)


def downgrade(engine: Engine, revision: str, progress: Progress | None = None) -> None:
    """Downgrade to ``revision`` (a revision id, -N, or base: empty)."""
    current = current_revision(engine)
    if current is not None and legacy.is_legacy(engine, current):
        raise RulesdbError(legacy.refusal(engine, current))
    with engine.connect() as connection:
        run("downgrade", engine, connection, revision, current, progress)


def rebuild(engine: Engine, progress: Progress | None = None) -> None:
    """Everything rulesdb made in the database dropped, and the chain built again to head:
    on SQLite a new file renamed over the old one, on PostgreSQL one transaction."""
    path = sqlite_file(engine.url)
    if path is not None:
        _rebuild_sqlite(engine, path, progress)
    elif engine.dialect.name == "sqlite":
        raise RulesdbError("rebuild works on a SQLite file or a PostgreSQL database")
    else:
        _rebuild_postgresql(engine, progress)


def _rebuild_sqlite(engine: Engine, path: Path, progress: Progress | None) -> None:
    """A new file built beside the old one, then renamed over it: readers and a kill see the
    old file or the new one, whole (the file system's atomic rename)."""
    with file_lock(path.with_name(path.name + ".lock")):
        if path.exists():
            foreign = legacy.foreign_objects(engine)
            engine.dispose()
            if foreign:
                raise RulesdbError(
                    f"{path} also holds {', '.join(foreign)}, which rulesdb did "
                    "not make; rebuild would lose them (move them elsewhere, or "
                    "rebuild into a new file with --db)"
                )
        fresh = path.with_name(f".{path.name}.rebuild")
        leftovers = (
            fresh,
            fresh.with_name(fresh.name + ".lock"),
            fresh.with_name(fresh.name + "-journal"),
        )
        try:
            fresh.unlink(missing_ok=True)
            building = make_engine(URL.create("sqlite", database=str(fresh)))
            try:
                with building.connect() as connection:
                    run("upgrade", building, connection, "head", None, progress)
            finally:
                building.dispose()
            os.replace(fresh, path)
        finally:
            for leftover in leftovers:
                leftover.unlink(missing_ok=True)


def _rebuild_postgresql(engine: Engine, progress: Progress | None) -> None:
    """One transaction: rulesdb's tables and views dropped, the chain run to head."""
    with engine.connect() as connection, migration_lock(connection), connection.begin():
        legacy.drop_everything(connection)
        run("upgrade", engine, connection, "head", None, progress, lock_held=True)
