"""Load and unload the rulebook of CR releases as spans of releases (schema rulebook_spans).

Versioned and frozen like ``rulebook_v1``, whose seeds (index format 1, the text packs) it
reads the same way. What differs is how membership is stored: a rule printed with the same
number, text and place in consecutive releases is one ``rule_span`` row (first_release,
last_release), a glossary entry likewise one ``glossary_span`` row. A release lies in a span
when its date is between the two ends; the ends are releases with a rulebook (foreign keys).

Spans are kept *maximal* (two spans of one identity never touch), so the rows are a function
of which releases print what, whatever order releases were loaded or unloaded in: loading a
release between two others splits the spans it interrupts and extends or joins the spans it
continues; unloading one shrinks or joins them again (see :func:`load_release` and
:func:`unload_release`; the tests check both against :func:`maximal_spans`).

A release's order is kept by a sort key per row, not a position (a position shifts whenever
a rule is inserted above it, which would split every span). The key is the number's natural
order (:func:`rule_order_key`) where the file prints numbers in order; for the few rows a
file prints out of order (1999-11-01's 408, 2024-09-20's second 702.175) the key is the
previous row's key, a unit separator and its own, so sorting a release's rows by key
bytewise gives the file's order (:func:`sort_keys`). PostgreSQL compares the column with
``COLLATE "C"``, bytewise like SQLite and Python.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

import sqlalchemy as sa
from alembic import op

from rulesdb_loaders import rulebook_v1
from rulesdb_loaders.rulebook_v1 import (
    NOTE_COLUMNS,
    RULEBOOK_COLUMNS,
    TEXT_COLUMNS,
    Packs,
    _bulk,
    _day,
    read_index,
    text_id,
)

SEPARATOR = "\x1f"  # the ASCII unit separator: below every character a natural key holds


@cache  # a few thousand distinct numbers, read once per release
def rule_order_key(number: str) -> str:
    """Natural order of rule numbers as text: 1 < 100 < 100.1 < 100.1a < 100.2 < 100.10 < 2.

    The rule (3 digits) sorts as printed; each digit run after it is zero-padded."""
    head, dot, rest = number.partition(".")
    return head + dot + re.sub(r"\d+", lambda m: m.group().zfill(4), rest)


def term_order_key(term: str) -> str:
    return term.casefold()


def sort_keys(natural: Sequence[str]) -> list[str]:
    """A key per row, in file order, that sorts bytewise into file order.

    The rows of one longest strictly increasing run of natural keys keep theirs; each other
    row takes the key of the row printed before it, the separator and its own natural key,
    which sorts after that row and before the next in-order row (natural keys are never
    empty and hold no character below the separator)."""
    if all(a < b for a, b in pairwise(natural)):
        return list(natural)  # most releases: the file prints every number in order
    keep = _longest_increasing(natural)
    keys: list[str] = []
    for index, key in enumerate(natural):
        keys.append(key if index in keep else (keys[-1] if keys else "") + SEPARATOR + key)
    return keys


def _longest_increasing(keys: Sequence[str]) -> set[int]:
    """Indexes of a longest strictly increasing subsequence (patience sorting; the earliest
    smallest tail wins ties, so equal inputs give equal answers)."""
    tails: list[str] = []
    tail_index: list[int] = []
    before: list[int | None] = []
    for index, key in enumerate(keys):
        at = bisect_left(tails, key)
        if at == len(tails):
            tails.append(key)
            tail_index.append(index)
        else:
            tails[at] = key
            tail_index[at] = index
        before.append(tail_index[at - 1] if at else None)
    kept: set[int] = set()
    current = tail_index[-1] if tail_index else None
    while current is not None:
        kept.add(current)
        current = before[current]
    return kept


@dataclass(frozen=True)
class SpanTable:
    """A span table: the columns naming an entry and those that must match to share a span."""

    name: str
    names: tuple[str, ...]  # (number, occurrence) or (term,): unique within a release
    identity: tuple[str, ...]  # names + sort_key + text_id: one span holds one identity

    @property
    def columns(self) -> tuple[str, ...]:
        return (*self.identity, "first_release", "last_release")


RULES = SpanTable("rule_span", ("number", "occurrence"),
                  ("number", "occurrence", "sort_key", "text_id"))
GLOSSARY = SpanTable("glossary_span", ("term",), ("term", "sort_key", "text_id"))
SPAN_TYPES = {"number": "varchar", "occurrence": "integer", "term": "varchar",
              "sort_key": "varchar", "text_id": "bigint", "first_release": "date",
              "last_release": "date"}

Identity = tuple[Any, ...]
Span = tuple[Any, ...]  # identity + (first_release, last_release)


def release_rows(document: dict[str, Any]) -> tuple[set[Identity], set[Identity]]:
    """The identities of an index's rules and glossary entries, with their sort keys."""
    rules, seen = [], {}
    for number, key in document["rules"]:
        seen[number] = seen.get(number, 0) + 1
        rules.append((number, seen[number], text_id(key)))
    rule_keys = sort_keys([rule_order_key(number) for number, _, _ in rules])
    terms = [(term, text_id(key)) for term, key in document["glossary"]]
    term_keys = sort_keys([term_order_key(term) for term, _ in terms])
    return ({(n, o, k, t) for (n, o, t), k in zip(rules, rule_keys, strict=True)},
            {(term, k, t) for (term, t), k in zip(terms, term_keys, strict=True)})


