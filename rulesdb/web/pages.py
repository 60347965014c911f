"""What each page shows, as plain data from the library's questions (no web framework here).

Each function takes a SQLAlchemy Engine on the served file and returns a dict for a template;
an unknown release or word raises :class:`NotFound` with the sentence the page shows.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape
from sqlalchemy import Engine, inspect

from rulesdb.errors import RulesdbError
from rulesdb.questions import glossary, listings, rulebook, rulebook_diff, search
from rulesdb.questions.diff import (
    CARD_TYPES,
    SUPERTYPES,
    Comparison,
    compare,
    vocabulary_title,
)
from rulesdb.questions.lifetime import cite, history
from rulesdb.questions.reading import fetch
from rulesdb.questions.term_reasons import term_reasons
from rulesdb.questions.worddiff import changed, word_diff
from rulesdb.store.descriptions import table_description
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import parent_number


class NotFound(RulesdbError):
    """No such release or word: the page says so (HTTP 404), with where to look instead."""

    def __init__(
        self,
        message: str,
        suggestion: dict[str, str] | None = None,
        nearest: list[dict[str, str]] | None = None,
    ) -> None:
        super().__init__(message)
        self.suggestion = suggestion  # {"href": ..., "label": ...}, or None
        self.nearest = nearest or []  # [{"href": ..., "label": ...}]: names spelled like it


SEARCH_LIMIT = 25  # results on the search page


def release_dates(engine: Engine) -> list[str]:
    return [row["effective_date"] for row in listings.releases(engine)]


def home(engine: Engine) -> dict[str, Any]:
    """The releases, newest first, each with what changed from the one before in a few words."""
    rows = listings.releases(engine)
    timeline = []
    for index, row in enumerate(rows):
        day = row["effective_date"]
        if index == 0:
            summary, previous = "first release loaded", None
        else:
            previous = rows[index - 1]["effective_date"]
            summary = summarise(
                compare(engine, date.fromisoformat(previous), date.fromisoformat(day))
            )
        timeline.append(
            {
                "date": day,
                "source_file": row["source_file"],
                "summary": summary,
                "previous": previous,
                "set": row["set"],
            }
        )
    return {
        "releases": list(reversed(timeline)),
        "objects": described_objects(engine),
        "rulebook": rulebook_sections(engine),
        "words": every_word(engine),
    }


def every_word(engine: Engine) -> list[str]:
    """Every name any release lists (types, subtypes, keywords): the home page's word box
    suggests them."""
    with engine.connect() as connection:
        rows = fetch(connection, "SELECT DISTINCT name FROM v_lifetime")
    return sorted({row["name"] for row in rows}, key=str.casefold)


def described_objects(engine: Engine) -> list[dict[str, str]]:
    """Every table and view the database has, with its description (views first)."""
    found = inspect(engine)
    objects = [
        *(("view", name) for name in found.get_view_names()),
        *(("table", name) for name in found.get_table_names()),
    ]
    return [
        {"kind": kind, "name": name, "description": table_description(name) or ""}
        for kind, name in objects
    ]


def summarise(comparison: Comparison) -> str:
    """'tribal → kindred; 3 creature types merged': a release's change in a few words."""
    parts = [f"{item['from']} → {item['to']}" for item in comparison.renamed]
    for sign, lists, whole in (
        ("+", comparison.added, comparison.first_listed),
        ("−", comparison.removed, comparison.last_listed),
    ):
        parts += [
            f"{len(names)} {_noun(key, len(names))} {'first' if sign == '+' else 'last'} listed"
            if key in whole  # a list that begins (ends) here: none is new (gone)
            else f"{sign}{len(names)} {_noun(key, len(names))}"
            for key, names in lists.items()
        ]
    merged: dict[str, int] = {}
    for item in comparison.merged:  # Naga → Snake: the cards took another subtype
        merged[item["category"]] = merged.get(item["category"], 0) + 1
    parts += [f"{count} {_noun(key, count)} merged" for key, count in merged.items()]
    if parts:
        return "; ".join(parts)
    if comparison.rules_changed:
        return f"rule text only ({', '.join(comparison.rules_changed[:3])}" + (
            ", …)" if len(comparison.rules_changed) > 3 else ")"
        )
    return "no change to the type lists"


