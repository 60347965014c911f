"""Load and unload one CR release from its seed into the schema of ``0001_schema``.

The one loader of this schema: every release revision calls :func:`load_release` and
:func:`unload_release`, and nothing here imports rulesdb's library, so a shipped revision loads
the same rows whatever becomes of the library. A later schema change brings its own loader
beside this one, and the releases after it load through that one (docs: "Making a release").

A seed (``seeds/cr_YYYY_MM_DD.json``) holds everything known of its release, computed when it
was written (``rulesdb new-release``, ``rulesdb rebuild-chain``): the type vocabulary, the
notes, the curated renames, merges and replacements taking effect in it, the set it came with,
its keywords, the lineage links of its rules to the release before it, Wizards' update bulletin
on it (when it has one), and the rulebook as the
identity of each of its rows in file order (number, occurrence, sort key, text key). The texts
live once each in packs (``seeds/texts/cr_*.json``, ``{key: [text, examples]}``) that the seed
pins by sha256; a text's id is its key read as a signed 64-bit integer.

Releases load in date order, each after the newest: a release's lineage continues the
lineages of the release before it, which an older release slotted in later would re-link.

Spans. A rule printed with the same number, text and place by consecutive releases is one
``rule_span`` row (first_release, last_release), a glossary entry one ``glossary_span`` row, a
rule keeping its number in one lineage one ``rule_lineage`` row; spans are kept maximal (two
of one identity never touch), so the rows depend only on which releases print what. A release
loaded after the newest one only extends or ends the spans that end there, and a run of such
loads (a build from empty, every release in date order) would rewrite each span's last
release once per release it reaches. So the spans ending at the newest release a run loaded
are held here instead, and written once, with their final ends: before the run's transaction
commits, and before any other statement the run's connection executes (Alembic's own version
bookkeeping aside, which reads no span), as an ORM session flushes before a query. Nothing
outside the transaction can see the difference, and inside it nothing reads the spans
unflushed. Those the table had when the run began (ending at the newest release then) keep
their rows and are given their ends: most go on to the run's newest release, in one UPDATE.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path
from sys import intern
from typing import Any
from weakref import WeakKeyDictionary

import msgspec
import sqlalchemy as sa
from alembic import op

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
SEED_FORMAT = 1
KEY_DIGITS = 16  # a text's key: the first 64 bits of the sha256 of [text, examples], in hex

Row = tuple[Any, ...]
# What a span shares with every release it covers, as the seed lists it: a rule's number,
# occurrence, sort key and text key, or a glossary entry's term, sort key and text key, joined
# by tabs (no field holds one). Spans are (identity, first_release, last_release) here, and
# become columns (the text key an integer text_id) at the database's edge.
Identity = str
Span = tuple[Identity, Any, Any]


# Tables are module constants, keys of the run's dicts: hashed by identity, not by value.
@dataclass(frozen=True, eq=False)
class Table:
    name: str
    columns: tuple[tuple[str, str], ...]  # (column, PostgreSQL type) in insert order

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.columns)


def _table(name: str, *columns: str) -> Table:
    return Table(name, tuple(tuple(column.split(":")) for column in columns))  # type: ignore[misc]


RELEASE = _table(
    "release",
    "effective_date:date",
    "source_file:varchar",
    "source_sha256:varchar",
    "seed_sha256:varchar",
    "revision:varchar",
)
# Names any release uses, inserted when missing.
CARD_TYPE = _table("card_type", "name:varchar")
SUPERTYPE = _table("supertype", "name:varchar")
CATEGORY = _table("category", "name:varchar")
SUBTYPE = _table("subtype", "category:varchar", "name:varchar")
KEYWORD = _table("keyword", "kind:varchar", "name:varchar")
# A release's own rows, parents before children.
RELEASE_CARD_TYPE = _table(
    "release_card_type", "release_date:date", "card_type:varchar", "rule:varchar", "section:varchar"
)
RELEASE_SUPERTYPE = _table(
    "release_supertype", "release_date:date", "supertype:varchar", "rule:varchar"
)
RELEASE_CATEGORY = _table(
    "release_category", "release_date:date", "category:varchar", "rule:varchar"
)
RELEASE_CATEGORY_CARD_TYPE = _table(
    "release_category_card_type", "release_date:date", "category:varchar", "card_type:varchar"
)
RELEASE_SUBTYPE = _table("release_subtype", "release_date:date", "category:varchar", "name:varchar")
BASIC_LAND_TYPE = _table(
    "basic_land_type", "release_date:date", "name:varchar", "rule:varchar", "category:varchar"
)
SUBTYPE_REFERENCE = _table(
    "subtype_reference", "release_date:date", "category:varchar", "name:varchar", "rule:varchar"
)
SUPERTYPE_REFERENCE = _table(
    "supertype_reference",
    "release_date:date",
    "supertype:varchar",
    "rule:varchar",
    "cited_in:varchar",
)
RULE_TEXT = _table("rule_text", "release_date:date", "number:varchar", "text:text")
CARD_TYPE_RENAME = _table(
    "card_type_rename", "release_date:date", "old_name:varchar", "new_name:varchar", "rule:varchar"
)
SUBTYPE_RENAME = _table(
    "subtype_rename",
    "release_date:date",
    "category:varchar",
    "old_name:varchar",
    "new_name:varchar",
    "rule:varchar",
)
SUBTYPE_MERGE = _table(
    "subtype_merge",
    "release_date:date",
    "category:varchar",
    "old_name:varchar",
    "new_name:varchar",
    "rule:varchar",
)
SUBTYPE_MERGE_LATER = _table(
    "subtype_merge_later",
    "release_date:date",
    "category:varchar",
    "old_name:varchar",
    "new_name:varchar",
    "as_of:date",
    "source:text",
)
RELEASE_SET = _table("release_set", "release_date:date", "code:varchar", "name:varchar")
RELEASE_BULLETIN = _table(
    "release_bulletin",
    "release_date:date",
    "title:varchar",
    "published:date",
    "url:text",
    "archived_url:text",
    "source:text",
    "curated:bool",
)
BULLETIN_ENTRY = _table(
    "bulletin_entry",
    "release_date:date",
    "position:integer",
    "kind:varchar",
    "heading:varchar",
    "why:text",
    "note:text",
)
BULLETIN_ENTRY_RULE = _table(
    "bulletin_entry_rule", "release_date:date", "position:integer", "rule:varchar"
)
RELEASE_SET_UNKNOWN = _table("release_set_unknown", "release_date:date", "source:text")
RULE_LINK = _table(
    "rule_link",
    "release_date:date",
    "number:varchar",
    "occurrence:integer",
    "from_number:varchar",
    "from_occurrence:integer",
    "how:varchar",
    "similarity:float8",
    "uncertain:bool",
)
RELEASE_NOTE = _table(
    "release_note",
    "release_date:date",
    "number:integer",
    "rule:varchar",
    "kind:varchar",
    "text:text",
)
RELEASE_RULEBOOK = _table(
    "release_rulebook",
    "release_date:date",
    "index_sha256:varchar",
    "rules:integer",
    "glossary_entries:integer",
)
RELEASE_RULEBOOK_NOTE = _table(
    "release_rulebook_note", "release_date:date", "position:integer", "note:text"
)
RELEASE_KEYWORD = _table(
    "release_keyword", "release_date:date", "kind:varchar", "name:varchar", "rule:varchar"
)
RELEASE_KEYWORD_NOTE = _table(
    "release_keyword_note",
    "release_date:date",
    "number:integer",
    "rule:varchar",
    "kind:varchar",
    "text:text",
)
KEYWORD_RENAME = _table(
    "keyword_rename",
    "release_date:date",
    "kind:varchar",
    "old_name:varchar",
    "new_name:varchar",
    "rule:varchar",
)
RULEBOOK_TEXT = _table("rulebook_text", "id:bigint", "text:text", "examples:text")
RELEASE_TABLES = (
    RELEASE_SET,
    RELEASE_BULLETIN,
    BULLETIN_ENTRY,
    BULLETIN_ENTRY_RULE,
    RELEASE_SET_UNKNOWN,
    RELEASE_CARD_TYPE,
    RELEASE_SUPERTYPE,
    RELEASE_CATEGORY,
    RELEASE_CATEGORY_CARD_TYPE,
    RELEASE_SUBTYPE,
    BASIC_LAND_TYPE,
    SUBTYPE_REFERENCE,
    SUPERTYPE_REFERENCE,
    RULE_TEXT,
    CARD_TYPE_RENAME,
    SUBTYPE_RENAME,
    SUBTYPE_MERGE,
    SUBTYPE_MERGE_LATER,
    RELEASE_NOTE,
    RELEASE_RULEBOOK,
    RELEASE_RULEBOOK_NOTE,
    RELEASE_KEYWORD,
    RELEASE_KEYWORD_NOTE,
    KEYWORD_RENAME,
    RULE_LINK,
)


@dataclass(frozen=True, eq=False)
class SpanTable:
    """A span table: the columns naming an entry, and those of the identity a span holds."""

    name: str
    names: tuple[str, ...]  # (number, occurrence) or (term,): unique within a release
    identity: tuple[str, ...]  # names + sort_key + text_id, or names + lineage

    @cached_property
    def table(self) -> Table:
        types = {
            "number": "varchar",
            "occurrence": "integer",
            "term": "varchar",
            "sort_key": "text",
            "text_id": "bigint",
            "lineage": "varchar",
        }
        return Table(
            self.name,
            (
                *((c, types[c]) for c in self.identity),
                ("first_release", "date"),
                ("last_release", "date"),
            ),
        )

    @property
    def texts(self) -> bool:
        """Whether its identities end in a text key (a rule's or a glossary entry's)."""
        return self.identity[-1] == "text_id"

    def columns(self, identity: Identity) -> Row:
        """An identity's column values: the occurrence an integer, the text its id."""
        fields: list[Any] = identity.split("\t")
        if "occurrence" in self.names:
            fields[1] = int(fields[1])
        if self.texts:
            fields[-1] = text_id(fields[-1])
        return tuple(fields)

    def row(self, span: Span) -> Row:
        """A span as the table's row."""
        identity, first, last = span
        return (*self.columns(identity), first, last)

    def key(self, row: Row) -> Row:
        """A row's primary key: the names and first_release."""
        return (*row[: len(self.names)], row[-2])

    def identity_of(self, values: Row) -> Identity:
        """The identity of a row's identity columns, :meth:`columns` undone."""
        fields = [str(value) for value in values]
        if self.texts:
            fields[-1] = text_key(values[-1])
        return "\t".join(fields)


