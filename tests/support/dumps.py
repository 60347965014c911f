"""What a database holds, dumped for comparison: every row and the whole catalog."""

from __future__ import annotations

import hashlib
import itertools
import re
from pathlib import Path

from sqlalchemy import Connection, Engine, event, inspect
from sqlalchemy.dialects.postgresql import TSVECTOR
from sqlalchemy.engine import URL

from rulesdb.store.engine import make_engine
from tests.support.pgurl import PG_URL as PG_URL

_FTS5_SHADOWS = ("_data", "_idx", "_docsize", "_config", "_content")


def dump(engine: Engine) -> dict[str, object]:
    """A logical dump of a rulesdb database, comparable across runs and backends.

    Every table's rows, sorted, as strings; plus the table and view names. Two databases that
    dump equal hold the same releases, vocabulary, citations and revision.

    Full-text indexes are each backend's own and derived from the text, so they are left out,
    as B-tree pages are: a SQLite FTS5 table's shadow tables depend on the order of inserts
    and deletes (a downgrade leaves tombstones), a PostgreSQL tsvector column is computed.
    The dump checks instead that each FTS5 index matches its content (FTS5's integrity
    check), and two databases then dump alike on SQLite and PostgreSQL.
    """
    inspector = inspect(engine)
    with engine.connect() as connection:
        fts = _fts5_tables(connection)
    shadows = {name + suffix for name in fts for suffix in _FTS5_SHADOWS}
    tables = [
        name
        for name in sorted(inspector.get_table_names())
        if name not in shadows and name not in fts
    ]
    result: dict[str, object] = {
        "tables": tables,
        "views": sorted(inspector.get_view_names()),
    }
    quote = engine.dialect.identifier_preparer.quote
    with engine.connect() as connection:
        for name in tables:
            columns = [
                quote(column["name"])
                for column in inspector.get_columns(name)
                if not isinstance(column["type"], TSVECTOR)
            ]
            # The driver's own values: text, numbers and dates print alike on both backends
            # (ISO dates); a boolean is SQLite's 0 or 1. Skipping the ORM types halves the time.
            rows = connection.exec_driver_sql(
                f"SELECT {', '.join(columns)} FROM {quote(name)}"
            ).all()
            result[name] = sorted(tuple(_dumped(v) for v in row) for row in rows)
        for name in fts:  # raises if the index does not match the table it indexes
            connection.exec_driver_sql(f"INSERT INTO {name}({name}) VALUES ('integrity-check')")
        connection.rollback()
    return result


def _dumped(value: object) -> str:
    if value is None:
        return ""
    return str(int(value)) if isinstance(value, bool) else str(value)


def fingerprint(engine: Engine) -> dict[str, object]:
    """What :func:`dump` tells, as one digest per table computed by the database itself.

    For comparing a database with itself at another moment (the round trip over every
    revision): the rows are formatted, sorted and joined by SQLite or PostgreSQL, so no row
    crosses into Python. Digests differ between backends; compare dumps across them.
    """
    inspector = inspect(engine)
    with engine.connect() as connection:
        fts = _fts5_tables(connection)
        shadows = {name + suffix for name in fts for suffix in _FTS5_SHADOWS}
        tables = [
            name
            for name in sorted(inspector.get_table_names())
            if name not in shadows and name not in fts
        ]
        result: dict[str, object] = {"tables": tables, "views": sorted(inspector.get_view_names())}
        quote = engine.dialect.identifier_preparer.quote
        sqlite = engine.dialect.name == "sqlite"
        for name in tables:
            columns = [
                quote(column["name"])
                for column in inspector.get_columns(name)
                if not isinstance(column["type"], TSVECTOR)
            ]
            if sqlite:
                row = " || char(31) || ".join(f"quote({column})" for column in columns)
                query = (
                    f"SELECT count(*), group_concat(r, char(30)) FROM "
                    f"(SELECT {row} AS r FROM {quote(name)} ORDER BY 1)"
                )
            else:
                row = ", ".join(f"quote_nullable({column}::text)" for column in columns)
                query = (
                    f'SELECT count(*), md5(string_agg(r, chr(30) ORDER BY r COLLATE "C")) '
                    f"FROM (SELECT concat_ws(chr(31), {row}) AS r FROM {quote(name)}) AS s"
                )
            count, joined = connection.exec_driver_sql(query).one()
            digest = hashlib.sha256((joined or "").encode()).hexdigest() if sqlite else joined
            result[name] = (count, digest)
        for name in fts:  # raises if the index does not match the table it indexes
            connection.exec_driver_sql(f"INSERT INTO {name}({name}) VALUES ('integrity-check')")
        connection.rollback()
    return result


