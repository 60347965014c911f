"""Read the whole rulebook of one CR release: every section, rule and subrule, and the glossary.

Where :mod:`rulesdb.ingest.extract` reads what rule 205 means, this reads everything, as
printed: a rule's text (its first line and any paragraph after it), its examples apart (a
list), and every glossary entry (term, text). Whitespace is normalised (runs of spaces to one,
lines stripped); quotes, dashes and the era's spelling are kept as the file has them.

The CR is not always consistent with itself. What the official files get wrong but can still be
read unambiguously (a number repeated, a missing space after a number, a skipped subrule
letter, a glossary term with no blank line before it) is kept and recorded as a note of the
release, never patched. What cannot be read (text before the first section, a glossary entry
without a definition, no rules at all) refuses the whole release.

Eras differ in layout, read by one grammar: releases before 2001 print the first section after
an introduction and end the glossary at an "Index"; some archived files are conversions from
print, hard-wrapped inside paragraphs (told by their lines that go on in lower case), where a
rule starts only after a blank line and a paragraph's lines are joined with spaces (where the
wrapped lines keep the space they broke at, a line without one ends its paragraph). Examples
are "Example:" paragraphs ("EXAMPLE:" in 1999); prose after them is the rule's. A glossary
term's numbered senses may each come after a blank line (2003-05-26 is double-spaced): they are
still the term's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from itertools import pairwise
from pathlib import Path

from rulesdb.errors import CRFormatError
from rulesdb.ingest.crossrefs import wrong_references
from rulesdb.ingest.document import body_bounds, heading_offsets, read_effective_date
from rulesdb.ingest.glossary_terms import LONGEST_TERM as _LONGEST_TERM
from rulesdb.ingest.glossary_terms import TERM_LINE as _TERM_LINE
from rulesdb.ingest.glossary_terms import split_unspaced_terms
from rulesdb.ingest.shape import MAX_ENTRY_CHARS, MAX_GLOSSARY_ENTRIES, MAX_RULES, too_many
from rulesdb.ingest.sources import read_source
from rulesdb.util.rule_numbers import parent_number

# "1. Game Concepts" | "100. General" | "100.1. These ..." | "100.1a A two-player ..." |
# "704.5aa If ..." (after 704.5z the CR goes on with two letters). The separator is normally
# one space; official files also print two spaces ("201.3.  Some") or none ("901.4.All").
_SECTION = re.compile(r"(?P<number>\d)\. (?P<text>\S.*)")
_RULE = re.compile(
    r"(?P<number>\d{3}(?:\.\d+(?:[a-z]{1,2})?)?)(?P<dot>\.?)(?P<gap>\s*)"
    r"(?P<text>\S.*)"
)
# "702. 37a Storm is ..." (2005-2009): a space inside the number, never a rule's own text.
_SPACED = re.compile(r"(?P<head>\d{3})\. (?P<tail>\d+[a-z]{1,2}) (?P<text>\S.*)")
_LOST_NUMBER = re.compile(r"[a-z] ")  # "408.f Card": the number between dot and letter lost
_RULING = re.compile(r"[-=]{3,}")  # a typed underline or rule below a heading (1999)
_FIRST_SECTION = re.compile(r"\n[^\S\n]*1\. \S")
_SENSE = re.compile(r"[1-9]\. \S")  # "2. A counter is ...": a numbered sense of a term
_EXAMPLE = ("Example", "EXAMPLE")  # 1999 prints "EXAMPLE:", every later release "Example:"
# "FadingFading is ...": the text starts with a capital or an opening quote ('"Ability" and'
# has a closing one after its first word).
_GLUED_TEXT = re.compile(r"(?P<term>.+?[a-z)])(?P<text>(?:[A-Z“]|\"(?=\S)).*)")
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
    text, _ = read_source(Path(path))  # .txt in any encoding, .docx or .rtf
    return parse_rulebook(text, str(path))


def parse_rulebook(text: str, source: str) -> Rulebook:
    """Every rule and glossary entry of a decoded CR text (LF line endings)."""
    effective = read_effective_date(text.split("\n", 50)[:50], source, text)
    padded = "\n" + text
    body_start, body_end = body_bounds(padded, source)
    body_start = _first_section(padded, body_start)
    glossary_start = padded.index("\n", body_end + 1)  # past the "Glossary" heading itself
    # The glossary ends at the Credits (1999: at the Index that comes first).
    ends = [
        at
        for word in ("Credits", "Index")
        for at in heading_offsets(padded, word)
        if at > glossary_start
    ]
    glossary_end = min(ends, default=len(padded))
    first_line = padded.count("\n", 0, body_start + 1)  # the pad is a newline too
    notes: list[str] = []
    # Headings the contents list after "Credits" (2009-2013: "Customer Service Information")
    # come before the body's first section; each is printed again after the glossary.
    trailing = {normalise(line) for line in padded[body_end:].split("\n")}
    body = padded[body_start + 1 : body_end].split("\n")
    wrapped = _hard_wrapped(body)
    marked = wrapped and _breaks_keep_spaces(body)
    if wrapped:
        notes.append(
            f"{source}:{first_line}: the text is hard-wrapped inside paragraphs (a "
            "conversion from print); each paragraph's lines are joined with spaces"
            + ("; a line without the space it broke at ends its paragraph" if marked else "")
        )
    rules = _read_rules(body, first_line, source, notes, trailing, wrapped, marked)
    glossary_line = padded.count("\n", 0, glossary_start + 1)
    glossary = _read_glossary(
        padded[glossary_start + 1 : glossary_end].split("\n"), glossary_line, source, notes, wrapped
    )
    _note_gaps(rules, source, notes)
    notes.extend(wrong_references(rules, glossary, source))
    return Rulebook(source, effective, tuple(rules), tuple(glossary), tuple(notes))


def normalise(line: str) -> str:
    return _SPACES.sub(" ", line).strip()


def _first_section(padded: str, start: int) -> int:
    """Releases before 2001 list no Credits in their contents; the document module then starts
    the body at rule 100.1. The rulebook starts at the section above it ("1. The Game")."""
    first = next((line for line in padded[start:].split("\n", 20) if line.strip()), "")
    if _SECTION.fullmatch(normalise(first)) or not _RULE.fullmatch(normalise(first)):
        return start
    section = None
    for match in _FIRST_SECTION.finditer(padded, 0, start + 1):
        section = match.start()
    return start if section is None else section


def _hard_wrapped(lines: list[str]) -> bool:
    """A line that goes on in lower case after a non-blank one is a paragraph wrapped by a
    conversion from print: such files have more of them than a tenth of their rules, the
    others none."""
    rules = sum(1 for line in lines if _RULE.match(line.strip()))
    going_on = sum(
        1 for before, line in pairwise(lines) if before.strip() and line.strip()[:1].islower()
    )
    return going_on * 10 > rules


def _breaks_keep_spaces(lines: list[str]) -> bool:
    """Whether the wrapped lines keep the space they broke at ("... one or \\n more"): almost
    every line going on in lower case follows one ending in a space (2001-07-23, 2002-02-20,
    2003-10-01 to 2004-02-01; not 1999-04-23, nor 2001-09-24, whose copy lost them)."""
    wraps = [
        before for before, line in pairwise(lines) if before.strip() and line.strip()[:1].islower()
    ]
    return bool(wraps) and sum(before.endswith(" ") for before in wraps) * 10 >= len(wraps) * 9


def _ends_paragraph(raw: str) -> bool:
    """In a file whose breaks keep their space, a line ending without one (nor a hyphen or
    dash, where a word or sentence broke without a space) is the end of its paragraph."""
    return not raw[-1:].isspace() and not raw.rstrip().endswith(("-", "—"))


def _joined(paragraph: str, line: str) -> str:
    """A wrapped line goes on after a space, or right after a hyphen or dash it broke at."""
    return paragraph + line if paragraph.endswith(("-", "—")) else f"{paragraph} {line}"


class _Draft:
    def __init__(self, number: str, text: str, line: int, occurrence: int) -> None:
        self.number, self.line, self.occurrence = number, line, occurrence
        self.paragraphs = [text]
        self.examples: list[str] = []
        self.last = self.paragraphs  # the list whose last item the next wrapped line goes on
        self.size = len(text)  # characters so far: bounded, so joining wrapped lines stays linear

    def add(self, line: str, going_on: bool = False) -> None:
        self.size += len(line) + 1
        if going_on and not line.startswith(_EXAMPLE):  # a wrapped line of the last paragraph
            self.last[-1] = _joined(self.last[-1], line)
            return
        # A paragraph of the rule, even after an example (410.10d, 2001-2003).
        self.last = self.examples if line.startswith(_EXAMPLE) else self.paragraphs
        self.last.append(line)

    def entry(self) -> RuleEntry:
        return RuleEntry(
            self.number,
            "\n".join(self.paragraphs),
            tuple(self.examples),
            self.line,
            self.occurrence,
        )


def _read_rules(
    lines: list[str],
    first_line: int,
    source: str,
    notes: list[str],
    contents_headings: set[str],
    wrapped: bool = False,
    marked: bool = False,
) -> list[RuleEntry]:
    """`wrapped`: a line after a non-blank one goes on its paragraph; `marked`: unless the line
    before ended its paragraph without the space a break keeps (_ends_paragraph)."""
    drafts: list[_Draft] = []
    seen: dict[str, int] = {}
    blank_before = True
    for offset, raw in enumerate(lines):
        line = normalise(raw)
        ruling = bool(_RULING.fullmatch(line))  # read as the blank line it stands for
        after_blank, blank_before = blank_before, not line or ruling
        if not line or ruling:
            continue
        number = first_line + offset
        ended = marked and offset > 0 and _ends_paragraph(lines[offset - 1])
        if wrapped and not after_blank and drafts and not ended:
            drafts[-1].add(line, going_on=True)  # "407, "Adding ..." goes on a paragraph
            _check_size(drafts[-1].size, drafts[-1].number, number, source)
            continue
        match = _SECTION.fullmatch(line) or _SPACED.fullmatch(line) or _RULE.fullmatch(line)
        if match is not None and match.re is _SPACED:
            rule = f"{match['head']}.{match['tail']}"
            notes.append(
                f"{source}:{number}: rule {rule} is printed "
                f"'{match['head']}. {match['tail']}', a space inside its number"
            )
            match = _RULE.fullmatch(f"{rule} {match['text']}")
        if match is None:
            if not drafts and line in contents_headings:
                continue
            if not drafts:
                raise CRFormatError(
                    source,
                    number,
                    f"text before the first section: {_clip(line)!r}; expected '1. Game Concepts'",
                )
            drafts[-1].add(line)
            _check_size(drafts[-1].size, drafts[-1].number, number, source)
            continue
        rule = match["number"]
        if match.re is _RULE:
            _note_spacing(rule, match, number, source, notes)
        occurrence = seen.get(rule, 0) + 1
        seen[rule] = occurrence
        if occurrence > 1:
            notes.append(
                f"{source}:{number}: rule {rule} is printed again (occurrence "
                f"{occurrence}); kept as printed, apart from the first"
            )
        if len(drafts) == MAX_RULES:
            raise too_many(source, number, "rules", MAX_RULES, _RULES_REAL)
        drafts.append(_Draft(rule, match["text"], number, occurrence))
    if not drafts:
        raise CRFormatError(
            source,
            first_line,
            "no numbered rules between the contents and "
            "the glossary; expected a Comprehensive Rules text",
        )
    return [draft.entry() for draft in drafts]


def _note_spacing(
    rule: str, match: re.Match[str], line: int, source: str, notes: list[str]
) -> None:
    """A rule number is followed by one space (letter subrules) or a dot and one space."""
    letter = rule[-1].isalpha()
    if match["gap"] == " " and (match["dot"] == "") == letter:
        return
    printed = f"{rule}{match['dot']}{match['gap']}"
    if not match["gap"] and not match["dot"]:
        # "100.1aThe" cannot be told from a longer number: only a capital after a dot is read.
        raise CRFormatError(
            source, line, f"rule number {rule!r} runs into its text; expected a space after it"
        )
    if match["dot"] and not match["gap"] and _LOST_NUMBER.match(match["text"]):
        # 1999-11-01 "408.f Card text ...", 2008-10-01 "306.b If ...": no number to read it as.
        notes.append(
            f"{source}:{line}: rule {rule}.{match['text'][0]} is printed without its "
            f"subrule's number; kept as printed, as rule {rule} with the text "
            f"{_clip(match['text'], 20)!r}"
        )
        return
    notes.append(
        f"{source}:{line}: rule {rule} is printed {printed!r}, its spacing or dot "
        "unlike the other rules'"
    )


def _blocks(
    lines: list[str], first_line: int, wrapped: bool, source: str, split: list[int] | None = None
) -> list[list[tuple[int, str]]]:
    """The glossary's blank-separated blocks of (line, text), each block's first line marked by
    a leading space when it is indented; in a hard-wrapped file a line goes on its paragraph
    unless indented deeper than the block's first text line (its first definition line).

    A term printed right after the last line of the entry above, with no blank line between
    them, starts a block of its own (its line is added to `split`): see _term_after_end.
    """
    blocks: list[list[tuple[int, str]]] = []
    block: list[tuple[int, str]] = []
    margin: int | None = None
    before = ""
    for offset, raw in enumerate([*lines, ""]):
        line = normalise(raw)
        if line and not _RULING.fullmatch(line):
            indent = len(raw) - len(raw.lstrip())
            if block and not wrapped and _term_after_end(before, raw):
                blocks.append(block)
                block = []
                if split is not None:
                    split.append(first_line + offset)
            before = raw
            if not block:
                block.append((first_line + offset, " " * bool(indent) + line))
                margin = indent if indent else None  # an indented block is one paragraph on
            elif wrapped and margin is not None and indent <= margin:
                block[-1] = (block[-1][0], _joined(block[-1][1], line))
                if len(block[-1][1]) > MAX_ENTRY_CHARS:  # joining on stays linear
                    raise CRFormatError(
                        source,
                        first_line + offset,
                        f"a glossary paragraph runs past {MAX_ENTRY_CHARS:,} characters; "
                        "a Comprehensive Rules glossary entry has under 13,000",
                    )
            else:
                block.append((first_line + offset, line))
                margin = indent if margin is None else margin
            continue
        if block:
            blocks.append(block)
        block = []
    return blocks


def _term_after_end(before: str, raw: str) -> bool:
    """2003-05-26 ends each entry's last paragraph with a space ("... See rule 408.1d. ") and
    lost some blank lines between entries: a term-like line (unindented, short, no sentence
    in it) after a line ending in a space is the next entry's term ("Source", "Tombstone
    Icon"). Other files end no definition line with a space before such a line."""
    return (
        before[-1:] == " "
        and raw[:1].isupper()
        and len(raw) <= _LONGEST_TERM
        and bool(_TERM_LINE.fullmatch(raw))
    )


