"""Rule numbers as the CR writes them: sections (7), rules (704), subrules (704.5, 704.5j)."""

from __future__ import annotations

import re

# "7" | "704" | "704.5" | "704.5j" | "704.5aa" (after z the CR goes on with two letters)
# A subrule's digits are bounded: the CR's longest is 3 (702.195), and an unbounded run would
# be a number no rule has, read as an integer past Python's limit on digits.
RULE_NUMBER = re.compile(r"\d(?:\d\d(?:\.\d{1,6}(?:[a-z]{1,2})?)?)?")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def parse_rule_number(text: str) -> str | None:
    """The number a user typed ("704.5j", "704.", " 100.1A ") in the CR's form, else None."""
    candidate = text.strip().rstrip(".").lower()
    return candidate if RULE_NUMBER.fullmatch(candidate) else None


def parent_number(number: str) -> str | None:
    """704.5j → 704.5, 704.5 → 704, 704 → 7, 7 → None."""
    if len(number) == 1:
        return None
    if "." not in number:
        return number[0]
    head, tail = number.split(".", 1)
    return f"{head}.{tail.rstrip(_LETTERS)}" if tail[-1].isalpha() else head
