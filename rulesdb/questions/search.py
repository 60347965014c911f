"""Full-text search of one release's rulebook: its rules and glossary entries, best first.

Each database's own engine: SQLite FTS5 over ``rulebook_fts``, PostgreSQL's ``tsvector``
(``rulebook_text.search``, English stemming), restricted to the texts the release prints.
Every word must match, or (``any_word``) any one of them; a search every word of which
matches somewhere but no entry has them all says so (:func:`alone`), so a reader is not left
with nothing.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any, NotRequired, TypedDict

from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions.reading import Bind, connected, fetch
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import rule_key

_WORD = re.compile(r"\w+", re.UNICODE)
# A search is a handful of words: every one more is another full-text term to intersect.
MAX_SEARCH_WORDS = 32
MAX_SEARCH_CHARACTERS = 500
HIGHLIGHT = "**"  # around matched words in search snippets (both backends)


class SearchHit(TypedDict):
    """A rule or glossary entry a search found: ``number`` for a rule, ``term`` for an entry."""

    kind: str  # rule | glossary
    number: NotRequired[str]
    term: NotRequired[str]
    snippet: str  # the matched words between ``**``


def entry_of(hit: SearchHit) -> str:
    """The rule number or glossary term a hit names."""
    return hit["number"] if "number" in hit else hit["term"]


def search(
    bind: Bind,
    words: str,
    as_of: date | None = None,
    limit: int = 10,
    offset: int = 0,
    *,
    any_word: bool = False,
) -> list[SearchHit]:
    """Rules and glossary entries of one release matching ``words`` (every word; with
    ``any_word``, any one of them), best first, by the database's full-text engine; each with
    a snippet, the matched words between ``**``. ``offset`` skips that many of the best first
    (pages: see :func:`search_count`)."""
    tokens = _search_tokens(words)
    if limit < 1:
        raise RulesdbError(f"--limit: {limit} is not a positive number")
    if offset < 0:
        raise RulesdbError(f"--offset: {offset} is negative")
    wanted = offset + limit
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        query, tsquery = _query(connection, tokens, any_word)
        if connection.dialect.name == "sqlite":
            hits = _search_sqlite(connection, day, query, wanted)
        else:
            hits = _search_postgresql(connection, day, query, tsquery, wanted)
        entries = _entries_of(connection, day, [hit[0] for hit in hits])
    results: list[SearchHit] = []
    for text_id, _, snippet in hits:
        for kind, name in sorted(entries.get(text_id, []), key=lambda e: (e[0], _sort_key(e))):
            results.append(
                SearchHit(kind=kind, number=name, snippet=snippet)
                if kind == "rule"
                else SearchHit(kind=kind, term=name, snippet=snippet)
            )
    return results[offset:wanted]


def search_count(
    bind: Bind, words: str, as_of: date | None = None, *, any_word: bool = False
) -> int:
    """How many rules and glossary entries of the release match ``words`` in all."""
    tokens = _search_tokens(words)
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        return _count(connection, day, *_query(connection, tokens, any_word))


def alone(bind: Bind, words: str, as_of: date | None = None) -> dict[str, int]:
    """How many entries each word of ``words`` matches by itself (each distinct word once, in
    the order given): what a search of several words that finds nothing can say instead."""
    tokens = list(dict.fromkeys(words_of(words)))
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        return {
            token: _count(connection, day, *_query(connection, [token], False)) for token in tokens
        }


def _count(connection: Connection, day: date, query: str, tsquery: str) -> int:
    if connection.dialect.name == "sqlite":
        matching = "SELECT rowid FROM rulebook_fts WHERE rulebook_fts MATCH :query"
    else:
        matching = f"SELECT id FROM rulebook_text WHERE search @@ {tsquery}"
    rows = fetch(
        connection,
        f"""
        SELECT (SELECT count(*) FROM rule_span r WHERE {printed_in("r")}
                AND r.text_id IN ({matching}))
             + (SELECT count(*) FROM glossary_span g WHERE {printed_in("g")}
                AND g.text_id IN ({matching})) AS n""",
        day=day,
        query=query,
    )
    return int(rows[0]["n"])


def _query(connection: Connection, tokens: list[str], any_word: bool) -> tuple[str, str]:
    """The text bound as ``:query`` and, on PostgreSQL, the tsquery made of it. Each word is
    a plain word whatever it says: quoted for FTS5 (its AND, NEAR, * are text), and on
    PostgreSQL a \\w+ token, in which to_tsquery's operators cannot occur."""
    if connection.dialect.name == "sqlite":
        quoted = ['"' + token.replace('"', '""') + '"' for token in tokens]
        return (" OR " if any_word else " ").join(quoted), ""
    if any_word:
        return " | ".join(tokens), "to_tsquery('english', :query)"
    return " ".join(tokens), "plainto_tsquery('english', :query)"