def write_witness(engine: Engine) -> dict[str, object]:
    """The tables and views, and a witness of the rows that any committed write changes: for
    checking that a database did not change. Cheaper than :func:`fingerprint`, which formats
    and digests every row, and stricter (rewriting the same values counts as a change).

    SQLite: the database file's digest (rulesdb keeps SQLite's rollback journal, so every
    committed write is in the file). PostgreSQL: each table's row count and newest row
    version: every inserted or updated row carries its transaction's ``xmin``, newer than any
    row committed before (:class:`Snapshots` relies on the same).
    """
    inspector = inspect(engine)
    result: dict[str, object] = {
        "tables": sorted(inspector.get_table_names()),
        "views": sorted(inspector.get_view_names()),
    }
    if engine.dialect.name == "sqlite":
        path = Path(str(engine.url.database))
        assert not path.with_name(path.name + "-wal").exists(), "expected no write-ahead log"
        result["file"] = hashlib.sha256(path.read_bytes()).hexdigest()
        return result
    quote = engine.dialect.identifier_preparer.quote
    with engine.connect() as connection:
        for name in result["tables"]:  # type: ignore[union-attr]
            result[name] = tuple(
                connection.exec_driver_sql(
                    f"SELECT count(*), max(xmin::text::bigint) FROM {quote(name)}"
                ).one()
            )
        connection.rollback()
    return result


def _fts5_tables(connection: Connection) -> list[str]:
    if connection.dialect.name != "sqlite":
        return []
    return sorted(
        row[0]
        for row in connection.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'"
        )
    )


def fingerprint_url(url: URL) -> dict[str, object]:
    engine = make_engine(url)
    try:
        return fingerprint(engine)
    finally:
        engine.dispose()


def dump_url(url: URL) -> dict[str, object]:
    engine = make_engine(url)
    try:
        return dump(engine)
    finally:
        engine.dispose()


# The schema as each database's catalog tells it, for Snapshots: a downgrade that leaves an
# index, a constraint, a column's default, a view's text, a comment or a sequence otherwise
# than its upgrade found them is seen, not only one that leaves rows. (SQLite keeps each
# object's SQL as created or as Alembic's batch mode wrote it again, and the chain's
# downgrades restore it to the character.) Privileges are left out: no revision grants any,
# and a role granted reading, then dropped, leaves PostgreSQL's default ACL written out.
SQLITE_CATALOG = (
    "SELECT type, name, tbl_name, sql FROM sqlite_master "
    "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name"
)


