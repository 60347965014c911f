"""SARIF 2.1.0 (OASIS) for ``lint-citations --format sarif``, written as a stream: the run's
head (the tool and one reporting rule a status), each result as its citation is judged,
then the tail. Code-scanning services (GitHub's among them) and editors read it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from rulesdb.citations import STATUSES, Found, Verdict

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
VERSION = "2.1.0"
INFORMATION_URI = "https://github.com/rulesdb/rulesdb"
# Each status a reporting rule: its id (RDB + index), name, what it means, and its level.
DESCRIPTIONS = {
    "fine": ("the cited rule is in the release", "none"),
    "missing": ("no rule of that number in the release, and none it became", "error"),
    "renumbered": ("the cited rule has another number in the release", "warning"),
    "changed": ("the cited rule's text changed since the release given by --since", "warning"),
    "mismatch": (
        "the quote or description written with the citation is not the cited rule's",
        "error",
    ),
}


def rule_id(status: str) -> str:
    return f"citation-{status}"


def head(release: str, version: str) -> str:
    """The document up to the first result: the tool and its reporting rules."""
    rules = [
        {
            "id": rule_id(status),
            "name": status.capitalize(),
            "shortDescription": {"text": DESCRIPTIONS[status][0]},
            "defaultConfiguration": {"level": DESCRIPTIONS[status][1]},
        }
        for status in STATUSES
    ]
    driver = {
        "name": "rulesdb lint-citations",
        "version": version,
        "informationUri": INFORMATION_URI,
        "rules": rules,
    }
    start = json.dumps(
        {
            "$schema": SCHEMA,
            "version": VERSION,
            "runs": [
                {"tool": {"driver": driver}, "properties": {"release": release}, "results": []}
            ],
        },
        ensure_ascii=False,
    )
    return start[: start.rindex("[]")] + "["  # the results array left open


def result(found: Found, verdict: Verdict) -> dict[str, Any]:
    c = found.citation
    uri = Path(found.file).as_posix()
    entry: dict[str, Any] = {
        "ruleId": rule_id(verdict.status),
        "ruleIndex": STATUSES.index(verdict.status),
        "level": DESCRIPTIONS[verdict.status][1],
        "message": {"text": verdict.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri.removeprefix("./")},
                    "region": {
                        "startLine": c.line,
                        "startColumn": c.column,
                        "endColumn": c.column + len(c.number),
                    },
                }
            }
        ],
        "properties": {
            "cited": c.cited,
            "number": c.number,
            "now": verdict.now,
            "matches": verdict.matches,
            "similarity": verdict.similarity,
            "judged": verdict.judged,
            "uncertain": verdict.uncertain,
        },
    }
    suggested = verdict.matches if verdict.status == "mismatch" else verdict.now
    if verdict.status in ("renumbered", "mismatch") and suggested:
        entry["fixes"] = [
            {
                "description": {"text": f"cite {suggested}"},
                "artifactChanges": [
                    {
                        "artifactLocation": {"uri": uri.removeprefix("./")},
                        "replacements": [
                            {
                                "deletedRegion": {
                                    "startLine": c.line,
                                    "startColumn": c.column,
                                    "endColumn": c.column + len(c.number),
                                },
                                "insertedContent": {"text": suggested},
                            }
                        ],
                    }
                ],
            }
        ]
    return entry


class Writer:
    """The document written to ``out`` a result at a time; :meth:`close` ends it."""

    def __init__(self, out: IO[str], release: str, version: str) -> None:
        self.out, self.first = out, True
        out.write(head(release, version))

    def __call__(self, found: Found, verdict: Verdict) -> None:
        self.out.write(
            ("" if self.first else ",")
            + "\n"
            + json.dumps(result(found, verdict), ensure_ascii=False)
        )
        self.first = False

    def close(self) -> None:
        self.out.write("\n]}]}\n")
