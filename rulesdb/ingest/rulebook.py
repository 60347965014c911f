"""Read the whole rulebook of one CR release: every section, rule and subrule, and the glossary.

Where :mod:`rulesdb.ingest.extract` reads what rule 205 means, this reads everything, as
printed: a rule's text (its first line and any paragraph after it), its examples apart (a
list), and every glossary entry (term, text). Whitespace is normalised (runs of spaces to one,
lines stripped); quotes, dashes and the era's spelling are kept as the file has them.

The CR is not always consistent with itself. What the official files get wrong but can still be
read unambiguously (a number repeated, a missing space after a number, a skipped subrule
letter) is kept and recorded as a note of the release, never patched. What cannot be read (text
before the first section, a glossary entry without a definition, no rules at all) refuses the
whole release.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from rulesdb.errors import CRFormatError
from rulesdb.ingest.decoding import read_cr_file
from rulesdb.ingest.document import _body_bounds, _effective_date, _heading
from rulesdb.util.rule_numbers import parent_number

# "1. Game Concepts" | "100. General" | "100.1. These ..." | "100.1a A two-player ..." |
# "704.5aa If ..." (after 704.5z the CR goes on with two letters). The separator is normally
# one space; official files also print two spaces ("201.3.  Some") or none ("901.4.All").
_SECTION = re.compile(r"(?P<number>\d)\. (?P<text>\S.*)")
_RULE = re.compile(r"(?P<number>\d{3}(?:\.\d+(?:[a-z]{1,2})?)?)(?P<dot>\.?)(?P<gap>\s*)"
                   r"(?P<text>\S.*)")
_EXAMPLE = "Example"
_GLUED_SENSE = re.compile(r"(?P<term>\S.*?[a-z])(?P<sense>1\. \S.*)")
_SPACES = re.compile(r"\s+")
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # the CR skips "l" and "o" (its introduction says)


@dataclass(frozen=True)
class RuleEntry:
    number: str  # "7" (a section), "704" (a rule), "704.5" or "704.5j" (subrules)
    text: str  # the rule's paragraphs, joined by newlines; examples not included
    examples: tuple[str, ...]  # each example as printed ("Example: ...")
    line: int  # 1-based line of the rule's number in the file
    occurrence: int = 1  # 2 for the second rule printed with an already used number

    @property
    def parent(self) -> str | None:
        return parent_number(self.number)


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    text: str  # the definition's lines, joined by newlines
    line: int


@dataclass(frozen=True)
class Rulebook:
    source: str
    effective_date: date
    rules: tuple[RuleEntry, ...]  # in the order of the file
    glossary: tuple[GlossaryEntry, ...]
    notes: tuple[str, ...]  # where the file is inconsistent with itself, one line each


def read_rulebook(path: Path | str) -> Rulebook:
    text, _ = read_cr_file(Path(path))
    return parse_rulebook(text, str(path))


def parse_rulebook(text: str, source: str) -> Rulebook:
    """Every rule and glossary entry of a decoded CR text (LF line endings)."""
    effective = _effective_date(text.split("\n", 50)[:50], source)
    padded = "\n" + text
    body_start, body_end = _body_bounds(padded, source)
    credits = _heading(padded, "Credits")
    glossary_end = credits[1] if len(credits) > 1 else len(padded)
    first_line = padded.count("\n", 0, body_start + 1)  # the pad is a newline too
    notes: list[str] = []
    # Headings the contents list after "Credits" (2009-2013: "Customer Service Information")
    # come before the body's first section; each is printed again after the glossary.
    trailing = {normalise(line) for line in padded[body_end:].split("\n")}
    rules = _read_rules(padded[body_start + 1 : body_end].split("\n"), first_line, source,
                        notes, trailing)
    glossary_start = padded.index("\n", body_end + 1)  # past the "Glossary" heading itself
    glossary_line = padded.count("\n", 0, glossary_start + 1)
    glossary = _read_glossary(padded[glossary_start + 1 : glossary_end].split("\n"),
                              glossary_line, source, notes)
    _note_gaps(rules, source, notes)
    return Rulebook(source, effective, tuple(rules), tuple(glossary), tuple(notes))


def normalise(line: str) -> str:
    return _SPACES.sub(" ", line).strip()


class _Draft:
    def __init__(self, number: str, text: str, line: int, occurrence: int) -> None:
        self.number, self.line, self.occurrence = number, line, occurrence
        self.paragraphs = [text]
        self.examples: list[str] = []

    def add(self, line: str) -> None:
        if line.startswith(_EXAMPLE):
            self.examples.append(line)
        elif self.examples:  # no file has prose after an example; keep it with the example
            self.examples[-1] += "\n" + line
        else:
            self.paragraphs.append(line)

    def entry(self) -> RuleEntry:
        return RuleEntry(self.number, "\n".join(self.paragraphs), tuple(self.examples),
                         self.line, self.occurrence)


def _read_rules(lines: list[str], first_line: int, source: str, notes: list[str],
                contents_headings: set[str]) -> list[RuleEntry]:
    drafts: list[_Draft] = []
    seen: dict[str, int] = {}
    for offset, raw in enumerate(lines):
        line = normalise(raw)
        if not line:
            continue
        number = first_line + offset
        match = _SECTION.fullmatch(line) or _RULE.fullmatch(line)
        if match is None:
            if not drafts and line in contents_headings:
                continue
            if not drafts:
                raise CRFormatError(source, number, f"text before the first section: "
                                    f"{_clip(line)!r}; expected '1. Game Concepts'")
            drafts[-1].add(line)
            continue
        rule = match["number"]
        if match.re is _RULE:
            _note_spacing(rule, match, number, source, notes)
        occurrence = seen.get(rule, 0) + 1
        seen[rule] = occurrence
        if occurrence > 1:
            notes.append(f"{source}:{number}: rule {rule} is printed again (occurrence "
                         f"{occurrence}); kept as printed, apart from the first")
        drafts.append(_Draft(rule, match["text"], number, occurrence))
    if not drafts:
        raise CRFormatError(source, first_line, "no numbered rules between the contents and "
                            "the glossary; expected a Comprehensive Rules text")
    return [draft.entry() for draft in drafts]


def _note_spacing(rule: str, match: re.Match[str], line: int, source: str,
                  notes: list[str]) -> None:
    """A rule number is followed by one space (letter subrules) or a dot and one space."""
    letter = rule[-1].isalpha()
    if match["gap"] == " " and (match["dot"] == "") == letter:
        return
    printed = f"{rule}{match['dot']}{match['gap']}"
    if not match["gap"] and not match["dot"]:
        # "100.1aThe" cannot be told from a longer number: only a capital after a dot is read.
        raise CRFormatError(source, line, f"rule number {rule!r} runs into its text; expected "
                            f"a space after it")
    notes.append(f"{source}:{line}: rule {rule} is printed {printed!r}, its spacing or dot "
                 "unlike the other rules'")


def _read_glossary(lines: list[str], first_line: int, source: str,
                   notes: list[str]) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    block: list[tuple[int, str]] = []
    for offset, raw in enumerate([*lines, ""]):
        line = normalise(raw)
        if line:
            block.append((first_line + offset, line))
            continue
        if not block:
            continue
        (term_line, term), *definition = block
        block = []
        glued = _GLUED_SENSE.fullmatch(term)
        if glued and definition and definition[0][1].startswith("2. "):
            # 2021-06-18 prints "Draw1. To put ..." for "Draw" then "1. To put ...".
            term = glued["term"]
            definition.insert(0, (term_line, glued["sense"]))
            notes.append(f"{source}:{term_line}: glossary term {term!r} runs into its first "
                         "sense ('1.') on one line; read as the term, then the sense")
        if not definition:
            raise CRFormatError(source, term_line, f"glossary entry {_clip(term)!r} has no "
                                "definition; expected the term, then its text on the next line")
        entries.append(GlossaryEntry(term, "\n".join(text for _, text in definition), term_line))
    if not entries:
        raise CRFormatError(source, first_line, "the glossary is empty; expected entries")
    terms: dict[str, int] = {}
    for entry in entries:
        if entry.term in terms:
            notes.append(f"{source}:{entry.line}: glossary term {entry.term!r} is printed again "
                         f"(first on line {terms[entry.term]})")
        terms.setdefault(entry.term, entry.line)
    return entries


def _note_gaps(rules: list[RuleEntry], source: str, notes: list[str]) -> None:
    """Subrule letters skipped (704.5j then 704.5m): a rule the file lost, or a CR typo."""
    previous: dict[str, str] = {}
    for rule in rules:
        parent = rule.parent
        if parent is None or not rule.number[-1].isalpha() or rule.occurrence > 1:
            continue
        letters = rule.number[len(parent):]
        expected = _next_letters(previous.get(parent))
        if letters != expected:
            notes.append(f"{source}:{rule.line}: subrule {rule.number} follows "
                         f"{parent}{previous.get(parent, '')} (expected {parent}{expected})")
        previous[parent] = letters


def _next_letters(letters: str | None) -> str:
    """a → b, k → m (no l), z → aa, aa → ab."""
    if letters is None:
        return "a"
    if letters == SUBRULE_LETTERS[-1]:
        return "aa"
    last = letters[-1]
    index = SUBRULE_LETTERS.find(last)
    if index == -1 or index + 1 == len(SUBRULE_LETTERS):
        return letters + "?"  # nothing the CR prints follows these; any rule is a gap
    return letters[:-1] + SUBRULE_LETTERS[index + 1]


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