RULES = SpanTable(
    "rule_span", ("number", "occurrence"), ("number", "occurrence", "sort_key", "text_id")
)
GLOSSARY = SpanTable("glossary_span", ("term",), ("term", "sort_key", "text_id"))
LINEAGES = SpanTable("rule_lineage", ("number", "occurrence"), ("number", "occurrence", "lineage"))
SPAN_TABLES = (RULES, GLOSSARY, LINEAGES)


# --- what a seed holds ------------------------------------------------------------------------


def read_seed(name: str, sha256: str, expected: int = SEED_FORMAT) -> dict[str, Any]:
    """The seed file under seeds/, checked against the sha256 its revision pins."""
    seed = _decode(_checked(SEEDS / name, sha256))
    if seed.get("format") != expected:
        raise RuntimeError(f"seed {name} is format {seed.get('format')}, loader is {expected}")
    return seed


def text_id(key: str) -> int:
    """The 16 hex digits of a text's key as a signed 64-bit integer (BIGINT, SQLite rowid)."""
    value = int(key, 16)
    return value - (1 << 64) if value >= 1 << 63 else value


def text_key(ident: int) -> str:
    """The key of a text id, :func:`text_id` undone."""
    return format(ident & 0xFFFF_FFFF_FFFF_FFFF, "016x")


