"""Bounded for every input: each hostile input below ends in one line on stderr, exit status 2,
in a process whose peak memory stays low, and neither hangs nor runs on (each process has a
generous timeout: a hang fails the test, a slow machine does not). The inputs are generated
here, never committed."""

from __future__ import annotations

import gzip
import json
import os
import random
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from sqlalchemy.engine import URL

from rulesdb.cli import cli
from tests.support.bounded import PEAK_MB, measured, refused
from tests.support.chains import newest_release, revision_before
from tests.support.databases import url_text
from tests.support.pgurl import created_name
from tests.support.runs import process_env, run_cli, run_in_process

# --- CR files: one way in, whatever the format ---------------------------------------------------


@pytest.mark.parametrize("suffix", [".txt", ".docx", ".rtf"])
def test_a_fifo_is_refused_at_once(tmp_path: Path, suffix: str) -> None:
    fifo = tmp_path / f"x{suffix}"
    os.mkfifo(fifo)
    line, _ = refused("inspect", str(fifo))
    assert "not a regular file (a FIFO)" in line and str(fifo) in line


@pytest.mark.parametrize("suffix", [".txt", ".docx", ".rtf"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_before_reading(tmp_path: Path, suffix: str, device: str) -> None:
    link = tmp_path / f"x{suffix}"
    link.symlink_to(device)
    line, peak = refused("inspect", str(link))
    assert "not a regular file (a device)" in line
    assert peak < PEAK_MB


@pytest.mark.parametrize("suffix", [".txt", ".docx", ".rtf"])
def test_a_file_over_the_size_limit_is_refused(tmp_path: Path, suffix: str) -> None:
    big = tmp_path / f"x{suffix}"
    with big.open("wb") as handle:
        handle.truncate(21 * 2**20)  # sparse: no disk taken
    line, peak = refused("inspect", str(big))
    assert "larger than 20 MB" in line and peak < PEAK_MB


def docx(path: Path, *parts: bytes, repeat: int = 1) -> Path:
    """A .docx whose document.xml is ``parts`` joined, the middle one ``repeat`` times
    (written as a stream: a bomb is never whole in memory)."""
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive,
        archive.open("word/document.xml", "w", force_zip64=True) as member,
    ):
        for index, part in enumerate(parts):
            for _ in range(repeat if index == 1 else 1):
                member.write(part)
    return path


W = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


@pytest.mark.full  # a bound at scale: seconds
def test_a_docx_zip_bomb_stops_at_the_limit(tmp_path: Path) -> None:
    # Millions of paragraphs, 300 MB uncompressed, a few hundred KB in the zip.
    paragraphs = b"<w:p><w:r><w:t>100.1. x</w:t></w:r></w:p>" * 25_000  # 1 MB
    bomb = docx(
        tmp_path / "bomb.docx",
        b"<w:document " + W + b"><w:body>",
        paragraphs,
        b"</w:body></w:document>",
        repeat=300,
    )
    assert bomb.stat().st_size < 2 * 2**20
    line, peak = refused("inspect", str(bomb))
    assert "word/document.xml expands past 64 MB" in line
    assert peak < PEAK_MB + 64


def test_a_docx_expanding_more_than_the_ratio_is_refused(tmp_path: Path) -> None:
    bomb = docx(
        tmp_path / "ratio.docx",
        b"<w:document " + W + b"><w:body><w:p><w:r><w:t>",
        b"a" * 2**20,
        b"</w:t></w:r></w:p></w:body></w:document>",
        repeat=8,
    )
    line, _ = refused("inspect", str(bomb))
    assert "expands more than 100 times its compressed size" in line


def test_a_docx_nested_deeply_is_refused(tmp_path: Path) -> None:
    # Random ids, so that the nesting compresses as a real document does (not a bomb).
    ids = random.Random(7)
    opening = b"".join(b'<w:sdt w:id="%08x">' % ids.getrandbits(32) for _ in range(20_000))
    deep = b"<w:document " + W + b">" + opening + b"</w:sdt>" * 20_000 + b"</w:document>"
    zipped = docx(tmp_path / "deep.docx", deep)  # one part: written once
    line, peak = refused("inspect", str(zipped))
    assert "nests elements more than 64 deep" in line and peak < PEAK_MB


def test_a_docx_with_entities_is_refused(tmp_path: Path) -> None:
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><w:document '
        + W
        + b"><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>"
    )
    line, _ = refused("inspect", str(docx(tmp_path / "laughs.docx", laughs)))
    assert "declares a DTD or entities" in line


