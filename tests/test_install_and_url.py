"""Where the database is, what gets printed about it, and running from an installed wheel."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.store.engine import mask, parse_url, resolve_url
from tests.support import ROOT, url_text


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesdb", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=300)


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
    refused = run(["--db", "postgresql://postgres:hunter2@127.0.0.1:1/nowhere", "card-types"],
                  env, tmp_path)
    assert refused.returncode == 2
    assert "hunter2" not in refused.stderr + refused.stdout
    assert "***" in refused.stderr
    unsupported = run(["--db", "mysql://root:hunter2@localhost/x", "current"], env, tmp_path)
    assert unsupported.returncode == 2 and "hunter2" not in unsupported.stderr


def test_behind_head_message_masks_password(empty_url: URL, backend: str, tmp_path: Path) -> None:
    url = empty_url.set(password="hunter2") if backend == "postgresql" else empty_url
    result = run(["--db", url_text(url), "supertypes"], clean_env(tmp_path), tmp_path)
    assert result.returncode == 2
    assert "is empty" in result.stderr and "rulesdb --db" in result.stderr
    assert "hunter2" not in result.stderr


@pytest.mark.slow  # a process that upgrades from empty through the whole chain
def test_embedded_default_upgrades_itself(tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    result = run(["subtypes", "--category", "land", "--as-of", "2021-03-01", "--format", "json"],
                 env, tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"Urza’s"' in result.stdout
    assert (tmp_path / "xdg" / "rulesdb" / "rulesdb.sqlite3").is_file()
    assert run(["current"], env, tmp_path).stdout.strip().endswith("(head)")


def test_env_var_database(tmp_path: Path) -> None:
    db = tmp_path / "env.sqlite3"
    env = clean_env(tmp_path, RULESDB_URL=f"sqlite:///{db}")
    # One revision is enough to see which database the commands use (the whole chain from
    # empty in a process is test_embedded_default_upgrades_itself's).
    assert run(["upgrade", "0001_schema"], env, tmp_path).returncode == 0
    assert db.is_file()
    assert run(["current"], env, tmp_path).stdout.startswith("0001_schema ")
    assert not (tmp_path / "xdg").exists()  # the default location was not touched


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(out), str(ROOT)], capture_output=True, text=True, timeout=600)
    if built.returncode != 0:
        pytest.fail(f"building the wheel failed: {built.stderr[-2000:]}")
    (path,) = out.glob("rulesdb-*.whl")
    return path


@pytest.mark.slow
@pytest.mark.xdist_group("build")  # one wheel, built once, in one worker
def test_wheel_ships_migrations_and_seeds(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    data = "rulesdb/_data/"
    assert {data + "migrations/env.py", data + "migrations/HEAD",
            data + "migrations/rulesdb_loaders/release_v1.py",
            data + "migrations/versions/0001_schema.py", data + "alembic.ini"} <= names
    seeds = {n for n in names if n.startswith(data + "seeds/cr_") and n.endswith(".json")}
    revisions = {n for n in names if n.startswith(data + "migrations/versions/cr_")}
    assert len(seeds) == len(revisions) == len(list((ROOT / "seeds").glob("cr_*.json")))
    assert "rulesdb/authoring/curated/renames.toml" in names


@pytest.mark.slow
@pytest.mark.xdist_group("build")
def test_installed_wheel_upgrades_from_any_folder(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True, timeout=300)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = clean_env(tmp_path, PYTHONPATH=str(target))
    db = f"sqlite:///{tmp_path / 'wheel.sqlite3'}"
    located = subprocess.run([sys.executable, "-c", "import rulesdb.store.paths as p; "
                              "print(p.data_root())"], capture_output=True, text=True, env=env,
                             cwd=elsewhere, check=True)
    assert located.stdout.strip() == str(target / "rulesdb" / "_data")
    assert run(["--db", db, "upgrade"], env, elsewhere).returncode == 0
    creature = run(["--db", db, "subtypes", "--category", "creature", "--as-of", "2020-08-07",
                    "--format", "json"], env, elsewhere)
    assert creature.returncode == 0 and creature.stdout.count('"name"') == 251


@pytest.mark.slow
def test_plain_alembic_from_the_checkout(empty_url: URL, tmp_path: Path,
                                         _head_sqlite: Path) -> None:
    """`alembic -c alembic.ini -x db=URL upgrade head` builds the same database as rulesdb."""
    from rulesdb.store import migrate
    from tests.support import dump_url

    alembic = [sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"),
               "-x", f"db={url_text(empty_url)}"]
    env = clean_env(tmp_path)
    result = subprocess.run([*alembic, "upgrade", "head"], capture_output=True, text=True,
                            env=env, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    current = subprocess.run([*alembic, "current"], capture_output=True, text=True, env=env,
                             cwd=tmp_path, timeout=300)
    assert f"{migrate.head_revision()} (head)" in current.stdout
    # The session's database, built by rulesdb's own upgrade from empty.
    assert dump_url(empty_url) == dump_url(URL.create("sqlite", database=str(_head_sqlite)))