def _noun(key: str, count: int) -> str:
    """What ``count`` items of ``key`` are called (a diff's list, a keyword kind, a category),
    singular for one: "1 subtype", "2 keyword abilities", "1 creature type"."""
    nouns = {
        "keyword_abilities": ("keyword ability", "keyword abilities"),
        "keyword_actions": ("keyword action", "keyword actions"),
        "ability_words": ("ability word", "ability words"),
        "keyword_ability": ("keyword ability", "keyword abilities"),
        "keyword_action": ("keyword action", "keyword actions"),
        "ability_word": ("ability word", "ability words"),
        "subtype": ("subtype", "subtypes"),
    }
    if key in nouns:
        return nouns[key][count != 1]
    noun = {CARD_TYPES: "card type", SUPERTYPES: "supertype"}.get(key, f"{key} type")
    return noun if count == 1 else noun + "s"


def release(engine: Engine, day: str) -> dict[str, Any]:
    """One release's lists: card types, supertypes, each category's subtypes, its notes."""
    effective = _release_day(engine, day)
    days = release_dates(engine)
    position = days.index(effective.isoformat())
    with engine.connect() as connection:
        categories = fetch(
            connection,
            "SELECT category, rule FROM release_category WHERE release_date = :day",
            day=effective,
        )
        belongs = fetch(
            connection,
            "SELECT category, card_type FROM release_category_card_type WHERE release_date = :day",
            day=effective,
        )
        source = fetch(
            connection, "SELECT source_file FROM release WHERE effective_date = :day", day=effective
        )[0]["source_file"]
        notes = release_notes(connection, effective)
    subtypes = listings.subtypes(engine, as_of=effective)
    sections = []
    for item in sorted(categories, key=lambda c: c["rule"]):
        names = [s["name"] for s in subtypes if s["category"] == item["category"]]
        sections.append(
            {
                "category": item["category"],
                "rule": item["rule"],
                "card_types": sorted(
                    b["card_type"] for b in belongs if b["category"] == item["category"]
                ),
                "names": names,
                "size": f"{len(names)} {_noun('subtype', len(names))}",
            }
        )
    sets = listings.release_sets(engine)
    code, name = sets.get(effective.isoformat(), (None, None))
    return {
        "date": effective.isoformat(),
        "source_file": source,
        "set": f"Came with {name} ({code})"
        if code
        else "Set unknown: it prints a new set's rules, but no source names the product"
        if effective.isoformat() in listings.unknown_sets(engine)
        else f"An {listings.BETWEEN_SETS}",
        "previous": days[position - 1] if position else None,
        "next": days[position + 1] if position + 1 < len(days) else None,
        "card_types": listings.card_types(engine, effective),
        "supertypes": listings.supertypes(engine, effective),
        "categories": sections,
        "subtype_count": len(subtypes),
        "notes": notes,
        "rulebook": rulebook_sections(engine, effective.isoformat()),
        "keywords": keyword_groups(engine, effective),
    }


KEYWORD_KINDS = (
    ("keyword_ability", "Keyword abilities", "702"),
    ("keyword_action", "Keyword actions", "701"),
    ("ability_word", "Ability words", "207.2c"),
)


def keyword_groups(engine: Engine, day: date) -> list[dict[str, Any]]:
    """The release's keywords by kind, in the rulebook's order (its rule numbers), each kind
    with its count; [] when the database has no keyword lists for the release."""
    rows = listings.release_keywords(engine, day)
    groups = []
    for kind, title, rule in KEYWORD_KINDS:
        found = sorted(
            (row for row in rows if row["kind"] == kind),
            key=lambda row: (_rule_order(row["rule"]), row["name"].casefold()),
        )
        if found:
            groups.append(
                {
                    "kind": kind,
                    "title": title,
                    "rule": rule,
                    "items": found,
                    "size": f"{len(found)} {_noun(kind, len(found))}",
                }
            )
    return groups


