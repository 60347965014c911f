"""Upgrade, downgrade and inspect a database's place in the release chain.

Alembic is imported only here, and only when a command changes or lists revisions: checking
that a database is current reads ``migrations/HEAD`` instead of loading 60+ revision files.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine, inspect, text
from sqlalchemy.exc import OperationalError, ProgrammingError

from rulesdb.errors import RulesdbError
from rulesdb.store.engine import mask, sqlite_file
from rulesdb.store.paths import head_file, migrations_dir
from rulesdb.util.text import first_line

if TYPE_CHECKING:
    from alembic.config import Config


def head_revision() -> str:
    return head_file().read_text().strip()


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at, or None for an empty database."""
    if sqlite_file(engine.url) is not None and not sqlite_file(engine.url).exists():
        return None
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except (OperationalError, ProgrammingError) as exc:
        if _missing_table(engine):
            return None
        raise RulesdbError(f"cannot read {mask(engine.url)}: {first_line(exc)}") from None
    if len(rows) > 1:
        raise RulesdbError(f"{mask(engine.url)} has {len(rows)} heads; rulesdb keeps one chain")
    return rows[0][0] if rows else None


def ensure_current(engine: Engine, *, auto_upgrade: bool, refuse_empty: bool = True) -> str | None:
    """Make sure the database can be read: upgrade it (embedded default), or accept one
    behind head and return the one-line warning to show (None when at head).

    A database named explicitly is never changed behind the user's back: one downgraded on
    purpose, to study an older state, answers from the releases it holds. An empty one has
    nothing to answer from and is refused with the command that fills it.
    """
    current = current_revision(engine)
    head = head_revision()
    if current == head:
        return None
    where = mask(engine.url)
    if auto_upgrade:
        upgrade(engine)
        return None
    if current is None and not refuse_empty:
        return None  # not a rulesdb database (yet): nothing to warn about
    if current is None:
        raise RulesdbError(f"the database {where} is empty, behind {head}; "
                           f"run: rulesdb --db '{where}' upgrade")
    return (f"the database {where} is at revision {current}, not at the head {head}; "
            f"answering from the releases it holds (to update it: rulesdb --db '{where}' "
            "upgrade)")


def config_options() -> dict[str, str]:
    """Where the revisions are, and the folder their versioned loaders import from."""
    return {
        "script_location": str(migrations_dir()),
        "prepend_sys_path": str(migrations_dir()),
        "path_separator": "os",
    }


def alembic_config(engine: Engine | None = None, connection=None) -> Config:  # type: ignore[no-untyped-def]
    """The one Alembic Config rulesdb runs with: the revisions, and the engine's URL if any."""
    from alembic.config import Config

    config = Config()
    for key, value in config_options().items():
        config.set_main_option(key, value)
    if engine is not None:
        config.set_main_option("sqlalchemy.url", engine.url.render_as_string(
            hide_password=False).replace("%", "%%"))
    config.attributes["connection"] = connection
    return config


def _script_directory():  # type: ignore[no-untyped-def]
    """The revisions, read once per process while their files stay as they are: reading them
    compiles 60+ files (no bytecode is cached where PYTHONDONTWRITEBYTECODE is set)."""
    versions = migrations_dir() / "versions"
    files = tuple(sorted((path.name, stat.st_mtime_ns, stat.st_size)
                         for path in versions.glob("*.py") for stat in [path.stat()]))
    return _read_scripts(versions, files)


@lru_cache(maxsize=4)
def _read_scripts(versions: Path, files: tuple[tuple[str, int, int], ...]):  # type: ignore[no-untyped-def]
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    script.revision_map.heads  # noqa: B018  (loads every revision now, under this key)
    return script


@contextmanager
def _connected(engine: Engine) -> Iterator[Config]:
    with engine.connect() as connection:
        yield alembic_config(engine, connection)


def upgrade(engine: Engine, revision: str = "head") -> None:
    _migrate(engine, revision, upward=True)


def downgrade(engine: Engine, revision: str) -> None:
    _migrate(engine, revision, upward=False)


def _migrate(engine: Engine, revision: str, *, upward: bool) -> None:
    """What ``alembic.command.upgrade`` / ``downgrade`` do, with the revisions read once."""
    from alembic.runtime.environment import EnvironmentContext

    def run() -> None:
        script = _script_directory()

        def steps(current, _context):  # type: ignore[no-untyped-def]
            if upward:
                return script._upgrade_revs(revision, current)
            return script._downgrade_revs(revision, current)

        with EnvironmentContext(config, script, fn=steps, destination_rev=revision):
            script.run_env()

    with _connected(engine) as config:
        _run(run, revision)


def history() -> list[tuple[str, str | None, str]]:
    """(revision, down revision, first line of its docstring), oldest first."""
    script = _script_directory()
    found = [
        (rev.revision, rev.down_revision if isinstance(rev.down_revision, str) else None,
         (rev.doc or "").strip().splitlines()[0] if rev.doc else "")
        for rev in script.walk_revisions()
    ]
    return list(reversed(found))


def script_head() -> str:
    """The head according to the revision files themselves (tests check HEAD agrees)."""
    heads = _script_directory().get_heads()
    if len(heads) != 1:
        raise RulesdbError(f"the migrations have {len(heads)} heads; expected one chain")
    return heads[0]


def _run(action, revision: str) -> None:  # type: ignore[no-untyped-def]
    from alembic.util import CommandError

    try:
        action()
    except RulesdbError:
        raise  # already one line (a lock held too long, an unusable file)
    except CommandError as exc:
        raise RulesdbError(f"revision {revision!r}: {first_line(exc)}") from None
    except OperationalError as exc:
        raise RulesdbError(f"database error: {first_line(exc)}") from None
    except Exception as exc:
        # A revision that fails (an edited seed, a constraint violated) has been rolled back
        # with the whole run; say so in one line. RULESDB_DEBUG=1 shows the traceback.
        if os.environ.get("RULESDB_DEBUG"):
            raise
        raise RulesdbError(
            f"migrating to {revision!r} failed and was rolled back, the database is unchanged: "
            f"{type(exc).__name__}: {first_line(exc)} (RULESDB_DEBUG=1 shows the traceback)"
        ) from None


def _missing_table(engine: Engine) -> bool:
    try:
        return not inspect(engine).has_table("alembic_version")
    except OperationalError as exc:
        raise RulesdbError(f"cannot open {mask(engine.url)}: {first_line(exc)}") from None
