"""Load and unload the rulebook of CR releases (index format 1, schema rulebook_schema).

Versioned and frozen like ``release_v1``: revisions call this, never ``rulesdb``. A release's
index (``seeds/rulebook/cr_*.json``) maps its rule numbers and glossary terms to text keys;
the texts live once each in packs (``seeds/rulebook/texts/*.json``), pinned by the index.

In the database a text is one ``rulebook_text`` row whose id is its key read as a signed
64-bit integer, so the id of a text is the same whatever order releases are loaded in, and a
text printed by 40 releases is one row that 40 releases' ``release_rule`` rows point to.
A release is loaded whole, in the revision's transaction, or not at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import date
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import op

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
INDEX_FORMAT = 1

def text_id(key: str) -> int:
    """The 16 hex digits of a text's key as a signed 64-bit integer (BIGINT, SQLite rowid)."""
    value = int(key, 16)
    return value - (1 << 64) if value >= 1 << 63 else value


class Packs:
    """Packs read once per revision, each checked against the sha256 an index pins."""

    def __init__(self) -> None:
        self._texts: dict[str, list[Any]] = {}
        self._read: dict[str, str] = {}

    def need(self, name: str, sha256: str) -> None:
        if name in self._read:
            if self._read[name] != sha256:
                raise RuntimeError(f"two indexes pin pack {name} with different sha256")
            return
        data = _checked(SEEDS / "rulebook" / "texts" / f"{name}.json", sha256)
        self._texts.update(json.loads(data))
        self._read[name] = sha256

    def text(self, key: str) -> list[Any]:
        try:
            return self._texts[key]
        except KeyError:
            raise RuntimeError(f"text {key} is in none of the packs its index pins") from None


def index_file(revision: str) -> str:
    """cr_2024_06_07 → rulebook/cr_2024_06_07.json (under seeds/)."""
    return f"rulebook/{revision}.json"


def release_day(revision: str) -> str:
    """cr_2024_06_07 → 2024-06-07."""
    return revision.removeprefix("cr_").replace("_", "-")


def present(indexes: dict[str, str]) -> list[tuple[str, str]]:
    """(index file, sha256) of each release revision given whose release the database holds."""
    days = {str(row[0]) for row in op.get_bind().execute(sa.text(
        "SELECT effective_date FROM release"))}
    return [(index_file(revision), sha256) for revision, sha256 in indexes.items()
            if release_day(revision) in days]


def load_rulebooks(indexes: Iterable[tuple[str, str]]) -> None:
    """Load each (index file under seeds/, sha256) given; texts inserted once for all."""
    indexes = list(indexes)
    packs = Packs()
    documents = [read_index(name, sha256, packs) for name, sha256 in indexes]
    bind = op.get_bind()
    known = {row[0] for row in bind.execute(sa.text("SELECT id FROM rulebook_text"))}
    fresh: dict[int, tuple[int, str, str]] = {}
    for document in documents:
        for _, key in [*document["rules"], *document["glossary"]]:
            ident = text_id(key)
            if ident not in known and ident not in fresh:
                text, examples = packs.text(key)
                fresh[ident] = (ident, text, json.dumps(examples, ensure_ascii=False))
    _bulk(bind, "rulebook_text", TEXT_COLUMNS, list(fresh.values()))
    rulebooks, rules, glossary, notes = [], [], [], []
    for (_, sha256), document in zip(indexes, documents, strict=True):
        day = _day(bind, document["effective_date"])
        rulebooks.append((day, sha256, len(document["rules"]), len(document["glossary"])))
        seen: dict[str, int] = {}
        for position, (number, key) in enumerate(document["rules"], start=1):
            seen[number] = seen.get(number, 0) + 1
            rules.append((day, number, seen[number], position, text_id(key)))
        glossary += [(day, term, position, text_id(key))
                     for position, (term, key) in enumerate(document["glossary"], start=1)]
        notes += [(day, position, note)
                  for position, note in enumerate(document.get("notes", []), start=1)]
    _bulk(bind, "release_rulebook", RULEBOOK_COLUMNS, rulebooks)
    _bulk(bind, "release_rule", RULE_COLUMNS, rules)
    _bulk(bind, "release_glossary", GLOSSARY_COLUMNS, glossary)
    _bulk(bind, "release_rulebook_note", NOTE_COLUMNS, notes)
    if bind.dialect.name == "postgresql":
        # New texts wait in the GIN index's pending list, which every search then scans whole
        # and the planner avoids: merge it now. And fresh statistics, or the planner guesses
        # and probes the 4,000 texts of a release one by one (25 ms a search instead of 5).
        bind.exec_driver_sql("SELECT gin_clean_pending_list('ix_rulebook_text_search')")
        for table in ("rulebook_text", "release_rule", "release_glossary"):
            bind.exec_driver_sql(f"ANALYZE {table}")