def _rule_order(number: str) -> list[tuple[int, str]]:
    """702.9 before 702.19: a rule number's digits compared as numbers."""
    return [
        (int(part), "") if part.isdigit() else (-1, part)
        for part in re.split(r"(\d+)", number)
        if part
    ]


def release_notes(connection: Any, day: date) -> list[dict[str, Any]] | None:
    """The release's notes (archive releases: their anomalies), if the schema has them.

    ``release_note`` is another stage's table; shown with whatever columns it has, so this page
    needs no change when it lands. None when the table does not exist.
    """
    if not inspect(connection).has_table("release_note"):
        return None
    rows = fetch(connection, "SELECT * FROM release_note WHERE release_date = :day", day=day)
    return [{key: value for key, value in row.items() if key != "release_date"} for row in rows]


def diff(engine: Engine, from_day: str, to_day: str) -> dict[str, Any]:
    """The comparison between the releases in force on two dates, as `rulesdb diff` has it,
    laid out for the page: each vocabulary's names, each changed rule's text before and after
    with its words marked."""
    start, end = _date(from_day), _date(to_day)
    try:
        comparison = compare(engine, start, end)
    except RulesdbError as exc:
        raise NotFound(str(exc)) from None
    order = list(comparison.vocabularies)
    keys = {*comparison.added, *comparison.removed}
    vocabularies = [
        {
            "title": vocabulary_title(key),
            "added": comparison.added.get(key, []),
            "removed": comparison.removed.get(key, []),
        }
        for key in [*(k for k in order if k in keys), *sorted(keys - set(order))]
    ]
    return {
        "from": comparison.from_date.isoformat(),
        "to": comparison.to_date.isoformat(),
        "comparison": comparison,
        "vocabularies": vocabularies,
        "rules": changed_rules(engine, comparison),
    }


LONG_RULE = 400  # characters: a changed rule longer than this starts collapsed


def changed_rules(engine: Engine, comparison: Comparison) -> dict[str, list[dict[str, Any]]]:
    """The whole rulebook's changes between the two releases, as `rulesdb rule-diff` finds
    them (each rule followed by its lineage): changed and moved rules with their words marked,
    added and removed ones with their text; each with the release to link it in."""
    found: dict[str, list[dict[str, Any]]] = {
        "changed": [],
        "moved": [],
        "added": [],
        "removed": [],
    }
    if comparison.from_date == comparison.to_date:
        return found
    try:
        notes = rulebook_diff.rule_diff(engine, comparison.from_date, comparison.to_date)
    except RulesdbError:
        return found  # a release without its rulebook: the type rules above are all there is
    old, new = notes.from_date, notes.to_date

    def entry(number: str, day: str, before: str, after: str, **more: Any) -> dict[str, Any]:
        return {
            "number": number,
            "link": number.partition("#")[0],
            "release": day,
            "pieces": word_diff(before, after),
            "long": max(len(before), len(after)) > LONG_RULE,
            "why": notes.why.get(number.partition("#")[0], []),  # Wizards' reasons
            **more,
        }

    for change in notes.changed:
        found["changed"].append(entry(change["number"], new, change["before"], change["after"]))
    for move in notes.moved:
        found["moved"].append(
            entry(
                move["to"],
                new,
                move["before"],
                move["after"],
                was=move["from"],
                was_link=move["from"].partition("#")[0],
                was_release=old,
                reworded=move["changed"],
            )
        )
    for number in notes.added:
        text = notes.titles.get(number, "")
        found["added"].append(entry(number, new, text, text))
    for number in notes.removed:
        text = notes.titles.get(number, "")
        found["removed"].append(entry(number, old, text, text))
    found["bulletins"] = [{"sentence": c.sentence(), **c.to_json()} for c in notes.coverage]
    return found