def release_rows(seed: dict[str, Any], seed_sha256: str, day: Any) -> dict[Table, list[Row]]:
    """The rows of each per-release table the seed loads, ``day`` as the driver stores dates.

    A run holds every release's rows until it writes them: the strings that repeat from one
    release to the next (names, rule numbers, kinds) are interned, held once, not per release.
    """
    types, supertypes = seed["card_types"], seed["supertypes"]
    categories = seed["subtype_categories"]
    renames = seed["renames"]
    book = seed["rulebook"]
    bulletin = seed.get("bulletin")  # only a release with a bulletin has one
    entries = bulletin["entries"] if bulletin else []
    return {
        RELEASE_BULLETIN: [
            (
                day,
                bulletin["title"],
                # stored as the day is: ISO text (SQLite) or a date (psycopg)
                bulletin["published"]
                if isinstance(day, str)
                else date.fromisoformat(bulletin["published"]),
                bulletin["url"],
                bulletin["archived"],
                bulletin["source"],
                bulletin["curated"],
            )
        ]
        if bulletin
        else [],
        BULLETIN_ENTRY: [
            (day, position, e["kind"], e["heading"], e["why"], e["note"])
            for position, e in enumerate(entries, start=1)
        ],
        BULLETIN_ENTRY_RULE: [
            (day, position, rule)
            for position, e in enumerate(entries, start=1)
            for rule in dict.fromkeys(e["rules"])
        ],
        RELEASE_CARD_TYPE: [
            (day, name, types["rule"], types["sections"].get(name)) for name in types["names"]
        ],
        RELEASE_SUPERTYPE: [(day, name, supertypes["rule"]) for name in supertypes["names"]],
        RELEASE_CATEGORY: [(day, c["name"], c["rule"]) for c in categories],
        RELEASE_CATEGORY_CARD_TYPE: [
            (day, intern(c["name"]), intern(t)) for c in categories for t in c["card_types"]
        ],
        RELEASE_SUBTYPE: [
            (day, intern(c["name"]), intern(name)) for c in categories for name in c["subtypes"]
        ],
        BASIC_LAND_TYPE: [
            (day, name, group["rule"], "land")
            for group in seed["basic_land_types"]
            for name in group["names"]
        ],
        SUBTYPE_REFERENCE: [
            (day, intern(c["name"]), intern(name), intern(rule))
            for c in categories
            for name, rule in c["references"]
        ],
        SUPERTYPE_REFERENCE: [
            (day, name, rule, cited_in) for name, cited_in, rule in supertypes["references"]
        ],
        RULE_TEXT: [(day, r["number"], r["text"]) for r in seed["rules"]],
        CARD_TYPE_RENAME: [
            (day, r["from"], r["to"], r["rule"]) for r in renames if r["kind"] == "card_type"
        ],
        SUBTYPE_RENAME: [
            (day, r["category"], r["from"], r["to"], r["rule"])
            for r in renames
            if r["kind"] == "subtype"
        ],
        SUBTYPE_MERGE: [
            (day, m["category"], m["from"], m["to"], m["rule"]) for m in seed["merges"]
        ],
        SUBTYPE_MERGE_LATER: [
            (
                day,
                m["category"],
                m["from"],
                m["to"],
                m["as_of"] if isinstance(day, str) else date.fromisoformat(m["as_of"]),
                m["source"],
            )
            for m in seed["merges_later"]
        ],
        RELEASE_SET: [(day, *seed["set"])] if seed["set"] is not None else [],
        RELEASE_SET_UNKNOWN: [(day, seed["set_unknown"])] if seed["set_unknown"] else [],
        RULE_LINK: [
            (
                day,
                intern(number),
                occurrence,
                source and intern(source),
                source_occurrence,
                intern(how),
                similarity,
                uncertain,
            )
            for number, occurrence, source, source_occurrence, how, similarity, uncertain in seed[
                "lineage"
            ]
        ],
        RELEASE_NOTE: [
            (day, number, n["rule"], n["kind"], n["text"])
            for number, n in enumerate(seed["notes"], start=1)
        ],
        RELEASE_RULEBOOK: [(day, seed_sha256, len(book["rules"]), len(book["glossary"]))],
        RELEASE_RULEBOOK_NOTE: [
            (day, position, note) for position, note in enumerate(book["notes"], start=1)
        ],
        RELEASE_KEYWORD: [
            (day, intern(k["kind"]), intern(k["name"]), intern(k["rule"])) for k in seed["keywords"]
        ],
        RELEASE_KEYWORD_NOTE: [
            (day, number, n["rule"], n["kind"], n["text"])
            for number, n in enumerate(seed["keyword_notes"], start=1)
        ],
        KEYWORD_RENAME: [
            (day, r["kind"], r["from"], r["to"], r["rule"]) for r in seed["keyword_renames"]
        ],
    }


