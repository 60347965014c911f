"""The renumberings a bulletin entry states, checked against the lineage (issue 54): moves it
names ("The old 104.5, 104.6, and 104.7 are being renumbered to 104.6, 104.7, and 104.8",
"120.8 … previously known as 401.5", "806.7b (formerly 806.6d)") must be links of the lineage
from the release before to the release; a block it says moved ("The rest of the 700s moved
down a number", "Other state-based actions are bumped down") must have moved: each rule after
the one the entry adds or cuts, at its level, renumbered."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulesdb.questions.rulebook_diff import in_block
from rulesdb.util.rule_numbers import parent_number

_N = r"\d{3}(?:\.\d+[a-z]*)?"
_LIST = rf"{_N}(?:(?:,|,? and) {_N})*"
# "The old X, Y, and Z are being renumbered to X', Y', and Z'[, respectively]"
_RENUMBERED = re.compile(
    rf"(?:old|previous) ({_LIST}) (?:is|are) being renumbered (?:to|as) ({_LIST})"
)
# "Y (formerly X)", "Y (formerly known as rule X", "The previous X was bumped … to the new Y"
_FORMERLY = re.compile(rf"({_N}),? \(formerly(?: known as)?(?: rule)? ({_N})")
_BUMPED = re.compile(rf"previous ({_N}) was bumped[^.]*? to the new ({_N})")
# "This rule, previously known as X": the entry's own rule
_PREVIOUSLY = re.compile(rf"^This rule, previously known as ({_N})")
# A block said to move: "the rest of", "subsequent", "everything after", "bumped down", …
_BLOCK = re.compile(
    r"\b(?:the rest|subsequent|everything after|all the other|others?)\b[^.]*?"
    r"\b(?:moved?|bumped|renumbered|pushed|down a)\b|\bbump(?:s|ed)? down\b|\bmoved? down\b",
    re.IGNORECASE,
)


def _numbers(listed: str) -> list[str]:
    return re.findall(_N, listed)


def stated_moves(entry: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The (old number, new number) pairs the entry's heading and text state."""
    text = f"{entry.get('heading', '')}. {entry['why']}"
    for old, new in _RENUMBERED.findall(text):
        yield from zip(_numbers(old), _numbers(new), strict=False)
    for new, old in _FORMERLY.findall(text):
        yield old, new
    for old, new in _BUMPED.findall(text):
        yield old, new
    rules = entry.get("rules", [])
    for old in _PREVIOUSLY.findall(entry["why"]):
        if rules:
            yield old, rules[0]


def states_a_block(entry: dict[str, Any]) -> bool:
    return bool(_BLOCK.search(entry["why"]))


def moves_near(rules: list[str], moved: dict[str, str]) -> list[str]:
    """What a renumbering entry lacks when it says only that rules moved: a rule moved from
    or into the section of a rule it names (the block of its parent; 2007-10-01's 423.2b, "had
    been misnumbered", was 432.2b)."""
    heads = {parent_number(n) or n for n in rules}
    ends = [number for move in moved.items() for number in move]  # from or to
    if any(in_block(end, head) for end in ends for head in heads) or (not rules and moved):
        return []  # (an entry naming no rule: some rule moved in the release)
    return [
        f"{', '.join(rules)}: a renumbering, and no rule moved under {', '.join(sorted(heads))}"
    ]


def _order(number: str) -> tuple[tuple[int, int, str], ...]:
    """A rule number in the rulebook's order (704.5z before 704.5aa)."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, len(part), part)
        for part in re.findall(r"\d+|[a-z]+", number)
    )


def block_disagreements(
    entry: dict[str, Any],
    moved: dict[str, str],
    added: set[str],
    removed: set[str],
    printed_before: set[str],
) -> list[str]:
    """What the entry's stated block move lacks: each rule after the one it adds or cuts, at
    its level, in the release before, must be renumbered (``moved``: old → new number) or cut
    too. An entry naming no rule the release adds or cuts: some rule of its section moved."""
    rules = entry.get("rules", [])
    anchors = [n for n in rules if n in added or n in removed or n in moved]
    if not anchors:
        return moves_near(rules, moved)
    found = []
    for number in anchors:
        parent = parent_number(number)
        after = sorted(
            (
                old
                for old in printed_before
                if parent_number(old) == parent
                and (_order(old) > _order(number) or (old == number and number not in removed))
            ),
            key=_order,
        )
        still = [old for old in after if old not in moved and old not in removed]
        if still:
            found.append(
                f"{number}: the rules after it were said to move, {', '.join(still[:3])}"
                + (f" and {len(still) - 3} more" if len(still) > 3 else "")
                + " kept their numbers"
            )
    return found