@pytest.mark.parametrize("what", ["elements", "attributes"])
@pytest.mark.full  # a bound at scale: seconds
def test_a_flat_docx_is_refused_before_its_tree_is_built(tmp_path: Path, what: str) -> None:
    """A million siblings, or a million attributes on one element, under the size and ratio
    limits (random ids do not compress): counted on the bytes, refused before a parse that
    took 21-32 s and 1.4-2.1 GB."""
    ids = random.Random(7)
    if what == "elements":
        middle = [
            b"".join(b'<w:x w:id="%08x"/>' % ids.getrandbits(32) for _ in range(1000))
            for _ in range(1100)
        ]
        head, tail = b"<w:document " + W + b"><w:body>", b"</w:body></w:document>"
    else:
        middle = [
            b"".join(b'a%d="%08x" ' % (n, ids.getrandbits(32)) for n in range(block, block + 1000))
            for block in range(0, 1_100_000, 1000)
        ]
        head, tail = b"<w:document " + W + b"><w:body><w:p ", b"/></w:body></w:document>"
    line, peak = refused("inspect", str(docx(tmp_path / "flat.docx", head, b"".join(middle), tail)))
    assert f"has more than 1,000,000 {what}" in line and peak < PEAK_MB


def test_an_rtf_nested_deeply_or_too_big_is_refused(tmp_path: Path) -> None:
    deep = tmp_path / "deep.rtf"
    deep.write_bytes(b"{\\rtf1 " + b"{" * 100_000 + b"x" + b"}" * 100_000 + b"}")
    line, peak = refused("inspect", str(deep))
    assert "nests groups more than 64 deep" in line and peak < PEAK_MB
    big = tmp_path / "big.rtf"
    big.write_bytes(b"{\\rtf1 " + b"x" * (5 * 2**20) + b"}")
    line, _ = refused("inspect", str(big))
    assert "larger than 4 MB" in line


# --- card files ---------------------------------------------------------------------------------


