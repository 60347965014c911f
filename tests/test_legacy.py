"""Databases an earlier rulesdb built, and ``rulesdb rebuild``.

The chain before this one (lineage, sets and later-found merges in three revisions after the
last release) is rulesdb's own history, in git: its last commit, checked out into a folder
(``git archive``), builds real databases of that chain with its own code, as a user's rulesdb
did. One at that chain's head (``0004_release_facts``) or at any other of its revisions is
refused with the command that rebuilds it, and ``rebuild`` does, equal to the session's head;
the embedded default rebuilds itself, saying so. Skips without git or that commit (a tarball,
a shallow clone).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.chains import SHIPPED_HEAD
from tests.support.databases import new_database, url_text
from tests.support.dumps import Snapshots, fingerprint
from tests.support.runs import process_env, run_process

OLD_CHAIN = "e7c5945"  # main's last commit with facts after the last release
OLD_HEAD = "0004_release_facts"


@pytest.fixture(scope="session")
def old_rulesdb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The earlier rulesdb's tree (its package, migrations and seeds)."""
    if shutil.which("git") is None:
        pytest.skip("no git: the earlier rulesdb is read from this repository's history")
    found = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{OLD_CHAIN}^{{commit}}"],
        capture_output=True,
        check=False,
    )
    if found.returncode != 0:
        pytest.skip(f"commit {OLD_CHAIN} is not in this clone's history (shallow or no git)")
    folder = tmp_path_factory.mktemp("old-rulesdb")
    archive = subprocess.run(
        [
            "git",
            "-C",
            str(ROOT),
            "archive",
            OLD_CHAIN,
            "rulesdb",
            "migrations",
            "seeds",
            "alembic.ini",
        ],
        capture_output=True,
        check=True,
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def old_build(old: Path, url: URL, revision: str = "head") -> None:
    """``rulesdb upgrade`` as the earlier rulesdb ran it: its own package and chain."""
    env = process_env(PYTHONPATH=str(old), RULESDB_DATA_ROOT=str(old))
    done = subprocess.run(
        [sys.executable, "-m", "rulesdb", "--db", url_text(url), "upgrade", revision],
        capture_output=True,
        text=True,
        env=env,
        cwd=old,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(f"is at {OLD_HEAD if revision == 'head' else revision}\n")


def schema_and_rows(engine: Engine) -> tuple[object, dict[str, object]]:
    snapshot = Snapshots(engine).take()
    return snapshot["schema"], fingerprint(engine)


@pytest.mark.slow  # the earlier chain built from empty by its own code, on each backend
def test_a_database_at_the_old_head_is_refused_then_rebuilt(
    backend: str,
    old_rulesdb: Path,
    shared_head_engine: Engine,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    url = new_database(backend, tmp_path, request)
    old_build(old_rulesdb, url)
    for args in (["upgrade"], ["check", "Merfolk"]):
        done = run_process("--db", url_text(url), *args)
        assert (done.returncode, done.stdout) == (2, ""), args
        assert done.stderr.endswith(
            f"was built by an earlier rulesdb (revision {OLD_HEAD}), "
            "which this one cannot upgrade; build it again: rulesdb "
            f"--db '{done.stderr.split()[4]}' rebuild\n"
        ), done.stderr
    done = run_process("--db", url_text(url), "rebuild", "--yes")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    engine = make_engine(url)
    try:
        assert schema_and_rows(engine) == schema_and_rows(shared_head_engine)
    finally:
        engine.dispose()


@pytest.mark.slow  # a few releases of the earlier chain built by its own code
def test_a_database_at_another_old_revision_is_refused_then_rebuilt(
    backend: str,
    old_rulesdb: Path,
    shared_head_engine: Engine,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    url = new_database(backend, tmp_path, request)
    old_build(old_rulesdb, url, "cr_2016_08_26")  # a name both chains have, another schema
    for args in (["upgrade"], ["check", "Merfolk"], ["downgrade", "-1"]):
        done = run_process("--db", url_text(url), *args)
        assert (done.returncode, done.stdout) == (2, ""), args
        [line] = done.stderr.splitlines()
        assert line.startswith("rulesdb: error: the database ") and line.endswith(
            " was built by an earlier rulesdb (revision cr_2016_08_26), which this one cannot "
            f"upgrade; build it again: rulesdb --db '{line.split()[4]}' rebuild"
        ), line
    done = run_process("--db", url_text(url), "rebuild")  # not a terminal: --yes needed
    assert done.returncode == 2 and "confirm with --yes" in done.stderr
    done = run_process("--db", url_text(url), "rebuild", "--yes")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    engine = make_engine(url)
    try:
        assert schema_and_rows(engine) == schema_and_rows(shared_head_engine)
    finally:
        engine.dispose()


@pytest.mark.slow  # as above
def test_the_embedded_default_rebuilds_itself(old_rulesdb: Path, tmp_path: Path) -> None:
    """A newcomer's embedded database from an earlier rulesdb: the first command rebuilds it,
    says so on stderr, and answers."""
    data = tmp_path / "xdg"
    default = data / "rulesdb" / "rulesdb.sqlite3"
    default.parent.mkdir(parents=True)
    old_build(old_rulesdb, URL.create("sqlite", database=str(default)), "cr_2016_08_26")
    env = process_env(XDG_DATA_HOME=str(data))
    done = run_process("check", "Merfolk", "--format", "table", env=env)
    assert done.returncode == 0 and "release 2026-08-07" in done.stdout
    assert done.stderr == (
        f"rulesdb: the database sqlite:///{default} was built by an "
        "earlier rulesdb (revision cr_2016_08_26); rebuilding it\n"
    )
    assert run_process("current", env=env).stdout.startswith(f"{SHIPPED_HEAD} (head)")


# --- rebuild ----------------------------------------------------------------------------------


def test_rebuild_asks_first_and_keeps_what_it_did_not_make(
    tmp_path: Path, _head_sqlite: Path
) -> None:
    """Off a terminal it needs --yes; a SQLite file holding a table of the user's is refused
    (a rebuild replaces the whole file), and stays as it was."""
    path = tmp_path / "mine.sqlite3"
    shutil.copyfile(_head_sqlite, path)
    url = f"sqlite:///{path}"
    done = run_process("--db", url, "rebuild")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"rulesdb: error: rebuild drops every table and view rulesdb made "
        f"in {path}; confirm with --yes\n"
    )
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE my_notes (note TEXT)")
    before = path.read_bytes()
    done = run_process("--db", url, "rebuild", "--yes")
    assert done.returncode == 2 and done.stderr == (
        f"rulesdb: error: {path} also holds my_notes, which rulesdb did not make; rebuild would "
        "lose them (move them elsewhere, or rebuild into a new file with --db)\n"
    )
    assert path.read_bytes() == before


def test_rebuild_replaces_a_sqlite_file_whole(tmp_path: Path, _head_sqlite: Path) -> None:
    """The new file is built beside the old one and renamed over it: a reader that had the old
    one open keeps reading it whole; the new one equals the head; nothing is left beside."""
    path = tmp_path / "rules.sqlite3"
    shutil.copyfile(_head_sqlite, path)
    reader = sqlite3.connect(path)
    try:
        done = run_process("--db", f"sqlite:///{path}", "rebuild", "--yes")
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert reader.execute("SELECT count(*) FROM release").fetchone() == (136,)
    finally:
        reader.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules.sqlite3", "rules.sqlite3.lock"]
    engine = make_engine(f"sqlite:///{path}")
    head = make_engine(f"sqlite:///{_head_sqlite}")
    try:
        assert fingerprint(engine) == fingerprint(head)
    finally:
        engine.dispose()
        head.dispose()


def test_rebuild_on_postgresql_is_one_transaction(
    head_url: URL, backend: str, shared_head_engine: Engine
) -> None:
    """An object of the user's that depends on one of rulesdb's: nothing is dropped, one line
    says why; without it, the rebuild gives the head."""
    if backend != "postgresql":
        pytest.skip("SQLite's rebuild is a new file (above)")
    engine = make_engine(head_url)
    try:
        with engine.begin() as connection:
            connection.execute(text("CREATE VIEW my_view AS SELECT * FROM release"))
        before = fingerprint(engine)
        done = run_process("--db", url_text(head_url), "rebuild", "--yes")
        assert (done.returncode, done.stdout) == (2, "")
        assert (
            done.stderr.startswith("rulesdb: error: cannot rebuild ")
            and "my_view depends on" in done.stderr
            and len(done.stderr.splitlines()) == 1
        )
        assert fingerprint(engine) == before
        with engine.begin() as connection:
            connection.execute(text("DROP VIEW my_view"))
        done = run_process("--db", url_text(head_url), "rebuild", "--yes")
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert fingerprint(engine) == fingerprint(shared_head_engine)
    finally:
        engine.dispose()


def test_progress_shows_on_a_terminal_only(tmp_path: Path) -> None:
    """On a terminal an upgrade draws a bar on stderr: revisions done of the total, the one
    being loaded, time elapsed; in a script stderr stays empty."""
    import pty

    target = tmp_path / "bar.sqlite3"
    done = run_process(
        "--db", f"sqlite:///{tmp_path / 'quiet.sqlite3'}", "upgrade", "cr_1999_11_01"
    )
    assert (done.returncode, done.stderr) == (0, "")
    leader, follower = pty.openpty()
    try:
        process = subprocess.run(
            [
                sys.executable,
                "-m",
                "rulesdb",
                "--db",
                f"sqlite:///{target}",
                "upgrade",
                "cr_1999_11_01",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=follower,
            env=process_env(),
            timeout=300,
            check=False,
        )
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
        if follower != -1:
            os.close(follower)
    assert process.returncode == 0
    bar = shown.decode()
    assert "upgrading" in bar and "3/3" in bar and "cr_1999_04_23" in bar, bar
