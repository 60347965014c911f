"""The seed file a release revision loads: everything of one release, as canonical JSON.

Everything the loader inserts is here, computed once when the seed is written: the type
vocabulary the importer extracted, the notes (the importer's and the curated ones), the curated
renames and merges taking effect in the release, the set it came with, its keywords read from
its rulebook, its rules' lineage links to the release before it, Wizards' update bulletin on
it (when it has one: ``rulesdb.authoring.bulletins``), and the rulebook itself
(``rulesdb.authoring.rulebook_seed``). The loader reads, checks and inserts;
it derives nothing. Canonical (sorted keys, fixed layout) so that the same CR file always gives
the same bytes, and a revision can pin them by sha256.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rulesdb.authoring.bulletins import bulletin_in
from rulesdb.authoring.curated import (
    keyword_renames_in,
    later_targets,
    load_release_sets,
    load_unknown_sets,
    merge_targets,
    merges_in,
    notes_in,
    renames_in,
)
from rulesdb.ingest.extract import ReleaseData
from rulesdb.ingest.keywords import extract_keywords
from rulesdb.ingest.rulebook import Rulebook

SEED_FORMAT = 1  # read by migrations/rulesdb_loaders/schema_0001.py


def seed_document(
    release: ReleaseData, book: Rulebook, rulebook: dict[str, Any], lineage: list[list[Any]]
) -> dict[str, Any]:
    """The seed of ``release``; ``rulebook`` is its rulebook member (TextStore.rulebook),
    ``lineage`` its rules' links to the release before it (lineage_seed.release_links)."""
    day = release.effective_date
    found_set = load_release_sets().get(day)
    keywords, keyword_notes = extract_keywords(
        [(r.number, r.text) for r in book.rules], [(g.term, g.text) for g in book.glossary]
    )
    document = {
        "format": SEED_FORMAT,
        "effective_date": day.isoformat(),
        "source": {"file": release.source_file, "sha256": release.source_sha256},
        "card_types": {
            "rule": release.card_types_rule,
            "names": sorted(release.card_types),
            "sections": dict(release.card_type_sections),
        },
        "supertypes": {
            "rule": release.supertypes_rule,
            "names": sorted(release.supertypes),
            "references": sorted(list(ref) for ref in release.supertype_references),
        },
        "subtype_categories": [
            {
                "name": item.category,
                "rule": item.rule,
                "card_types": sorted(item.card_types),
                "subtypes": sorted(item.names),
                "references": sorted(list(ref) for ref in item.references),
            }
            for item in release.subtype_lists
        ],
        "basic_land_types": [
            {"rule": rule, "names": sorted(names)} for rule, names in release.basic_land_types
        ],
        "rules": [{"number": number, "text": text} for number, text in release.rules],
        "renames": [_succession(entry) for entry in renames_in(day)],
        "merges": [
            {**_succession(entry), "to": target}
            for entry in merges_in(day)
            for target in merge_targets(entry)
        ],
        # What a later Oracle made of a merged type's cards, after the dated replacement.
        "merges_later": [
            {
                "category": entry["category"],
                "from": entry["from"],
                "to": target,
                "as_of": entry["later"]["as_of"].isoformat(),
                "source": entry["later"]["source"],
            }
            for entry in merges_in(day)
            for target in later_targets(entry)
        ],
        "keyword_renames": [_succession(entry) for entry in keyword_renames_in(day)],
        "notes": [
            {"rule": note.rule, "kind": note.kind, "text": note.text} for note in release.notes
        ]
        + notes_in(day)
        + _unreplaced(day),
        "keywords": [{"kind": k.kind, "name": k.name, "rule": k.rule} for k in keywords],
        "keyword_notes": [{"rule": n.rule, "kind": n.kind, "text": n.text} for n in keyword_notes],
        "rulebook": rulebook,
        "set": [found_set["code"], found_set["name"]] if found_set else None,
        # New rules of a set no source names: set unknown, not an update between sets.
        "set_unknown": load_unknown_sets().get(day),
        "lineage": lineage,
    }
    bulletin = bulletin_in(day)
    if bulletin is not None:  # only the releases with one: the others' seeds stay as they were
        document["bulletin"] = bulletin
    return document


def _unreplaced(day: Any) -> list[dict[str, Any]]:
    """A note for each subtype the release drops whose cards took no listed type instead."""
    return [
        {
            "rule": entry["rule"],
            "kind": "curated-removal",
            "text": f"{entry['from']} ({entry['category']} type) is removed with no "
            f"replacement: {entry['source']}",
        }
        for entry in merges_in(day)
        if not merge_targets(entry)
    ]


def _succession(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": entry["kind"],
        "category": entry.get("category"),
        "from": entry["from"],
        "to": entry["to"],
        "rule": entry["rule"],
    }


def seed_bytes(document: dict[str, Any]) -> bytes:
    """Sorted keys; a name, a row of the rulebook or a small record a line, so that seeds
    diff and review line by line."""
    return (_layout(document) + "\n").encode()


def _layout(value: Any) -> str:
    if isinstance(value, dict) and not _row(value):
        items = [f"{json.dumps(key)}: {_layout(value[key])}" for key in sorted(value)]
        return "{\n" + ",\n".join(items) + "\n}"
    if isinstance(value, list) and value:
        lines = [_compact(item) if _scalar(item) or _row(item) else _layout(item) for item in value]
        return "[\n" + ",\n".join(lines) + "\n]"
    return _compact(value)


def _scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _row(value: Any) -> bool:
    """A list of scalars, or a record (a dict of at most four scalars): one line."""
    if isinstance(value, list):
        return all(map(_scalar, value))
    return isinstance(value, dict) and len(value) <= 4 and all(map(_scalar, value.values()))


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