def deep_json(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


@pytest.mark.parametrize("shape", ["array", "object", "jsonl card", "mtgjson meta"])
def test_card_files_nested_deeply_are_one_line(tmp_path: Path, small_url: URL, shape: str) -> None:
    card = b'{"object": "card", "name": "X", "set": "s", "type_line": "Creature"}'
    nested = {
        "array": b"[" + card + b", " + deep_json(100_000) + b"]",
        "object": b"[" + card + b", " + b'{"a":' * 100_000 + b"1" + b"}" * 100_000 + b"]",
        "jsonl card": card + b"\n" + b'{"object": "card", "x": ' + deep_json(100_000) + b"}\n",
        "mtgjson meta": b'{"meta": ' + deep_json(100_000) + b', "data": {}}',
    }[shape]
    path = tmp_path / ("cards.jsonl" if shape == "jsonl card" else "cards.json")
    path.write_bytes(nested)
    line, peak = refused("--db", url_text(small_url), "lint-cards", str(path), printed=True)
    assert str(path) in line and peak < PEAK_MB
    assert "deeper than the JSON decoders go" in line, line


@pytest.mark.parametrize("layout", ["array", "jsonl", "gzip"])
def test_a_card_past_the_value_limit_is_refused(
    tmp_path: Path, small_url: URL, layout: str
) -> None:
    short = {"object": "card", "name": "Short", "set": "s", "type_line": "Creature"}
    card = {"object": "card", "name": "Long", "set": "s", "type_line": "x" * (40 * 2**20)}
    data = (
        (json.dumps(short) + "\n" + json.dumps(card) + "\n").encode()
        if layout == "jsonl"
        else json.dumps([short, card]).encode()
    )
    path = tmp_path / ("cards.jsonl" if layout == "jsonl" else "cards.json")
    if layout == "gzip":
        path = tmp_path / "cards.json.gz"
        data = gzip.compress(data, 1)
    path.write_bytes(data)
    line, peak = refused("--db", url_text(small_url), "lint-cards", str(path), printed=True)
    assert "16 MB" in line and str(path) in line
    assert peak < PEAK_MB + 100  # the buffer stops at the limit, never at the card's end


# --- rulesdb sql ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "SELECT length(randomblob(900000000))",
        "SELECT length(printf('%.*c', 2147483647, 'x'))",
        "SELECT length(format('%2000000000d', 1))",
        "SELECT length(replace(replace(replace(hex(zeroblob(1000000)), '0', '0000000000'), '0', "
        "'0000000000'), '0', '00000000'))",
    ],
)
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_sqlite_queries_are_bounded_in_memory(small_url: URL, query: str) -> None:
    line, peak = refused("--db", url_text(small_url), "sql", query, "--format", "csv")
    assert "RULESDB_SQL_MAX_VALUE" in line and peak < PEAK_MB + 64