def lineage_id(number: str, occurrence: int, day: str) -> str:
    """A lineage is named by the number and release it begins with: 502.9@1999-04-23."""
    return f"{number}@{day}" if occurrence == 1 else f"{number}#{occurrence}@{day}"


def by_rule(identities: Iterable[Identity]) -> dict[str, Identity]:
    """Lineage identities keyed by their rule: number and occurrence, as they begin them."""
    return {identity.rpartition("\t")[0]: identity for identity in identities}


def lineages(seed: dict[str, Any], before: dict[str, Identity]) -> dict[str, Identity]:
    """Each rule's (number, occurrence, lineage) identity by rule: the lineage of the rule of
    the release before (``before``, by rule) that its link names (its own number when it has
    no link row), or a new one (a new rule, or one split off a rule)."""
    # Keyed by "number\toccurrence" as the identities print it, no tuples or ints. A rule
    # keeping its lineage keeps the identity string of the release before, hash and all: the
    # chain's thousands of rules a release, every release, are looked up, not built again.
    # A merged row names the rule that took a gone rule's words: not where that rule came from.
    links = {f"{row[0]}\t{row[1]}": row for row in seed["lineage"] if row[4] != "merged"}
    day = seed["effective_date"]
    found: dict[str, Identity] = {}
    for row in seed["rulebook"]["rules"]:
        rule = row.rsplit("\t", 2)[0]  # number, occurrence (sort key and text key cut off)
        link = links.get(rule)
        if link is None:
            identity = before.get(rule)
            if identity is None:
                number, occurrence = rule.split("\t")
                identity = f"{rule}\t{lineage_id(number, int(occurrence), day)}"
        else:
            # A rule split off another begins a lineage: its source continues in its own.
            source = None if link[4] in ("new", "split") else before.get(f"{link[2]}\t{link[3]}")
            if source is None:
                number, occurrence = rule.split("\t")
                lineage = lineage_id(number, int(occurrence), day)
            else:
                lineage = source.rpartition("\t")[2]
            identity = f"{rule}\t{lineage}"
        found[rule] = identity
    return found


def _names(seed: dict[str, Any]) -> dict[Table, list[Row]]:
    categories = seed["subtype_categories"]
    return {
        CARD_TYPE: [(name,) for name in seed["card_types"]["names"]],
        SUPERTYPE: [(name,) for name in seed["supertypes"]["names"]],
        CATEGORY: [(c["name"],) for c in categories],
        SUBTYPE: [(c["name"], name) for c in categories for name in c["subtypes"]],
        KEYWORD: [(k["kind"], k["name"]) for k in seed["keywords"]],
    }


# --- loading and unloading --------------------------------------------------------------------


def load_release(revision: str, seed_name: str, seed_sha256: str) -> None:
    """Every row of the release the seed describes, in the revision's transaction."""
    load_seed(revision, read_seed(seed_name, seed_sha256), seed_sha256)


