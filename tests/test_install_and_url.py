"""Where the database is and what gets printed about it (the installed wheel:
tests/test_packaging.py; plain Alembic from the checkout: tests/test_interrupted.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.store.engine import mask, parse_url, resolve_url
from tests.support.databases import url_text


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulesdb", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("RULESDB_URL", "RULESDB_DATA_ROOT")}
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    env.update(extra)
    return env


def test_url_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("RULESDB_URL", raising=False)
    url, is_default = resolve_url(None)
    assert is_default and url.database == str(tmp_path / "rulesdb" / "rulesdb.sqlite3")
    monkeypatch.setenv("RULESDB_URL", "sqlite:///from-env.sqlite3")
    assert resolve_url(None) == (parse_url("sqlite:///from-env.sqlite3"), False)
    assert resolve_url("sqlite:///from-option.sqlite3")[0].database == "from-option.sqlite3"


def test_postgresql_urls_use_psycopg3() -> None:
    assert parse_url("postgresql://u@h/d").drivername == "postgresql+psycopg"
    assert parse_url("postgresql+psycopg://u@h/d").drivername == "postgresql+psycopg"


def test_passwords_are_masked() -> None:
    assert "hunter2" not in mask("postgresql://u:hunter2@h/d")
    assert "hunter2" not in mask(parse_url("postgresql://u:hunter2@h/d"))


def test_errors_never_print_the_password(tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    refused = run(
        ["--db", "postgresql://postgres:hunter2@127.0.0.1:1/nowhere", "card-types"], env, tmp_path
    )
    assert refused.returncode == 2
    assert "hunter2" not in refused.stderr + refused.stdout
    assert "***" in refused.stderr
    unsupported = run(["--db", "mysql://root:hunter2@localhost/x", "current"], env, tmp_path)
    assert unsupported.returncode == 2 and "hunter2" not in unsupported.stderr


def test_behind_head_message_masks_password(empty_url: URL, backend: str, tmp_path: Path) -> None:
    url = empty_url.set(password="hunter2") if backend == "postgresql" else empty_url
    result = run(["--db", url_text(url), "supertypes"], clean_env(tmp_path), tmp_path)
    assert result.returncode == 2
    # A SQLite path with no file there is no database (tests/test_answers_lead_somewhere.py);
    # a PostgreSQL database with no schema yet is an empty one.
    said = "no database at" if backend == "sqlite" else "is empty"
    assert said in result.stderr and "rulesdb --db" in result.stderr
    assert "hunter2" not in result.stderr


def test_env_var_database(tmp_path: Path) -> None:
    db = tmp_path / "env.sqlite3"
    env = clean_env(tmp_path, RULESDB_URL=f"sqlite:///{db}")
    # One revision is enough to see which database the commands use (the whole chain from
    # empty in a process is tests/test_concurrency.py's, of the embedded default).
    assert run(["upgrade", "0001_schema"], env, tmp_path).returncode == 0
    assert db.is_file()
    assert run(["current"], env, tmp_path).stdout.startswith("0001_schema ")
    assert not (tmp_path / "xdg").exists()  # the default location was not touched


# Plain `alembic -c alembic.ini -x db=URL upgrade head` from the checkout: the upgrade after the
# kills in tests/test_interrupted.py (one build from empty for both).


def test_the_shipped_default_is_copied_once_and_never_over_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wheel's built default (hatch_build.py) is copied into place whole by the first
    command; a default already there (an older one the chain upgrades, or the user's) is left
    alone; a checkout ships none, and nothing is placed."""
    from rulesdb.store import shipped

    assert shipped.shipped_default() is None  # a checkout: the chain builds the default
    source = tmp_path / "wheel" / "rulesdb.sqlite3"
    source.parent.mkdir()
    source.write_bytes(b"built by the chain" * 1000)
    monkeypatch.setattr(shipped, "shipped_default", lambda: source)
    target = tmp_path / "xdg" / "rulesdb" / "rulesdb.sqlite3"
    target.parent.mkdir(parents=True)
    assert shipped.place_default(target) is True
    assert target.read_bytes() == source.read_bytes()
    assert sorted(p.name for p in target.parent.iterdir()) == [
        "rulesdb.sqlite3",
        "rulesdb.sqlite3.lock",
    ]
    target.write_bytes(b"the user's own")
    assert shipped.place_default(target) is False and target.read_bytes() == b"the user's own"
