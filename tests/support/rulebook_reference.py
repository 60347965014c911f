"""A second, independent reader of a CR file's rules and glossary, for checking the first.

Written line by line with its own patterns (rulesdb.ingest.rulebook scans the text as a whole),
sharing only the decoding of the file (``read_source``: .txt in any encoding, .docx, .rtf). It
reads what a person would: the body runs from the last "1. <section>" line before the first
rule (100.1) to the next "Glossary" line, the glossary from there to the next "Credits" or
"Index" line; a number starts a rule, "Example" (or "EXAMPLE") lines are examples. A file
converted from print (many lines going on in lower case) is hard-wrapped: there a rule starts
only after a blank line, and a paragraph's lines are one paragraph, up to a line that keeps
none of the space its breaks keep. A glossary term printed on the line after an entry's last
line (ending in a space) is a term.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from rulesdb.ingest.sources import read_source

SECTION_LINE = re.compile(r"^([1-9])\. (.+)$")
RULE_LINE = re.compile(r"^([0-9]{3}(?:\.[0-9]+(?:[a-z][a-z]?)?)?)\.?[ ]*(\S.*)$")
SPLIT_NUMBER = re.compile(r"^([0-9]{3})\. ([0-9]+[a-z][a-z]?) (.+)$")  # "702. 37a Storm ..."
FIRST_RULE = re.compile(r"^100\.1\.? ")
DECORATION = re.compile(r"^[=-]{3,}$")
GLUED_TERM = re.compile(r"^(.*[a-z])(1\. .+)$")
# A term is short (68 characters at most); a longer first line lost the break before its text.
# Its text starts with a capital or an opening quote (a quote after a word closes it).
RUN_ON_TERM = re.compile(r'^(.{1,80}?[a-z)])([A-Z“].*|"\S.*)$')
SENSE = re.compile(r"^[1-9]\. ")  # a numbered sense, after a blank line or not
# A term on a line of its own: capitalised words, maybe "(Obsolete)"; no sentence.
SENTENCE_END = re.compile(r"[.!?][”\"’')]*$")
TERM_SHAPE = re.compile(r"^[A-Z][\w'’/-]*(?: [A-Z][\w'’/-]*)*(?: \(Obsolete\))?$")
DATE_LINE = re.compile(r"(?:effective|current) as of ([A-Z][a-z]+) ?(\d+), (\d{4})")
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]

Rule = tuple[str, str, list[str]]  # number, text, examples


def read(path: Path) -> tuple[str, list[Rule], list[tuple[str, str]]]:
    """(effective date YYYY-MM-DD, rules in file order, glossary (term, text) in file order)."""
    text, _ = read_source(path)
    raw = text.split("\n")
    lines = [
        "" if DECORATION.match(" ".join(line.split())) else " ".join(line.split()) for line in raw
    ]
    found = next(DATE_LINE.search(line) for line in lines if DATE_LINE.search(line))
    day = f"{found[3]}-{MONTHS.index(found[1]) + 1:02d}-{int(found[2]):02d}"
    first_rule = next(i for i, line in enumerate(lines) if FIRST_RULE.match(line))
    start = max(i for i in range(first_rule) if SECTION_LINE.match(lines[i]))
    glossary_at = next(i for i in range(start, len(lines)) if lines[i] == "Glossary")
    end = next(
        (i for i in range(glossary_at + 1, len(lines)) if lines[i] in ("Credits", "Index")),
        len(lines),
    )
    body = lines[start:glossary_at]
    lower = sum(1 for line in body if line[:1].islower())
    wrapped = lower * 20 > sum(1 for line in body if line)
    rules = _rules(body, wrapped, _paragraph_ends(raw[start:glossary_at]) if wrapped else None)
    return day, rules, _glossary(raw[glossary_at + 1 : end], lines[glossary_at + 1 : end], wrapped)


def _join(before: str, after: str) -> str:
    if before[-1:] in ("-", "—"):
        return before + after
    return before + " " + after


def _example(line: str) -> bool:
    """An example's first line: "Example:", or "EXAMPLE:" as the 1999 files print it."""
    return line.startswith(("Example", "EXAMPLE"))


def _paragraph_ends(raw: list[str]) -> list[bool] | None:
    """Where a hard-wrapped file keeps the space each line broke at (nine in ten lines going on
    in lower case follow one ending in a space), a line ending without one, nor in a hyphen or
    dash, ends its paragraph: whether each line does. None where the breaks keep nothing."""
    breaks = [
        before for before, line in pairwise(raw) if before.strip() and line.strip()[:1].islower()
    ]
    if not breaks or sum(b[-1:].isspace() for b in breaks) * 10 < len(breaks) * 9:
        return None
    return [
        bool(line.strip()) and not line[-1:].isspace() and not line.rstrip().endswith(("-", "—"))
        for line in raw
    ]