POSTGRESQL_CATALOG = """
SELECT 'column', c.relname || '.' || a.attname,
       concat_ws(' ', c.relkind, a.attnum, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                 pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated)
FROM pg_class c
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
WHERE c.relnamespace = current_schema()::regnamespace
UNION ALL
SELECT 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid)
FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
UNION ALL
SELECT 'index', indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()
UNION ALL
SELECT 'view', relname, pg_get_viewdef(oid) FROM pg_class
WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('v', 'm')
UNION ALL
SELECT 'trigger', tgrelid::regclass::text || '.' || tgname, pg_get_triggerdef(oid)
FROM pg_trigger WHERE NOT tgisinternal
UNION ALL
SELECT 'function', oid::regprocedure::text, pg_get_functiondef(oid) FROM pg_proc
WHERE pronamespace = current_schema()::regnamespace
UNION ALL
SELECT 'sequence', sequencename, concat_ws(' ', last_value, start_value, increment_by)
FROM pg_sequences WHERE schemaname = current_schema()
UNION ALL
SELECT 'comment', c.relname || '.' || coalesce(a.attname, ''), d.description
FROM pg_description d
JOIN pg_class c ON d.classoid = 'pg_class'::regclass AND d.objoid = c.oid
LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.objsubid AND d.objsubid > 0
WHERE c.relnamespace = current_schema()::regnamespace
UNION ALL
SELECT 'type', typname, typtype::text FROM pg_type
WHERE typnamespace = current_schema()::regnamespace AND typrelid = 0 AND typcategory <> 'A'
ORDER BY 1, 2, 3
"""


# Tables whose rows one release changes under nearly every value of their key's first column,
# grouped instead by what a release's load or unload touches: ``{row}`` is where a trigger puts
# ``NEW.`` or ``OLD.``; the type is PostgreSQL's.
GROUPED_BY: dict[str, tuple[str, str]] = {
    # A release appended or removed extends or ends the spans ending at its neighbour.
    "rule_span": ("{row}last_release", "date"),
    "glossary_span": ("{row}last_release", "date"),
    # Keyed by a hash: 4,096 buckets of a few texts, of which a release's new texts touch few.
    "rulebook_text": ("({row}id >> 52)", "bigint"),
}


SQLITE_KEYS = 500  # group keys a statement: under SQLite's limit of variables


