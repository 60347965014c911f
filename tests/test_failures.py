"""Every failure issue 13 found ends in one clear line on stderr, exit status 2, nothing written.

Connection failures and bad URLs, passwords in query strings, SQLite files in places SQLite
cannot use, a hot journal, files that are not CR files (a FIFO, /dev/zero, 20 MB and more,
truncated UTF-8), a new-release that cannot finish, arguments that are not UTF-8, an endless
``parse -`` line, dates that are not YYYY-MM-DD, category case, an absurd effective date.
"""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.authoring.release import Checkout
from tests.support.chains import NEW_REVISION, copy_release_chain, newer_release, snapshot
from tests.support.data import cr_file
from tests.support.databases import url_text
from tests.support.runs import run_cli

PG = "postgresql://postgres@127.0.0.1"
SECRET = "hunter2-secret"


def one_line(code: int, out: str, err: str) -> str:
    assert (code, out) == (2, ""), err
    [line] = err.splitlines()
    assert line.startswith("rulesdb: error: ")
    assert "Traceback" not in err and SECRET not in err
    return line


# --- connecting -------------------------------------------------------------------------------

BAD_SERVERS = {
    "wrong port": (f"{PG}:1/test", "Connection refused"),
    "missing database": (f"{PG}/rulesdb_no_such_database", "does not exist"),
    "unknown user": ("postgresql://rulesdb_no_such_user@127.0.0.1/test", "does not exist"),
    "ssl required": (f"{PG}/test?sslmode=require", "SSL"),
    "unreachable host": ("postgresql://postgres@192.0.2.1/test?connect_timeout=1", "192.0.2.1"),
    "password in query": (f"{PG}/rulesdb_no_such_database?password={SECRET}", "password=***"),
}


