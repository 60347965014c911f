"""What a glossary term looks like on its own line, and terms printed with no blank line
before them inside the entry above.

The glossary separates entries by a blank line. Some official files lose one: 2008-02-01 to
2009-02-01 print "Floor Rules" on the line after the last of "Flip Cards", 2020-06-01 to
2020-08-07 "Concede" after "Companion", 2021-07-23 to 2022-09-08 "Affinity" after "Adventurer
Card". Such a line is read as its own entry when the grammar leaves no doubt: it is term-like
(short, words only, no sentence), the line before it ends a sentence, and the line after it is
a sentence (its definition). Lists inside an entry (the 1999-2003 expansion symbols: "The
expansion symbols to date are:", "Expansions and Editions", "Arabian Nights [symbol]") fail
one of these, and so stay in their entry. Each split is a note of the release.
"""

from __future__ import annotations

import re

LONGEST_TERM = 80  # the longest term printed is 68 characters; past 80 a definition ran in
# A term as printed on its own line: words, no sentence ("Tombstone Icon", "Total Casting Cost
# (Obsolete)", "Trigger/Triggered Ability", "Urza's").
TERM_LINE = re.compile(r"[\w’'/,\- ]+(?: \([\w ]+\))?")
# A sentence's end: a full stop (or ! ?), perhaps inside closing quotes or a parenthesis.
_SENTENCE_END = re.compile(r"[.!?][”\"’')]*$")

Block = list[tuple[int, str]]  # (1-based line, text), as the rulebook's glossary reader has it


def term_like(line: str) -> bool:
    return line[:1].isupper() and len(line) <= LONGEST_TERM and bool(TERM_LINE.fullmatch(line))


def _starts_entry(block: Block, at: int) -> bool:
    """Whether block[at] is a term printed inside the entry above, with its definition."""
    if at < 2 or at + 1 >= len(block):  # a term, some text, this line, then its definition
        return False
    before, line, after = block[at - 1][1], block[at][1], block[at + 1][1]
    return (
        term_like(line)
        and bool(_SENTENCE_END.search(before))
        and not term_like(after)
        and after[:1].isupper()
        and bool(_SENTENCE_END.search(after))
    )


def split_unspaced_terms(blocks: list[Block], source: str, notes: list[str]) -> list[Block]:
    """Each block that starts with a term (not a paragraph a damaged file ran its term into,
    2003-06-01) split where a term with its definition is printed inside it."""
    split: list[Block] = []
    for block in blocks:
        if not term_like(block[0][1]):
            split.append(block)
            continue
        current = block[:1]
        for at in range(1, len(block)):
            if _starts_entry(block, at):
                split.append(current)
                current = []
                notes.append(
                    f"{source}:{block[at][0]}: glossary term {block[at][1]!r} is printed on "
                    f"the line after the entry above ({block[0][1]!r}), without the blank "
                    "line between entries; read as its own entry"
                )
            current.append(block[at])
        split.append(current)
    return split