def load_seed(revision: str, seed: dict[str, Any], seed_sha256: str) -> None:
    """:func:`load_release` of a seed already read (a later schema's loader reads its own)."""
    bind = op.get_bind()
    sql = _Sql(bind)
    day = sql.day(seed["effective_date"])
    state = _run_state(bind)
    before, after = (state.tail, None) if state.tail is not None else sql.neighbours(day)
    if after is not None or (before is not None and day <= before):
        raise RuntimeError(
            f"{revision} is not newer than every release loaded ({after or before}"
            "): its lineage would re-link the release after it; releases load in "
            "date order (rulesdb rebuild-chain puts an older file in its place)"
        )
    state.add(
        RELEASE, [(day, seed["source"]["file"], seed["source"]["sha256"], seed_sha256, revision)]
    )
    for table, rows in _names(seed).items():
        known = state.names.get(table)
        if known is None:
            known = state.names[table] = set(sql.query(f"SELECT * FROM {table.name}"))
        fresh = set(rows) - known
        state.add(table, sorted(fresh))
        known |= fresh
    release = release_rows(seed, seed_sha256, day)
    for table in RELEASE_TABLES:
        state.add(table, release[table])
    if state.open is None:
        state.stored = {table: _ending(sql, table, before) for table in SPAN_TABLES}
        state.stored_end = before
        state.open = {table: dict(stored) for table, stored in state.stored.items()}
        state.lineage_of = by_rule(state.open[LINEAGES])
    rules = lineages(seed, state.lineage_of)
    book = seed["rulebook"]
    identities = {
        RULES: set(book["rules"]),
        GLOSSARY: set(book["glossary"]),
        LINEAGES: set(rules.values()),
    }
    state.lineage_of = rules
    for table, rows in identities.items():
        held = state.open[table]
        for identity in held.keys() - rows:  # the few that change: set operations in C
            state.closed.setdefault(table, []).append((identity, held.pop(identity), before))
        new = rows - held.keys()  # only these can print a text no release before did
        if table.texts:
            _hold_texts(state, sql, seed, new)
        held.update(dict.fromkeys(new, day))
    state.tail = day


def unload_release(revision: str) -> None:
    """Delete exactly the rows :func:`load_release` inserted for the release, and every name
    and text no other release uses."""
    bind = op.get_bind()
    _flush(bind)
    sql = _Sql(bind)
    day = sql.day(revision.removeprefix("cr_").replace("_", "-"))
    texts: set[int] = set()
    for table in SPAN_TABLES:
        texts |= _leave(sql, table, day)
    for table in reversed(RELEASE_TABLES):
        sql.execute(f"DELETE FROM {table.name} WHERE release_date = ?", (day,))
    sql.execute("DELETE FROM release WHERE effective_date = ?", (day,))
    if texts:
        ids = ", ".join(str(int(i)) for i in texts)  # integers from the database
        sql.execute(
            f"DELETE FROM rulebook_text WHERE id IN ({ids}) AND NOT EXISTS "
            "(SELECT 1 FROM rule_span r WHERE r.text_id = rulebook_text.id) AND NOT "
            "EXISTS (SELECT 1 FROM glossary_span g WHERE g.text_id = rulebook_text.id)"
        )
    # Names no remaining release uses go too, as the release before left them.
    sql.execute(
        "DELETE FROM subtype WHERE NOT EXISTS (SELECT 1 FROM release_subtype r "
        "WHERE r.category = subtype.category AND r.name = subtype.name) "
        "AND NOT EXISTS (SELECT 1 FROM subtype_rename r WHERE r.category = "
        "subtype.category AND r.old_name = subtype.name) "
        "AND NOT EXISTS (SELECT 1 FROM subtype_merge m WHERE m.category = "
        "subtype.category AND m.old_name = subtype.name)"
    )
    sql.execute(
        "DELETE FROM category WHERE NOT EXISTS (SELECT 1 FROM release_category r "
        "WHERE r.category = category.name) AND NOT EXISTS (SELECT 1 FROM subtype s "
        "WHERE s.category = category.name)"
    )
    sql.execute(
        "DELETE FROM card_type WHERE NOT EXISTS (SELECT 1 FROM release_card_type r "
        "WHERE r.card_type = card_type.name) AND NOT EXISTS (SELECT 1 FROM "
        "card_type_rename r WHERE r.old_name = card_type.name)"
    )
    sql.execute(
        "DELETE FROM supertype WHERE NOT EXISTS (SELECT 1 FROM release_supertype r "
        "WHERE r.supertype = supertype.name)"
    )
    sql.execute(
        "DELETE FROM keyword WHERE NOT EXISTS (SELECT 1 FROM release_keyword r "
        "WHERE r.kind = keyword.kind AND r.name = keyword.name)"
    )
    state = _run_state(bind)
    state.known, state.others, state.names, state.analyse = set(), None, {}, True


class _Packs:
    """The packs a run reads, each at most once and checked against the sha256 a seed pins,
    a text given up once taken (it is written once)."""

    def __init__(self) -> None:
        self.texts: dict[str, list[Any]] = {}
        self.read: dict[str, str] = {}  # pack name -> its sha256

    def take(self, key: str, pinned: dict[str, str], own: str) -> list[Any]:
        found = self.texts.pop(key, None)
        if found is not None:
            return found
        # A release's new texts are in its own pack, unless an earlier one had them.
        for name in sorted(pinned, key=lambda name: name != own):
            if self.read.get(name) == pinned[name]:
                continue
            texts = _decode(_checked(SEEDS / "texts" / f"{name}.json", pinned[name]))
            self.texts.update(texts)
            self.read[name] = pinned[name]
            if key in texts:
                return self.texts.pop(key)
        raise RuntimeError(f"text {key} is in none of the packs its seed pins")


