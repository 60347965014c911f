"""Rule numbers: how they sort, and the "(see rule N)" pointers of the CR's text."""

from __future__ import annotations

import re

RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
# "(see rule 301.5)", "(see rules 704.5j and 704.5k)", with the blank before it.
SEE_RULES = re.compile(r"\s*\(see rules? (?P<targets>[^)]+)\)")
_RULE_PART = re.compile(r"(\d+)|([^\d.]+)")


def rule_key(number: str) -> tuple[tuple[int, str], ...]:
    """Sort key for rule numbers: 205.3i < 205.3m < 205.4a < 301 < 305.6 < 704.5j."""
    return tuple((int(digits), "") if digits else (-1, letters)
                 for digits, letters in _RULE_PART.findall(number))


def see_rules(text: str) -> list[str]:
    """The rule numbers ``text``'s "(see rule ...)" pointers name, in order."""
    return [number for match in SEE_RULES.finditer(text)
            for number in RULE_NUMBER.findall(match["targets"])]
