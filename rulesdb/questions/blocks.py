"""A rule block's history: the releases that changed a rule or any rule under it, the block
followed through its renumberings by the lineage of its head (205.3 was 212.x in 1999–2003,
204.3 in 2009–2011).

Within a block, a rule is placed by its number relative to the block's head (``.3m`` under
205.3 as under 204.3): a block renumbered whole moves no rule within it; a rule whose place
in the block changes is moved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from rulesdb.questions import lineage
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.questions.rulebook import lineage_of
from rulesdb.util.rule_numbers import rule_key


@dataclass(frozen=True)
class BlockChange:
    """What one release changed in the block, against the release before it."""

    release: str
    number: str  # the block's head in this release
    renumbered_from: str | None = None  # the head's number in the release before
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # numbers in the release before
    reworded: list[str] = field(default_factory=list)
    moved: list[dict[str, str]] = field(default_factory=list)  # from, to

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "number": self.number,
            "renumbered_from": self.renumbered_from,
            "added": list(self.added),
            "removed": list(self.removed),
            "reworded": list(self.reworded),
            "moved": [dict(m) for m in self.moved],
        }

    def rows(self) -> list[dict[str, str | None]]:
        """One row per change: release, number (the block's head), change, rule, from."""
        rows: list[dict[str, str | None]] = []
        if self.renumbered_from:
            rows.append(self._row("block renumbered", self.number, self.renumbered_from))
        rows += [self._row("added", n, None) for n in self.added]
        rows += [self._row("removed", None, n) for n in self.removed]
        rows += [self._row("reworded", n, None) for n in self.reworded]
        rows += [self._row("moved", m["to"], m["from"]) for m in self.moved]
        return rows

    def _row(self, change: str, rule: str | None, source: str | None) -> dict[str, str | None]:
        return {
            "release": self.release,
            "number": self.number,
            "change": change,
            "rule": rule,
            "from": source,
        }


def under(number: str, head: str) -> bool:
    """``number`` is ``head`` or numbered below it: 205.3m under 205.3 (not 205.30), 205.3
    under 205, 205 under 2."""
    if number == head:
        return True
    if not number.startswith(head) or len(number) == len(head):
        return False
    if len(head) == 1:
        return len(number) >= 3
    following = number[len(head)]
    return following == "." if "." not in head else following.isalpha()


def block_history(bind: Bind, number: str, as_of: date | None = None) -> list[BlockChange]:
    """Every release that changed the block headed by rule ``number`` (read in the release in
    force on ``as_of``, default the newest printing it), oldest first: the first release
    of the block lists all its rules as added."""
    with connected(bind) as connection:
        head_lineage = lineage_of(connection, number, as_of)
        heads = {
            row["release_date"]: row["number"]
            for row in lineage.trace(connection, head_lineage)
            if row["occurrence"] == 1
        }
        members = _members(connection, set(heads.values()))
    changes = []
    previous: dict[str, tuple[str, int]] | None = None
    previous_head: str | None = None
    for day in sorted(heads):
        head = heads[day]
        block = {name: (rule, text_id) for rule, name, text_id in members.get((day, head), [])}
        if previous is None:
            changes.append(
                BlockChange(
                    day.isoformat(),
                    head,
                    added=sorted((r for r, _ in block.values()), key=rule_key),
                )
            )
        else:
            change = _compare(day, head, previous_head or head, previous, block)
            if change is not None:
                changes.append(change)
        previous, previous_head = block, head
    return changes


def _compare(
    day: date,
    head: str,
    before_head: str,
    before: dict[str, tuple[str, int]],
    after: dict[str, tuple[str, int]],
) -> BlockChange | None:
    def place(rule: str, block_head: str) -> str:
        return rule[len(block_head) :]

    added = sorted((after[n][0] for n in after.keys() - before.keys()), key=rule_key)
    removed = sorted((before[n][0] for n in before.keys() - after.keys()), key=rule_key)
    reworded, moved = [], []
    for name in sorted(after.keys() & before.keys()):
        (old, old_text), (new, new_text) = before[name], after[name]
        if place(old, before_head) != place(new, head):
            moved.append({"from": old, "to": new})
        elif old_text != new_text:
            reworded.append(new)
    renumbered = before_head if before_head != head else None
    if not (added or removed or reworded or moved or renumbered):
        return None
    moved.sort(key=lambda m: rule_key(m["to"]))
    return BlockChange(
        day.isoformat(), head, renumbered, added, removed, sorted(reworded, key=rule_key), moved
    )


def _members(
    connection: Any, heads: set[str]
) -> dict[tuple[date, str], list[tuple[str, str, int]]]:
    """(release, head) -> the block's rules in that release: (number, lineage, text_id)."""
    found: dict[tuple[date, str], list[tuple[str, str, int]]] = {}
    for head in heads:
        rows = fetch(
            connection,
            "SELECT b.release_date, s.number, l.lineage, s.text_id "
            "FROM release_rulebook b "
            "JOIN rule_span s ON b.release_date BETWEEN s.first_release "
            " AND s.last_release "
            "JOIN rule_lineage l ON l.number = s.number AND l.occurrence = s.occurrence "
            " AND b.release_date BETWEEN l.first_release AND l.last_release "
            "WHERE s.occurrence = 1 AND (s.number = :head OR s.number LIKE :prefix)",
            head=head,
            prefix=head + "%",
        )
        for row in rows:
            if under(row["number"], head):
                found.setdefault((as_date(row["release_date"]), head), []).append(
                    (row["number"], row["lineage"], row["text_id"])
                )
    return found
