"""The seed file a release revision loads: what the importer extracted, as canonical JSON.

Canonical (sorted keys and lists, fixed layout) so that the same CR file always gives the same
bytes, and a revision can pin them by sha256.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rulesdb.authoring.curated import notes_in
from rulesdb.ingest.extract import ReleaseData

SEED_FORMAT = 1
# Format 2 adds "notes" (loaded by migrations/rulesdb_loaders/release_v2.py into release_note,
# which revision 0003_release_note creates): every release appended after it is format 2. The
# releases shipped before it stay format 1, byte for byte (rebuild-chain reproduces them).
NOTES_SEED_FORMAT = 2


def seed_document(
    release: ReleaseData, renames: list[dict[str, Any]], seed_format: int = SEED_FORMAT
) -> dict[str, Any]:
    document = _format_1(release, renames)
    if seed_format == NOTES_SEED_FORMAT:
        document["format"] = NOTES_SEED_FORMAT
        document["notes"] = [{"rule": note.rule, "kind": note.kind, "text": note.text}
                             for note in release.notes] + notes_in(release.effective_date)
    return document


def _format_1(release: ReleaseData, renames: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": SEED_FORMAT,
        "effective_date": release.effective_date.isoformat(),
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
        "renames": [
            {
                "kind": entry["kind"],
                "category": entry.get("category"),
                "from": entry["from"],
                "to": entry["to"],
                "rule": entry["rule"],
            }
            for entry in renames
        ],
        "rules": [{"number": number, "text": text} for number, text in release.rules],
    }


def seed_bytes(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


SHIPPED_NOTES = "notes_0003_release_note.json"  # loaded by revision 0003_release_note


def shipped_notes_bytes(releases: list[ReleaseData]) -> bytes:
    """The notes of releases whose seeds (format 1) predate release_note: 0003 loads them."""
    notes = [{"release_date": release.effective_date.isoformat(), "rule": note.rule,
              "kind": note.kind, "text": note.text}
             for release in sorted(releases, key=lambda r: r.effective_date)
             for note in release.notes]
    return seed_bytes({"format": 1, "notes": notes})
