"""Bounds on a CR text's shape, far above any official release's, checked before it is parsed.

The 20 MB cap alone leaves room for files no release resembles and that cost the readers far
more than their size: one 15 MB rule line (640 MB and 25 s in `new-release`), 600,000
glossary entries (1 GB, 53 s), a million rules (1.8 GB, 219 s). The largest of the 136
official files (1999-2026): 951,244 characters, 9,397 lines, the longest 3,606 characters,
3,318 rules, 739 glossary entries, a rule's text of 2,872 characters and a glossary entry's
of 12,017. `new-release` takes time in proportion to the text (its lineage matcher, about
4 s a MB on 2 cores), so the text itself is bounded at about three times the largest CR.
"""

from __future__ import annotations

from rulesdb.errors import CRFormatError

MAX_CHARS = 3_000_000
MAX_LINES = 100_000
MAX_LINE_CHARS = 20_000
MAX_RULES = 10_000  # sections, rules and subrules
MAX_GLOSSARY_ENTRIES = 10_000
MAX_ENTRY_CHARS = 50_000  # one rule's (or glossary entry's) text, its lines joined


def check_shape(text: str, source: str) -> None:
    """Refuse a decoded text (LF line endings) of more than MAX_CHARS characters or
    MAX_LINES lines, or with a line longer than MAX_LINE_CHARS (naming the line)."""
    if len(text) > MAX_CHARS:
        raise CRFormatError(
            source,
            None,
            f"the text has {len(text):,} characters, more than {MAX_CHARS:,}; a Comprehensive "
            "Rules text has under 1,000,000",
        )
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise CRFormatError(
            source,
            None,
            f"the file has {lines:,} lines, more than {MAX_LINES:,}; a Comprehensive Rules "
            "text has under 10,000",
        )
    longest = max(text.split("\n"), key=len)  # in C: a 20 MB text splits in a few ms
    if len(longest) > MAX_LINE_CHARS:
        at = text.index(longest)
        raise CRFormatError(
            source,
            text.count("\n", 0, at) + 1,
            f"a line of {len(longest):,} characters, more than {MAX_LINE_CHARS:,}; a "
            "Comprehensive Rules line has under 4,000",
        )


def too_many(source: str, line: int, what: str, limit: int, real: str) -> CRFormatError:
    """The refusal of a count past its bound, at the line where it went past."""
    return CRFormatError(source, line, f"more than {limit:,} {what}; {real}")
