"""The whole rulebook, release by release: a rule, its history, the glossary, search, diffs.

Plain SQL through SQLAlchemy Core. Search is each database's own full-text engine (SQLite FTS5,
PostgreSQL tsvector), restricted to the texts one release prints; everything else reads one or
two releases' rows through their primary key.
"""

from __future__ import annotations

import json
from bisect import bisect_left
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
from rulesdb.questions.worddiff import as_markdown, word_diff
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import parent_number, parse_rule_number, rule_key

NEAREST = 3  # numbers or terms suggested on each side of an unknown one


class UnknownEntry(RulesdbError):
    """A well-formed rule number or term the release does not have: a plain no (exit 1)."""

    exit_code = 1


class Subrule(TypedDict):
    number: str
    text: str


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
class RuleAnswer:
    release: str
    number: str
    text: str
    examples: list[str]
    subrules: list[Subrule]  # the rules directly under this one

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "number": self.number,
            "text": self.text,
            "examples": list(self.examples),
            "subrules": [dict(s) for s in self.subrules],
        }


@dataclass(frozen=True)
class RuleVersion:
    """One text at one number of a rule's lineage, and the releases printing it in a row."""

    number: str
    text: str
    examples: list[str]
    first_release: str
    last_release: str
    releases: int
    # How it came from the version before: new, reworded, retypeset (only quotes, apostrophes,
    # dashes or spaces differ), renumbered, moved and reworded; merged: the rule that took the
    # last version's words, which continues another rule (its own lineage).
    how: str
    from_number: str | None = None  # the number before, when renumbered or moved
    similarity: float = 0.0  # to the version before (1: the same words)
    lineage: str = ""
    uncertain: bool = False  # the link to the version before is one the matcher could not decide
    # Wizards' reasons for the change its first release made, and whether that release has a
    # bulletin: curated, known (not yet curated) or none.
    why: list[Reason] = field(default_factory=list)
    bulletin: str = "none"

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "first_release": self.first_release,
            "last_release": self.last_release,
            "releases": self.releases,
            "how": self.how,
            "from_number": self.from_number,
            "similarity": self.similarity,
            "uncertain": self.uncertain,
            "lineage": self.lineage,
            "text": self.text,
            "examples": list(self.examples),
            "why": [reason.to_json() for reason in self.why],
            "bulletin": self.bulletin,
        }


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
                    lines.append(f"- **{n}**{split} {_first_line(self.titles.get(n, ''))}")
                    lines += [f"  - *{why}*" for why in self.why_lines(n)]
        if self.moved:
            lines += ["", "## Moved", ""]
            for move in self.moved:
                text = (
                    marked_changes(move["before"], move["after"])
                    if move["changed"]
                    else _first_line(move["after"])
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


def rule(bind: Bind, number: str, as_of: date | None = None) -> RuleAnswer:
    """The rule in the release in force on ``as_of``, with its examples and direct subrules."""
    wanted = _rule_number(number)
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        # The rule and everything numbered below it: one range of the release's rows.
        rows = fetch(
            connection,
            "SELECT r.number, r.occurrence, r.sort_key, t.text, t.examples "
            "FROM rule_span r JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')} AND {_under(connection)}",
            day=day,
            number=wanted,
            prefix=wanted + "%",
            **_children_range(wanted),
        )
        own = [row for row in rows if row["number"] == wanted]
        if not own:
            raise _unknown_rule(connection, day, wanted)
        found = min(own, key=lambda row: row["occurrence"])
        subrules = sorted(
            (
                row
                for row in rows
                if row["occurrence"] == found["occurrence"]
                and parent_number(row["number"]) == wanted
            ),
            key=lambda row: row["sort_key"],
        )
    return RuleAnswer(
        day.isoformat(),
        wanted,
        found["text"],
        json.loads(found["examples"]),
        [Subrule(number=row["number"], text=row["text"]) for row in subrules],
    )


def rule_history(
    bind: Bind, number: str, as_of: date | None = None, substantive: bool = False
) -> list[RuleVersion]:
    """Each version of the rule, oldest first, following it through renumbering and rewording
    (its lineage): the rule numbered ``number`` in the release in force on ``as_of``, or in
    the newest release printing that number. With ``substantive``, a version retypeset (only
    its quotes, apostrophes, dashes or spaces differ from the one before) is no new version."""
    with connected(bind) as connection:
        found = lineage_of(connection, number, as_of)
        segments = _ancestry(connection, found)
        rows = [row for _, rows in segments for row in rows]
        merged = lineage.merged_into(connection, found)
        reasons: dict[str, list[Reason]] = {}
        bulletins: dict[str, str] = {}
        if rows:
            last = max(row["release_date"] for row in rows)
            span = (date.min, merged["release_date"] if merged is not None else last)
            reasons = reasons_between(connection, *span)
            bulletins = {c.release: c.status for c in coverage_between(connection, *span)}
    versions = []
    for owner, run in (
        (owner, run) for owner, rows in segments for run in _runs(rows, substantive)
    ):
        first = run[0]
        how = first["how"] or "new"
        versions.append(
            RuleVersion(
                number=first["number"],
                text=first["text"],
                examples=json.loads(first["examples"]),
                first_release=first["release_date"].isoformat(),
                last_release=run[-1]["release_date"].isoformat(),
                releases=len(run),
                how=how,
                from_number=first["from_number"]
                if how in ("renumbered", "moved and reworded", "split")
                else None,
                similarity=float(first["similarity"] or 0.0),
                lineage=owner,
                uncertain=first["uncertain"],
                why=_version_reasons(first, reasons),
                bulletin=bulletins.get(first["release_date"].isoformat(), "none"),
            )
        )
    if merged is not None:
        day = merged["release_date"].isoformat()
        versions.append(
            RuleVersion(
                number=merged["number"],
                text=merged["text"],
                examples=json.loads(merged["examples"]),
                first_release=day,
                last_release=day,
                releases=1,
                how="merged",
                from_number=merged["from_number"],
                similarity=float(merged["similarity"]),
                lineage=merged["lineage"],
                uncertain=merged["uncertain"],
                bulletin=bulletins.get(day, "none"),
            )
        )
    return versions


def _ancestry(connection: Connection, found: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The lineage's versions (:func:`lineage.trace`), after those of the rule it was split
    off up to the split, and of the rule that one was split off, oldest first: (lineage,
    rows) each."""
    segments = [(found, lineage.trace(connection, found))]
    seen = {found}
    while segments[0][1] and segments[0][1][0]["how"] == "split":
        first = segments[0][1][0]
        source = lineage.split_from(connection, first)
        if source is None or source in seen:
            break
        seen.add(source)
        earlier = [
            row
            for row in lineage.trace(connection, source)
            if row["release_date"] < first["release_date"]
        ]
        segments.insert(0, (source, earlier))
    return segments


def _runs(rows: list[dict[str, Any]], substantive: bool) -> list[list[dict[str, Any]]]:
    """The rows in runs of one number and text (with ``substantive``, retypesetting too)."""
    runs: list[list[dict[str, Any]]] = []
    for row in rows:
        same = runs and (runs[-1][-1]["number"], runs[-1][-1]["text_id"]) == (
            row["number"],
            row["text_id"],
        )
        if same or (runs and substantive and row["how"] == "retypeset"):
            runs[-1].append(row)
        else:
            runs.append([row])
    return runs


def _version_reasons(first: dict[str, Any], reasons: dict[str, list[Reason]]) -> list[Reason]:
    """The reasons the bulletin on a version's first release gives for it, at its number (or
    a rule above it) or at the number it had before."""
    day = first["release_date"].isoformat()
    made = {n: [r for r in given if r.release == day] for n, given in reasons.items()}
    numbers = [first["number"], *([first["from_number"]] if first["from_number"] else [])]
    found: list[Reason] = []
    for given in attach(numbers, made).values():
        found += [r for r in given if r not in found]
    return found


def lineage_of(connection: Connection, number: str, as_of: date | None = None) -> str:
    """The lineage of rule ``number`` in the release in force on ``as_of``, or in the newest
    release printing that number; an unknown one is refused naming the nearest."""
    wanted = _rule_number(number)
    if as_of is not None:
        day = release_in_force(connection, as_of)
        found = lineage.lineage_at(connection, day, wanted)
        if found is None:
            raise _unknown_rule(connection, day, wanted)
        return found
    found = lineage.newest_lineage(connection, wanted)
    if found is None:
        days = rulebook_days(connection)
        raise _unknown_rule(connection, days[-1] if days else None, wanted, anywhere=True)
    return found


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
    wanted = _rule_number(number)
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
                raise _unknown_rule(connection, end, wanted)

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


def release_texts(connection: Connection, day: date) -> dict[str, str]:
    """Every rule's text in a release, by number (the first occurrence of a repeated one)."""
    rows = fetch(
        connection,
        "SELECT r.number, t.text FROM rule_span r "
        "JOIN rulebook_text t ON t.id = r.text_id "
        f"WHERE {printed_in('r')} AND r.occurrence = 1",
        day=day,
    )
    return {row["number"]: row["text"] for row in rows}


def glossary_texts(connection: Connection, day: date) -> dict[str, str]:
    rows = fetch(
        connection,
        "SELECT g.term, t.text FROM glossary_span g "
        "JOIN rulebook_text t ON t.id = g.text_id "
        f"WHERE {printed_in('g')}",
        day=day,
    )
    return {row["term"]: row["text"] for row in rows}


# --- helpers ------------------------------------------------------------------------------------


def _rule_number(number: str) -> str:
    parsed = parse_rule_number(number)
    if parsed is None:
        shown = number if len(number) <= 40 else f"{number[:32]}…({len(number)} characters)"
        raise RulesdbError(
            f"malformed rule number {shown!r}; expected a section (7), a rule "
            "(704) or a subrule (704.5, 704.5j)"
        )
    return parsed


def _under(connection: Connection) -> str:
    """The rule :number and the numbers under it. SQLite compares text bytewise, so a range of
    its primary key; PostgreSQL's collation may not, so LIKE within the release."""
    if connection.dialect.name == "sqlite":
        return "(r.number = :number OR (r.number >= :low AND r.number < :high))"
    return "r.number LIKE :prefix"


def _children_range(number: str) -> dict[str, str]:
    """Bytewise bounds of the numbers directly under ``number`` (and some deeper ones, which
    the caller drops): 7 → [700, 8), 704 → [704., 704/), 704.5 → [704.5a, 704.5{)."""
    if len(number) == 1:
        return {"low": number + "00", "high": str(int(number) + 1)}
    if "." not in number:
        return {"low": number + ".", "high": number + "/"}
    return {"low": number + "a", "high": number + "{"}


def _unknown_rule(
    connection: Connection, day: date | None, number: str, anywhere: bool = False
) -> RulesdbError:
    if day is None:
        return RulesdbError("the database holds no rulebook; run: rulesdb upgrade")
    numbers = sorted(release_texts(connection, day), key=rule_key)
    if not numbers:
        return RulesdbError(f"release {day.isoformat()} has no rulebook in this database")
    where = "any release" if anywhere else f"release {day.isoformat()}"
    lived = [] if anywhere else _where_it_lived(connection, day, number)
    nearest = _neighbours(numbers, number)
    return UnknownEntry(
        f"no rule {number} in {where}; "
        + "".join(f"{line}; " for line in lived)
        + f"nearest: {', '.join(nearest)}"
    )


def _where_it_lived(connection: Connection, day: date, number: str) -> list[str]:
    """Where the rules other releases print as ``number`` are in release ``day``, by their
    lineages: "702.19 (Trample, from 2013-07-13) is 502.9 here"."""
    rows = fetch(
        connection,
        "SELECT l.lineage, MIN(l.first_release) AS first_release "
        "FROM rule_lineage l WHERE l.number = :number AND l.occurrence = 1 "
        "GROUP BY l.lineage ORDER BY MIN(l.first_release)",
        number=number,
    )
    lines = []
    for row in rows:
        here = lineage.where_now(connection, row["lineage"], day)
        if here is None:
            continue
        title = _first_line(release_texts_of(connection, day, [here[0]]).get(here[0], ""))
        since = as_date(row["first_release"]).isoformat()
        lines.append(f"{number} ({_short(title)}, so numbered from {since}) is {here[0]} here")
    return lines


def release_texts_of(connection: Connection, day: date, numbers: list[str]) -> dict[str, str]:
    """The texts of a few rules of a release, by number."""
    found: dict[str, str] = {}
    for number in numbers:
        rows = fetch(
            connection,
            "SELECT t.text FROM rule_span r "
            "JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')} AND r.number = :number "
            "AND r.occurrence = 1",
            day=day,
            number=number,
        )
        if rows:
            found[number] = rows[0]["text"]
    return found


def _short(text: str, words: int = 6) -> str:
    cut = text.split()
    return " ".join(cut[:words]) + (" …" if len(cut) > words else "")


def _neighbours(numbers: list[str], number: str) -> list[str]:
    keys = [rule_key(n) for n in numbers]
    at = bisect_left(keys, rule_key(number))
    return numbers[max(0, at - NEAREST) : at + NEAREST]


def rulebook_days(connection: Connection) -> list[date]:
    return sorted(
        as_date(row["d"])
        for row in fetch(connection, "SELECT release_date AS d FROM release_rulebook")
    )


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


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0]
