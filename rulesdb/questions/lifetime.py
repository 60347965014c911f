"""One word through the releases: when it was listed (``history``) and where (``cite``).

A word is looked up ignoring case and apostrophe style (``urza's`` finds ``Urza’s``) among
every card type, supertype and subtype any loaded release lists, and every keyword ability,
keyword action and ability word (for the releases whose rulebook is loaded). Plain SQL
through SQLAlchemy Core; results sorted in Python so both backends answer alike.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypedDict

from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions.listings import (
    category_names,
    check_category,
    has_keywords,
    keyword_days,
    release_card_types,
    release_keywords,
    release_subtypes,
    release_supertypes,
)
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.questions.rulebook_texts import glossary_texts, release_texts
from rulesdb.questions.successors import later_of, later_words, merges_of, successor
from rulesdb.store.releases import release_in_force
from rulesdb.util.keyword_kinds import KINDS as KEYWORD_KINDS
from rulesdb.util.names import lookup_key
from rulesdb.util.rule_numbers import rule_key
from rulesdb.vocabulary.release import Later

KINDS = ("card_type", "supertype", "subtype", *KEYWORD_KINDS)


class ListedSpan(TypedDict):
    """A run of consecutive releases that list an item (a row of the view v_listed_span)."""

    first_listed: str  # YYYY-MM-DD
    last_listed: str
    listed_in: int  # releases in the run
    dropped_in: str | None  # the first release after the run, which does not list it


@dataclass(frozen=True)
class Listing:
    """One item (a card type, a supertype, or a subtype of one category) through the releases."""

    kind: str  # card_type | supertype | subtype | keyword_ability | keyword_action | ability_word
    category: str | None  # the subtype's category; None for the other kinds
    name: str  # the CR's spelling
    releases: list[str]  # effective dates (YYYY-MM-DD) of the releases listing it, oldest first
    first_listed: str
    last_listed: str
    left: str | None  # the first release after last_listed that no longer lists it, if any
    # Each run of consecutive releases listing it: more than one where it was left out and
    # listed again (Dog: 2003-12-01 to 2007-09-07, then from 2020-07-03).
    spans: list[ListedSpan] = field(default_factory=list)
    renamed_from: list[dict[str, str]] = field(default_factory=list)  # release_date, from, to
    renamed_to: list[dict[str, str]] = field(default_factory=list)
    merged_from: list[dict[str, str]] = field(default_factory=list)  # release_date, from, to
    merged_into: list[dict[str, str]] = field(default_factory=list)
    # After merged_into, never instead: what later Oracles made of its cards (Entity: Beast
    # on 2007-10-01, Illusion in the Oracle of 2022).
    later: list[Later] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "category": self.category,
            "name": self.name,
            "first_listed": self.first_listed,
            "last_listed": self.last_listed,
            "left": self.left,
            "spans": [dict(span) for span in self.spans],
            "releases": list(self.releases),
            "renamed_from": [dict(r) for r in self.renamed_from],
            "renamed_to": [dict(r) for r in self.renamed_to],
            "merged_from": [dict(r) for r in self.merged_from],
            "merged_into": [dict(r) for r in self.merged_into],
            "later": [dict(r) for r in self.later],
        }


@dataclass(frozen=True)
class Citation:
    """A rule that lists, defines or points to a word in one release."""

    release_date: str
    kind: str
    category: str | None
    name: str
    rule: str
    relation: str  # lists | defines | mentions | cross-reference | basic land type | glossary
    via: str | None  # for a cross-reference: the rule that points to ``rule``
    text: str | None  # the rule's text (for a glossary entry, its definition; ``rule`` is
    # then the term); None only for a release loaded without its rulebook

    def to_json(self) -> dict[str, Any]:
        return {
            "release_date": self.release_date,
            "kind": self.kind,
            "category": self.category,
            "name": self.name,
            "rule": self.rule,
            "relation": self.relation,
            "via": self.via,
            "text": self.text,
        }


def history(bind: Bind, word: str, category: str | None = None) -> list[Listing]:
    """Every item spelled like ``word``, with the releases that list it and its renames.

    ``category`` restricts the answer to the subtypes of that category.
    """
    with connected(bind) as connection:
        if category is not None:
            category = check_category(connection, category)
        items = _matching_items(connection, word, category)
        all_days = [
            as_date(row["d"]).isoformat()
            for row in fetch(connection, "SELECT effective_date AS d FROM release")
        ]
        all_days.sort()
        found = (_listing(connection, kind, cat, name, all_days) for kind, cat, name in items)
        listings = [listing for listing in found if listing is not None]
        if not listings:
            raise _unknown(word, category, nearest_names(connection, word, category))
    return listings


def cite(bind: Bind, word: str, as_of: date | None = None) -> list[Citation]:
    """The rules of the release in force on ``as_of`` that list, define or point to ``word``."""
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        key = lookup_key(word)
        found: list[Citation] = []
        rulebook = release_texts(connection, day)
        glossary = glossary_texts(connection, day)
        # Rule 205 and 305.6 keep the text the vocabulary was read from (examples included).
        texts = rulebook | {
            row["number"]: row["text"]
            for row in fetch(
                connection, "SELECT number, text FROM rule_text WHERE release_date = :day", day=day
            )
        }
        for row in release_card_types(connection, day):
            if lookup_key(row["name"]) == key:
                found += _card_type_citations(day, row, texts)
        for row in release_supertypes(connection, day):
            if lookup_key(row["name"]) == key:
                found += _supertype_citations(connection, day, row, texts)
        for row in release_subtypes(connection, day):
            if lookup_key(row["name"]) == key:
                found += _subtype_citations(connection, day, row, texts)
        for row in release_keywords(connection, day):
            if lookup_key(row["name"]) == key:  # the rule it titles, or the rule listing it
                found.append(
                    _maker(day, row["kind"], None, row["name"], texts)(row["rule"], "lists")
                )
        if not found:
            if _matching_items(connection, word, None):
                when = f"on {as_of.isoformat()}" if as_of else "now"
                went = successor(connection, word, day)
                became, see = "", ""
                if went is not None:
                    became = (
                        f"; {'merged into' if went['change'] == 'merged' else 'renamed'} "
                        f"{went['to']} on {went['release_date']} ({went['rule']})"
                    ) + "".join(later_words(fact) for fact in went["later"])
                    see = f"rulesdb cite {_shell_word(went['to_all'][0])} or "
                raise RulesdbError(
                    f"{word!r} is not listed in release {day.isoformat()} (in force {when})"
                    f"{became}; see: {see}rulesdb history {_shell_word(word)}"
                )
            raise _unknown(word, None, nearest_names(connection, word))
        items = sorted(
            {(c.kind, c.category, c.name) for c in found},
            key=lambda item: (item[0], item[1] or "", item[2]),
        )
        mentions = [
            mention
            for kind, category, name in items
            for mention in _mentions(day, kind, category, name, rulebook, glossary)
        ]
    order = {kind: index for index, kind in enumerate(KINDS)}

    def ordered(citations: list[Citation]) -> list[Citation]:
        return sorted(
            citations,
            key=lambda c: (
                order[c.kind],
                c.category or "",
                c.name,
                c.relation == "glossary",
                rule_key(c.rule),
            ),
        )

    # What the type vocabulary says first, as before the rulebook; then the rules and
    # glossary entries that mention the word and are not cited already.
    unique: dict[tuple[str, str | None, str, str], Citation] = {}
    for citation in [*ordered(found), *ordered(mentions)]:
        unique.setdefault(
            (citation.kind, citation.category, citation.name, citation.rule), citation
        )
    return list(unique.values())


def _mentions(
    day: date,
    kind: str,
    category: str | None,
    name: str,
    rules: dict[str, str],
    glossary: dict[str, str],
) -> list[Citation]:
    """Every rule and glossary entry of the release whose text has the name as a whole word,
    in any case, or its plural (Aura → Auras; Equipment is its own)."""
    pattern = mention_pattern(name)
    found = [
        Citation(day.isoformat(), kind, category, name, number, "mentions", None, text)
        for number, text in rules.items()
        if pattern.search(text)
    ]
    found += [
        Citation(day.isoformat(), kind, category, name, term, "glossary", None, text)
        for term, text in glossary.items()
        if pattern.search(term) or pattern.search(text)
    ]
    return found


def mention_pattern(name: str) -> re.Pattern[str]:
    """The name and its regular English plurals as whole words, any case, either apostrophe."""
    forms = {name, name + "s", name + "es"}
    if name.endswith("y"):
        forms.add(name[:-1] + "ies")
    if name.endswith("f"):
        forms.add(name[:-1] + "ves")
    if name.endswith("fe"):
        forms.add(name[:-2] + "ves")
    alternatives = "|".join(
        re.escape(form).replace("’", "['’]").replace("'", "['’]")
        for form in sorted(forms, key=len, reverse=True)
    )
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _card_type_citations(day: date, row: dict[str, Any], texts: dict[str, str]) -> list[Citation]:
    cite_ = _maker(day, "card_type", None, row["name"], texts)
    found = [cite_(row["rule"], "lists")]
    if row["section"]:
        found.append(cite_(row["section"], "defines"))
    return found


def _supertype_citations(
    connection: Connection, day: date, row: dict[str, Any], texts: dict[str, str]
) -> list[Citation]:
    cite_ = _maker(day, "supertype", None, row["name"], texts)
    found = [cite_(row["rule"], "lists")]
    references = fetch(
        connection,
        "SELECT rule, cited_in FROM supertype_reference "
        "WHERE release_date = :day AND supertype = :name",
        day=day,
        name=row["name"],
    )
    for ref in sorted(references, key=lambda r: (rule_key(r["cited_in"]), rule_key(r["rule"]))):
        found.append(cite_(ref["cited_in"], "mentions"))
        found.append(cite_(ref["rule"], "cross-reference", via=ref["cited_in"]))
    return found


def _subtype_citations(
    connection: Connection, day: date, row: dict[str, Any], texts: dict[str, str]
) -> list[Citation]:
    cite_ = _maker(day, "subtype", row["category"], row["name"], texts)
    found = [cite_(row["rule"], "lists")]
    params = {"day": day, "category": row["category"], "name": row["name"]}
    for ref in fetch(
        connection,
        "SELECT rule FROM subtype_reference WHERE release_date = :day "
        "AND category = :category AND name = :name",
        **params,
    ):
        found.append(cite_(ref["rule"], "cross-reference", via=row["rule"]))
    for basic in fetch(
        connection,
        "SELECT rule FROM basic_land_type WHERE release_date = :day "
        "AND category = :category AND name = :name",
        **params,
    ):
        found.append(cite_(basic["rule"], "basic land type"))
    return found


def _maker(
    day: date, kind: str, category: str | None, name: str, texts: dict[str, str]
) -> Callable[..., Citation]:
    def make(rule: str, relation: str, via: str | None = None) -> Citation:
        return Citation(
            release_date=day.isoformat(),
            kind=kind,
            category=category,
            name=name,
            rule=rule,
            relation=relation,
            via=via,
            text=texts.get(rule),
        )

    return make


def _matching_items(
    connection: Connection, word: str, category: str | None
) -> list[tuple[str, str | None, str]]:
    """(kind, category, name) of every name ever used that is spelled like ``word``."""
    key = lookup_key(word)
    if not key:
        return []
    items = [item for item in _every_item(connection, category) if lookup_key(item[2]) == key]
    order = {kind: index for index, kind in enumerate(KINDS)}
    categories = {name: index for index, name in enumerate(category_names(connection))}
    return sorted(items, key=lambda i: (order[i[0]], categories.get(i[1] or "", -1), i[2]))


def _every_item(connection: Connection, category: str | None) -> list[tuple[str, str | None, str]]:
    """(kind, category, name) of every name ever used (of ``category``'s subtypes, if given)."""
    items: list[tuple[str, str | None, str]] = []
    if category is None:
        items += [
            ("card_type", None, row["name"])
            for row in fetch(connection, "SELECT name FROM card_type")
        ]
        items += [
            ("supertype", None, row["name"])
            for row in fetch(connection, "SELECT name FROM supertype")
        ]
    items += [
        ("subtype", row["category"], row["name"])
        for row in fetch(connection, "SELECT category, name FROM subtype")
        if category in (None, row["category"])
    ]
    if category is None and has_keywords(connection):
        items += [
            (row["kind"], None, row["name"])
            for row in fetch(connection, "SELECT kind, name FROM keyword")
        ]
    return items


def nearest_names(
    connection: Connection, word: str, category: str | None = None, count: int = 4
) -> list[str]:
    """The names any release listed (as ``category`` subtypes, if given) spelled most like
    ``word``: the suggestions for a misspelling."""
    names = {lookup_key(name): name for _, _, name in _every_item(connection, category)}
    return [
        names[key]
        for key in difflib.get_close_matches(lookup_key(word), list(names), n=count, cutoff=0.75)
    ]


def _listing(
    connection: Connection, kind: str, category: str | None, name: str, all_days: list[str]
) -> Listing | None:
    if kind == "card_type":
        rows = fetch(
            connection,
            "SELECT release_date FROM release_card_type WHERE card_type = :name",
            name=name,
        )
        renames = fetch(
            connection,
            "SELECT release_date, old_name, new_name FROM "
            "card_type_rename WHERE old_name = :name OR new_name = :name",
            name=name,
        )
    elif kind == "supertype":
        rows = fetch(
            connection,
            "SELECT release_date FROM release_supertype WHERE supertype = :name",
            name=name,
        )
        renames = []
    elif kind in KEYWORD_KINDS:
        rows = fetch(
            connection,
            "SELECT release_date FROM release_keyword WHERE kind = :kind AND name = :name",
            kind=kind,
            name=name,
        )
        renames = fetch(
            connection,
            "SELECT release_date, old_name, new_name FROM "
            "keyword_rename WHERE kind = :kind AND "
            "(old_name = :name OR new_name = :name)",
            kind=kind,
            name=name,
        )
        # Keywords are known only where the rulebook is: it leaves at the next such release.
        all_days = [day.isoformat() for day in keyword_days(connection)]
    else:
        rows = fetch(
            connection,
            "SELECT release_date FROM release_subtype WHERE category = :category AND name = :name",
            category=category,
            name=name,
        )
        renames = fetch(
            connection,
            "SELECT release_date, old_name, new_name FROM subtype_rename "
            "WHERE category = :category AND "
            "(old_name = :name OR new_name = :name)",
            category=category,
            name=name,
        )
    days = sorted(as_date(row["release_date"]).isoformat() for row in rows)
    if not days:
        return None  # a name only a rename remembers, in a database downgraded past it
    last_index = all_days.index(days[-1])
    left = all_days[last_index + 1] if last_index + 1 < len(all_days) else None
    notes = sorted(
        (
            {
                "release_date": as_date(r["release_date"]).isoformat(),
                "from": r["old_name"],
                "to": r["new_name"],
            }
            for r in renames
        ),
        key=lambda r: (r["release_date"], r["from"]),
    )
    merges = sorted(
        merges_of(connection, category, name) if kind == "subtype" else [],
        key=lambda r: (r["release_date"], r["from"]),
    )
    return Listing(
        kind=kind,
        category=category,
        name=name,
        releases=days,
        first_listed=days[0],
        last_listed=days[-1],
        left=left,
        spans=listed_spans(days, all_days),
        renamed_from=[r for r in notes if r["to"] == name],
        renamed_to=[r for r in notes if r["from"] == name],
        merged_from=[r for r in merges if r["to"] == name],
        merged_into=[r for r in merges if r["from"] == name],
        later=[
            fact
            for day in sorted({r["release_date"] for r in merges if r["from"] == name})
            for fact in later_of(connection, day, category or "", name)
        ],
    )


def listed_spans(days: list[str], all_days: list[str]) -> list[ListedSpan]:
    """The runs of ``days`` (sorted) that are consecutive among ``all_days`` (every release
    that could list the item, sorted)."""
    place = {day: index for index, day in enumerate(all_days)}
    runs: list[list[str]] = []
    for day in days:
        if runs and place[day] == place[runs[-1][-1]] + 1:
            runs[-1].append(day)
        else:
            runs.append([day])
    spans = []
    for run in runs:
        after = place[run[-1]] + 1
        spans.append(
            ListedSpan(
                first_listed=run[0],
                last_listed=run[-1],
                listed_in=len(run),
                dropped_in=all_days[after] if after < len(all_days) else None,
            )
        )
    return spans


class UnknownWord(RulesdbError):
    """A word no release lists; ``nearest`` are names spelled like it."""

    def __init__(self, message: str, nearest: list[str]) -> None:
        super().__init__(message)
        self.nearest = nearest


def _unknown(word: str, category: str | None, nearest: list[str]) -> UnknownWord:
    what = f"a {category} type" if category else "a card type, supertype, subtype or keyword"
    return UnknownWord(
        f"unknown word {word!r}: no release lists it as {what}"
        + (f"; nearest: {', '.join(nearest)}" if nearest else ""),
        nearest,
    )


def _shell_word(word: str) -> str:
    import shlex

    return shlex.quote(word)
