"""SARIF 2.1.0 (OASIS) for ``lint-citations --format sarif``, written as a stream: the run's
head (the tool and one reporting rule a status), each result as its citation is judged,
then the tail. Code-scanning services (GitHub's among them) and editors read it.

Each file is an RFC 3986 relative reference from the repository's root (the top of the git
work tree of the first path checked; outside one, the current folder), named by the base
``%SRCROOT%``, which ``originalUriBaseIds`` gives as a ``file://`` URI: the same document
whichever folder the run started in. The name's bytes are percent-encoded (a blank, ``#``,
``%``, letters beyond ASCII as their UTF-8 octets, bytes that are not UTF-8 as themselves),
so that any file name is a valid reference. A file outside the root is its own
``file://`` URI."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote_from_bytes

from rulesdb.citations import STATUSES, Found, Verdict
from rulesdb.util.jsonlines import dumps_line

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
VERSION = "2.1.0"
INFORMATION_URI = "https://github.com/rulesdb/rulesdb"
ROOT_ID = "%SRCROOT%"  # the base every file's reference is relative to
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


def root_uri(root: Path) -> str:
    """The root as ``originalUriBaseIds`` gives it: a ``file://`` URI ending in ``/``."""
    uri = root.as_uri()
    return uri if uri.endswith("/") else uri + "/"


def location(file: str, root: Path) -> dict[str, str]:
    """``artifactLocation`` of a file as the walk reached it (relative to the current
    folder, or absolute), ``root`` resolved: its folders' symbolic links are resolved, not
    the file's own (a link is reported where it is)."""
    given = os.path.abspath(file)
    absolute = Path(os.path.realpath(os.path.dirname(given)), os.path.basename(given))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return {"uri": absolute.as_uri()}
    uri = quote_from_bytes(os.fsencode(relative.as_posix()), safe="/")
    return {"uri": uri, "uriBaseId": ROOT_ID}


def head(release: str, version: str, root: Path) -> str:
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
                {
                    "tool": {"driver": driver},
                    "originalUriBaseIds": {ROOT_ID: {"uri": root_uri(root)}},
                    "properties": {"release": release},
                    "results": [],
                }
            ],
        },
        ensure_ascii=False,
    )
    return start[: start.rindex("[]")] + "["  # the results array left open


def result(found: Found, verdict: Verdict, root: Path) -> dict[str, Any]:
    c = found.citation
    where = location(found.file, root)
    entry: dict[str, Any] = {
        "ruleId": rule_id(verdict.status),
        "ruleIndex": STATUSES.index(verdict.status),
        "level": DESCRIPTIONS[verdict.status][1],
        "message": {"text": verdict.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": where,
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
                        "artifactLocation": where,
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
    """The document written to ``out`` a result at a time; :meth:`close` ends it. ``root``:
    the folder the files' references are relative to (resolved)."""

    def __init__(self, out: IO[str], release: str, version: str, root: Path) -> None:
        self.out, self.first, self.root = out, True, root
        out.write(head(release, version, root))

    def __call__(self, found: Found, verdict: Verdict) -> None:
        self.out.write(
            ("" if self.first else ",") + "\n" + dumps_line(result(found, verdict, self.root))
        )
        self.first = False

    def close(self) -> None:
        self.out.write("\n]}]}\n")