def maximal_spans(days: Sequence[Any], members: dict[Any, set[Identity]]) -> list[Span]:
    """The spans of a membership: each identity's runs of consecutive releases (``days`` in
    date order; ``members`` what each prints)."""
    spans: list[Span] = []
    open_since: dict[Identity, Any] = {}
    previous = None
    for day in days:
        printed = members.get(day, set())
        for identity in [i for i in open_since if i not in printed]:
            spans.append((*identity, open_since.pop(identity), previous))
        for identity in printed:
            open_since.setdefault(identity, day)
        previous = day
    spans += [(*identity, first, previous) for identity, first in open_since.items()]
    return spans


def load_rulebooks(indexes: Iterable[tuple[str, str]]) -> None:
    """Load each (index file under seeds/, sha256), one release after the other."""
    packs = Packs()
    for name, sha256 in indexes:
        load_release(read_index(name, sha256, packs), sha256, packs)
    _after_writes()


def load_release(document: dict[str, Any], sha256: str, packs: Packs) -> None:
    bind = op.get_bind()
    day = _day(bind, document["effective_date"])
    _insert_texts(bind, document, packs)
    _bulk(bind, "release_rulebook", RULEBOOK_COLUMNS,
          [(day, sha256, len(document["rules"]), len(document["glossary"]))])
    _bulk(bind, "release_rulebook_note", NOTE_COLUMNS,
          [(day, position, note)
           for position, note in enumerate(document.get("notes", []), start=1)])
    before, after = _neighbours(bind, day)
    for table, printed in zip((RULES, GLOSSARY), release_rows(document), strict=True):
        _join(bind, table, day, before, after, printed)


def unload_rulebooks(revisions: Iterable[str]) -> None:
    """Remove the releases' rulebooks (by revision id), then every text no span prints."""
    bind = op.get_bind()
    for revision in revisions:
        unload_release(_day(bind, rulebook_v1.release_day(revision)))
    _after_writes()


def unload_release(day: Any) -> None:
    bind = op.get_bind()
    before, after = _neighbours(bind, day)
    printed: set[int] = set()
    for table in (RULES, GLOSSARY):
        printed |= _leave(bind, table, day, before, after)
    for table in ("release_rulebook_note", "release_rulebook"):
        bind.execute(sa.text(f"DELETE FROM {table} WHERE release_date = :day"), {"day": day})
    if printed:
        ids = ", ".join(str(int(i)) for i in printed)  # integers from the database
        bind.exec_driver_sql(
            f"DELETE FROM rulebook_text WHERE id IN ({ids}) "
            "AND NOT EXISTS (SELECT 1 FROM rule_span r WHERE r.text_id = rulebook_text.id) "
            "AND NOT EXISTS (SELECT 1 FROM glossary_span g WHERE g.text_id = rulebook_text.id)")


def _join(bind: sa.Connection, table: SpanTable, day: Any, before: Any, after: Any,
          printed: set[Identity]) -> None:
    """Make ``day`` (just added to release_rulebook) print ``printed`` in ``table``."""
    width = len(table.identity)
    straddling = _spans(bind, table, "first_release <= :before AND last_release >= :after",
                        before=before, after=after) if before and after else []
    ending = _spans(bind, table, "last_release = :before", before=before) if before else []
    starting = _spans(bind, table, "first_release = :after", after=after) if after else []
    result: list[Span] = []
    remaining = set(printed)
    for span in straddling:  # a span the new release interrupts, unless it prints the same
        identity = span[:width]
        if identity in remaining:
            remaining.discard(identity)
            result.append(span)
        else:
            result += [(*identity, span[width], before), (*identity, after, span[width + 1])]
    left = {span[:width]: span for span in ending}
    right = {span[:width]: span for span in starting}
    for identity in remaining:
        first = left.pop(identity)[width] if identity in left else day
        last = right.pop(identity)[width + 1] if identity in right else day
        result.append((*identity, first, last))
    result += [*left.values(), *right.values()]
    _replace(bind, table, [*straddling, *ending, *starting], result)