def _hold_texts(
    state: _RunState, sql: _Sql, seed: dict[str, Any], identities: set[Identity]
) -> None:
    """The texts of these identities the database does not hold yet."""
    keys = {identity[-KEY_DIGITS:] for identity in identities} - state.known
    if state.others is None:
        state.others = bool(sql.query("SELECT 1 FROM rulebook_text LIMIT 1"))
    # A run from empty asks nothing: every text written is one it knows.
    fresh = keys - sql.stored_keys(keys) if state.others else keys
    rows = []
    own = "cr_" + seed["effective_date"].replace("-", "_")
    for key in sorted(fresh):
        text, examples = state.packs.take(key, seed["rulebook"]["packs"], own)
        rows.append(
            (text_id(key), text, json.dumps(examples, ensure_ascii=False) if examples else "[]")
        )
    state.add(RULEBOOK_TEXT, rows)
    state.known |= keys


# --- the run's writes, held and written at once ----------------------------------------------


@dataclass
class _RunState:
    """What a run (one connection's transaction) holds to write, and what it knows."""

    rows: dict[Table, list[Row]] = field(default_factory=dict)  # to insert, by table
    tail: Any = None  # the newest release the run holds: the open spans' end
    open: dict[SpanTable, dict[Identity, Any]] | None = None  # identity -> first_release
    lineage_of: dict[str, Identity] = field(default_factory=dict)  # open lineages, by rule
    closed: dict[SpanTable, list[Span]] = field(default_factory=dict)  # ended in the run
    # The open spans as the table has them, ending at stored_end: updated, not written again.
    stored: dict[SpanTable, dict[Identity, Any]] = field(default_factory=dict)
    stored_end: Any = None
    known: set[str] = field(default_factory=set)  # keys of texts held or found written
    others: bool | None = None  # whether the table may hold texts not known (None: unasked)
    names: dict[Table, set[Row]] = field(default_factory=dict)  # names held or written
    packs: _Packs = field(default_factory=_Packs)
    analyse: bool = False  # PostgreSQL: statistics are due
    version_table: Any = None  # Alembic's, whose bookkeeping reads none of the run's tables
    listening: bool = False

    def add(self, table: Table, rows: list[Row]) -> None:
        if rows:
            self.rows.setdefault(table, []).extend(rows)

    def pending(self) -> bool:
        return bool(self.rows) or self.open is not None

    def forget(self) -> None:
        self.rows, self.tail, self.open, self.known, self.names = {}, None, None, set(), {}
        self.others = None
        self.closed, self.stored, self.stored_end = {}, {}, None
        self.packs, self.analyse, self.lineage_of = _Packs(), False, {}


_STATES: WeakKeyDictionary[sa.Connection, _RunState] = WeakKeyDictionary()
# Parents before children: the order held rows are written in.
WRITE_ORDER = (
    RELEASE,
    CARD_TYPE,
    SUPERTYPE,
    CATEGORY,
    SUBTYPE,
    KEYWORD,
    *RELEASE_TABLES,
    RULEBOOK_TEXT,
    RULES.table,
    GLOSSARY.table,
    LINEAGES.table,
)
# A table given this many rows at once has its secondary indexes and foreign keys set aside
# and made again after, by the same definitions, as a restore does: a build from empty writes
# 46,000 release_subtype rows, a release appended a few hundred.
BULK_ROWS = 10_000


def _run_state(bind: sa.Connection) -> _RunState:
    state = _STATES.get(bind)
    if state is None:
        state = _STATES[bind] = _RunState()
    if not state.listening:
        context = op.get_context()
        state.version_table = getattr(context, "_version", None)
        sa.event.listen(bind, "before_execute", _before_execute)
        sa.event.listen(bind, "commit", _before_commit)
        sa.event.listen(bind, "rollback", _on_rollback)
        state.listening = True
    return state


def _before_execute(bind: sa.Connection, statement: Any, *_: Any) -> None:
    state = _STATES.get(bind)
    if state is None or not state.pending():
        return
    if state.version_table is not None and getattr(statement, "table", None) is state.version_table:
        return
    _flush(bind)


def _before_commit(bind: sa.Connection) -> None:
    _flush(bind, finishing=True)


def _on_rollback(bind: sa.Connection) -> None:
    state = _STATES.get(bind)
    if state is not None:
        state.forget()


