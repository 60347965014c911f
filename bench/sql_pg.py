"""Issue #52's PostgreSQL rows of the bounds table: `rulesdb sql` making a value far past
RULESDB_SQL_MAX_VALUE on the server (`repeat('x', 1000000000)`: before, it ran the whole
30 s `--timeout`), and a value just under the bound, beside `SELECT 1` of the same run.

    python bench/run.py --only sql-pg   # needs $RULESDB_TEST_PG (a superuser's URL)

Each is a fresh `rulesdb sql` process as a fresh LOGIN role given `grant-read` on a
throwaway empty database (sql refuses superusers and owners).
"""

from __future__ import annotations

from sqlalchemy import text

from bench.bounds import run
from bench.table import Row
from bench.upgrade import Databases
from rulesdb.store.engine import make_engine
from rulesdb.store.grants import grant_read
from tests.support.pgurl import created_name

CASES = (
    # (name, what the issue measured before, the query, the target)
    (
        "sql repeat('x', 1000000000), PostgreSQL (#52)",
        "30 s, the --timeout",
        "SELECT repeat('x', 1000000000) AS wide",
        "exit 2 within 10 s, one line",
    ),
    (
        "sql repeat('x', 60000000), a value under the bound, PostgreSQL",
        "-",
        "SELECT repeat('x', 60000000) AS wide",
        "exit 0",
    ),
)


def bench_sql_pg(databases: Databases) -> list[Row]:
    if databases.admin is None:
        return [Row("sql on PostgreSQL (#52)", "-", databases.pg_problem, None, "-", None)]
    url = databases.new("postgresql")
    role = created_name("bench_reader_", 10)
    with databases.admin.connect() as connection:
        connection.execute(text(f"CREATE ROLE {role} LOGIN"))
    owner = make_engine(url)
    try:
        grant_read(owner, role)
        reader = url.set(username=role, password=None).render_as_string(hide_password=False)
        baseline = run("--db", reader, "sql", "SELECT 1 AS one")
        return [
            Row(
                f"  {name} (before: {before})",
                run("--db", reader, "sql", query, "--format", "csv"),
                f"sql SELECT 1: {baseline}",
                None,
                target,
                None,
            )
            for name, before, query, target in CASES
        ]
    finally:
        owner.dispose()
        databases.drop(url)
        with databases.admin.connect() as connection:
            connection.execute(text(f"DROP ROLE {role}"))