def _split_terms_joined(
    blocks: list[list[tuple[int, str]]], split: list[int], source: str, notes: list[str]
) -> list[list[tuple[int, str]]]:
    """A term split off with no text of its own takes the block after it when that block
    starts with a paragraph (too long for a term): "Effect", blank line, its text."""
    joined: list[list[tuple[int, str]]] = []
    for block in blocks:
        previous = joined[-1] if joined else None
        if (
            previous is not None
            and len(previous) == 1
            and previous[0][0] in split
            and len(block[0][1]) > _LONGEST_TERM
            and not _goes_on(block)
        ):
            joined[-1] = [*previous, *block]
            notes.append(
                f"{source}:{previous[0][0]}: glossary term {previous[0][1]!r} is "
                "printed on the line after the entry above, and its text after a "
                "blank line; read as its own entry"
            )
            continue
        if block[0][0] in split and len(block) > 1:
            notes.append(
                f"{source}:{block[0][0]}: glossary term {block[0][1]!r} is printed on "
                "the line after the entry above, without the blank line between "
                "entries; read as its own entry"
            )
        joined.append(block)
    return joined


def _senses_joined(blocks: list[list[tuple[int, str]]]) -> list[list[tuple[int, str]]]:
    """A block that starts with a numbered sense goes on the block above, as if no blank line
    were between them: "Untap", blank, "1. To untap ...", blank, "2. Untap is ..." (2003-05-26
    prints a blank line after every paragraph) reads as the term followed by its senses."""
    joined: list[list[tuple[int, str]]] = []
    for block in blocks:
        if joined and _SENSE.match(block[0][1]):
            joined[-1] = [*joined[-1], *block]
        else:
            joined.append(block)
    return joined