def _flush(bind: sa.Connection, finishing: bool = False) -> None:
    """Write what the run holds, table by table, parents first (the open spans with the ends
    they have now); when the run ends, PostgreSQL's statistics too, and forget what it knew."""
    state = _STATES.get(bind)
    if state is None:
        return
    sql = _Sql(bind)
    extended = []  # stored spans and their ends, once the releases they end at are written
    if state.open is not None:
        for table, spans in state.open.items():
            ended = [
                *state.closed.get(table, []),
                *((identity, first, state.tail) for identity, first in spans.items()),
            ]
            stored = state.stored.get(table, {})
            rows = [table.row(span) for span in ended if stored.get(span[0]) != span[1]]
            # In key order: the B-tree appends, and the file is the same whatever the hash seed.
            rows.sort(key=table.key)
            state.add(table.table, rows)
            extended.append((table, stored, state.stored_end, ended))
        state.open, state.tail, state.closed, state.stored = None, None, {}, {}
        state.stored_end = None
    if state.rows:
        for table in WRITE_ORDER:
            rows = state.rows.pop(table, [])
            if table is RULEBOOK_TEXT:
                rows.sort()  # rowid order: what SQLite's full-text index appends fastest
            sql.insert(table, rows, bulk=len(rows) >= BULK_ROWS)
        state.analyse = True
    for table, stored, end, ended in extended:
        _extend_stored(sql, table, stored, end, ended)
    if finishing:
        if state.analyse and sql.postgresql:
            # Texts added one release at a time wait in the GIN index's pending list, which
            # every search scans whole. (A run that went on to drop the schema, down to base,
            # has none of these tables left.)
            sql.execute(
                "SELECT gin_clean_pending_list(oid) FROM pg_class "
                "WHERE oid = to_regclass('ix_rulebook_text_search')"
            )
            for (table,) in sql.query(STALE_STATISTICS):
                sql.execute(f"ANALYZE {table}")
        state.forget()


# The tables whose statistics the run made stale by the rule autovacuum applies (never
# analysed, or more rows changed than its threshold), analysed before the run commits rather
# than up to a minute after: with stale ones, the planner probes the newest release's spans
# one by one. The run's own changes are the transaction's counts of rows written.
STALE_STATISTICS = (
    "SELECT c.relname FROM pg_class c "
    "LEFT JOIN pg_stat_xact_user_tables x ON x.relid = c.oid "
    "WHERE c.oid IN (to_regclass('rulebook_text'), to_regclass('rule_span'), "
    "                to_regclass('glossary_span')) "
    "AND (c.reltuples < 0 OR coalesce(x.n_tup_ins + x.n_tup_upd + x.n_tup_del, 0) > "
    "     current_setting('autovacuum_analyze_threshold')::real "
    "     + current_setting('autovacuum_analyze_scale_factor')::real * c.reltuples) "
    "ORDER BY c.relname"
)


# --- spans ------------------------------------------------------------------------------------


def _ending(sql: _Sql, table: SpanTable, before: Any) -> dict[Identity, Any]:
    """The spans ending at ``before`` (the newest release): identity -> first release."""
    if before is None:
        return {}
    return {
        identity: first for identity, first, _ in sql.spans(table, "last_release = ?", (before,))
    }


def _extend_stored(
    sql: _Sql, table: SpanTable, stored: dict[Identity, Any], end: Any, spans: list[Span]
) -> None:
    """Give the stored spans (ending at ``end``) the ends ``spans`` has for them: most go on
    to the run's newest release, in one statement; the few that end sooner are set after."""
    if not stored:
        return
    ends = {identity: last for identity, first, last in spans if stored.get(identity) == first}
    newest = max(ends.values())
    sql.execute(f"UPDATE {table.name} SET last_release = ? WHERE last_release = ?", (newest, end))
    names = len(table.names)
    where = " AND ".join(f"{column} = ?" for column in [*table.names, "first_release"])
    sql.execute_many(
        f"UPDATE {table.name} SET last_release = ? WHERE {where}",
        [
            (last, *table.columns(identity)[:names], stored[identity])
            for identity, last in ends.items()
            if last != newest
        ],
    )


def _leave(sql: _Sql, table: SpanTable, day: Any) -> set[int]:
    """Make ``day``, the newest release, print nothing in ``table``: its spans end at the
    release before it, or go. The text ids it printed."""
    before, after = sql.neighbours(day)
    if after is not None:
        raise RuntimeError(
            f"release {day} is not the newest ({after} follows it): releases unload newest first"
        )
    texts = set()
    if table.texts:
        texts = {
            row[0]
            for row in sql.query(
                f"SELECT DISTINCT text_id FROM {table.name} WHERE last_release = ?", (day,)
            )
        }
    sql.execute(f"DELETE FROM {table.name} WHERE first_release = ?", (day,))
    if before is not None:
        sql.execute(
            f"UPDATE {table.name} SET last_release = ? WHERE last_release = ?", (before, day)
        )
    return texts


# --- SQL, below SQLAlchemy's per-row work -----------------------------------------------------


