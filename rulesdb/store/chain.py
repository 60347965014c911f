"""The release chain: its revisions, the database's place in it, and one Alembic run.

Runs go through Alembic's public API (``alembic.command``), with the connection, the step
callback and whether the caller holds the lock in ``Config.attributes`` (read by
``migrations/env.py``). Alembic is imported only here, and only when a run changes or lists
revisions: whether a database is current is read from ``migrations/HEAD`` and the revision
files' names, without loading them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.exc import OperationalError, ProgrammingError

from rulesdb.errors import RulesdbError
from rulesdb.settings import DEBUG
from rulesdb.store.engine import mask, sqlite_file
from rulesdb.store.paths import head_file, migrations_dir
from rulesdb.util.text import first_line

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

# progress(done, total, revision about to run or None when done): for a progress bar.
Progress = Callable[[int, int, str | None], None]
_RELATIVE = re.compile(r"[+-]\d+")


def head_revision() -> str:
    return head_file().read_text().strip()


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at, or None for an empty database."""
    path = sqlite_file(engine.url)
    if path is not None and not path.exists():
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


def release_count() -> int:
    """How many releases the chain holds (a revision file each: no Alembic import)."""
    return len(list((migrations_dir() / "versions").glob("cr_*.py")))


def in_chain(revision: str) -> bool:
    """Whether ``revision`` is one of this chain's (its file is there: no Alembic import)."""
    return (migrations_dir() / "versions" / f"{revision}.py").is_file()


def config_options() -> dict[str, str]:
    """Where the revisions are, and the folder their loaders import from."""
    return {
        "script_location": str(migrations_dir()),
        "prepend_sys_path": str(migrations_dir()),
        "path_separator": "os",
    }


def alembic_config(
    engine: Engine | None = None, connection: Connection | None = None, **attributes: Any
) -> Config:
    """The one Alembic Config rulesdb runs with: the revisions, the engine's URL if any, and
    ``attributes`` for env.py (connection, on_version_apply, lock_held)."""
    from alembic.config import Config

    config = Config()
    for key, value in config_options().items():
        config.set_main_option(key, value)
    if engine is not None:
        config.set_main_option(
            "sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%")
        )
    config.attributes["connection"] = connection
    config.attributes.update(attributes)
    return config


def script_directory() -> ScriptDirectory:
    """The revisions, read once per process while their files stay as they are."""
    versions = migrations_dir() / "versions"
    files = tuple(
        sorted(
            (path.name, stat.st_mtime_ns, stat.st_size)
            for path in versions.glob("*.py")
            for stat in [path.stat()]
        )
    )
    return _read_scripts(versions, files)


@lru_cache(maxsize=4)
def _read_scripts(versions: Path, files: tuple[tuple[str, int, int], ...]) -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    script.revision_map.heads  # noqa: B018  (loads every revision now, under this key)
    return script


def run(
    name: str,
    engine: Engine,
    connection: Connection,
    revision: str,
    current: str | None,
    progress: Progress | None,
    **attributes: Any,
) -> None:
    """``alembic.command.upgrade`` or ``downgrade`` from ``current`` to ``revision`` on the
    connection, in one line on failure; ``progress`` called before and after each step."""
    from alembic import command

    steps = _steps(revision, current, upward=name == "upgrade") if progress else []
    done = 0

    def on_version_apply(**_: Any) -> None:
        nonlocal done
        done += 1
        assert progress is not None
        progress(done, len(steps), steps[done] if done < len(steps) else None)

    callbacks = [
        callback
        for callback in (
            on_version_apply if progress else None,
            attributes.pop("on_version_apply", None),
        )
        if callback is not None
    ]
    if progress and steps:
        progress(0, len(steps), steps[0])
    # An upgrade or downgrade compares nothing with the models: env.py leaves them unimported.
    config = alembic_config(
        engine,
        connection,
        **attributes,
        on_version_apply=_each(callbacks) if callbacks else None,
        without_models=True,
    )
    with _one_line_errors(revision):
        getattr(command, name)(config, revision)


def _each(callbacks: list[Callable[..., None]]) -> Callable[..., None]:
    def call(**arguments: Any) -> None:
        for callback in callbacks:
            callback(**arguments)

    return call


def _steps(revision: str, current: str | None, *, upward: bool) -> list[str]:
    """The revisions a run from ``current`` to ``revision`` applies, in the order it does."""
    script = script_directory()
    order = [rev for rev, _, _ in history()]
    at = order.index(current) if current in order else -1
    if _RELATIVE.fullmatch(revision):
        count = int(revision[1:])
        if upward:
            return order[at + 1 : at + 1 + count]
        return order[max(at - count + 1, 0) : at + 1][::-1]
    if revision == "base":
        return order[: at + 1][::-1]
    try:
        target = order.index(script.get_revision(revision).revision)  # type: ignore[union-attr,unused-ignore]
    except Exception:  # Alembic's own message, in the run itself
        return []
    return order[at + 1 : target + 1] if upward else order[target + 1 : at + 1][::-1]


def history() -> list[tuple[str, str | None, str]]:
    """(revision, down revision, first line of its docstring), oldest first."""
    script = script_directory()
    found = [
        (
            rev.revision,
            rev.down_revision if isinstance(rev.down_revision, str) else None,
            (rev.doc or "").strip().splitlines()[0] if rev.doc else "",
        )
        for rev in script.walk_revisions()
    ]
    return list(reversed(found))


def script_head() -> str:
    """The head according to the revision files themselves (tests check HEAD agrees)."""
    heads = script_directory().get_heads()
    if len(heads) != 1:
        raise RulesdbError(f"the migrations have {len(heads)} heads; expected one chain")
    return heads[0]


@contextmanager
def _one_line_errors(revision: str) -> Iterator[None]:
    from alembic.util import CommandError

    try:
        yield
    except RulesdbError:
        raise  # already one line (a lock held too long, an unusable file)
    except CommandError as exc:
        raise RulesdbError(f"revision {revision!r}: {first_line(exc)}") from None
    except OperationalError as exc:
        raise RulesdbError(f"database error: {first_line(exc)}") from None
    except Exception as exc:
        # A revision that fails (an edited seed, a constraint violated) has been rolled back
        # with the whole run; say so in one line. RULESDB_DEBUG=1 shows the traceback.
        if DEBUG.value():
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