def _rules(lines: list[str], wrapped: bool, ends: list[bool] | None = None) -> list[Rule]:
    rules: list[tuple[str, list[str], list[str]]] = []
    last: list[str] = []  # the paragraphs or examples the last line went to
    for i, line in enumerate(lines):
        if not line:
            continue
        after_text = i > 0 and bool(lines[i - 1]) and not (ends is not None and ends[i - 1])
        if wrapped and after_text and not _example(line):  # a wrapped line goes on
            last[-1] = _join(last[-1], line)
            continue
        if wrapped and after_text:  # an example right below its rule
            last = rules[-1][2]
            last.append(line)
            continue
        split = SPLIT_NUMBER.match(line)
        match = SECTION_LINE.match(line) or RULE_LINE.match(line)
        if split:
            rules.append((f"{split[1]}.{split[2]}", [split[3]], []))
            last = rules[-1][1]
        elif match:
            rules.append((match[1], [match[2]], []))
            last = rules[-1][1]
        else:  # an example, or a paragraph before its examples or after them (410.10d)
            last = rules[-1][2] if _example(line) else rules[-1][1]
            last.append(line)
    return [(number, "\n".join(paragraphs), examples) for number, paragraphs, examples in rules]


def _split_at_terms(
    blocks: list[list[tuple[int, str]]], ended: set[int]
) -> list[list[tuple[int, str]]]:
    """A term printed on the line after an entry's last sentence, the blank line between them
    lost, starts a block of its own: after a line ending in a space (2003-05-26's copy), or
    between a line ending a sentence and its own definition, a sentence (Floor Rules,
    Concede, Affinity in the files of 2008-2009, 2020 and 2021-2022)."""
    out: list[list[tuple[int, str]]] = []
    for block in blocks:
        start = 0
        for i in range(2, len(block)):
            line = block[i][1]
            lost_space = TERM_SHAPE.match(line) and id(block[i - 1]) in ended
            lost_blank = (
                TERM_SHAPE.match(line)
                and TERM_SHAPE.match(block[0][1])
                and i + 1 < len(block)
                and SENTENCE_END.search(block[i - 1][1])
                and SENTENCE_END.search(block[i + 1][1])
                and not TERM_SHAPE.match(block[i + 1][1])
            )
            if lost_space or lost_blank:
                out.append(block[start:i])
                start = i
        out.append(block[start:])
    return out


def _glossary(raw: list[str], lines: list[str], wrapped: bool) -> list[tuple[str, str]]:
    # Blocks of (indentation, text) between blank lines.
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    ended: set[int] = set()  # the lines (by identity) printed with a space at their end
    for original, line in zip(raw, lines, strict=True):
        if not line:
            if current:
                blocks.append(current)
            current = []
            continue
        current.append((len(original) - len(original.lstrip()), line))
        if original[-1:].isspace():
            ended.add(id(current[-1]))
    if current:
        blocks.append(current)
    blocks = _split_at_terms(blocks, ended)

    def indented(block: list[tuple[int, str]]) -> bool:
        return block[0][0] > 0

    def continues(block: list[tuple[int, str]]) -> bool:
        return indented(block) or bool(SENSE.match(block[0][1]))

    def paragraphs(text_lines: list[tuple[int, str]]) -> list[str]:
        # Hard-wrapped: a line no deeper than the first one goes on the paragraph above.
        out: list[str] = []
        for indent, line in text_lines:
            if wrapped and out and indent <= text_lines[0][0]:
                out[-1] = _join(out[-1], line)
            else:
                out.append(line)
        return out

    entries: list[list[str]] = []  # [term, paragraph, paragraph, ...]
    for n, block in enumerate(blocks):
        if continues(block) and entries:
            entries[-1].extend(paragraphs(block))
            continue
        if len(block) == 1 and entries and n + 1 < len(blocks) and indented(blocks[n + 1]):
            entries[-1].append(block[0][1])  # a heading inside the entry above
            continue
        if (
            len(block) == 1
            and TERM_SHAPE.match(block[0][1])
            and n + 1 < len(blocks)
            and not TERM_SHAPE.match(blocks[n + 1][0][1])
        ):
            blocks[n + 1] = [*block, *blocks[n + 1]]  # a term whose text follows a blank line
            continue
        term, definition = block[0][1], paragraphs(block[1:])
        glued = GLUED_TERM.match(term)
        run_on = RUN_ON_TERM.match(term) if len(term) > 80 else None
        if glued and definition and definition[0].startswith("2. "):
            term, definition = glued[1], [glued[2], *definition]
        elif run_on:
            term, definition = run_on[1], [run_on[2], *definition]
        elif len(term) > 80 and entries:  # no term at all: a paragraph of the entry above
            entries[-1].extend([term, *definition])
            continue
        entries.append([term, *definition])
    return [(entry[0], "\n".join(entry[1:])) for entry in entries]