class _Sql:
    """The DB-API cursor of the revision's connection: its statements bypass SQLAlchemy's
    events (see :func:`_before_execute`) and its per-row cost. On PostgreSQL, many rows go in
    by one binary COPY, whose values psycopg encodes in C."""

    COPY_FROM = 50  # rows: fewer go by executemany (psycopg pipelines them)
    KEYS = 1000  # text ids a query looks up

    def __init__(self, bind: sa.Connection) -> None:
        self.postgresql = bind.dialect.name == "postgresql"
        self.cursor = bind.connection.cursor()

    def day(self, iso: str) -> Any:
        """A date as each driver stores it: ISO text in SQLite, a date for psycopg."""
        return date.fromisoformat(iso) if self.postgresql else iso

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s") if self.postgresql else statement

    def execute(self, statement: str, parameters: Row = ()) -> None:
        self.cursor.execute(self._sql(statement), parameters)

    def execute_many(self, statement: str, rows: list[Row]) -> None:
        if rows:
            self.cursor.executemany(self._sql(statement), rows)

    def query(self, statement: str, parameters: Row = ()) -> list[Row]:
        self.cursor.execute(self._sql(statement), parameters)
        return [tuple(row) for row in self.cursor.fetchall()]

    def insert(self, table: Table, rows: list[Row], bulk: bool = False) -> None:
        if not rows:
            return
        with self._set_aside(table) if bulk else nullcontext():
            if self.postgresql and len(rows) >= self.COPY_FROM:
                self._copy(table, rows)
            elif table is RULEBOOK_TEXT and not self.postgresql:
                self._insert_texts(rows)
            else:
                names = ", ".join(table.names)
                marks = ", ".join("?" for _ in table.columns)
                self.execute_many(f"INSERT INTO {table.name} ({names}) VALUES ({marks})", rows)

    def _copy(self, table: Table, rows: list[Row]) -> None:
        names = ", ".join(table.names)
        with self.cursor.copy(f"COPY {table.name} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types([kind for _, kind in table.columns])
            for row in rows:
                copy.write_row(row)

    def _insert_texts(self, rows: list[Row]) -> None:
        """Many rows a statement: SQLite's full-text index, kept by a trigger, appends to what
        it holds in memory while rowids ascend, and writes that out at every statement's end."""
        chunk = 2000  # 6,000 variables: under SQLite's limit of 32,766
        for start in range(0, len(rows), chunk):
            part = rows[start : start + chunk]
            marks = ", ".join(["(?, ?, ?)"] * len(part))
            self.execute(
                f"INSERT INTO rulebook_text (id, text, examples) VALUES {marks}",
                tuple(value for row in part for value in row),
            )

    @contextmanager
    def _set_aside(self, table: Table) -> Iterator[None]:
        """Around a bulk insert: what costs per row set aside and made again after, by the same
        definitions, so the schema ends exactly as it was and every row is still checked, in
        the same transaction. SQLite: the table's own indexes (its primary key and foreign
        keys are part of its SQL), built again by one sort each. PostgreSQL: its foreign keys,
        checked again by one join each where a row fired a trigger each, and its secondary
        indexes (the GIN of the full-text search is built once, not a text at a time)."""
        keys: list[Row] = []
        if self.postgresql:
            keys = self.query(
                "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = ?::regclass AND contype = 'f' ORDER BY conname",
                (table.name,),
            )
            indexes = self.query(
                "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = "
                "current_schema() AND tablename = ? AND indexname NOT IN (SELECT conname FROM "
                "pg_constraint WHERE conrelid = ?::regclass) ORDER BY indexname",
                (table.name, table.name),
            )
        else:
            indexes = self.query(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
                "AND sql IS NOT NULL ORDER BY name",
                (table.name,),
            )
        for name, _ in keys:
            self.execute(f"ALTER TABLE {table.name} DROP CONSTRAINT {name}")
        for name, _ in indexes:
            self.execute(f"DROP INDEX {name}")
        yield
        for _, definition in indexes:
            self.execute(definition)
        for name, definition in keys:
            self.execute(f"ALTER TABLE {table.name} ADD CONSTRAINT {name} {definition}")

    def stored_keys(self, keys: set[str]) -> set[str]:
        """Those of ``keys`` whose texts the table holds."""
        ids = sorted(text_id(key) for key in keys)
        found: set[str] = set()
        for start in range(0, len(ids), self.KEYS):
            listed = ", ".join(map(str, ids[start : start + self.KEYS]))  # integers
            found |= {
                text_key(row[0])
                for row in self.query(f"SELECT id FROM rulebook_text WHERE id IN ({listed})")
            }
        return found

    def neighbours(self, day: Any) -> tuple[Any, Any]:
        """The releases with a rulebook just before and just after ``day`` (None at the ends)."""
        [(before, after)] = self.query(
            "SELECT (SELECT MAX(release_date) FROM release_rulebook WHERE release_date < ?), "
            "(SELECT MIN(release_date) FROM release_rulebook WHERE release_date > ?)",
            (day, day),
        )
        return before, after

    def spans(self, table: SpanTable, where: str, parameters: Row) -> list[Span]:
        columns = ", ".join(table.table.names)
        return [
            (table.identity_of(row[:-2]), row[-2], row[-1])
            for row in self.query(f"SELECT {columns} FROM {table.name} WHERE {where}", parameters)
        ]


# JSON as the json module reads it (the same values: numbers, strings, lists, dicts), in C.
_decode = msgspec.json.Decoder().decode


def _checked(path: Path, sha256: str) -> bytes:
    data = path.read_bytes()
    actual = hashlib.sha256(data).hexdigest()
    if actual != sha256:
        raise RuntimeError(
            f"seed {path} has sha256 {actual}, but its revision pins {sha256}; "
            "the seed was edited after its revision was written"
        )
    return data