def _leave(bind: sa.Connection, table: SpanTable, day: Any, before: Any,
           after: Any) -> set[int]:
    """Make ``day`` print nothing in ``table``; the text ids it printed."""
    width = len(table.identity)
    covering = _spans(bind, table, "first_release <= :day AND last_release >= :day", day=day)
    ending = _spans(bind, table, "last_release = :before", before=before) if before else []
    starting = _spans(bind, table, "first_release = :after", after=after) if after else []
    pieces: dict[Identity, list[Span]] = {}
    for span in covering:
        identity, first, last = span[:width], span[width], span[width + 1]
        if first == day and last == day:
            continue
        pieces.setdefault(identity, []).append(
            (*identity, after if first == day else first, before if last == day else last))
    for span in [*ending, *starting]:
        pieces.setdefault(span[:width], []).append(span)
    result = []
    for spans in pieces.values():  # two pieces one release apart now touch: one span
        spans.sort(key=lambda span: span[width])
        merged = [spans[0]]
        for span in spans[1:]:
            if merged[-1][width + 1] == before and span[width] == after:
                merged[-1] = (*merged[-1][:width + 1], span[width + 1])
            else:
                merged.append(span)
        result += merged
    _replace(bind, table, [*covering, *ending, *starting], result)
    return {span[table.identity.index("text_id")] for span in covering}


def _spans(bind: sa.Connection, table: SpanTable, where: str, **values: Any) -> list[Span]:
    query = sa.text(f"SELECT {', '.join(table.columns)} FROM {table.name} WHERE {where}")
    return [tuple(row) for row in bind.execute(query, values)]


def _replace(bind: sa.Connection, table: SpanTable, old: list[Span], new: list[Span]) -> None:
    """Delete the spans ``old``, insert ``new``; rows in both stay untouched."""
    kept = set(old) & set(new)
    gone = [span for span in set(old) - kept]
    if gone:
        keys = [*table.names, "first_release"]
        where = " AND ".join(f"{column} = :{column}" for column in keys)
        positions = [table.columns.index(column) for column in keys]
        bind.execute(sa.text(f"DELETE FROM {table.name} WHERE {where}"),
                     [{column: span[at] for column, at in zip(keys, positions, strict=True)}
                      for span in gone])
    insert_spans(bind, table, [span for span in set(new) - kept])


def insert_spans(bind: sa.Connection, table: SpanTable, spans: list[Span]) -> None:
    _bulk(bind, table.name, tuple((c, SPAN_TYPES[c]) for c in table.columns), spans)


def _neighbours(bind: sa.Connection, day: Any) -> tuple[Any, Any]:
    """The releases with a rulebook just before and just after ``day`` (None at the ends)."""
    before = bind.execute(sa.text("SELECT MAX(release_date) FROM release_rulebook "
                                  "WHERE release_date < :day"), {"day": day}).scalar()
    after = bind.execute(sa.text("SELECT MIN(release_date) FROM release_rulebook "
                                 "WHERE release_date > :day"), {"day": day}).scalar()
    return before, after


def _insert_texts(bind: sa.Connection, document: dict[str, Any], packs: Packs) -> None:
    keys = {key for _, key in [*document["rules"], *document["glossary"]]}
    wanted = {text_id(key): key for key in keys}
    ids = ", ".join(str(ident) for ident in wanted)
    known = {row[0] for row in bind.exec_driver_sql(
        f"SELECT id FROM rulebook_text WHERE id IN ({ids})")} if wanted else set()
    fresh = []
    for ident, key in wanted.items():
        if ident not in known:
            text, examples = packs.text(key)
            fresh.append((ident, text, json.dumps(examples, ensure_ascii=False)))
    _bulk(bind, "rulebook_text", TEXT_COLUMNS, fresh)


def _after_writes() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":  # as rulebook_v1: merge GIN's pending list, analyse
        bind.exec_driver_sql("SELECT gin_clean_pending_list('ix_rulebook_text_search')")
        for table in ("rulebook_text", "rule_span", "glossary_span"):
            bind.exec_driver_sql(f"ANALYZE {table}")
