"""Keyword vocabularies of the releases whose rulebook is loaded (schema ``keywords``): keyword
abilities, keyword actions and ability words, read in SQL from ``release_rule`` /
``release_glossary`` and written to ``keyword``, ``release_keyword`` and
``release_keyword_note``.

Frozen like the release loaders: revisions call this, never ``rulesdb``. The reading is a
copy of ``rulesdb.ingest.keywords`` as it was when this loader shipped (tests check the two
agree on every release); a change of reading gets a ``keywords_v2`` beside this one.

Found by the rules' titles, not their numbers: the rules directly under the section titled
"Keyword Abilities" / "Keyword Actions", the list of the rule saying "The ability words are
...", or else of the glossary entry listing them. What the CR does unusually is a note.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

import sqlalchemy as sa
from alembic import op

from rulesdb_loaders.rulebook_v1 import _bulk

KEYWORD_ABILITY = "keyword_ability"
KEYWORD_ACTION = "keyword_action"
ABILITY_WORD = "ability_word"
KINDS = (KEYWORD_ABILITY, KEYWORD_ACTION, ABILITY_WORD)
# The section titles the keyword rules sit under, case-folded.
SECTIONS = {"keyword abilities": KEYWORD_ABILITY, "keyword actions": KEYWORD_ACTION}
WHAT = {KEYWORD_ABILITY: "keyword abilities", KEYWORD_ACTION: "keyword actions",
        ABILITY_WORD: "ability words"}

_SECTION = re.compile(r"\d{3}")
_RULE_LIST = re.compile(r"\bThe ability words are (?P<list>.+)", re.DOTALL)
_GLOSSARY_LIST = re.compile(r"\blist of ability words\b[^:]*:\s*(?P<list>.+)",
                            re.IGNORECASE | re.DOTALL)
_LIST_END = re.compile(r"\.(?:\s|$)")
_PAIR = re.compile(r"(?P<first>\S+) and (?P<second>\S+)")  # "Tap and Untap"
_TITLE_LIMIT = 60  # longer, or ending with a period: a sentence, not a keyword's title
_HEADINGS = {"general"}  # a subsection heading under the section, not a keyword
_STRAIGHT, _CURLY = "'", "\u2019"


@dataclass(frozen=True)
class Keyword:
    kind: str  # keyword_ability | keyword_action | ability_word
    name: str  # as the CR prints it
    rule: str  # the rule titled by it (702.19), or listing it (207.2c), or the glossary term


@dataclass(frozen=True)
class KeywordNote:
    rule: str | None
    kind: str  # two-in-one-title, number-printed-twice, listed-twice, not-a-title, ...
    text: str


def extract_keywords(rules: Iterable[tuple[str, str]], glossary: Iterable[tuple[str, str]] = ()
                     ) -> tuple[list[Keyword], list[KeywordNote]]:
    """The keywords of a release from its rules ((number, text) in file order, a number
    printed twice given twice) and glossary ((term, text)), with the notes on what was
    unusual."""
    rules = list(rules)
    found: list[Keyword] = []
    notes: list[KeywordNote] = []
    for kind in (KEYWORD_ABILITY, KEYWORD_ACTION):
        found += _section_keywords(rules, kind, notes)
    found += _ability_words(rules, list(glossary), notes)
    return found, notes


def _section_keywords(rules: list[tuple[str, str]], kind: str,
                      notes: list[KeywordNote]) -> list[Keyword]:
    sections = [number for number, text in rules
                if _SECTION.fullmatch(number) and SECTIONS.get(text.strip().casefold()) == kind]
    if not sections:
        notes.append(KeywordNote(None, "not-listed",
                                 f"no section is titled {WHAT[kind].title()!r}: the release "
                                 f"lists no {WHAT[kind]}"))
        return []
    section = sections[0]
    if len(sections) > 1:
        notes.append(KeywordNote(section, "section-printed-twice",
                                 f"{WHAT[kind].title()} is the title of {', '.join(sections)}; "
                                 f"read from {section}"))
    child = re.compile(rf"{re.escape(section)}\.(\d+)")
    titles: dict[str, list[str]] = {}
    found: dict[str, Keyword] = {}
    for number, text in rules:
        match = child.fullmatch(number)
        if match is None:
            continue
        title = " ".join(text.split())
        if title.casefold() in _HEADINGS:
            continue
        if title.endswith(".") or len(title) > _TITLE_LIMIT:
            if match[1] != "1":  # N.1 introduces the section in every era
                notes.append(KeywordNote(number, "not-a-title",
                                         f"{number} is a sentence, not a keyword's title; "
                                         "not read as one"))
            continue
        titles.setdefault(number, []).append(title)
        for name in _names(number, title, kind, notes):
            if name in found:
                notes.append(KeywordNote(number, "listed-twice",
                                         f"{name} titles {found[name].rule} and {number}; "
                                         f"kept as {found[name].rule}"))
                continue
            found[name] = Keyword(kind, name, number)
    for number, printed in titles.items():
        if len(printed) > 1:
            notes.append(KeywordNote(number, "number-printed-twice",
                                     f"{number} is printed {len(printed)} times, titled "
                                     f"{', '.join(printed)}: each is a keyword"))
    return list(found.values())


def _names(number: str, title: str, kind: str, notes: list[KeywordNote]) -> list[str]:
    pair = _PAIR.fullmatch(title)
    if pair is None:
        return [_spelled(title, number, notes)]
    names = [pair["first"], pair["second"]]
    notes.append(KeywordNote(number, "two-in-one-title",
                             f"{number} {title!r} titles two {WHAT[kind]}: {names[0]} and "
                             f"{names[1]}, each listed"))
    return [_spelled(name, number, notes) for name in names]


def _spelled(name: str, where: str | None, notes: list[KeywordNote]) -> str:
    """The CR's own spelling, a typographic apostrophe, as the type names are stored: a
    release printing a straight one (2019-01-25's "council's dilemma") lists the same keyword
    as the others, and a note says how it was printed."""
    if _STRAIGHT not in name:
        return name
    spelled = name.replace(_STRAIGHT, _CURLY)
    notes.append(KeywordNote(where, "respelled", f"{name!r} is printed with a straight "
                             f"apostrophe; listed as {spelled!r}, the CR's own spelling"))
    return spelled


def _ability_words(rules: list[tuple[str, str]], glossary: list[tuple[str, str]],
                   notes: list[KeywordNote]) -> list[Keyword]:
    where, listed = None, None
    for number, text in rules:
        match = _RULE_LIST.search(text)
        if match:
            where, listed = number, match["list"]
            break
    else:
        for term, text in glossary:
            match = _GLOSSARY_LIST.search(text)
            if match:
                where, listed = term, match["list"]
                notes.append(KeywordNote(None, "glossary-list",
                                         f"no rule lists the ability words; read from the "
                                         f"glossary entry {term!r}"))
                break
    if where is None or listed is None:
        notes.append(KeywordNote(None, "not-listed", "no rule or glossary entry lists the "
                                 "ability words: the release lists none"))
        return []
    words: list[Keyword] = []
    for printed in split_list(listed):
        name = _spelled(printed, where, notes)
        if any(word.name == name for word in words):
            notes.append(KeywordNote(where, "listed-twice", f"{where} lists {name} twice"))
            continue
        words.append(Keyword(ABILITY_WORD, name, where))
    return words


def split_list(listed: str) -> list[str]:
    """'adamant, addendum, and will of the council. More' -> the three names: up to the
    sentence's end, split at commas and the last "and"."""
    end = _LIST_END.search(listed)
    sentence = " ".join((listed[:end.start()] if end else listed).split())
    items = [item.strip() for item in sentence.split(",")]
    if len(items) == 1 and " and " in items[0]:  # "A and B"
        items = items[0].split(" and ")
    items = [item.removeprefix("and ").strip() for item in items]
    return [item for item in items if item]


# -- loading ---------------------------------------------------------------------------------

_D = sa.Date()
_S = sa.String()
keyword = sa.table("keyword", sa.column("kind", _S), sa.column("name", _S))
release_keyword = sa.table("release_keyword", sa.column("release_date", _D),
                           sa.column("kind", _S), sa.column("name", _S),
                           sa.column("rule", _S))
release_keyword_note = sa.table("release_keyword_note", sa.column("release_date", _D),
                                sa.column("number", sa.Integer()), sa.column("rule", _S),
                                sa.column("kind", _S), sa.column("text", _S))


def rulebook_days() -> list[date]:
    """Every release whose rulebook the database holds."""
    rows = op.get_bind().execute(sa.text("SELECT release_date FROM release_rulebook"))
    return sorted(_as_date(row[0]) for row in rows)


def load_keywords(days: Iterable[date]) -> None:
    """Read and insert the keywords and notes of each release given (its rulebook loaded)."""
    bind = op.get_bind()
    known = {(row[0], row[1]) for row in bind.execute(sa.text("SELECT kind, name FROM keyword"))}
    names: list[dict[str, Any]] = []
    listed: list[dict[str, Any]] = []
    noted: list[dict[str, Any]] = []
    days = list(days)
    rules, glossary = _read(bind, RULES, days), _read(bind, GLOSSARY, days)
    for day in days:
        found, notes = extract_keywords(rules.get(_as_date(day), []),
                                        glossary.get(_as_date(day), []))
        for item in found:
            if (item.kind, item.name) not in known:
                known.add((item.kind, item.name))
                names.append({"kind": item.kind, "name": item.name})
            listed.append({"release_date": day, "kind": item.kind, "name": item.name,
                           "rule": item.rule})
        noted += [{"release_date": day, "number": number, "rule": note.rule,
                   "kind": note.kind, "text": note.text}
                  for number, note in enumerate(notes, start=1)]
    for table, rows in ((keyword, names), (release_keyword, listed),
                        (release_keyword_note, noted)):
        if rows:
            _insert(bind, table, rows)


def unload_keywords(days: Iterable[date]) -> None:
    """Remove the releases' keyword rows, then every keyword no remaining release lists."""
    for day in days:
        op.execute(release_keyword_note.delete().where(
            release_keyword_note.c.release_date == day))
        op.execute(release_keyword.delete().where(release_keyword.c.release_date == day))
    op.execute(keyword.delete().where(~sa.exists().where(
        release_keyword.c.kind == keyword.c.kind, release_keyword.c.name == keyword.c.name)))


def _insert(bind: sa.Connection, table: sa.TableClause, rows: list[dict[str, Any]]) -> None:
    """op.bulk_insert, except on PostgreSQL: one binary COPY there (rulebook_v1._bulk), where
    psycopg's executemany sends a statement a row. The same rows either way."""
    if bind.dialect.name != "postgresql":
        op.bulk_insert(table, rows)
        return
    columns = tuple((column.name, _COPY_TYPES[type(column.type)]) for column in table.columns)
    _bulk(bind, table.name, columns, [tuple(row[name] for name, _ in columns) for row in rows])


_COPY_TYPES = {sa.Date: "date", sa.String: "varchar", sa.Integer: "integer"}


RULES = ("SELECT r.release_date, r.number, t.text FROM release_rule r JOIN rulebook_text t "
         "ON t.id = r.text_id WHERE r.release_date IN ({days}) "
         "ORDER BY r.release_date, r.position")
GLOSSARY = ("SELECT g.release_date, g.term, t.text FROM release_glossary g JOIN rulebook_text t "
            "ON t.id = g.text_id WHERE g.release_date IN ({days}) "
            "ORDER BY g.release_date, g.position")


def _read(bind: sa.Connection, query: str, days: list[date]) -> dict[date, list[tuple[str, str]]]:
    """Each day's (number or term, text) in file order, all days in one query through the
    driver: a query a day joins every text again (10 ms a day on PostgreSQL, 135 days from
    empty), and SQLAlchemy's rows cost more than the reading (355,000 of them)."""
    if not days:
        return {}
    sqlite = bind.dialect.name == "sqlite"
    cursor = bind.connection.cursor()
    cursor.execute(query.format(days=", ".join(["?" if sqlite else "%s"] * len(days))),
                   [_as_date(day).isoformat() if sqlite else _as_date(day) for day in days])
    by_day: dict[Any, list[tuple[str, str]]] = {}
    for day, name, text in cursor.fetchall():
        by_day.setdefault(day, []).append((name, text))
    return {_as_date(day): rows for day, rows in by_day.items()}


def _as_date(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))
