"""Rule diffs between two releases, each rule followed by its lineage; a block's cut of one."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any, NotRequired, TypedDict

from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions import lineage
from rulesdb.questions.diff import normalise_rule_text
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.questions.reasons import (
    Coverage,
    Reason,
    ReasonJSON,
    attach,
    coverage_between,
    followed,
    reasons_between,
)
from rulesdb.questions.rulebook import first_text_line, rule_number_of, unknown_rule
from rulesdb.questions.worddiff import as_markdown, word_diff
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import rule_key


class ChangedRule(TypedDict):
    """A rule that keeps its number and changes its words (text, then examples, a line each)."""

    number: str
    before: str
    after: str
    # Present (True) when both releases print the number but its lineage does not join them.
    uncertain: NotRequired[bool]
    # Wizards' reasons for the change (Reason.to_json each), when its bulletin gives one.
    why: NotRequired[list[ReasonJSON]]


# A rule renumbered: its number in each release ("from" is a Python keyword: functional form),
# with Wizards' reasons for it ("why", Reason.to_json each) when its bulletin gives one.
MovedRule = TypedDict(
    "MovedRule",
    {
        "from": str,
        "to": str,
        "before": str,
        "after": str,
        "changed": bool,
        "why": NotRequired[list[ReasonJSON]],
    },
)


@dataclass(frozen=True)
class RuleDiff:
    from_date: str
    to_date: str
    added: list[str]
    removed: list[str]
    changed: list[ChangedRule] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)  # number -> text, for added/removed
    moved: list[MovedRule] = field(default_factory=list)
    # Wizards' reasons beside each change they explain, by number (a moved rule's new one),
    # and whether each release of the span has a bulletin (curated, known or none).
    why: dict[str, list[Reason]] = field(default_factory=dict)
    coverage: list[Coverage] = field(default_factory=list)
    split_from: dict[str, str] = field(default_factory=dict)  # added rule -> the rule it left

    def to_json(self) -> dict[str, Any]:
        return {
            "from": self.from_date,
            "to": self.to_date,
            "added": list(self.added),
            "split_from": dict(self.split_from),
            "removed": list(self.removed),
            "moved": [dict(m) for m in self.moved],
            "changed": [dict(c) for c in self.changed],
            "why": {n: [r.to_json() for r in reasons] for n, reasons in self.why.items()},
            "bulletins": [c.to_json() for c in self.coverage],
        }

    def why_lines(self, number: str) -> list[str]:
        """Wizards' reasons beside the change at ``number``, a line each."""
        return [reason.line() for reason in self.why.get(number, [])]

    def to_markdown(self) -> str:
        lines = [f"# Comprehensive Rules changes: {self.from_date} → {self.to_date}", ""]
        if not (self.added or self.removed or self.changed or self.moved):
            return "\n".join([*lines, "No rule changed.", ""])
        lines.append(
            f"{len(self.added)} added, {len(self.removed)} removed, "
            f"{len(self.moved)} moved, {len(self.changed)} changed. Removed words "
            "are ~~struck~~, added words **bold**."
        )
        lines += ["", *(f"- {c.sentence()}" for c in self.coverage)] if self.coverage else []
        for title, numbers in (("Added", self.added), ("Removed", self.removed)):
            if numbers:
                lines += ["", f"## {title}", ""]
                for n in numbers:
                    split = f" (split from {self.split_from[n]})" if n in self.split_from else ""
                    lines.append(f"- **{n}**{split} {first_text_line(self.titles.get(n, ''))}")
                    lines += [f"  - *{why}*" for why in self.why_lines(n)]
        if self.moved:
            lines += ["", "## Moved", ""]
            for move in self.moved:
                text = (
                    marked_changes(move["before"], move["after"])
                    if move["changed"]
                    else first_text_line(move["after"])
                )
                lines.append(f"- **{move['from']} → {move['to']}** {text}")
                lines += [f"  - *{why}*" for why in self.why_lines(move["to"])]
        if self.changed:
            lines += ["", "## Changed", ""]
            for change in self.changed:
                doubt = " (lineage uncertain)" if change.get("uncertain") else ""
                lines.append(
                    f"- **{change['number']}**{doubt} "
                    f"{marked_changes(change['before'], change['after'])}"
                )
                lines += [f"  - *{why}*" for why in self.why_lines(change["number"])]
        return "\n".join([*lines, ""])


def release_before(bind: Bind, day: date | None) -> date:
    """The rulebook release before the one in force on ``day`` (default: the latest)."""
    with connected(bind) as connection:
        current = release_in_force(connection, day)
        rows = fetch(
            connection,
            "SELECT MAX(release_date) AS d FROM release_rulebook WHERE release_date < :day",
            day=current,
        )
    if not rows or rows[0]["d"] is None:
        raise RulesdbError(
            f"release {current.isoformat()} is the first with a rulebook: "
            "there is no release before it to compare with"
        )
    return as_date(rows[0]["d"])


def in_block(number: str, head: str) -> bool:
    """Whether rule ``number`` is ``head`` or numbered under it (7 → 702.19a; 702.1 ↛
    702.19)."""
    bare = number.split("#", 1)[0]
    if bare == head or (len(head) == 1 and bare.startswith(head)):
        return True
    return bare.startswith(head) and bare[len(head)] in ".abcdefghijklmnopqrstuvwxyz"


