"""The suite touches no PostgreSQL server it was not given: without RULESDB_TEST_PG its
PostgreSQL tests skip, saying why, and what it creates on a server it is given is named by
one prefix."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.databases import PostgresServer
from tests.support.pgurl import NOT_SET, PREFIX, created_name

ROOT = Path(__file__).resolve().parents[1]


def test_no_server_named_means_none_is_available() -> None:
    server = PostgresServer("")
    try:
        assert server.available() == NOT_SET
    finally:
        server.admin.dispose()


def test_created_names_share_the_prefix() -> None:
    names = {created_name(), created_name("reader_", 10), created_name("bench_")}
    assert len(names) == 3 and all(name.startswith(PREFIX) for name in names)
    assert all(name.isidentifier() and name == name.lower() for name in names)


def test_postgresql_tests_skip_without_rulesdb_test_pg(tmp_path: Path) -> None:
    """A run of PostgreSQL-only tests, as the quick start runs them (no RULESDB_TEST_PG, not
    CI): every one skipped with the reason, none failed, no server asked."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "RULESDB_TEST_PG",
            "CI",
            "RULESDB_REQUIRE_PG",
            "PYTEST_XDIST_WORKER",
            "PYTEST_ADDOPTS",
        )
    }
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/test_grants.py",
            "-n",
            "0",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "--basetemp",
            str(tmp_path / "run"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert "skipped" in summary and "failed" not in summary and "error" not in summary, summary
    skips = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert skips and all("RULESDB_TEST_PG is not set" in line for line in skips), skips