def words_of(words: str) -> list[str]:
    """The words a search looks for, in any case (refused in one line when none, or too many)."""
    return [token.casefold() for token in _search_tokens(words)]


def _search_tokens(words: str) -> list[str]:
    if len(words) > MAX_SEARCH_CHARACTERS:
        raise RulesdbError(
            f"the search is {len(words):,} characters long; at most "
            f"{MAX_SEARCH_CHARACTERS} are searched for"
        )
    tokens = _WORD.findall(words)
    if not tokens:
        raise RulesdbError(f"nothing to search for in {words[:40]!r}; expected one or more words")
    if len(tokens) > MAX_SEARCH_WORDS:
        raise RulesdbError(
            f"the search has {len(tokens)} words; at most {MAX_SEARCH_WORDS} "
            "are searched for together"
        )
    return tokens


def _search_sqlite(
    connection: Connection, day: date, query: str, limit: int
) -> list[tuple[int, float, str]]:
    # The unary + keeps SQLite from probing the index once per rowid of the release (300 ms).
    ranked = fetch(
        connection,
        f"""
        SELECT rowid AS text_id, bm25(rulebook_fts) AS score FROM rulebook_fts
        WHERE rulebook_fts MATCH :query AND +rowid IN (
            SELECT r.text_id FROM rule_span r WHERE {printed_in("r")}
            UNION ALL SELECT g.text_id FROM glossary_span g WHERE {printed_in("g")})
        ORDER BY score LIMIT :limit""",
        query=query,
        day=day,
        limit=limit,
    )
    if not ranked:
        return []
    ids = ", ".join(str(int(row["text_id"])) for row in ranked)  # integers from the database
    snippets = {
        row["text_id"]: row["snippet"]
        for row in fetch(
            connection,
            f"SELECT rowid AS text_id, snippet(rulebook_fts, -1, '{HIGHLIGHT}', "
            f"'{HIGHLIGHT}', '…', 24) AS snippet FROM rulebook_fts "
            f"WHERE rulebook_fts MATCH :query AND rowid IN ({ids})",
            query=query,
        )
    }
    return [(row["text_id"], row["score"], snippets[row["text_id"]]) for row in ranked]


def _search_postgresql(
    connection: Connection, day: date, query: str, tsquery: str, limit: int
) -> list[tuple[int, float, str]]:
    # First the texts the GIN index finds, then those the release prints (through the index
    # on text_id): left to itself the planner probes all 4,000 texts of the release instead.
    rows = fetch(
        connection,
        f"""
        WITH matches AS MATERIALIZED (
            SELECT id, text, examples, search FROM rulebook_text
            WHERE search @@ {tsquery})
        SELECT hits.id AS text_id, hits.score,
               ts_headline('english', hits.text || ' ' || hits.examples,
                           {tsquery},
                           'StartSel={HIGHLIGHT}, StopSel={HIGHLIGHT}, MaxWords=24, MinWords=10')
                 AS snippet
        FROM (SELECT m.id, m.text, m.examples,
                     ts_rank(m.search, {tsquery}) AS score
              FROM matches m
              WHERE EXISTS (SELECT 1 FROM rule_span r
                            WHERE r.text_id = m.id AND {printed_in("r")})
                 OR EXISTS (SELECT 1 FROM glossary_span g
                            WHERE g.text_id = m.id AND {printed_in("g")})
              ORDER BY score DESC, m.id LIMIT :limit) hits
        ORDER BY hits.score DESC, hits.id""",
        query=query,
        day=day,
        limit=limit,
    )
    return [(row["text_id"], row["score"], row["snippet"]) for row in rows]


def _entries_of(
    connection: Connection, day: date, text_ids: list[int]
) -> dict[int, list[tuple[str, str]]]:
    """(kind, number or term) of the release's entries printing each text."""
    if not text_ids:
        return {}
    ids = ", ".join(str(int(i)) for i in text_ids)
    found: dict[int, list[tuple[str, str]]] = {}
    for row in fetch(
        connection,
        f"""
            SELECT 'rule' AS kind, r.number AS name, r.text_id FROM rule_span r
            WHERE {printed_in("r")} AND r.text_id IN ({ids})
            UNION ALL
            SELECT 'glossary', g.term, g.text_id FROM glossary_span g
            WHERE {printed_in("g")} AND g.text_id IN ({ids})""",
        day=day,
    ):
        found.setdefault(row["text_id"], []).append((row["kind"], row["name"]))
    return found


def _sort_key(entry: tuple[str, str]) -> Any:
    return rule_key(entry[1]) if entry[0] == "rule" else ((0, entry[1]),)
