"""The check both ways (issue 54): each curated bulletin entry against what rulesdb derived for
its release — a rule it says changed that the rule diff shows unchanged, a subtype it lists as
new that the lists don't add, a renumbering it states that the lineage doesn't follow (a move
it names, a block it says moved: ``bulletin_moves``), glossary entries naming no term the
release changed, a number neither the release nor the one before prints. An entry's ``note``
explains a disagreement."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from rulesdb.authoring.bulletins import entries_made_in
from rulesdb.handle import Rules
from rulesdb.questions.changes import substance
from rulesdb.questions.reasons import Reason
from rulesdb.questions.rulebook_diff import in_block
from rulesdb.questions.rulebook_texts import glossary_texts, release_texts
from rulesdb.questions.term_reasons import named_terms
from rulesdb.util.names import lookup_key
from tests.support.bulletin_moves import (
    block_disagreements,
    moves_near,
    stated_moves,
    states_a_block,
)


def _words(text: str) -> list[str]:
    """A rule's text as a bulletin's change is sought in it: typography folded, and a damaged
    file's '?' for a dash (2008-05-01's "N?[cost]") no change."""
    return re.sub(r"[?\-\u2013\u2014]", " ", substance(text)).split()


def _touched(diff: Any) -> tuple[set[str], set[str], int]:
    reworded = {c["number"] for c in diff.changed if _words(c["before"]) != _words(c["after"])}
    after = set(diff.added) | reworded | {m["to"] for m in diff.moved}
    before = set(diff.removed) | {m["from"] for m in diff.moved}
    return after, before, len(diff.moved)


def _covers(number: str, touched: set[str]) -> bool:
    return number in touched or any(in_block(other, number) for other in touched)


def _heading(entry: dict[str, Any]) -> str:
    return str(entry.get("heading") or " and ".join(entry.get("rules", [])))


def disagreements(rules: Rules, bulletin: dict[str, Any]) -> list[dict[str, Any]]:
    """Every disagreement of the bulletin's entries with the releases they belong to, each
    with its entry's note (None: unexplained)."""
    made_in = sorted({e.get("release", bulletin["release"]) for e in bulletin.get("entry", [])})
    return [found for day in made_in for found in _release_disagreements(rules, day, bulletin)]


def _release_disagreements(
    rules: Rules, release: date, bulletin: dict[str, Any]
) -> list[dict[str, Any]]:
    days = [date.fromisoformat(row["effective_date"]) for row in rules.releases()]
    before_day = days[days.index(release) - 1]
    diff = rules.rule_diff(before_day, release)
    after, before, _ = _touched(diff)
    moved = {m["from"].split("#", 1)[0]: m["to"].split("#", 1)[0] for m in diff.moved}
    added, removed = set(diff.added), set(diff.removed)
    with rules.engine.connect() as connection:
        printed_after = set(release_texts(connection, release))
        printed_before = set(release_texts(connection, before_day))
        terms_after = glossary_texts(connection, release)
        terms_before = glossary_texts(connection, before_day)
    terms_changed = {
        term
        for term in terms_after.keys() | terms_before.keys()
        if substance(terms_after.get(term, "")) != substance(terms_before.get(term, ""))
    }
    types = rules.diff(before_day, release).to_rows()
    added_types = {lookup_key(row["name"]) for row in types if row["change"] == "added"}
    found: list[dict[str, Any]] = []

    def disagree(entry: dict[str, Any], what: str) -> None:
        found.append(
            {
                "release": release.isoformat(),
                "heading": _heading(entry),
                "what": what,
                "note": entry.get("note"),
            }
        )

    for entry in entries_made_in(bulletin, release):
        if entry.get("made", True) is False:  # the file did not make it: annotated, not attached
            disagree(entry, "a change the release's file did not make (not attached)")
            continue
        for number in entry.get("rules", []):
            if number not in printed_after and number not in printed_before:
                disagree(entry, f"{number}: printed by neither {before_day} nor {release}")
            elif entry["kind"] in ("rule", "renumbering") and not (
                _covers(number, after) or _covers(number, before)
            ):
                disagree(entry, f"{number}: said changed, the rule diff shows it unchanged")
        stated = list(stated_moves(entry))
        for old, new in stated:
            if moved.get(old) != new:
                went = f"{old} → {moved[old]}" if old in moved else f"{old} kept its number"
                disagree(entry, f"{old} → {new}: stated, the lineage links {went}")
        if states_a_block(entry):
            for what in block_disagreements(entry, moved, added, removed, printed_before):
                disagree(entry, what)
        elif entry["kind"] == "renumbering" and not stated:
            for what in moves_near(entry.get("rules", []), moved):
                disagree(entry, what)
        if entry["kind"] == "glossary":  # the terms it names (term_reasons): one changed
            said = Reason(
                release.isoformat(), "", "", "", "", "glossary", _heading(entry), entry["why"]
            )
            named = named_terms(said, set(terms_after), set(terms_before))
            if not named & terms_changed:
                disagree(entry, f"names {sorted(named) or 'no term'}: none changed in the glossary")
        for names in entry.get("subtypes", {}).values():
            for name in names:
                if lookup_key(name) not in added_types:  # C'tan as the CR's C’tan
                    disagree(entry, f"{name}: said new, the lists do not add it")
    return found