@pytest.mark.parametrize("case", sorted(BAD_SERVERS))
@pytest.mark.parametrize(
    "command",
    [
        ["upgrade"],
        ["downgrade", "base"],
        ["current"],
        ["card-types"],
        ["sql", "SELECT 1"],
        ["grant-read", "x"],
    ],
)
@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_connection_failures_are_one_line(
    backend: str, case: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    url, said = BAD_SERVERS[case]
    line = one_line(*run_cli(["--db", url, *command], capsys))
    assert said in line


def test_password_from_the_environment_is_masked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESDB_URL", f"{PG}:1/test?password={SECRET}")
    for command in (["card-types"], ["current"], ["sql", "SELECT 1"]):
        assert "password=***" in one_line(*run_cli(command, capsys))


@pytest.mark.parametrize(
    ("url", "said"),
    [
        (f"postgresql://u:{SECRET}@127.0.0.1:notaport/db", "postgresql://u:***@127.0.0.1:notaport"),
        ("postgresql://[::1:5432/db", "not a database URL"),
        ("rules.sqlite3", "for a SQLite file write sqlite:///rules.sqlite3"),
        ("", "--db: the URL is empty"),
        ("mysql://u@h/db", "rulesdb works with SQLite and PostgreSQL"),
    ],
)
def test_malformed_urls_are_one_line(
    url: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert said in one_line(*run_cli(["--db", url, "card-types"], capsys))


# --- SQLite files -----------------------------------------------------------------------------


def test_sqlite_in_a_missing_folder_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "does" / "not" / "exist.sqlite3"
    for command in (["upgrade"], ["card-types"], ["sql", "SELECT 1"]):
        one_line(*run_cli(["--db", f"sqlite:///{database}", *command], capsys))
    line = one_line(*run_cli(["--db", f"sqlite:///{database}", "upgrade"], capsys))
    assert f"the folder {database.parent} does not exist" in line
    assert not (tmp_path / "does").exists()


def test_sqlite_under_a_file_and_unwritable_data_home(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "plain.txt"
    a_file.write_text("not a folder\n")
    line = one_line(*run_cli(["--db", f"sqlite:///{a_file}/rules.sqlite3", "upgrade"], capsys))
    assert f"{a_file} is not a folder" in line
    monkeypatch.setenv("XDG_DATA_HOME", str(a_file))
    monkeypatch.delenv("RULESDB_URL", raising=False)
    line = one_line(*run_cli(["card-types"], capsys))
    assert f"cannot create the folder {a_file}/rulesdb" in line


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_sqlite_in_a_read_only_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        line = one_line(*run_cli(["--db", f"sqlite:///{folder}/r.sqlite3", "upgrade"], capsys))
        assert f"the folder {folder} is not writable" in line
    finally:
        folder.chmod(0o755)


def test_hot_journal_is_named_not_called_a_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "rules.sqlite3"
    connection = sqlite3.connect(database)
    connection.executescript("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('a');")
    connection.close()
    # A writer that dies mid-transaction after its cache spilled into the file: the journal
    # it leaves is hot, and only a connection that may write can roll it back.
    script = (
        "import os, sqlite3; c = sqlite3.connect(os.sys.argv[1], isolation_level=None); "
        "c.execute('PRAGMA cache_size = 1'); c.execute('BEGIN'); "
        "[c.execute('INSERT INTO t VALUES (?)', ('x' * 4000,)) for _ in range(200)]; os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", script, str(database)], check=True, timeout=60)
    assert (tmp_path / "rules.sqlite3-journal").exists()
    line = one_line(*run_cli(["--db", f"sqlite:///{database}", "sql", "SELECT * FROM t"], capsys))
    assert "hot journal" in line and "rulesdb sql is read-only" not in line


# --- CR files ---------------------------------------------------------------------------------


def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    big = tmp_path / "big.txt"
    with open(big, "wb") as handle:
        handle.truncate(21 * 2**20)  # sparse: 21 MB without writing them
    data = cr_file("20240607").read_bytes()
    cut = data.index("’".encode()) + 2  # inside the three bytes of the first ’
    truncated = tmp_path / "truncated.txt"
    truncated.write_bytes(data[:cut])
    damaged = tmp_path / "damaged.txt"
    damaged.write_bytes(data[:cut] + data[cut + 1 :])
    absurd = tmp_path / "MagicCompRules-99991231.txt"
    text = cr_file("20240607").read_text(encoding="utf-8")
    absurd.write_text(
        text.replace("effective as of June 7, 2024", "effective as of December 31, 9999"),
        encoding="utf-8",
    )
    return {
        "fifo": (fifo, "not a regular file (a FIFO)"),
        "device": (Path("/dev/zero"), "not a regular file (a device)"),
        "too big": (big, "larger than 20 MB"),
        "truncated UTF-8": (truncated, "ends in the middle of a UTF-8 character"),
        "damaged UTF-8": (damaged, "is not valid UTF-8"),
        "absurd date": (absurd, "effective date 9999-12-31 is not plausible"),
    }


@pytest.mark.parametrize("command", ["inspect", "new-release"])
def test_files_that_are_not_cr_files_are_refused(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = copy_release_chain(tmp_path / "checkout")
    before = sorted(p.relative_to(checkout) for p in checkout.rglob("*"))
    for name, (path, said) in bad_files(tmp_path).items():
        extra = ["--root", str(checkout)] if command == "new-release" else []
        line = one_line(*run_cli([command, str(path), *extra], capsys))
        assert said in line, name
        assert str(path) in line
    assert sorted(p.relative_to(checkout) for p in checkout.rglob("*")) == before


def test_new_release_that_cannot_finish_leaves_the_checkout_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = Checkout(copy_release_chain(tmp_path / "checkout"))
    before = snapshot(checkout)
    # The revision cannot be written (its temporary name is taken by a folder), after the
    # seed was: neither may appear, and HEAD stays.
    (checkout.versions / f".{NEW_REVISION}.py.partial").mkdir()
    line = one_line(
        *run_cli(
            ["new-release", str(newer_release(tmp_path)), "--root", str(checkout.root)], capsys
        )
    )
    assert f"cannot write {checkout.versions / NEW_REVISION}.py" in line
    assert snapshot(checkout) == before
    assert not list(checkout.seeds.glob(".*partial"))


# --- arguments --------------------------------------------------------------------------------


def test_arguments_that_are_not_utf8(capsys: pytest.CaptureFixture[str]) -> None:
    not_utf8 = b"SELECT 'a\xffb'".decode("utf-8", "surrogateescape")  # as Python gets argv
    line = one_line(*run_cli(["sql", not_utf8], capsys))
    assert "argument 2 is not valid UTF-8" in line and "\\xff" in line


def test_an_endless_parse_line_is_refused(
    small_url: URL, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"Creature \xe2\x80\x94 Elf\n" + b"a" * (200 * 1024) + b"\nLand\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run_cli(["--db", url_text(small_url), "parse", "-"], capsys)
    assert code == 2 and err.splitlines() == [
        "rulesdb: error: parse -: input line 2 is longer than 64 KiB; a type line is a few "
        "dozen characters"
    ]
    [answered] = out.splitlines()  # line 1 was answered before line 2 was refused
    assert "Elf" in answered


@pytest.mark.parametrize(
    "day", ["20210301", "2021-W09-1", "2021-060", "2021-03-01T00:00", "２０２１-03-01"]
)
def test_as_of_is_strictly_yyyy_mm_dd(
    small_url: URL, day: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_line(*run_cli(["--db", url_text(small_url), "card-types", "--as-of", day], capsys))
    assert "expected YYYY-MM-DD" in line


def test_category_is_case_insensitive_everywhere(
    small_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", url_text(small_url)]
    for command in (
        ["subtypes", "--category"],
        ["history", "Dragon", "--category"],
        ["check", "Dragon", "--category"],
    ):
        lower = run_cli([*db, *command, "creature", "--format", "json"], capsys)
        upper = run_cli([*db, *command, "CREATURE", "--format", "json"], capsys)
        assert lower == upper and lower[0] == 0, command
