"""Every rule of one release with its number in another, by the rules' lineage: the map a
dataset or a judge bot applies to migrate its own citations (issue #40).

One query over the view ``v_rule_lineage`` (a rule's lineage in each release), as the SQL
cookbook's "renumber map" query reads it (a test holds the two to one answer), and the links
between the two releases (``rule_link``) for what happened on the way. Each rule
of ``from_day`` is followed to the rule of ``to_day`` in the same lineage: ``same`` number,
``renumbered``, ``merged`` (a link on the way merged it into another rule: ``to`` is
that rule's number in ``to_day``, going forward in time) or ``gone`` (no rule of that release
carries it). ``reworded``: a link on
the way changed its words (typography aside); ``uncertain``: a link on the way, of this rule
or of the rule ``to_day`` prints under its old number, is one the lineage matcher could not
decide (as ``lint-citations --since`` judges it). The map runs either way in time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, TypedDict

from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.store.releases import release_in_force
from rulesdb.util.rule_numbers import rule_key

STATUSES = ("same", "renumbered", "merged", "gone")
COLUMNS = ("from", "to", "status", "reworded", "uncertain")

# One rule of the map ("from" is a Python keyword: the functional form).
Renumbered = TypedDict(
    "Renumbered",
    {
        "from": str,  # the rule in the release FROM (a second rule of a number: "702.175#2")
        "to": str | None,  # its number in TO; None: gone
        "status": str,  # same | renumbered | merged | gone
        "reworded": bool,  # a link on the way changed its words
        "uncertain": bool,  # a link on the way is one the lineage matcher could not decide
    },
)

# :from_day and :to_day are releases' effective dates; :low and :high the two ordered.
RENUMBER_MAP_SQL = """
WITH touched AS (
    SELECT l.lineage,
           MAX(CASE WHEN k.how IN ('reworded', 'moved and reworded') THEN 1 ELSE 0 END)
               AS reworded,
           MAX(CASE WHEN k.uncertain THEN 1 ELSE 0 END) AS uncertain
    FROM rule_link k
    JOIN rule_lineage l ON l.number = k.number AND l.occurrence = k.occurrence
     AND k.release_date BETWEEN l.first_release AND l.last_release
    WHERE k.release_date > :low AND k.release_date <= :high AND k.how <> 'merged'
    GROUP BY l.lineage
)
SELECT f.lineage, f.number AS from_number, f.occurrence AS from_occurrence,
       t.number AS to_number, t.occurrence AS to_occurrence,
       COALESCE(w.reworded, 0) AS reworded,
       CASE WHEN COALESCE(w.uncertain, 0) = 1 OR COALESCE(wp.uncertain, 0) = 1
            THEN 1 ELSE 0 END AS uncertain
FROM v_rule_lineage f
LEFT JOIN v_rule_lineage t ON t.lineage = f.lineage AND t.release_date = :to_day
LEFT JOIN touched w ON w.lineage = f.lineage
-- the rule that prints the same number in TO: a doubt on its way is a doubt on this one's
LEFT JOIN v_rule_lineage p ON p.release_date = :to_day AND p.number = f.number
 AND p.occurrence = f.occurrence
LEFT JOIN touched wp ON wp.lineage = p.lineage
WHERE f.release_date = :from_day
"""

# The merges between two releases: the lineage of each rule merged into another, and the
# lineage of the rule that took it (a merged rule's lineage ends in the release before).
MERGES_SQL = """
SELECT src.lineage, dst.lineage AS into_lineage, k.uncertain
FROM rule_link k
JOIN rule_lineage dst ON dst.number = k.number AND dst.occurrence = k.occurrence
 AND k.release_date BETWEEN dst.first_release AND dst.last_release
JOIN rule_lineage src ON src.number = k.from_number AND src.occurrence = k.from_occurrence
 AND src.last_release = (
    SELECT MAX(r.last_release) FROM rule_lineage r
    WHERE r.number = k.from_number AND r.occurrence = k.from_occurrence
      AND r.last_release < k.release_date)
WHERE k.how = 'merged' AND k.release_date > :low AND k.release_date <= :high
"""

AT_END_SQL = "SELECT lineage, number, occurrence FROM v_rule_lineage WHERE release_date = :to_day"


@dataclass(frozen=True)
class RenumberMap:
    """The map from release ``from_date`` to ``to_date``, rules in ``from_date``'s order."""

    from_date: date
    to_date: date
    rows: list[Renumbered]  # COLUMNS

    def counts(self) -> dict[str, int]:
        return {status: sum(1 for r in self.rows if r["status"] == status) for status in STATUSES}

    def to_json(self) -> dict[str, Any]:
        return {
            "from": self.from_date.isoformat(),
            "to": self.to_date.isoformat(),
            "counts": self.counts(),
            "rules": self.rows,
        }


def renumber_map(bind: Bind, from_day: date | None, to_day: date | None) -> RenumberMap:
    """Each rule of the release in force on ``from_day`` with its number in the release in
    force on ``to_day`` (None: the latest)."""
    with connected(bind) as connection:
        start = release_in_force(connection, from_day)
        end = release_in_force(connection, to_day)
        found = fetch(
            connection,
            RENUMBER_MAP_SQL,
            from_day=start,
            to_day=end,
            low=min(start, end),
            high=max(start, end),
        )
        taken: dict[str, str] = {}
        doubted: set[str] = set()
        if start < end:  # a merge is followed forward in time only
            merges = fetch(connection, MERGES_SQL, low=start, high=end)
            into = {row["lineage"]: row["into_lineage"] for row in merges}
            doubted = {row["lineage"] for row in merges if row["uncertain"]}
            at_end = {
                row["lineage"]: _ident(row["number"], row["occurrence"])
                for row in fetch(connection, AT_END_SQL, to_day=end)
            }
            taken = _taken(into, at_end)
    rows = [_row(row, taken.get(row["lineage"]), row["lineage"] in doubted) for row in found]
    rows.sort(key=lambda row: (rule_key(row["from"].split("#")[0]), row["from"]))
    return RenumberMap(as_date(start), as_date(end), rows)


def _taken(into: dict[str, str], at_end: dict[str, str]) -> dict[str, str]:
    """Each merged lineage's rule in the last release: the rule that took it, followed through
    later merges (at most one per release, so the chain ends)."""
    taken: dict[str, str] = {}
    for lineage in sorted(into):
        seen, current = {lineage}, into[lineage]
        while current not in at_end and current in into and current not in seen:
            seen.add(current)
            current = into[current]
        if current in at_end:
            taken[lineage] = at_end[current]
    return taken


def _row(row: dict[str, Any], taken_by: str | None, doubted: bool) -> Renumbered:
    source = _ident(row["from_number"], row["from_occurrence"])
    target = None if row["to_number"] is None else _ident(row["to_number"], row["to_occurrence"])
    status = "gone" if target is None else "same" if target == source else "renumbered"
    if target is None and taken_by is not None:
        target, status = taken_by, "merged"
    return Renumbered(
        {
            "from": source,
            "to": target,
            "status": status,
            "reworded": bool(row["reworded"]) or status == "merged",
            "uncertain": bool(row["uncertain"]) or (status == "merged" and doubted),
        }
    )


def _ident(number: str, occurrence: int) -> str:
    """A rule as rule-diff names it: its number, ``#2`` after a second rule of that number."""
    return number if occurrence == 1 else f"{number}#{occurrence}"