class Snapshots:
    """Successive fingerprints of one database as it changes, each as strong as
    :func:`fingerprint` (every row of every table, digested by the database) and also holding
    the schema as the database's catalog tells it (:data:`SQLITE_CATALOG`,
    :data:`POSTGRESQL_CATALOG`: every table, column, constraint, index, view, trigger,
    function, sequence and comment), but digesting again only the rows that may have changed
    since the last one: the round trip takes two per revision, and digesting the whole
    rulebook each time was most of its minutes.

    A table's rows are digested by group (:data:`GROUPED_BY`, else the first column of a
    composite primary key: a release's date in the large tables; else the whole table is one
    group), so that a revision's step digests again few rows beside the ones it wrote, in a
    few statements. A group's digest
    is reused only while nothing can have changed it:

    - PostgreSQL: its count and its newest ``xmin`` are as they were. Every inserted or
      updated row version carries its transaction's id, newer than any row seen before, so a
      group with the same count and no newer ``xmin`` holds the same row versions. That
      witness is read only for the tables a transaction of the engine wrote since the last
      take (the server's own count of the rows it inserted, updated and deleted, read as
      each transaction begins and commits) or whose storage or columns changed (TRUNCATE, a
      rewrite, DROP and CREATE); after a write the engine's transactions did not see
      (:meth:`forget_writes`), for every table.
    - SQLite: no temporary trigger of this (only) connection saw an insert, update or delete
      in the group; since the last take either no DDL ran (``schema_version``) or the table
      is the same b-tree with the same SQL and kept its triggers all along (else every group
      again); and the table's ``count(*)`` agrees (a REPLACE deletes without firing
      triggers).

    Build it before the engine's first connection: every write must go through the engine (on
    SQLite its one connection, which carries the triggers and :meth:`take` checks), or be
    followed by :meth:`forget_writes`.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.quote = engine.dialect.identifier_preparer.quote
        # table -> group -> (witness, count, digest); witness: PostgreSQL's (count, xmin).
        self.cache: dict[str, dict[object, tuple[object, int, str]]] = {}
        self.schema_version: int | None = None
        self.definitions: dict[str, tuple[int, str]] = {}  # SQLite: as the triggers found them
        self.layout: tuple[list[str], list[str], dict[str, tuple[list[str], str | None]]] = (
            [],
            [],
            {},
        )
        self.connections = 0
        # SQLite: each full-text index -> the tables its integrity depends on (its shadow
        # tables and its content table); the indexes to check at this take.
        self.fts: dict[str, set[str]] = {}
        self.fts_to_check: list[str] = []
        self.group_types: dict[str, str] = {}  # PostgreSQL: the type of a table's group
        # PostgreSQL: the tables the engine's transactions wrote since the last take (None:
        # unknown, every table), and each table's storage and columns at the last take.
        self.written: set[str] | None = None
        self.storage: dict[str, tuple[object, ...]] = {}
        if self.sqlite:
            assert engine.pool.checkedin() == 0 and engine.pool.checkedout() == 0, (
                "Snapshots must see the engine's first connection"
            )
            event.listen(engine, "connect", self._connected)
        else:  # (a transaction begun before these: its commit makes every table unknown)
            event.listen(engine, "begin", self._began)
            event.listen(engine, "commit", self._committing)
            event.listen(engine, "rollback", self._rolled_back)

    def forget_writes(self) -> None:
        """The next take reads every table's witness again (PostgreSQL): the database was
        written by a connection or process other than the engine's."""
        self.written = None

    def _connected(self, _dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        self.connections += 1

    def take(self) -> dict[str, object]:
        with self.engine.connect() as connection:
            if self.sqlite:
                assert self.connections == 1, "a write may have bypassed the tracking triggers"
                result = self._take_sqlite(connection)
            else:
                try:
                    result = self._take_postgresql(connection)
                except BaseException:
                    self.written = None  # the cache may not hold what the writes changed
                    raise
            # Raises if an index does not match its table; on SQLite only once its table or
            # index may have changed (the check reads the whole index).
            for name in self.fts_to_check if self.sqlite else ():
                connection.exec_driver_sql(f"INSERT INTO {name}({name}) VALUES ('integrity-check')")
            connection.rollback()
        return result

    def _result(self, connection: Connection) -> dict[str, object]:
        tables, views, _ = self.layout
        catalog = SQLITE_CATALOG if self.sqlite else POSTGRESQL_CATALOG
        result: dict[str, object] = {
            "tables": tables,
            "views": views,
            "schema": [tuple(row) for row in connection.exec_driver_sql(catalog)],
        }
        for name in tables:
            result[name] = {
                group: (count, digest)
                for group, (_, count, digest) in self.cache.get(name, {}).items()
            }
        return result

    # --- SQLite -------------------------------------------------------------------------------

    def _take_sqlite(self, connection: Connection) -> dict[str, object]:
        version = connection.exec_driver_sql("PRAGMA main.schema_version").scalar_one()
        dirty: dict[str, set[object] | None] = {}
        changed: set[str] = set()
        if version != self.schema_version:
            # DDL ran: a table keeps its digests only if it is the same b-tree with the same
            # definition, and its triggers were there all along (a table made again, as
            # batch mode does, lost them: its rows went by untracked).
            definitions = self._definitions(connection)
            kept = self._tracked_all_along(connection, definitions)
            self.layout = self._sqlite_layout(connection)
            self._install_triggers(connection)
            self.schema_version = version
            self.definitions = definitions  # (temporary triggers change none of them)
            self.cache = {table: groups for table, groups in self.cache.items() if table in kept}
            dirty = {table: None for table in self.layout[0] if table not in kept}
            changed = {table for tables in self.fts.values() for table in tables}
        for table, group in connection.exec_driver_sql(
            "SELECT DISTINCT tbl, grp FROM temp.rulesdb_changes"
        ).all():
            changed.add(table)
            if table not in self.layout[2]:
                continue  # a full-text index's shadow table (checked, not digested), or gone
            if group is None or self.layout[2][table][1] is None:
                dirty[table] = None  # the whole table
            elif dirty.get(table, set()) is not None:
                dirty.setdefault(table, set()).add(group)  # type: ignore[union-attr]
        connection.exec_driver_sql("DELETE FROM temp.rulesdb_changes")
        self.fts_to_check = [name for name, tables in self.fts.items() if tables & changed]
        for table in self.layout[0]:
            if table in dirty:
                self._digest_sqlite(connection, table, dirty[table])
            count = connection.exec_driver_sql(
                f"SELECT count(*) FROM {self.quote(table)}"
            ).scalar_one()
            if count != sum(c for _, c, _ in self.cache.get(table, {}).values()):
                self._digest_sqlite(connection, table, None)  # rows went by untracked
        result = self._result(connection)
        connection.commit()
        return result

    def _sqlite_layout(self, connection: Connection):  # type: ignore[no-untyped-def]
        fts = _fts5_tables(connection)
        shadows = {name + suffix for name in fts for suffix in _FTS5_SHADOWS}
        objects = connection.exec_driver_sql(
            "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        ).all()
        tables = sorted(
            name
            for kind, name in objects
            if kind == "table" and name not in fts and name not in shadows
        )
        views = sorted(name for kind, name in objects if kind == "view")
        self.fts = {}
        for name in fts:
            sql = connection.exec_driver_sql(
                "SELECT sql FROM sqlite_master WHERE name = ?", (name,)
            ).scalar_one()
            content = re.findall(r"content\s*=\s*'([^']+)'", sql)
            self.fts[name] = {name + suffix for suffix in _FTS5_SHADOWS} & set(
                n for _, n in objects
            ) | set(content)
        columns: dict[str, tuple[list[str], str | None]] = {}
        for table in tables:
            info = connection.exec_driver_sql(f"PRAGMA table_xinfo({self.quote(table)})").all()
            names = [row[1] for row in info if row[6] != 1]  # hidden == 1: virtual columns
            key = sorted((row[5], row[1]) for row in info if row[5])
            group = "{row}" + self.quote(key[0][1]) if len(key) > 1 else None
            columns[table] = (names, GROUPED_BY.get(table, (group,))[0])
        return tables, views, columns

    def _definitions(self, connection: Connection) -> dict[str, tuple[int, str]]:
        return {
            name: (root, sql)
            for name, root, sql in connection.exec_driver_sql(
                "SELECT name, rootpage, sql FROM main.sqlite_master WHERE type = 'table'"
            )
        }

    def _tracked_all_along(
        self, connection: Connection, now: dict[str, tuple[int, str]]
    ) -> set[str]:
        """The tables as they were at the last take (b-tree and SQL: ``now``), still
        carrying the three triggers installed then."""
        triggers = dict(
            connection.exec_driver_sql(
                "SELECT tbl_name, count(*) FROM temp.sqlite_master WHERE type = 'trigger' "
                "AND name LIKE 'rulesdb\\_track\\_%' ESCAPE '\\' GROUP BY tbl_name"
            ).all()
        )
        return {
            table
            for table, definition in self.definitions.items()
            if now.get(table) == definition and triggers.get(table) == 3
        }

    def _install_triggers(self, connection: Connection) -> None:
        connection.exec_driver_sql("CREATE TEMP TABLE IF NOT EXISTS rulesdb_changes (tbl, grp)")
        for (name,) in connection.exec_driver_sql(
            "SELECT name FROM temp.sqlite_master WHERE type = 'trigger' "
            "AND name LIKE 'rulesdb_track_%'"
        ).all():
            connection.exec_driver_sql(f"DROP TRIGGER temp.{name}")
        shadows = {table for tables in self.fts.values() for table in tables}
        for number, table in enumerate(sorted(set(self.layout[0]) | shadows)):
            group = self.layout[2][table][1] if table in self.layout[2] else None
            label = "'" + table.replace("'", "''") + "'"

            def row(which: str, group: str | None = group, label: str = label) -> str:
                value = group.format(row=f"{which}.") if group else "NULL"
                return f"INSERT INTO rulesdb_changes VALUES ({label}, {value});"

            for event_name, body in (
                ("INSERT", row("NEW")),
                ("DELETE", row("OLD")),
                ("UPDATE", row("OLD") + " " + row("NEW")),
            ):
                connection.exec_driver_sql(
                    f"CREATE TEMP TRIGGER rulesdb_track_{number}_{event_name.lower()} "
                    f"AFTER {event_name} ON main.{self.quote(table)} BEGIN {body} END"
                )

    def _digest_sqlite(
        self, connection: Connection, table: str, groups: set[object] | None
    ) -> None:
        columns, group = self.layout[2][table]
        quote = self.quote
        row = " || char(31) || ".join(f"quote({quote(column)})" for column in columns)
        key = group.format(row="") if group else "NULL"
        if group is None or groups is None:
            self._forget(table)
            wheres: list[tuple[str, tuple[object, ...]]] = [("", ())]
        else:
            for label in map(repr, groups):  # any of them may be empty now
                self.cache.get(table, {}).pop(label, None)
            keys = sorted(groups, key=repr)
            wheres = [
                (f" WHERE {key} IN ({', '.join('?' * len(part))})", tuple(part))
                for start in range(0, len(keys), SQLITE_KEYS)
                for part in [keys[start : start + SQLITE_KEYS]]
            ]
        for where, parameters in wheres:
            rows = connection.exec_driver_sql(
                f"SELECT {key}, {row} FROM {quote(table)}{where} ORDER BY 1, 2", parameters
            )
            for value, found in itertools.groupby(rows, key=lambda found: found[0]):
                digest = hashlib.sha256()
                count = 0
                for _, line in found:
                    digest.update(("\x1e" if count else "").encode() + line.encode())
                    count += 1
                label = None if group is None else repr(value)
                self.cache.setdefault(table, {})[label] = (None, count, digest.hexdigest())

    def _forget(self, table: str) -> None:
        self.cache.pop(table, None)

    # --- PostgreSQL ---------------------------------------------------------------------------

    # The server counts the rows each backend inserts, updates and deletes, and reports its
    # counts not yet flushed to the statistics (which is never mid-transaction): what a
    # transaction wrote is the difference between its begin and its commit.
    _WRITES = (
        "SELECT relname, n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_xact_user_tables "
        "WHERE schemaname = current_schema()"
    )

    def _writes(self, connection: Connection) -> dict[str, int] | None:
        raw = connection.connection.dbapi_connection
        if raw is None or raw.autocommit:  # each statement its own transaction: unknown
            return None
        with raw.cursor() as cursor:
            cursor.execute(self._WRITES)
            return dict(cursor.fetchall())

    def _began(self, connection: Connection) -> None:
        connection.info["rulesdb_writes_at_begin"] = self._writes(connection)

    def _committing(self, connection: Connection) -> None:
        began = connection.info.pop("rulesdb_writes_at_begin", None)
        now = self._writes(connection)
        if self.written is None:
            return
        if began is None or now is None:
            self.written = None
            return
        self.written |= {table for table, count in now.items() if count != began.get(table, 0)}

    def _rolled_back(self, connection: Connection) -> None:
        connection.info.pop("rulesdb_writes_at_begin", None)

    def _take_postgresql(self, connection: Connection) -> dict[str, object]:
        self.layout = self._postgresql_layout(connection)
        tables, _, columns = self.layout
        quote = self.quote
        # A table's rows change without a counted write when its storage is replaced
        # (TRUNCATE, a rewrite; DROP and CREATE) or a column comes or goes.
        storage = {
            name: (kind, oid, node, *columns[name][0])
            for name, kind, oid, node in connection.exec_driver_sql(
                "SELECT relname, relkind, oid, relfilenode FROM pg_class "
                "WHERE relnamespace = current_schema()::regnamespace "
                "  AND relkind IN ('r', 'p')"
            )
            if name in columns
        }
        # From here on, every write of the engine's transactions counts for the next take.
        written, self.written = self.written, set()
        cache: dict[str, dict[object, tuple[object, int, str]]] = {}
        for table in tables:
            # A new column (with a default, no row written) or storage: every group again.
            same = self.storage.get(table) == storage[table]
            before = self.cache.get(table, {}) if same else {}
            if (
                same
                and written is not None
                and table not in written
                and table in self.cache
                and storage[table][0] == "r"
            ):
                cache[table] = before  # not written since the last take
                continue
            names, group = columns[table]
            expression = group.format(row="") if group else None
            key = f"({expression})::text" if group else "NULL::text"
            witnesses = connection.exec_driver_sql(
                f"SELECT {key}, count(*), max(xmin::text::bigint) FROM {quote(table)} "
                + (f"GROUP BY {expression} " if group else "")
                + "HAVING count(*) > 0"
            ).all()
            stale = []
            now = cache[table] = {}
            for label, count, newest in witnesses:
                cached = before.get(label)
                if cached is None or cached[0] != (count, newest):
                    stale.append(label)
                else:
                    now[label] = cached
            if not stale:
                continue
            if group is None:
                where = "TRUE"
            else:  # by the expression itself, so that an index on a column finds the rows
                where = (
                    f"({expression}) = ANY(CAST(%(stale)s AS text[])::{self.group_types[table]}[])"
                )
                if None in stale:
                    where += f" OR ({expression}) IS NULL"
            row = ", ".join(f"quote_nullable({quote(column)}::text)" for column in names)
            for label, count, newest, digest in connection.exec_driver_sql(
                f"SELECT k, count(*), max(x::text::bigint), "
                f'md5(string_agg(r, chr(30) ORDER BY r COLLATE "C")) FROM '
                f"(SELECT {key} AS k, xmin AS x, concat_ws(chr(31), {row}) AS r "
                f"FROM {quote(table)} WHERE {where}) AS s GROUP BY k",
                {"stale": [label for label in stale if label is not None]},
            ):
                now[label] = ((count, newest), count, digest)
        self.cache = cache  # groups and tables no longer there are gone
        self.storage = storage
        result = self._result(connection)
        connection.commit()
        return result

    def _postgresql_layout(self, connection: Connection):  # type: ignore[no-untyped-def]
        rows = connection.exec_driver_sql(
            "SELECT c.relname, c.relkind, a.attname, a.atttypid::regtype::text, "
            "       a.attnum = i.indkey[0], cardinality(i.indkey::int2[]) "  # int2vector: from 0
            "FROM pg_class c "
            "LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 "
            "     AND NOT a.attisdropped "
            "LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary "
            "WHERE c.relnamespace = current_schema()::regnamespace "
            "  AND c.relkind IN ('r', 'p', 'v', 'm') "
            "ORDER BY c.relname, a.attnum"
        ).all()
        tables: set[str] = set()
        views: set[str] = set()
        columns: dict[str, tuple[list[str], str | None]] = {}
        for name, kind, column, type_name, first, width in rows:
            if kind in ("v", "m"):
                views.add(name)
                continue
            tables.add(name)
            names, group = columns.get(name, ([], None))
            if column is not None and type_name != "tsvector":
                names.append(column)
            if first and width > 1:
                group = "{row}" + self.quote(column)
                self.group_types[name] = type_name
            columns[name] = (names, group)
        for name, (group, type_name) in GROUPED_BY.items():
            if name in columns:
                columns[name] = (columns[name][0], group)
                self.group_types[name] = type_name
        return sorted(tables), sorted(views), columns
