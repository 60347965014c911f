"""What changed between two CR releases: vocabulary added, removed and renamed; rules rewritten.

Plain SQL through SQLAlchemy Core (no ORM import); every result is sorted in Python, so the
output is the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import Connection

from rulesdb.questions.listings import (
    category_names,
    has_keywords,
    keyword_days,
    release_card_types,
    release_keywords,
    release_subtypes,
    release_supertypes,
)
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.questions.reasons import Reason, type_reasons
from rulesdb.store.releases import release_in_force
from rulesdb.util.rule_numbers import rule_key
from rulesdb.util.typography import fold_typography

CARD_TYPES = "card_types"
SUPERTYPES = "supertypes"
# The keyword vocabularies, after the types: diff key -> (kind, title).
KEYWORDS = {
    "keyword_abilities": ("keyword_ability", "Keyword abilities"),
    "keyword_actions": ("keyword_action", "Keyword actions"),
    "ability_words": ("ability_word", "Ability words"),
}
_KEYWORD_KEYS = {kind: key for key, (kind, _) in KEYWORDS.items()}


def normalise_rule_text(value: str) -> str:
    """Rule text with its typography folded, for comparing releases: quotes of every kind,
    apostrophes, dashes, spaces, italics markers and ™/® (:mod:`rulesdb.util.typography`). The
    2019-01-25 release survives only as a cp437 file whose quotes, apostrophes and dashes were
    folded to ASCII; without this, every rule would show as changed into and out of it
    although Wizards changed nothing. The cost: an edit of typography alone goes unreported."""
    return fold_typography(value)


def vocabulary_title(key: str) -> str:
    """'card_types' -> 'Card types', 'creature' -> 'Creature types'."""
    if key == CARD_TYPES:
        return "Card types"
    if key == SUPERTYPES:
        return "Supertypes"
    if key in KEYWORDS:
        return KEYWORDS[key][1]
    return f"{key.capitalize()} types"


@dataclass(frozen=True)
class Comparison:
    """The differences from one release to another (either may be the older one).

    ``added`` and ``removed`` map a vocabulary (``card_types``, ``supertypes``, a subtype
    category such as ``creature``, or ``keyword_abilities``, ``keyword_actions``,
    ``ability_words``) to sorted names; only vocabularies with a change appear. Keywords are
    compared only when both releases have their rulebook loaded.
    """

    from_date: date
    to_date: date
    added: dict[str, list[str]] = field(default_factory=dict)
    removed: dict[str, list[str]] = field(default_factory=dict)
    renamed: list[dict[str, str]] = field(default_factory=list)
    # Curated merges between the two releases ({kind, category, from, to}): the merged name
    # is in neither added nor removed.
    merged: list[dict[str, str]] = field(default_factory=list)
    rules_text_changed: list[str] = field(default_factory=list)
    rules_added: list[str] = field(default_factory=list)
    rules_removed: list[str] = field(default_factory=list)
    # The order vocabularies are reported in: card types, supertypes, then the categories in
    # the CR's order of lists (205.3g, 205.3h, ...).
    vocabularies: tuple[str, ...] = field(default=(), repr=False)
    # Vocabularies the one release has no list of at all: everything the other lists is
    # "added" (or "removed") only because the list begins (ends) there. Creature types are
    # first listed on 2003-12-01: its 378 are no 378 new creature types.
    first_listed: list[str] = field(default_factory=list)
    last_listed: list[str] = field(default_factory=list)
    # Wizards' words on the new subtypes of the releases in between (their bulletins' "New
    # Subtypes" entries, rulesdb.questions.reasons)
    why: list[Reason] = field(default_factory=list)

    @property
    def rules_changed(self) -> list[str]:
        """Every rule whose text differs, including rules only one of the releases has."""
        return sorted(
            {*self.rules_text_changed, *self.rules_added, *self.rules_removed}, key=rule_key
        )

    @property
    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.renamed or self.merged or self.rules_changed)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form: from, to, added, removed, renamed, merged, rules_changed, why
        (the bulletins' words on the new subtypes in between)."""
        return {
            "from": self.from_date.isoformat(),
            "to": self.to_date.isoformat(),
            "added": {key: list(names) for key, names in self.added.items()},
            "removed": {key: list(names) for key, names in self.removed.items()},
            "renamed": [dict(item) for item in self.renamed],
            "merged": [dict(item) for item in self.merged],
            "first_listed": list(self.first_listed),
            "last_listed": list(self.last_listed),
            "rules_changed": self.rules_changed,
            "why": [reason.to_json() for reason in self.why],
        }

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per change (change, kind, category, name), for tables and CSV."""
        rows: list[dict[str, Any]] = []
        for item in self.renamed:
            rows.append(
                {
                    "change": "renamed",
                    "kind": item["kind"],
                    "category": item.get("category"),
                    "name": f"{item['from']} → {item['to']}",
                }
            )
        for item in self.merged:
            rows.append(
                {
                    "change": "merged",
                    "kind": item["kind"],
                    "category": item["category"],
                    "name": f"{item['from']} → {item['to']}",
                }
            )
        for change, lists in (("added", self.added), ("removed", self.removed)):
            for key, names in lists.items():
                kind, category = _kind_of(key)
                rows += [
                    {"change": change, "kind": kind, "category": category, "name": name}
                    for name in names
                ]
        for change, numbers in (
            ("text changed", self.rules_text_changed),
            ("added", self.rules_added),
            ("removed", self.rules_removed),
        ):
            rows += [
                {"change": change, "kind": "rule", "category": None, "name": number}
                for number in numbers
            ]
        return rows

    def to_markdown(self) -> str:
        """Release notes a person reads: renames first, then each vocabulary, then rules."""
        lines = [f"## Changes from {self.from_date.isoformat()} to {self.to_date.isoformat()}"]
        if self.from_date == self.to_date:
            lines += ["", f"Both dates fall under the same release ({self.from_date.isoformat()})."]
            return "\n".join(lines) + "\n"
        if self.is_empty:
            lines += ["", "No changes to the type vocabulary or to rules 205 and 305.6."]
            return "\n".join(lines) + "\n"
        if self.renamed:
            lines += ["", "### Renamed", ""]
            for item in self.renamed:
                what = (
                    f"{item['category']} type"
                    if item["kind"] == "subtype"
                    else item["kind"].replace("_", " ")
                )
                lines.append(f"- {what}: {item['from']} → {item['to']}")
        if self.merged:
            lines += ["", "### Merged", ""]
            for item in self.merged:
                lines.append(
                    f"- {item['category']} type: {item['from']} → {item['to']} "
                    f"({item['from']} cards became {item['to']} cards)"
                )
        order = list(self.vocabularies) or [CARD_TYPES, SUPERTYPES]
        keys = {*self.added, *self.removed}
        for key in [*(k for k in order if k in keys), *sorted(keys - set(order))]:
            lines += ["", f"### {vocabulary_title(key)}", ""]
            if key in self.first_listed:
                lines.append(
                    f"- First listed (the release of {self.from_date.isoformat()} has no list "
                    f"of them): {', '.join(self.added[key])}"
                )
            elif key in self.added:
                lines.append(f"- Added: {', '.join(self.added[key])}")
            if key in self.last_listed:
                lines.append(
                    f"- Last listed (the release of {self.to_date.isoformat()} has no list "
                    f"of them): {', '.join(self.removed[key])}"
                )
            elif key in self.removed:
                lines.append(f"- Removed: {', '.join(self.removed[key])}")
        if self.rules_changed:
            lines += ["", "### Rules", ""]
            for label, numbers in (
                ("Text changed", self.rules_text_changed),
                ("Added", self.rules_added),
                ("Removed", self.rules_removed),
            ):
                if numbers:
                    lines.append(f"- {label}: {', '.join(numbers)}")
        if self.why:
            lines += ["", "### Why (Wizards' update bulletins)", ""]
            lines += [
                f"- {reason.release}, {reason.heading}: *{reason.line()}*" for reason in self.why
            ]
        return "\n".join(lines) + "\n"


def compare(bind: Bind, from_date: date, to_date: date) -> Comparison:
    """Compare the releases in force on two dates.

    A curated rename (``card_type_rename``, ``subtype_rename``) made by a release after the
    older one and up to the newer one shows as renamed, not as removed plus added; comparing
    backwards (``from_date`` later than ``to_date``) reverses it.
    """
    with connected(bind) as connection:
        old_day = release_in_force(connection, from_date)
        new_day = release_in_force(connection, to_date)
        old, new = _lists(connection, old_day), _lists(connection, new_day)
        if {old_day, new_day} <= set(keyword_days(connection)):
            old |= _keyword_lists(connection, old_day)
            new |= _keyword_lists(connection, new_day)
        order = (CARD_TYPES, SUPERTYPES, *category_names(connection), *KEYWORDS)
        added: dict[str, set[str]] = {}
        removed: dict[str, set[str]] = {}
        for key in [*order, *sorted((old.keys() | new.keys()) - set(order))]:
            before, after = old.get(key, set()), new.get(key, set())
            if after - before:
                added[key] = after - before
            if before - after:
                removed[key] = before - after
        renamed = []
        for key, kind, category, old_name, new_name in _rename_pairs(connection, old_day, new_day):
            if old_name in removed.get(key, ()) and new_name in added.get(key, ()):
                removed[key].discard(old_name)
                added[key].discard(new_name)
                item = {"kind": kind, "from": old_name, "to": new_name}
                if category is not None:
                    item = {"kind": kind, "category": category, "from": old_name, "to": new_name}
                renamed.append(item)
        merged = _merges(connection, old_day, new_day, added, removed)
        old_rules, new_rules = _rules(connection, old_day), _rules(connection, new_day)
        why = type_reasons(connection, old_day, new_day)
    changed = [
        number
        for number in old_rules.keys() & new_rules.keys()
        if normalise_rule_text(old_rules[number]) != normalise_rule_text(new_rules[number])
    ]
    added = {key: names for key, names in added.items() if names}
    removed = {key: names for key, names in removed.items() if names}
    return Comparison(
        from_date=old_day,
        to_date=new_day,
        added={key: sorted(names) for key, names in added.items()},
        removed={key: sorted(names) for key, names in removed.items()},
        renamed=sorted(renamed, key=lambda r: (r["kind"], r.get("category") or "", r["from"])),
        merged=merged,
        rules_text_changed=sorted(changed, key=rule_key),
        rules_added=sorted(new_rules.keys() - old_rules.keys(), key=rule_key),
        rules_removed=sorted(old_rules.keys() - new_rules.keys(), key=rule_key),
        vocabularies=order,
        first_listed=[key for key in added if not old.get(key)],
        last_listed=[key for key in removed if not new.get(key)],
        why=why,
    )


def _merges(
    connection: Connection,
    old_day: date,
    new_day: date,
    added: dict[str, set[str]],
    removed: dict[str, set[str]],
) -> list[dict[str, str]]:
    """Curated merges between the two releases, taken out of added/removed: comparing
    forwards the merged name was removed (and its successor added, if it is new: Hound ->
    Dog), backwards the other way round."""
    from rulesdb.questions.successors import merges_between

    low, high = sorted((old_day, new_day))
    gone, came = (removed, added) if old_day <= new_day else (added, removed)
    targets: dict[tuple[str, str], list[str]] = {}  # a type's cards may take several
    for row in merges_between(connection, low, high):
        if row["old_name"] in gone.get(row["category"], ()):
            targets.setdefault((row["category"], row["old_name"]), []).append(row["new_name"])
    merged = []
    for (category, old), names in sorted(targets.items()):
        gone[category].discard(old)
        for name in names:
            came.get(category, set()).discard(name)
        merged.append(
            {
                "kind": "subtype",
                "category": category,
                "from": old,
                "to": " and ".join(sorted(names)),
            }
        )
    return merged


def _kind_of(key: str) -> tuple[str, str | None]:
    if key == CARD_TYPES:
        return "card_type", None
    if key == SUPERTYPES:
        return "supertype", None
    if key in KEYWORDS:
        return KEYWORDS[key][0], None
    return "subtype", key


def _lists(connection: Connection, day: date) -> dict[str, set[str]]:
    lists: dict[str, set[str]] = {
        CARD_TYPES: {row["name"] for row in release_card_types(connection, day)},
        SUPERTYPES: {row["name"] for row in release_supertypes(connection, day)},
    }
    for row in release_subtypes(connection, day):
        lists.setdefault(row["category"], set()).add(row["name"])
    return lists


def made_by(
    connection: Connection, start: date, days: list[date], comparison: Comparison
) -> dict[str, dict[str, dict[str, str]]]:
    """The release that made each of ``comparison``'s additions and removals, among ``days``
    (the releases after ``start``, oldest first): {"added": {vocabulary: {name: date}},
    "removed": ...}; the last that did, should a name come and go on the way. A release that
    lists no such vocabulary (keywords before the rulebook was loaded) changes none of it."""
    wanted = {
        change: {key: set(names) for key, names in found.items()}
        for change, found in (("added", comparison.added), ("removed", comparison.removed))
    }
    made: dict[str, dict[str, dict[str, str]]] = {"added": {}, "removed": {}}
    with_keywords = set(keyword_days(connection))

    def lists(day: date) -> dict[str, set[str]]:
        found = _lists(connection, day)
        return found | _keyword_lists(connection, day) if day in with_keywords else found

    before = lists(start)
    for day in days:
        now = before | lists(day)  # a vocabulary the release does not list stays as it was
        for key in now.keys() | before.keys():
            old, new = before.get(key, set()), now.get(key, set())
            for change, names in (("added", new - old), ("removed", old - new)):
                for name in names & wanted[change].get(key, set()):
                    made[change].setdefault(key, {})[name] = day.isoformat()
        before = now
    # In a fixed order: the loops above go over sets, whose order follows the hash seed.
    return {
        change: {key: dict(sorted(found[key].items())) for key in sorted(found)}
        for change, found in made.items()
    }


def _keyword_lists(connection: Connection, day: date) -> dict[str, set[str]]:
    lists: dict[str, set[str]] = {}
    for row in release_keywords(connection, day):
        lists.setdefault(_KEYWORD_KEYS[row["kind"]], set()).add(row["name"])
    return lists


def _rules(connection: Connection, day: date) -> dict[str, str]:
    rows = fetch(
        connection, "SELECT number, text FROM rule_text WHERE release_date = :day", day=day
    )
    return {row["number"]: row["text"] for row in rows}


def _rename_pairs(
    connection: Connection, old_day: date, new_day: date
) -> list[tuple[str, str, str | None, str, str]]:
    """(vocabulary, kind, category, name in old_day's release, name in new_day's release).

    Renames between the two releases, chained (A → B, later B → C gives A → C), reversed when
    old_day is the later release.
    """
    low, high = sorted((old_day, new_day))
    sql = (
        "SELECT release_date, 'card_type' AS kind, NULL AS category, old_name, new_name "
        "FROM card_type_rename WHERE release_date > :low AND release_date <= :high "
        "UNION ALL "
        "SELECT release_date, 'subtype' AS kind, category, old_name, new_name "
        "FROM subtype_rename WHERE release_date > :low AND release_date <= :high"
    )
    if has_keywords(connection):  # keyword_rename comes with the keyword tables
        sql += (
            " UNION ALL SELECT release_date, kind, NULL, old_name, new_name "
            "FROM keyword_rename WHERE release_date > :low AND release_date <= :high"
        )
    rows = fetch(connection, sql, low=low, high=high)
    chains: dict[tuple[str, str | None, str], str] = {}  # (kind, category, first) -> latest
    for row in sorted(
        rows,
        key=lambda r: (as_date(r["release_date"]), r["kind"], r["category"] or "", r["old_name"]),
    ):
        kind, category = row["kind"], row["category"]
        start = next(
            (
                first
                for (k, c, first), latest in chains.items()
                if (k, c) == (kind, category) and latest == row["old_name"]
            ),
            row["old_name"],
        )
        chains[(kind, category, start)] = row["new_name"]
    pairs = []
    for (kind, category, first), latest in chains.items():
        key = CARD_TYPES if kind == "card_type" else _KEYWORD_KEYS.get(kind) or str(category)
        old_name, new_name = (first, latest) if old_day <= new_day else (latest, first)
        pairs.append((key, kind, category, old_name, new_name))
    return pairs
