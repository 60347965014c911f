"""Load and unload one CR release into the schema of ``0002_lineage``: everything the loader of
``0001_schema`` loads, and the release's lineage.

A seed of format 2 is a seed of format 1 with ``lineage``: the links of the release's rules to
the release before it, ``[number, occurrence, from_number, from_occurrence, how, similarity]``
for each rule that does not continue its number with the same text (``how`` new, reworded,
renumbered, or moved and reworded). A rule continues the lineage of the rule it links to (its
own number when it has no row), or begins one named by its number and release. Only a release
newer than every other loads here: an older one would re-link the release after it, whose links
its seed cannot know.

Like the loader before it, nothing here imports rulesdb's library.
"""

from __future__ import annotations

import json
from typing import Any

from alembic import op

from rulesdb_loaders import schema_0001
from rulesdb_loaders.schema_0001 import SEEDS, Row, _checked, _flush, _Sql, _table

SEED_FORMAT = 2
LINEAGE_FORMAT = 1

RULE_LINK = _table("rule_link", "release_date:date", "number:varchar", "occurrence:integer",
                   "from_number:varchar", "from_occurrence:integer", "how:varchar",
                   "similarity:float8")
RULE_LINEAGE = _table("rule_lineage", "number:varchar", "occurrence:integer",
                      "first_release:date", "last_release:date", "lineage:varchar")


def lineage_id(number: str, occurrence: int, day: str) -> str:
    """A lineage is named by the number and release it begins with: 502.9@1999-04-23."""
    return f"{number}@{day}" if occurrence == 1 else f"{number}#{occurrence}@{day}"


def load_lineage_seed(name: str, sha256: str) -> None:
    """The links and lineage segments of every release already loaded (``0002_lineage``)."""
    bind = op.get_bind()
    _flush(bind)  # what the releases' loader still holds goes first: these rows refer to it
    sql = _Sql(bind)
    seed = json.loads(_checked(SEEDS / name, sha256))
    if seed.get("format") != LINEAGE_FORMAT:
        raise RuntimeError(f"{name} is format {seed.get('format')}, loader is {LINEAGE_FORMAT}")
    loaded = [str(row[0]) for row in sql.query(
        "SELECT release_date FROM release_rulebook ORDER BY release_date")]
    if loaded != seed["releases"]:
        raise RuntimeError(f"{name} links {len(seed['releases'])} releases, the database "
                           f"holds {len(loaded)}: upgrade the releases before it first")
    links = [(sql.day(day), *row) for day, rows in seed["links"].items() for row in rows]
    segments = [(number, occurrence, sql.day(first), sql.day(last), lineage)
                for number, occurrence, first, last, lineage in seed["segments"]]
    sql.insert(RULE_LINK, links, bulk=True)
    sql.insert(RULE_LINEAGE, segments, bulk=True)


def load_release(revision: str, seed_name: str, seed_sha256: str) -> None:
    """Every row of the release the seed describes, its lineage too, in the revision's
    transaction."""
    load_seed(revision, schema_0001.read_seed(seed_name, seed_sha256, expected=SEED_FORMAT),
              seed_sha256)


def load_seed(revision: str, seed: dict[str, Any], seed_sha256: str) -> None:
    """:func:`load_release` of a seed already read (a later schema's loader reads its own)."""
    schema_0001.load_seed(revision, seed, seed_sha256)
    bind = op.get_bind()
    _flush(bind)
    sql = _Sql(bind)
    iso = seed["effective_date"]
    day = sql.day(iso)
    before, after = sql.neighbours(day)
    if after is not None:
        raise RuntimeError(f"{revision} is older than release {after}; its lineage would "
                           "re-link that release's, which this loader cannot do")
    ending: dict[tuple[str, int], tuple[str, Any]] = {}
    if before is not None:
        ending = {(number, occurrence): (lineage, first) for number, occurrence, first, lineage
                  in sql.query("SELECT number, occurrence, first_release, lineage "
                               "FROM rule_lineage WHERE last_release = ?", (before,))}
    links = {(row[0], row[1]): row for row in seed["lineage"]}
    continuing: set[tuple[str, int]] = set()
    fresh: list[Row] = []
    for row in seed["rulebook"]["rules"]:
        number, occurrence_text, *_ = row.split("\t")
        ident = (number, int(occurrence_text))
        link = links.get(ident)
        source = ident if link is None else (None if link[4] == "new" else (link[2], link[3]))
        lineage = ending[source][0] if source in ending else lineage_id(*ident, iso)
        if ident in ending and ending[ident][0] == lineage:
            continuing.add(ident)
        else:
            fresh.append((*ident, day, day, lineage))
    if before is not None:
        sql.execute("UPDATE rule_lineage SET last_release = ? WHERE last_release = ?",
                    (day, before))
        sql.execute_many("UPDATE rule_lineage SET last_release = ? WHERE number = ? AND "
                         "occurrence = ? AND first_release = ?",
                         [(before, *ident, ending[ident][1])
                          for ident in sorted(ending.keys() - continuing)])
    sql.insert(RULE_LINEAGE, fresh)
    sql.insert(RULE_LINK, [(day, *row) for row in seed["lineage"]])


def unload_release(revision: str) -> None:
    """Delete exactly the rows :func:`load_release` inserted, and end the lineages it went on
    with where they ended before."""
    bind = op.get_bind()
    _flush(bind)
    sql = _Sql(bind)
    day = sql.day(revision.removeprefix("cr_").replace("_", "-"))
    before, _ = sql.neighbours(day)
    sql.execute("DELETE FROM rule_link WHERE release_date = ?", (day,))
    sql.execute("DELETE FROM rule_lineage WHERE first_release = ?", (day,))
    if before is not None:
        sql.execute("UPDATE rule_lineage SET last_release = ? WHERE last_release = ?",
                    (before, day))
    schema_0001.unload_release(revision)
