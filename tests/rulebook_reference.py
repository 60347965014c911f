"""A second, independent reader of a CR file's rules and glossary, for checking the first.

Written line by line with its own patterns (rulesdb.ingest.rulebook scans the text as a whole),
sharing only the decoder. It reads what a person would: the body runs from the first section
("1. Game Concepts") after the table of contents to the second "Glossary" line, the glossary
from there to the second "Credits" line; a number starts a rule, "Example" lines are examples.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulesdb.ingest.decoding import read_cr_file

SECTION_LINE = re.compile(r"^([1-9])\. (.+)$")
RULE_LINE = re.compile(r"^([0-9]{3}(?:\.[0-9]+(?:[a-z][a-z]?)?)?)\.?[ ]*(\S.*)$")
GLUED_TERM = re.compile(r"^(.*[a-z])(1\. .+)$")
DATE_LINE = re.compile(r"effective as of ([A-Z][a-z]+) ?(\d+), (\d{4})")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]

Rule = tuple[str, str, list[str]]  # number, text, examples


def read(path: Path) -> tuple[str, list[Rule], list[tuple[str, str]]]:
    """(effective date YYYY-MM-DD, rules in file order, glossary (term, text) in file order)."""
    text, _ = read_cr_file(path)
    lines = [" ".join(line.split()) for line in text.split("\n")]
    found = next(DATE_LINE.search(line) for line in lines if DATE_LINE.search(line))
    day = f"{found[3]}-{MONTHS.index(found[1]) + 1:02d}-{int(found[2]):02d}"
    credits = [i for i, line in enumerate(lines) if line == "Credits"]
    start = next(i for i in range(credits[0] + 1, len(lines)) if SECTION_LINE.match(lines[i]))
    glossary_at = next(i for i in range(start, len(lines)) if lines[i] == "Glossary")
    end = next(i for i in credits if i > glossary_at)
    return day, _rules(lines[start:glossary_at]), _glossary(lines[glossary_at + 1 : end])


def _rules(lines: list[str]) -> list[Rule]:
    rules: list[tuple[str, list[str], list[str]]] = []
    for line in lines:
        if not line:
            continue
        match = SECTION_LINE.match(line) or RULE_LINE.match(line)
        if match:
            rules.append((match[1], [match[2]], []))
        elif line.startswith("Example"):
            rules[-1][2].append(line)
        elif rules[-1][2]:
            rules[-1][2][-1] += "\n" + line
        else:
            rules[-1][1].append(line)
    return [(number, "\n".join(paragraphs), examples) for number, paragraphs, examples in rules]


def _glossary(lines: list[str]) -> list[tuple[str, str]]:
    entries = []
    blocks = "\n".join(lines).split("\n\n")
    for block in blocks:
        parts = [part for part in block.split("\n") if part]
        if not parts:
            continue
        term, definition = parts[0], parts[1:]
        glued = GLUED_TERM.match(term)
        if glued and definition and definition[0].startswith("2. "):
            term, definition = glued[1], [glued[2], *definition]
        entries.append((term, "\n".join(definition)))
    return entries