@pytest.mark.parametrize("timeout", ["nan", "inf", "-inf", "1e400", "0", "3601"])
def test_timeout_must_be_a_finite_number_in_range(small_url: URL, timeout: str) -> None:
    result = run_in_process("--db", url_text(small_url), "sql", "SELECT 1", "--timeout", timeout)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_reader_cannot_write_wal_outside_its_transaction(reader_url: URL) -> None:
    """pg_logical_emit_message spelled so the lexical check cannot see it: PostgreSQL refuses
    it, grant-read having revoked it from PUBLIC."""
    result = run_in_process(
        "--db",
        url_text(reader_url),
        "sql",
        "SELECT U&\"\\0070g_logical_emit_message\"(false, 'p', 'x')",
    )
    assert result.returncode == 2 and "permission denied" in result.stderr, result.stderr


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_readers_temporary_files_are_bounded(
    reader_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(
        [
            "--db",
            url_text(reader_url),
            "sql",
            "SELECT current_setting('temp_file_limit') AS t",
            "--format",
            "csv",
        ],
        capsys,
    )
    assert (code, out.splitlines()) == (0, ["t", "1GB"]), err


WIDE_ROWS = {  # 10,000 rows of 200 KB each: 2 GB of CSV
    "sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) "
    "SELECT i, hex(zeroblob(100000)) AS wide FROM n",
    "postgresql": "SELECT i, repeat('x', 200000) AS wide FROM generate_series(1, 10000) AS i",
}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
def test_wide_rows_stop_at_the_time_limit_in_little_memory(reader_url: URL, backend: str) -> None:
    """Rows far wider than usual: fetched a few at a time, written as they come, so the
    process stays small; the time limit stops it in one line (or, on a machine fast enough,
    it finishes)."""
    done, peak = measured(
        "--db",
        url_text(reader_url),
        "sql",
        WIDE_ROWS[backend],
        "--format",
        "csv",
        "--timeout",
        "2",
        discard=True,
    )
    assert (done.returncode, done.stderr) in (
        (2, "rulesdb: error: the query ran longer than 2 s and was stopped\n"),
        (0, ""),
    ), done.stderr[-2000:]
    assert peak < PEAK_MB, peak  # about 8 MB of rows a batch, never thousands of them


TABLE_OF_WIDE_ROWS = {  # 1,000 rows of 500 KB each: a table measured them whole (2 GB)
    "sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
    "SELECT i, hex(zeroblob(250000)) AS wide FROM n",
    "postgresql": "SELECT i, repeat('0', 500000) AS wide FROM generate_series(1, 1000) AS i",
}


@pytest.mark.parametrize("fmt", ["table", "markdown"])
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
def test_a_table_of_wide_values_shows_them_cut(reader_url: URL, backend: str, fmt: str) -> None:
    """A table (or markdown) shows 1,000 characters of a value, then "…", the same on both
    backends, keeping only what it shows."""
    done, peak = measured(
        "--db", url_text(reader_url), "sql", TABLE_OF_WIDE_ROWS[backend], "--format", fmt
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 1002 and lines[-1].count("0" * 1000 + "…") == 1
    assert max(map(len, lines)) < 1020 and peak < PEAK_MB, peak


ONE_WIDE_ROW = {  # ten 500 KB values: a 5 MB row, each value under the limit of 1 MB
    "sqlite": "SELECT " + ", ".join(f"zeroblob(250000) AS c{i}" for i in range(10)),
    "postgresql": "SELECT " + ", ".join(f"repeat('x', 500000) AS c{i}" for i in range(10)),
}


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
def test_a_row_wider_than_the_limit_is_refused(reader_url: URL, backend: str, fmt: str) -> None:
    """A row past RULESDB_SQL_MAX_VALUE is refused in one line in every format, before it is
    printed (PostgreSQL never sends it)."""
    query = (
        "SELECT 'first' AS c0" + ", ''" * 9 + " UNION ALL " + ONE_WIDE_ROW[backend]
        if backend == "sqlite"
        else f"SELECT * FROM (VALUES ('first'{', NULL' * 9})) AS v UNION ALL "
        f"{ONE_WIDE_ROW[backend]}"
    )
    done, peak = measured(
        "--db",
        url_text(reader_url),
        "sql",
        query,
        "--format",
        fmt,
        env=process_env(RULESDB_SQL_MAX_VALUE="1"),
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.splitlines() == [
        "rulesdb: error: a row of the result is wider than 1 MB (RULESDB_SQL_MAX_VALUE); "
        "select fewer or shorter values, e.g. substr(value, 1, 1000)"
    ]
    assert "x" * 1000 not in done.stdout and "0" * 1000 not in done.stdout  # none of the row
    assert peak < PEAK_MB, peak  # the bench's row shows it at 500 MB


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_sqlite_refuses_a_row_past_its_heap_bound_before_python_holds_it(
    reader_url: URL, backend: str
) -> None:
    """A row of 150 values each under the 1 MB limit (150 MB together) is refused by SQLite's
    allocator as it is made, at the limit plus 32 MB: Python never holds the row (it would
    take 300 MB, SQLite's copy and Python's), and the bound is put back afterwards."""
    from rulesdb.store.sqlite_heap import _heap_api

    if _heap_api() is None:
        pytest.skip("this Python's sqlite3 module does not expose SQLite's heap limit")
    query = "SELECT " + ", ".join(f"zeroblob(1000000) AS c{i}" for i in range(150))
    done, peak = measured(
        "--db", url_text(reader_url), "sql", query, env=process_env(RULESDB_SQL_MAX_VALUE="1")
    )
    assert done.returncode == 2 and done.stdout == "", done.stderr[-2000:]
    assert done.stderr.splitlines() == [
        "rulesdb: error: the query needed more than 33 MB of SQLite's memory at once "
        "(RULESDB_SQL_MAX_VALUE plus 32 MB); select fewer or shorter values, e.g. "
        "substr(value, 1, 1000)"
    ]
    assert peak < 150, peak  # without the bound: ~350 MB


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_heap_bound_is_put_back_after_the_query(reader_url: URL, backend: str) -> None:
    from rulesdb.questions.readonly_sql import run_readonly
    from rulesdb.store.sqlite_heap import _heap_api

    api = _heap_api()
    if api is None:
        pytest.skip("this Python's sqlite3 module does not expose SQLite's heap limit")
    before = api[0](-1)
    assert run_readonly(reader_url, "SELECT 1") == (["1"], [(1,)])
    assert api[0](-1) == before


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_readers_work_mem_is_bounded(
    reader_url: URL,
    head_engine: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Inside `rulesdb sql`, work_mem is RULESDB_SQL_WORK_MEM, whatever the server's or the
    role's; grant-read set the role's to it too (for the reader's other sessions). SET and
    set_config are refused."""
    monkeypatch.delenv("RULESDB_SQL_WORK_MEM", raising=False)
    query = [
        "--db",
        url_text(reader_url),
        "sql",
        "SELECT current_setting('work_mem') AS w",
        "--format",
        "csv",
    ]
    assert run_cli(query, capsys)[:2] == (0, "w\n4MB\n")  # the default
    monkeypatch.setenv("RULESDB_SQL_WORK_MEM", "2")
    assert run_cli(query, capsys)[:2] == (0, "w\n2MB\n")
    with head_engine.connect() as connection:  # type: ignore[attr-defined]
        role_settings = connection.execute(
            text(
                "SELECT s.setconfig FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole "
                "WHERE r.rolname = :role"
            ),
            {"role": reader_url.username},
        ).scalar()
    assert "work_mem=4096kB" in role_settings and "temp_file_limit=1GB" in role_settings
    for raised in ("SET work_mem = '1GB'", "SELECT set_config('work_mem', '1GB', false) AS w"):
        code, _, err = run_cli(["--db", url_text(reader_url), "sql", raised], capsys)
        assert code == 2 and len(err.splitlines()) == 1, err


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_upgrade_names_who_holds_the_tables(head_url: URL) -> None:
    """A reader's open transaction holding a table lock: the owner's downgrade gives up after
    RULESDB_LOCK_WAIT and names it, instead of waiting silently."""
    import psycopg

    holder = psycopg.connect(
        url_text(head_url.set(drivername="postgresql")), application_name="holding reader"
    )
    try:
        # Its transaction stays open, holding a lock the downgrade's DELETE waits for.
        holder.execute("LOCK TABLE release_subtype IN SHARE MODE")
        # Past the schema revisions after it, to the newest release's unload.
        line, _ = refused(
            "--db",
            url_text(head_url),
            "downgrade",
            revision_before(newest_release()),
            env=process_env(RULESDB_LOCK_WAIT="2"),
        )
        assert f"pid {holder.info.backend_pid}" in line and "'holding reader'" in line
        assert "gave up after 2 s" in line
    finally:
        holder.close()


# --- arguments -----------------------------------------------------------------------------------

LONG_NAME = "a" * 300
ODD_COMMAND_LINES = [
    ["--db", "sqlite:///%00", "info"],
    ["--db", f"sqlite:///{LONG_NAME}", "info"],
    ["--db", f"sqlite:///{LONG_NAME}", "card-types"],
    ["search", "trample", "--limit", "9999999999999999999"],
    ["sql", "select 1", "--limit", "99999999999999999999"],
    ["inspect", ""],
    ["new-release", "", "--root", ""],
    ["rule", "702." + "1" * 5000],
    ["inspect", "a\nb.txt"],
    ["inspect", "x" * 5000 + ".txt"],
    ["inspect", "\x00"],  # a NUL reaches os.stat only from a caller of main()
]


@pytest.mark.parametrize("args", ODD_COMMAND_LINES, ids=lambda args: " ".join(args)[:40])
def test_odd_command_lines_are_one_line(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    result = run_in_process(*args)
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.splitlines()) == 1 and len(result.stderr) < 400, result.stderr


def test_sql_opening_with_a_comment_is_the_query(
    reader_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(
        [
            "--db",
            url_text(reader_url),
            "sql",
            "-- the card types\nSELECT count(*) AS n FROM card_type",
            "--format",
            "csv",
        ],
        capsys,
    )
    assert code == 0 and out.splitlines()[:1] == ["n"], err


# Values that have tripped command lines: empty, NUL, huge numbers, non-finite floats, long
# names, newlines, paths to devices and folders, dashes, SQL-ish and date-ish text.
ODD_VALUES = st.sampled_from(
    [
        "",
        "\x00",
        "0",
        "-1",
        "99999999999999999999",
        "1e400",
        "nan",
        "inf",
        "-",
        "--",
        "--x",
        "a" * 300,
        "a\nb",
        "/dev/zero",
        "/",
        ".",
        "..",
        "x.txt",
        "x.docx",
        "x.rtf",
        "x.json",
        "2021-03-01",
        "2021-13-01",
        "9999-12-31",
        "0001-01-01",
        "702.19",
        "702." + "9" * 50,
        "cr_2021_02_15",
        "+1",
        "base",
        "land",
        "Urza’s",
        "SELECT 1",
        "'",
        '"',
        "\u00e9",
        "ø" * 50,
    ]
)
WRITERS = {"upgrade", "downgrade", "rebuild", "new-release", "rebuild-chain", "grant-read", "serve"}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    name = draw(st.sampled_from(sorted(set(cli.commands) - WRITERS)))  # type: ignore[attr-defined]
    command = cli.commands[name]  # type: ignore[attr-defined]
    args = [name]
    for param in command.params:
        # --http makes `mcp` a server that runs until stopped (with a drawn --port it took
        # port 1 from the other tests): its bounds are tests/test_mcp*.py's.
        if not draw(st.booleans()) or "--http" in getattr(param, "opts", ()):
            continue
        if hasattr(param, "opts") and param.param_type_name == "option":
            args.append(param.opts[0])
            if not getattr(param, "is_flag", False):
                args.append(draw(ODD_VALUES))
        else:
            args.append(draw(ODD_VALUES))
    return args


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(args=command_lines())
def test_no_command_line_ends_in_a_traceback(args: list[str], small_url: URL) -> None:
    """Any read command, any of its options, odd values: an answer or one line, never a
    traceback (RULESDB_DEBUG unset)."""
    result = run_in_process("--db", url_text(small_url), *args, input="")
    assert result.returncode in (0, 1, 2), (args, result.stderr[-2000:])
    assert "Traceback" not in result.stderr, (args, result.stderr[-3000:])
    if result.returncode == 2:
        assert len(result.stderr.strip().splitlines()) <= 3, (args, result.stderr)


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_grant_read_leaves_the_owner_its_lock(head_url: URL, head_engine: object) -> None:
    """The advisory-lock functions revoked from PUBLIC stay granted to the tables' owner,
    whose upgrades take rulesdb's lock with them."""
    from rulesdb.store.grants import grant_read

    engine = head_engine
    role = created_name("reader_", 10)
    with engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(text(f"CREATE ROLE {role} LOGIN"))
    try:
        grant_read(engine, role)  # type: ignore[arg-type]
        with engine.connect() as connection:  # type: ignore[attr-defined]
            owner = connection.execute(
                text("SELECT tableowner FROM pg_tables WHERE tablename = 'release'")
            ).scalar()
            allowed = connection.execute(
                text(
                    "SELECT has_function_privilege(:owner, 'pg_advisory_lock(bigint)', 'EXECUTE'),"
                    " has_function_privilege(:role, 'pg_advisory_lock(bigint)', 'EXECUTE')"
                ),
                {"owner": owner, "role": role},
            ).one()
        assert tuple(allowed) == (True, False)
    finally:
        with engine.begin() as connection:  # type: ignore[attr-defined]
            connection.execute(text(f"DROP OWNED BY {role}"))
            connection.execute(text(f"DROP ROLE {role}"))


A_GIGABYTE = "SELECT repeat('x', 1000000000) AS wide"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
def test_a_value_made_far_past_the_bound_is_stopped_as_it_grows(
    reader_url: URL, backend: str
) -> None:
    """PostgreSQL builds repeat('x', 1000000000) whole (a minute on a loaded machine, then
    steps that do not stop for a cancel) before any check in the query can measure it: the
    backend's memory, watched from this machine, stops it as it grows, in one line, long
    before --timeout. A value just under the bound is not stopped; SQLite is as it was."""
    import time

    import psycopg

    from rulesdb.questions.server_memory import backend_status

    limit = {"RULESDB_SQL_MAX_VALUE": "8"}  # 8 times 8 MB plus 64 MB: 128 MB on the server
    start = time.monotonic()
    at_once, _ = measured("--db", url_text(reader_url), "sql", "SELECT 1 AS one")
    at_once_took = time.monotonic() - start  # a command's own time, on this machine now
    assert at_once.returncode == 0, at_once.stderr[-2000:]
    if backend == "postgresql":
        conninfo = reader_url.set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(conninfo) as connection:
            if backend_status(connection) is None:
                pytest.skip("the PostgreSQL server's backends are no processes of this machine")
    start = time.monotonic()
    done, _ = measured(
        "--db", url_text(reader_url), "sql", A_GIGABYTE, "--timeout", "600",
        env=process_env(**limit),
    )  # fmt: skip
    took = time.monotonic() - start
    assert done.returncode == 2 and done.stdout == "", done.stderr[-2000:]
    assert done.stderr.splitlines() == [
        "rulesdb: error: SQL error: no such function: repeat"
        if backend == "sqlite"
        else "rulesdb: error: the query took more than 128 MB on the server and was stopped "
        "(8 times RULESDB_SQL_MAX_VALUE plus 64 MB): a value far wider than a row may be was "
        "being made; select fewer or shorter values, e.g. substr(value, 1, 1000)"
    ]
    assert took - at_once_took < 10, (took, at_once_took)
    if backend == "postgresql":
        wide, _ = measured(
            "--db", url_text(reader_url), "sql", "SELECT repeat('y', 7000000) AS wide",
            "--format", "csv", env=process_env(**limit),
        )  # fmt: skip
        assert wide.returncode == 0, wide.stderr[-2000:]
        assert wide.stdout.splitlines() == ["wide", "y" * 7_000_000]


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_postgresql_refuses_a_huge_value_by_its_size_on_the_server(
    reader_url: URL, backend: str
) -> None:
    """A value past the bound is refused by the server measuring the row it holds
    (pg_column_size), before the row's text (a second copy) is built: the refusal names the
    width even under a timeout far longer than the query could need. (Five times the bound:
    a value far past it is stopped as it grows, below.)"""
    done, _ = measured(
        "--db",
        url_text(reader_url),
        "sql",
        "SELECT repeat('x', 5000000) AS wide",
        "--timeout",
        "600",
        env=process_env(RULESDB_SQL_MAX_VALUE="1"),
    )
    assert done.returncode == 2 and done.stdout == "", done.stderr[-2000:]
    assert done.stderr.splitlines() == [
        "rulesdb: error: a row of the result is wider than 1 MB (RULESDB_SQL_MAX_VALUE); "
        "select fewer or shorter values, e.g. substr(value, 1, 1000)"
    ]
    # The size as held counts even where the text is narrower: 300,000 four-byte integers
    # take 1.2 MB on the server and print as 600 KB.
    narrow_text, _ = measured(
        "--db",
        url_text(reader_url),
        "sql",
        "SELECT array_fill(0, ARRAY[300000]) AS zeros",
        env=process_env(RULESDB_SQL_MAX_VALUE="1"),
    )
    assert narrow_text.returncode == 2 and "wider than 1 MB" in narrow_text.stderr