_RULES_REAL = "a Comprehensive Rules text has under 3,500 (sections, rules and subrules)"


def _check_size(size: int, rule: str, line: int, source: str) -> None:
    if size > MAX_ENTRY_CHARS:
        raise CRFormatError(
            source,
            line,
            f"rule {rule}'s text runs past {MAX_ENTRY_CHARS:,} characters; a Comprehensive "
            "Rules rule has under 3,000",
        )


def _goes_on(block: list[tuple[int, str]]) -> bool:
    """An indented block belongs to the entry above."""
    return block[0][1].startswith(" ")


def _read_glossary(
    lines: list[str], first_line: int, source: str, notes: list[str], wrapped: bool = False
) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    split: list[int] = []
    blocks = _senses_joined(_blocks(lines, first_line, wrapped, source, split))
    blocks = _split_terms_joined(blocks, split, source, notes)
    blocks = split_unspaced_terms(blocks, source, notes)
    for position, block in enumerate(blocks):
        if _goes_on(block) and entries:
            last = entries[-1]
            text = "\n".join([last.text, *(line.strip() for _, line in block)])
            entries[-1] = _grown(last, text, block[0][0], source)
            continue
        (term_line, term), *definition = block
        term = term.strip()
        after = blocks[position + 1] if position + 1 < len(blocks) else None
        if not definition and entries and after is not None and _goes_on(after):
            # 2002-2003: "Expansions and Editions", then the indented list of sets: a heading
            # inside the entry above, kept there with what follows it.
            last = entries[-1]
            entries[-1] = _grown(last, f"{last.text}\n{term}", term_line, source)
            notes.append(
                f"{source}:{term_line}: glossary line {term!r} has no definition of its "
                f"own; read as a heading inside {last.term!r}, with the indented lines "
                "after it"
            )
            continue
        glued = _GLUED_SENSE.fullmatch(term)
        if glued and definition and definition[0][1].startswith("2. "):
            # 2021-06-18 prints "Draw1. To put ..." for "Draw" then "1. To put ...".
            term = glued["term"]
            definition.insert(0, (term_line, glued["sense"]))
            notes.append(
                f"{source}:{term_line}: glossary term {term!r} runs into its first "
                "sense ('1.') on one line; read as the term, then the sense"
            )
        glued_text = _GLUED_TEXT.fullmatch(term) if len(term) > _LONGEST_TERM else None
        if glued_text:
            # 2003-06-01 (.rtf) lost paragraph breaks, and some blank lines with them:
            # "FadingFading is a keyword ...". Its term ends where its text starts, unspaced;
            # the entries printed on after it, to the next blank line, stay in its text.
            printed = term
            term = glued_text["term"]
            definition.insert(0, (term_line, glued_text["text"]))
            notes.append(
                f"{source}:{term_line}: glossary line {_clip(printed)!r} runs its term "
                "into its text (the file lost the break between them); read as the "
                f"term {term!r}, then its text, with the lines after it to the next "
                "blank line kept in that text as printed"
            )
        if len(term) > _LONGEST_TERM and entries and not glued_text:
            # A paragraph without a term (no release prints one now: 2003-05-26's "Effect", the
            # last line of the block above, is read by _split_terms_joined): kept with the
            # entry above as printed, and noted.
            last = entries[-1]
            text = "\n".join([last.text, term, *(line for _, line in definition)])
            entries[-1] = _grown(last, text, term_line, source)
            above = last.text.rsplit("\n", 1)[-1]
            maybe = (
                f" (its last line, {above!r}, may be this paragraph's term)"
                if len(above) <= _LONGEST_TERM
                else ""
            )
            notes.append(
                f"{source}:{term_line}: glossary line {_clip(term)!r} is too long to be "
                f"a term and runs none into its text; read as a paragraph of "
                f"{last.term!r} above it{maybe}"
            )
            continue
        if not definition:
            raise CRFormatError(
                source,
                term_line,
                f"glossary entry {_clip(term)!r} has no "
                "definition; expected the term, then its text on the next line",
            )
        if len(entries) == MAX_GLOSSARY_ENTRIES:
            raise too_many(
                source,
                term_line,
                "glossary entries",
                MAX_GLOSSARY_ENTRIES,
                "a Comprehensive Rules glossary has under 1,000",
            )
        entries.append(GlossaryEntry(term, "\n".join(text for _, text in definition), term_line))
    if not entries:
        raise CRFormatError(source, first_line, "the glossary is empty; expected entries")
    terms: dict[str, int] = {}
    for entry in entries:
        if entry.term in terms:
            notes.append(
                f"{source}:{entry.line}: glossary term {entry.term!r} is printed again "
                f"(first on line {terms[entry.term]})"
            )
        terms.setdefault(entry.term, entry.line)
    return entries


def _grown(entry: GlossaryEntry, text: str, line: int, source: str) -> GlossaryEntry:
    """The entry with more text, bounded: joining on stays linear."""
    if len(text) > MAX_ENTRY_CHARS:
        raise CRFormatError(
            source,
            line,
            f"glossary entry {_clip(entry.term)!r} runs past {MAX_ENTRY_CHARS:,} characters; "
            "a Comprehensive Rules glossary entry has under 13,000",
        )
    return GlossaryEntry(entry.term, text, entry.line)


def _note_gaps(rules: list[RuleEntry], source: str, notes: list[str]) -> None:
    """Subrule letters skipped (704.5j then 704.5m): a rule the file lost, or a CR typo."""
    previous: dict[str, str] = {}
    for rule in rules:
        parent = rule.parent
        if parent is None or not rule.number[-1].isalpha() or rule.occurrence > 1:
            continue
        letters = rule.number[len(parent) :]
        expected = _next_letters(previous.get(parent))
        if letters != expected:
            notes.append(
                f"{source}:{rule.line}: subrule {rule.number} follows "
                f"{parent}{previous.get(parent, '')} (expected {parent}{expected})"
            )
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