def block_diff(bind: Bind, found: RuleDiff, number: str) -> RuleDiff:
    """``found`` cut to the rule ``number`` and its subrules: the block as the later
    release numbers it, and as the earlier one numbered the same rule (its lineage)."""
    wanted = rule_number_of(number)
    start, end = date.fromisoformat(found.from_date), date.fromisoformat(found.to_date)
    with connected(bind) as connection:
        heads = {wanted}
        if len(wanted) > 1:
            for day, other in ((end, start), (start, end)):
                line = lineage.lineage_at(connection, day, wanted)
                there = lineage.where_now(connection, line, other) if line else None
                if there is not None:
                    heads.add(there[0])
            if not any(
                lineage.lineage_at(connection, day, h) for h in heads for day in (start, end)
            ):
                raise unknown_rule(connection, end, wanted)

    def under(rule_number: str) -> bool:
        return any(in_block(rule_number, head) for head in heads)

    return RuleDiff(
        found.from_date,
        found.to_date,
        [n for n in found.added if under(n)],
        [n for n in found.removed if under(n)],
        [c for c in found.changed if under(c["number"])],
        {n: t for n, t in found.titles.items() if under(n)},
        [m for m in found.moved if under(m["from"]) or under(m["to"])],
        {n: reasons for n, reasons in found.why.items() if under(n)},
        found.coverage,
        {n: source for n, source in found.split_from.items() if under(n)},
    )


def rule_diff(bind: Bind, from_day: date, to_day: date) -> RuleDiff:
    """Rules added, removed, moved and changed between the releases in force on two dates,
    each rule followed by its lineage: a rule renumbered (reworded or not) is moved, from its
    number to its new one; one that keeps its number and changes its words is changed.

    A rule is its text and examples; typographic quotes and dashes alone are no change (see
    :func:`rulesdb.questions.diff.normalise_rule_text`). A number printed twice in a release
    (2024-09-20's 702.175) is compared as ``702.175#2`` for its second occurrence.
    """
    with connected(bind) as connection:
        start = release_in_force(connection, from_day)
        end = release_in_force(connection, to_day)
        before, after = _printed_rules(connection, start), _printed_rules(connection, end)
        lineages_before = lineage.release_lineages(connection, start)
        lineages_after = lineage.release_lineages(connection, end)
        splits = lineage.split_sources(connection, start, end)
        # each reason at the number the ends give its rule, however often renumbered between
        reasons = followed(
            connection,
            reasons_between(connection, start, end),
            start,
            end,
            {start: lineages_before, end: lineages_after},
        )
        coverage = coverage_between(connection, start, end)
    # Going back in time, the later release's rules are the older ones' successors all the
    # same: a lineage is the same rule either way.
    was = {name: key for key, name in lineages_before.items()}
    kept = set(lineages_after.values())
    added: list[str] = []
    moved: list[MovedRule] = []
    changed: list[ChangedRule] = []
    for key in sorted(after, key=rule_key):
        old = was.get(lineages_after.get(key, ""))
        if old is None and key in before and lineages_before.get(key) not in kept:
            # Both releases print the number and the lineage ends on one side and begins on
            # the other: a link the matcher refused, never "removed and added".
            changed.append(
                ChangedRule(number=key, before=before[key], after=after[key], uncertain=True)
            )
        elif old is None:
            added.append(key)
        elif old != key:
            moved.append(
                MovedRule(
                    {
                        "from": old,
                        "to": key,
                        "before": before[old],
                        "after": after[key],
                        "changed": _differs(before[old], after[key]),
                    }
                )
            )
        elif _differs(before[key], after[key]):
            changed.append(ChangedRule(number=key, before=before[key], after=after[key]))
    doubted = {change["number"] for change in changed if change.get("uncertain")}
    removed = sorted(
        (key for key in before if lineages_before.get(key) not in kept and key not in doubted),
        key=rule_key,
    )
    titles = {n: after[n] for n in added} | {n: before[n] for n in removed}
    split_from = {n: splits[lineages_after[n]] for n in added if lineages_after.get(n) in splits}
    why = attach(
        [*added, *removed, *(m["to"] for m in moved), *(c["number"] for c in changed)], reasons
    )
    for item in changed:
        if item["number"] in why:
            item["why"] = [r.to_json() for r in why[item["number"]]]
    for move in moved:
        if move["to"] in why:
            move["why"] = [r.to_json() for r in why[move["to"]]]
    return RuleDiff(
        start.isoformat(),
        end.isoformat(),
        added,
        removed,
        changed,
        titles,
        moved,
        why,
        coverage,
        split_from,
    )


def _differs(before: str, after: str) -> bool:
    return normalise_rule_text(before) != normalise_rule_text(after)


def marked_changes(before: str, after: str) -> str:
    """``after`` with words removed since ``before`` as ~~struck~~ and added words **bold**."""
    return as_markdown(word_diff(before, after))


def _printed_rules(connection: Connection, day: date) -> dict[str, str]:
    """Each rule of a release as printed: its text, then its examples, one a line."""
    rows = fetch(
        connection,
        "SELECT r.number, r.occurrence, t.text, t.examples "
        "FROM rule_span r JOIN rulebook_text t ON t.id = r.text_id "
        f"WHERE {printed_in('r')}",
        day=day,
    )
    return {
        (
            row["number"] if row["occurrence"] == 1 else f"{row['number']}#{row['occurrence']}"
        ): "\n".join([row["text"], *json.loads(row["examples"])])
        for row in rows
    }
