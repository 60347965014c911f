"""Curated facts the CR states nowhere in its lists (renames, merges, notes), with citations."""

from __future__ import annotations

import tomllib
from datetime import date
from importlib import resources
from typing import Any

from rulesdb.authoring.curated.shapes import (
    LineageLink,
    Note,
    ReleaseSet,
    Rename,
    UnknownSet,
    checked,
)
from rulesdb.errors import RulesdbError
from rulesdb.util.keyword_kinds import KINDS as KEYWORD_KINDS

KINDS = ("card_type", "subtype")
MERGE_KINDS = ("subtype",)  # only subtypes have ever been merged into another


def renames_in(effective_date: date) -> list[dict[str, Any]]:
    """The curated renames that take effect in the release with this effective date."""
    return [entry for entry in load_renames() if entry["effective_date"] == effective_date]


def merges_in(effective_date: date) -> list[dict[str, Any]]:
    """The curated merges of subtypes the release with this effective date drops: each
    subtype with the list of those its cards took (one, or several: Mage → Human, Wizard;
    none: its cards were given no replacement)."""
    return [entry for entry in load_merges() if entry["effective_date"] == effective_date]


def merge_targets(entry: dict[str, Any]) -> list[str]:
    """The subtypes a merge entry's cards took: ``to`` is one name or a list of them."""
    return [entry["to"]] if isinstance(entry["to"], str) else list(entry["to"])


def later_targets(entry: dict[str, Any]) -> list[str]:
    """The subtypes a merged type's cards have in a later Oracle (``[merge.later]``), when it
    re-typed them after the dated replacement; [] when it did not."""
    later = entry.get("later")
    if later is None:
        return []
    return [later["to"]] if isinstance(later["to"], str) else list(later["to"])


def load_release_sets() -> dict[date, dict[str, str]]:
    """The set or product each release came with (release_sets.toml): effective date ->
    {code, name, source}. A release absent here is an update between sets."""
    text = resources.files(__package__).joinpath("release_sets.toml").read_text(encoding="utf-8")
    found: dict[date, dict[str, str]] = {}
    seen: set[date] = set()
    for number, entry in enumerate(tomllib.loads(text).get("release", []), start=1):
        checked(f"release_sets.toml entry {number}", entry, ReleaseSet)
        if entry["effective_date"] in seen:
            raise RulesdbError(
                f"release_sets.toml entry {number}: {entry['effective_date']} is listed twice"
            )
        seen.add(entry["effective_date"])
        if entry["code"]:
            found[entry["effective_date"]] = {key: entry[key] for key in ("code", "name", "source")}
    return found


def load_unknown_sets() -> dict[date, str]:
    """The releases that printed a new set's rules but whose product no source names
    (``[[unknown]]`` in release_sets.toml): effective date -> what the release prints and the
    sources searched. Set unknown, which is not an update between sets."""
    text = resources.files(__package__).joinpath("release_sets.toml").read_text(encoding="utf-8")
    known = load_release_sets()
    found: dict[date, str] = {}
    for number, entry in enumerate(tomllib.loads(text).get("unknown", []), start=1):
        checked(f"release_sets.toml unknown entry {number}", entry, UnknownSet)
        if entry["effective_date"] in known or entry["effective_date"] in found:
            raise RulesdbError(
                f"release_sets.toml unknown entry {number}: {entry['effective_date']} is "
                "listed twice"
            )
        found[entry["effective_date"]] = entry["source"]
    return found


def keyword_renames_in(effective_date: date) -> list[dict[str, Any]]:
    """The curated keyword renames that take effect in the release with this effective date."""
    return [entry for entry in load_keyword_renames() if entry["effective_date"] == effective_date]


def load_renames() -> list[dict[str, Any]]:
    return _load("renames.toml", "rename", KINDS)


def load_merges() -> list[dict[str, Any]]:
    """Subtypes a release drops because their cards took another subtype it lists."""
    return _load("merges.toml", "merge", MERGE_KINDS)


def load_keyword_renames() -> list[dict[str, Any]]:
    """Keywords a release titles with a new name (Totem Armor -> Umbra Armor)."""
    return _load("keyword_renames.toml", "rename", KEYWORD_KINDS)


def _load(file: str, table: str, kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    text = resources.files(__package__).joinpath(file).read_text(encoding="utf-8")
    entries: list[dict[str, Any]] = tomllib.loads(text).get(table, [])
    for number, entry in enumerate(entries, start=1):
        where = f"{file} entry {number}"
        if isinstance(entry, dict) and entry.get("kind") not in kinds:  # the kinds differ by file
            raise RulesdbError(f"{where}: kind must be one of {kinds}")
        if checked(where, entry, Rename).kind == "subtype" and "category" not in entry:
            raise RulesdbError(f"{where}: missing ['category']")
    return entries


def notes_in(effective_date: date) -> list[dict[str, Any]]:
    """Curated notes on the release with this effective date: {rule, kind, text} each."""
    text = resources.files(__package__).joinpath("notes.toml").read_text(encoding="utf-8")
    found = []
    for number, entry in enumerate(tomllib.loads(text).get("note", []), start=1):
        checked(f"notes.toml entry {number}", entry, Note)
        if entry["effective_date"] == effective_date:
            found.append({"rule": entry.get("rule"), "kind": entry["kind"], "text": entry["text"]})
    return found


def load_lineage_links() -> dict[str, dict[tuple[str, int], tuple[str, int] | None]]:
    """Curated lineage links: release (ISO date) -> rule -> its rule in the release before
    (None: a new rule), overriding what the matcher finds (lineage.toml)."""
    text = resources.files(__package__).joinpath("lineage.toml").read_text(encoding="utf-8")
    links: dict[str, dict[tuple[str, int], tuple[str, int] | None]] = {}
    for number, entry in enumerate(tomllib.loads(text).get("link", []), start=1):
        checked(f"lineage.toml entry {number}", entry, LineageLink)
        target = (entry["rule"], entry.get("occurrence", 1))
        source = (entry["from"], entry.get("from_occurrence", 1)) if entry["from"] else None
        links.setdefault(entry["effective_date"].isoformat(), {})[target] = source
    return links


def load_lineage_merges() -> dict[str, dict[tuple[str, int], tuple[str, int]]]:
    """Curated merges: release (ISO date) -> a rule of the release before that no rule
    continues -> the rule of the release that took its words (lineage.toml's ``merge``)."""
    text = resources.files(__package__).joinpath("lineage.toml").read_text(encoding="utf-8")
    merges: dict[str, dict[tuple[str, int], tuple[str, int]]] = {}
    for number, entry in enumerate(tomllib.loads(text).get("merge", []), start=1):
        missing = {"effective_date", "rule", "from", "source"} - set(entry)
        if missing:
            raise RulesdbError(f"lineage.toml merge {number}: missing {sorted(missing)}")
        if not isinstance(entry["effective_date"], date):
            raise RulesdbError(f"lineage.toml merge {number}: effective_date must be a TOML date")
        source = (entry["from"], entry.get("from_occurrence", 1))
        target = (entry["rule"], entry.get("occurrence", 1))
        merges.setdefault(entry["effective_date"].isoformat(), {})[source] = target
    return merges