def read_index(name: str, sha256: str, packs: Packs) -> dict[str, Any]:
    document = json.loads(_checked(SEEDS / name, sha256))
    if document.get("format") != INDEX_FORMAT:
        raise RuntimeError(f"rulebook index {name} is format {document.get('format')}, "
                           f"loader is {INDEX_FORMAT}")
    if not document["rules"] or not document["glossary"]:
        raise RuntimeError(f"rulebook index {name} has no rules or no glossary")
    for pack, pack_sha256 in document["packs"].items():
        packs.need(pack, pack_sha256)
    return document


def unload_rulebooks(revisions: Iterable[str]) -> None:
    """Remove the rulebook rows of the releases (by revision id), then every text no remaining
    release prints."""
    bind = op.get_bind()
    days = [_day(bind, release_day(revision)) for revision in revisions]
    marker = "?" if bind.dialect.name == "sqlite" else "%s"
    cursor = bind.connection.cursor()
    for table in ("release_rulebook_note", "release_glossary", "release_rule",
                  "release_rulebook"):
        cursor.executemany(f"DELETE FROM {table} WHERE release_date = {marker}",
                           [(day,) for day in days])
    cursor.execute("DELETE FROM rulebook_text WHERE NOT EXISTS (SELECT 1 FROM release_rule r "
                   "WHERE r.text_id = rulebook_text.id) AND NOT EXISTS (SELECT 1 FROM "
                   "release_glossary g WHERE g.text_id = rulebook_text.id)")


# (column, PostgreSQL type) in insert order.
TEXT_COLUMNS = (("id", "bigint"), ("text", "text"), ("examples", "text"))
RULEBOOK_COLUMNS = (("release_date", "date"), ("index_sha256", "varchar"), ("rules", "integer"),
                    ("glossary_entries", "integer"))
RULE_COLUMNS = (("release_date", "date"), ("number", "varchar"), ("occurrence", "integer"),
                ("position", "integer"), ("text_id", "bigint"))
GLOSSARY_COLUMNS = (("release_date", "date"), ("term", "varchar"), ("position", "integer"),
                    ("text_id", "bigint"))
NOTE_COLUMNS = (("release_date", "date"), ("position", "integer"), ("note", "text"))


def _bulk(bind: sa.Connection, table: str, columns: tuple[tuple[str, str], ...],
          rows: list[tuple[Any, ...]]) -> None:
    """Insert many rows below SQLAlchemy's per-row work: sqlite3's executemany; on PostgreSQL
    one binary COPY, whose values psycopg encodes in C (arrays for unnest were built in Python,
    a regular expression a string: a third of rulebook_text's upgrade). Same rows either way."""
    if not rows:
        return
    names = ", ".join(name for name, _ in columns)
    cursor = bind.connection.cursor()
    with checks_after(bind, table) if len(rows) >= BULK_ROWS else nullcontext():
        if bind.dialect.name == "sqlite":
            marks = ", ".join("?" for _ in columns)
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
            return
        with cursor.copy(f"COPY {table} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types([kind for _, kind in columns])
            for row in rows:
                copy.write_row(row)


# A load at least this large checks and indexes its rows once, after they are all in: a
# chain's rulebook revisions load 178,000 and 109,000 membership rows, a release's own
# revision a few thousand (for which checking the whole table again would cost more).
BULK_ROWS = 20_000


@contextmanager
def checks_after(bind: sa.Connection, table: str) -> Iterator[None]:
    """Around a bulk load of ``table``: what costs per row is set aside and made again after,
    by the same definition, so the schema ends exactly as it was (the round trip's catalog
    snapshots compare it) and every row is still checked, in the same transaction.

    - SQLite: the table's own indexes (not its primary key), built again by one sort instead
      of 178,000 inserts into a B-tree. Its foreign keys are part of the table's SQL and stay.
    - PostgreSQL: its foreign keys, added again with their names: ``ADD CONSTRAINT`` checks
      every row in one join where COPY fired two triggers a row (two thirds of the load)."""
    cursor = bind.connection.cursor()
    if bind.dialect.name == "sqlite":
        indexes = cursor.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
            "AND sql IS NOT NULL ORDER BY name", (table,)).fetchall()
        for name, _ in indexes:
            cursor.execute(f'DROP INDEX "{name}"')
        again = [sql for _, sql in indexes]
    else:
        keys = cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = %s::regclass AND contype = 'f' ORDER BY conname",
            (table,)).fetchall()
        for name, _ in keys:
            cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
        again = [f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}'
                 for name, definition in keys]
    yield
    for statement in again:
        cursor.execute(statement)


def _day(bind: sa.Connection, iso: str) -> Any:
    """A date as each driver stores it: ISO text in SQLite, a date for psycopg."""
    return iso if bind.dialect.name == "sqlite" else date.fromisoformat(iso)


def _checked(path: Path, sha256: str) -> bytes:
    data = path.read_bytes()
    actual = hashlib.sha256(data).hexdigest()
    if actual != sha256:
        raise RuntimeError(f"seed {path} has sha256 {actual}, but its revision pins {sha256}; "
                           "the seed was edited after its revision was written")
    return data
