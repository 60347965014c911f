"""What ``rulesdb inspect`` reports about a CR file: the importer's findings as plain data."""

from __future__ import annotations

from typing import Any

from rulesdb.ingest.extract import ReleaseData


def inspection(release: ReleaseData) -> dict[str, Any]:
    """JSON-ready: effective_date, card_types, supertypes, subtypes (by category),
    basic_land_types, rules (category -> rule number), cross_references and notes (where the
    file contradicts itself or is damaged)."""
    references: list[dict[str, str | None]] = [
        {
            "kind": "subtype",
            "category": item.category,
            "name": name,
            "cited_in": item.rule,
            "rule": rule,
        }
        for item in release.subtype_lists
        for name, rule in item.references
    ]
    references += [
        {"kind": "supertype", "category": None, "name": name, "cited_in": cited_in, "rule": rule}
        for name, cited_in, rule in release.supertype_references
    ]
    references += [
        {
            "kind": "card_type",
            "category": None,
            "name": name,
            "cited_in": release.card_types_rule,
            "rule": section,
        }
        for name, section in release.card_type_sections
    ]
    basic = sorted({name for _, names in release.basic_land_types for name in names})
    return {
        "effective_date": release.effective_date.isoformat(),
        "source_file": release.source_file,
        "card_types": sorted(release.card_types),
        "supertypes": sorted(release.supertypes),
        "subtypes": {item.category: sorted(item.names) for item in release.subtype_lists},
        "rules": {item.category: item.rule for item in release.subtype_lists},
        "category_card_types": {
            item.category: sorted(item.card_types) for item in release.subtype_lists
        },
        "basic_land_types": basic,
        "basic_land_type_rules": [rule for rule, _ in release.basic_land_types],
        "cross_references": references,
        "notes": [
            {"rule": note.rule, "kind": note.kind, "text": note.text} for note in release.notes
        ],
    }


def item_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The report's lists as rows (kind, category, name, rule) for tables, CSV and markdown;
    the rule is the one listing the item where the report names it (the subtype lists)."""
    rows = [
        {"kind": "card_type", "category": None, "name": name, "rule": None}
        for name in report["card_types"]
    ]
    rows += [
        {"kind": "supertype", "category": None, "name": name, "rule": None}
        for name in report["supertypes"]
    ]
    rows += [
        {"kind": "subtype", "category": category, "name": name, "rule": report["rules"][category]}
        for category, names in report["subtypes"].items()
        for name in names
    ]
    rows += [
        {"kind": "basic_land_type", "category": None, "name": name, "rule": None}
        for name in report["basic_land_types"]
    ]
    return rows


def inspection_text(report: dict[str, Any]) -> str:
    """The report for people: each list on a line, then the cross-references and notes."""
    lines = [
        f"effective date: {report['effective_date']}",
        f"card types ({len(report['card_types'])}): {', '.join(report['card_types'])}",
        f"supertypes ({len(report['supertypes'])}): {', '.join(report['supertypes'])}",
    ]
    lines += [
        f"{name} types, {report['rules'][name]} ({len(names)}): {', '.join(names)}"
        for name, names in report["subtypes"].items()
    ]
    lines.append(f"basic land types: {', '.join(report['basic_land_types'])}")
    lines += [
        f"cross-reference: {ref['name']} ({ref['kind']}, {ref['cited_in']}) -> {ref['rule']}"
        for ref in report["cross_references"]
    ]
    lines += [
        f"note ({note['kind']}, {note['rule'] or 'file'}): {note['text']}"
        for note in report["notes"]
    ]
    return "\n".join(lines)