def word(engine: Engine, name: str) -> dict[str, Any]:
    """A word's listings through the releases (one per kind and category), with citations."""
    try:
        found = history(engine, name)
    except RulesdbError as exc:
        nearest = [
            {"href": f"/word/{quote(n, safe='')}", "label": n} for n in getattr(exc, "nearest", [])
        ]
        raise NotFound(str(exc), {"href": "/", "label": "the list of releases"}, nearest) from None
    first_listing = _first_listing(engine)
    cited: dict[str, list[Any]] = {}
    entries = []
    for listing in found:
        if listing.last_listed not in cited:
            cited[listing.last_listed] = cite(
                engine, listing.name, date.fromisoformat(listing.last_listed)
            )
        citations = [
            c
            for c in cited[listing.last_listed]
            if (c.kind, c.category, c.name) == (listing.kind, listing.category, listing.name)
        ]
        began = first_listing.get(listing.category or listing.kind)
        entries.append(
            {
                "listing": listing,
                "citations": citations,
                # the first release listing that category at all, when it is that
                "list_began": began if began == listing.first_listed else None,
            }
        )
    return {"word": found[0].name, "entries": entries}


def _first_listing(engine: Engine) -> dict[str, str]:
    """The first release listing each subtype category, card types and supertypes."""
    with engine.connect() as connection:
        rows = fetch(
            connection,
            "SELECT category AS what, MIN(release_date) AS day "
            "FROM release_category GROUP BY category "
            "UNION ALL SELECT 'card_type', MIN(release_date) "
            "FROM release_card_type "
            "UNION ALL SELECT 'supertype', MIN(release_date) "
            "FROM release_supertype",
        )
    return {row["what"]: str(row["day"]) for row in rows if row["day"] is not None}


def category_sizes(engine: Engine) -> dict[str, list[tuple[str, int | None]]]:
    """Each category's number of subtypes in every release, oldest first: None where the
    release does not list the category (the chart's line breaks there)."""
    with engine.connect() as connection:
        rows = fetch(
            connection,
            "SELECT c.release_date AS day, c.category, COUNT(s.name) AS size "
            "FROM release_category c LEFT JOIN release_subtype s "
            "ON s.release_date = c.release_date AND s.category = c.category "
            "GROUP BY c.release_date, c.category",
        )
    listed = {(str(row["day"]), row["category"]): int(row["size"]) for row in rows}
    days = release_dates(engine)
    return {
        name: [(day, listed.get((day, name))) for day in days]
        for name in listings.category_names(engine)
    }


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise NotFound(f"{value!r} is not a date (YYYY-MM-DD)") from None


def _release_day(engine: Engine, day: str) -> date:
    wanted = _date(day)
    if wanted.isoformat() in release_dates(engine):
        return wanted
    try:
        in_force = release_in_force(engine, wanted)
    except RulesdbError as exc:
        raise NotFound(
            f"No release took effect on {wanted.isoformat()}: {exc}.",
            {"href": "/", "label": "the list of releases"},
        ) from None
    raise NotFound(
        f"No release took effect on {wanted.isoformat()}; the release in force that "
        f"day took effect on {in_force.isoformat()}.",
        {"href": f"/release/{in_force.isoformat()}", "label": f"release {in_force.isoformat()}"},
    )


# --- the rulebook: rule and glossary pages, search ------------------------------------------


def rulebook_sections(engine: Engine, day: str | None = None) -> list[dict[str, str]]:
    """The rulebook's sections (1 Game Concepts … 9) in the release in force, [] without one."""
    with engine.connect() as connection:
        effective = release_in_force(connection, _as_of(day))
        return fetch(
            connection,
            "SELECT r.number, t.text FROM rule_span r "
            "JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')} AND length(r.number) = 1 "
            "AND r.occurrence = 1 ORDER BY r.number",
            day=effective,
        )


def rule_page(engine: Engine, number: str, day: str | None = None) -> dict[str, Any]:
    """A rule in the release in force on ``day``: its text, examples, subrules, and every
    version of the rule (its lineage: through renumbering and rewording), each with its words
    marked against the version before; a version that only retypeset the one before is
    folded into it."""
    try:
        found = rulebook.rule(engine, number, _as_of(day))
        versions = rulebook.rule_history(
            engine, found.number, _date(found.release), substantive=True
        )
    except RulesdbError as exc:
        raise NotFound(_sentence(exc), _search_link(number, day)) from None
    parent = parent_number(found.number)
    entries: list[dict[str, Any]] = []
    for before, version in zip([None, *versions], versions, strict=False):
        pieces = word_diff(before.text, version.text) if before is not None else None
        entries.append(
            {
                "version": version,
                "pieces": pieces,
                # different text that compares the same: only its typography changed
                "typography_only": before is not None
                and pieces is not None
                and not changed(pieces)
                and before.text != version.text,
            }
        )
    return {
        "rule": found,
        "parent": parent,
        "versions": entries,
        "as_of": found.release,
        "sections": rulebook_sections(engine, found.release),
    }


