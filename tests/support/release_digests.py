"""What a database holds, release by release: one digest per view (or table) and release.

The proof that a rebuilt release chain loads what the chain before it loaded: every view's rows
(and those of the per-release tables no view shows) grouped by the release they belong to,
each group digested in Python from values both backends return alike (dates as ISO text), so
a SQLite and a PostgreSQL database holding the same rows give the same digests.

``python -m tests.release_digests URL FILE`` records a database's digests;
``tests/fixtures/release_digests.json`` is the head that the chain before the schema baseline
built (revision ``rulebook_spans``), recorded once, before the baseline replaced it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

from sqlalchemy import Engine, inspect

from rulesdb.store.engine import make_engine

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "release_digests.json"

# The per-release tables no view shows whole (the views cover the rest).
TABLES = (
    "basic_land_type",
    "subtype_reference",
    "supertype_reference",
    "rule_text",
    "release_rulebook",
    "release_rulebook_note",
    "release_keyword_note",
    "subtype_merge",
    "keyword_rename",
    "release_category_card_type",
)
# Columns that name the seed a row was loaded from, not what the release says.
SEED_COLUMNS = {"release_rulebook": {"index_sha256"}}
# The column that says which release a row belongs to, the first a relation has.
RELEASE_COLUMNS = ("release_date", "from_date")
WHOLE = "*"  # the group of a relation with no release column (v_lifetime, v_rule_version)


def release_digests(
    engine: Engine, leave_out: dict[str, set[str]] | None = None
) -> dict[str, dict[str, str]]:
    """relation -> release (ISO date, or ``*``) -> digest of its rows, without the columns
    ``leave_out`` names (those a later revision added, to compare with a recording)."""
    leave_out = leave_out or {}
    inspector = inspect(engine)
    relations = [*sorted(inspector.get_view_names()), *TABLES]
    found: dict[str, dict[str, str]] = {}
    with engine.connect() as connection:
        for name in relations:
            columns = [
                column["name"]
                for column in inspector.get_columns(name)
                if column["name"] not in SEED_COLUMNS.get(name, set()) | leave_out.get(name, set())
                and column["name"] != "search"
            ]  # PostgreSQL's tsvector: derived
            key = next((c for c in RELEASE_COLUMNS if c in columns), None)
            groups: dict[str, list[str]] = defaultdict(list)
            listed = ", ".join(columns)
            for row in connection.exec_driver_sql(f"SELECT {listed} FROM {name}"):
                values = [value.isoformat() if isinstance(value, date) else value for value in row]
                group = values[columns.index(key)] if key else WHOLE
                groups[str(group)].append(json.dumps(values, ensure_ascii=False))
            found[name] = {group: _digest(rows) for group, rows in sorted(groups.items())}
    return found


def _digest(rows: list[str]) -> str:
    return hashlib.sha256("\n".join(sorted(rows)).encode()).hexdigest()[:16]


def main(argv: list[str]) -> int:
    url, path = argv
    engine = make_engine(url)
    try:
        digests = release_digests(engine)
    finally:
        engine.dispose()
    Path(path).write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
