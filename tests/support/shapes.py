"""The JSON keys commands promise, in their order: written once here, as the interface the
tests hold them to (a change here is a change of what scripts read)."""

from __future__ import annotations

# rulesdb check --format json
CHECK_KEYS = [
    "word",
    "release",
    "category",
    "valid",
    "meanings",
    "rule",
    "reason",
    "successor",
    "not_enumerated",
    "keyword",
    "nearest",
]
# rulesdb parse --format json
LINE_KEYS = [
    "line",
    "release",
    "marker",
    "supertypes",
    "card_types",
    "subtypes",
    "valid",
    "errors",
    "undetermined",
]
# rulesdb lint-citations --format jsonl, and the CSV header
CITATION_KEYS = [
    "file",
    "line",
    "column",
    "cited",
    "number",
    "status",
    "now",
    "matches",
    "similarity",
    "judged",
    "message",
    "uncertain",
]