def glossary_page(engine: Engine, term: str, day: str | None = None) -> dict[str, Any]:
    """A glossary entry in the release in force on ``day``, and each of its texts in turn."""
    try:
        entry = glossary.glossary(engine, term, _as_of(day))
    except RulesdbError as exc:
        raise NotFound(_sentence(exc), _search_link(term, day)) from None
    versions = glossary.glossary_history(engine, entry["term"], substantive=True)
    with engine.connect() as connection:  # each version's reasons: its first release's bulletin
        why = term_reasons(connection, [(entry["term"], [v["first_release"] for v in versions])])
    return {
        "entry": entry,
        "as_of": entry["release"],
        "versions": [
            {**v, "why": [r for r in why.get(entry["term"], []) if r.release == v["first_release"]]}
            for v in versions
        ],
    }


def search_page(
    engine: Engine, words: str, day: str | None = None, page: str | None = None
) -> dict[str, Any]:
    """Rules and glossary entries matching ``words`` in the release in force on ``day``,
    SEARCH_LIMIT a page (``page`` counts from 1), with how many match in all."""
    releases = rulebook_releases(engine)  # the form's release picker, newest first
    if not words.strip():
        return {
            "q": "",
            "as_of": day or "",
            "results": None,
            "problem": None,
            "rulebook_releases": releases,
        }
    try:
        effective = release_in_force(engine, _as_of(day))
        number = int(page) if page and page.isdigit() and 0 < int(page) < 10_000 else 1
        offset = (number - 1) * SEARCH_LIMIT
        results = search.search(engine, words, effective, limit=SEARCH_LIMIT, offset=offset)
        total = search.search_count(engine, words, effective)
    except RulesdbError as exc:
        return {
            "q": words,
            "as_of": day or "",
            "results": None,
            "problem": _sentence(exc),
            "rulebook_releases": releases,
        }
    shown = [{**result, "html": highlighted(result["snippet"])} for result in results]
    pages = max(1, -(-total // SEARCH_LIMIT))

    def link(to: int) -> str:
        return "/search?" + urlencode({"q": words, "as_of": effective.isoformat(), "page": to})

    return {
        "q": words,
        "as_of": effective.isoformat(),
        "results": shown,
        "problem": None,
        "limit": SEARCH_LIMIT,
        "rulebook_releases": releases,
        "total": total,
        "first": offset + 1,
        "page": number,
        "pages": pages,
        "previous": link(number - 1) if number > 1 else None,
        "next": link(number + 1) if number < pages else None,
    }


def rulebook_releases(engine: Engine) -> list[str]:
    """The releases whose rulebook text is loaded, newest first ([] before the rulebook's
    revision)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("release_rulebook"):
            return []
        rows = fetch(connection, "SELECT release_date AS day FROM release_rulebook")
    return sorted((str(row["day"]) for row in rows), reverse=True)


def highlighted(snippet: str) -> Markup:
    """The search snippet, escaped, with its ``**``-delimited words in <mark>."""
    parts = str(escape(snippet)).split(search.HIGHLIGHT)
    return Markup(
        "".join(
            part if index % 2 == 0 else f"<mark>{part}</mark>" for index, part in enumerate(parts)
        )
    )


def _as_of(day: str | None) -> date | None:
    return _date(day) if day else None


def _sentence(exc: Exception) -> str:
    message = str(exc)
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")


def _search_link(words: str, day: str | None) -> dict[str, str]:
    query = urlencode({"q": words, **({"as_of": day} if day else {})})
    return {"href": f"/search?{query}", "label": f"a search of the rulebook for {words!r}"}
