"""Rule numbers as the CR writes them: sections (7), rules (704), subrules (704.5, 704.5j);
how they sort; and the "(see rule N)" pointers of the CR's text."""

from __future__ import annotations

import re

# "7" | "704" | "704.5" | "704.5j" | "704.5aa" (after z the CR goes on with two letters)
# A subrule's digits are bounded: the CR's longest is 3 (702.195), and an unbounded run would
# be a number no rule has, read as an integer past Python's limit on digits.
RULE_NUMBER = re.compile(r"\d(?:\d\d(?:\.\d{1,6}(?:[a-z]{1,2})?)?)?")
# A number as the CR's prose cites one: a rule or subrule, never a bare section digit ("see
# rules 119.7–8" names 119.7, not 119.7 and 8).
CITED_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
# "(see rule 301.5)", "(see rules 704.5j and 704.5k)", with the blank before it.
SEE_RULES = re.compile(r"\s*\(see rules? (?P<targets>[^)]+)\)")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_RULE_PART = re.compile(r"(\d+)|([^\d.]+)")


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


def rule_key(number: str) -> tuple[tuple[int, str], ...]:
    """Sort key for rule numbers: 205.3i < 205.3m < 205.4a < 301 < 305.6 < 704.5j."""
    return tuple(
        (int(digits), "") if digits else (-1, letters)
        for digits, letters in _RULE_PART.findall(number)
    )


def see_rules(text: str) -> list[str]:
    """The rule numbers ``text``'s "(see rule ...)" pointers name, in order."""
    return [
        number
        for match in SEE_RULES.finditer(text)
        for number in CITED_NUMBER.findall(match["targets"])
    ]
