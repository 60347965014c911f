"""The chain as the rules' own history loads what the chain before it loaded, release by release,
but for the repairs it was rebuilt for.

``tests/fixtures/release_digests.json`` holds the digests, per view (and per-release table) and
release, of the head the chain before the baseline built (revision ``rulebook_spans``; the same
on both backends). The session's head, on SQLite and PostgreSQL, must give the same digests for
every release, except exactly these differences:

- five releases read from better copies of their files (../shared/cr-archive-2): their rule
  and glossary texts (U+FFFD, 2008-05-01's '?' for every apostrophe, 2009-05-01's '?' for every
  dash, gone), their notes (which copy, and why), 2008-05-01's supertype cross-references,
  which the damaged copy's lost quotes hid, and 2009-05-01's file (its official .rtf); their
  type lists are the same;
- releases the importer now reads better from the same file (issue 38): 1999-11-01's
  "EXAMPLE:" paragraphs (1999-04-23's too, read from its clean copy), 410.10d's prose after its
  example (2001-07-23, 2002-02-20), the paragraphs of 2003-10-01 ... 2004-02-01's wrapped rules,
  2003-07-01's enchantment subtypes (enumerated by its rule 212.4c), and the notes saying what
  a file lost (2001-09-24);
- 410.10d of 2002-10-07, 2003-03-15 and 2003-06-01, whose last paragraph was stored as part of
  its example: checked by cutting it back off, which must give the old digest;
- 2003-05-26, a release no archive of the old chain had: new, and the release before it
  (2003-03-15) is in force until it, not until 2003-06-01: checked by moving that end back;
- the merges curated since (the creature type updates of 2007-09-07 and 2007-10-01): those
  releases' subtype_merge rows, and the change view's pairs that end with them;
- the 16 releases whose glossary prints a term with no blank line before it: that term is
  its own entry now, with a note (their glossary, its count and their notes).

The views that aggregate over releases (v_lifetime, v_rule_version, v_glossary_version, and
v_category_size, whose rows of a release depend on the categories other releases list) are
functions of the per-release rows, so they are not compared.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from sqlalchemy import Engine, text

from rulesdb.authoring.curated import load_merges, merge_targets
from tests.settings import ROOT
from tests.support.release_digests import FIXTURE, WHOLE, _digest, release_digests

REPAIRED = ("1999-04-23", "2001-07-23", "2002-02-20", "2008-05-01", "2009-05-01")
PROSE = ("2002-10-07", "2003-03-15", "2003-06-01")  # 410.10d's paragraph after its example
ADDED, BEFORE_ADDED, AFTER_ADDED = "2003-05-26", "2003-03-15", "2003-06-01"
# What a release read from another copy of its file may differ in: its texts and notes.
TEXTS = {
    "release_rule",
    "v_rule",
    "release_glossary",
    "v_glossary",
    "rule_text",
    "v_release_note",
    "release_rulebook_note",
}
FOUND_BY_THE_CLEAN_COPY = {
    "2008-05-01": {"supertype_reference"},
    "2009-05-01": {"v_release"},
}  # its source_file: the .rtf
# What the importer reads better from the same files than the chain before did.
READ_BETTER = {
    "1999-11-01": {"release_rule", "v_rule"},  # "EXAMPLE:" paragraphs are examples
    "2001-09-24": {"v_release_note"},  # its copy lost the breaks that end 410.10d's prose
    "2003-07-01": {
        "release_category_card_type",
        "v_category",
        "v_subtype",
        "rule_text",
        "v_release_note",
        "v_release_change",
    },  # 212.4c's enchantment subtypes
    "2003-10-01": {"release_rule", "v_rule", "release_rulebook_note"},  # wrapped paragraphs
    "2003-12-01": {"release_rule", "v_rule", "release_rulebook_note"},
    "2004-02-01": {"release_rule", "v_rule", "release_rulebook_note"},
}
IN_FORCE_UNTIL = {"v_release", "v_card_type", "v_supertype", "v_subtype", "v_category", "v_keyword"}
AGGREGATES = {"v_lifetime", "v_rule_version", "v_glossary_version", "v_category_size"}


@pytest.fixture(scope="module")
def recorded() -> dict[str, dict[str, str]]:
    return json.loads(FIXTURE.read_text())


# What the baseline gained since the old chain: the old chain had nothing of it.
SINCE_THE_BASELINE = {
    "rule_link",
    "rule_lineage",
    "v_rule_lineage",
    "release_set",
    "release_set_unknown",
    "release_bulletin",
    "bulletin_entry",
    "bulletin_entry_rule",
    "v_rule_change_reason",
}
COLUMNS_SINCE_THE_BASELINE = {"v_release": {"year", "set_code", "set_name", "set_status"}}


def _loaded_later() -> dict[str, set[str]]:
    """What the curated facts found since the old chain add to its releases, by release: the
    merges of the Masters Edition and Grand Creature Type Updates (2007), the notes naming
    the types removed with no replacement, and the change view's pair ending in that
    release, which names them."""
    days = sorted(
        path.stem.removeprefix("cr_").replace("_", "-")
        for path in (ROOT / "seeds").glob("cr_*.json")
    )
    found: dict[str, set[str]] = {}
    for merge in load_merges():
        if merge["effective_date"].year == 2007:
            day = merge["effective_date"].isoformat()
            if not merge_targets(merge):  # no replacement: a note of the release says so
                found.setdefault(day, set()).add("v_release_note")
            found.setdefault(day, set()).add("subtype_merge")
            found.setdefault(days[days.index(day) - 1], set()).add("v_release_change")
    return found


LOADED_LATER = _loaded_later()


def _cross_referenced() -> set[str]:
    """The releases whose file names another rule's title in a cross-reference: noted since
    the old chain (rulesdb.ingest.crossrefs), after the notes it had."""
    return {
        path.stem.removeprefix("cr_").replace("_", "-")
        for path in (ROOT / "seeds").glob("cr_*.json")
        if any(
            CROSS_REFERENCE in note for note in json.loads(path.read_bytes())["rulebook"]["notes"]
        )
    }


CROSS_REFERENCE = " refers to rule "
CROSS_REFERENCED = _cross_referenced()


def _glued_terms() -> set[str]:
    """The releases whose file prints a glossary term with no blank line before it (Floor
    Rules, Concede, Affinity), read as its own entry since, with a note saying so."""
    return {
        path.stem.removeprefix("cr_").replace("_", "-")
        for path in (ROOT / "seeds").glob("cr_*.json")
        if any(
            GLUED_TERM.search(note) for note in json.loads(path.read_bytes())["rulebook"]["notes"]
        )
    }


# The note names the entry above (2003-05-26's older note, of a line ending in a space, not).
GLUED_TERM = re.compile(r"the entry above \('[^']+'\), without the blank line between entries")
GLUED_TERMS = _glued_terms()
# Such a release's glossary, its count of entries and its notes.
GLOSSARY_READ_BETTER = {
    "release_glossary",
    "v_glossary",
    "release_rulebook",
    "release_rulebook_note",
}


def differing(
    now: dict[str, dict[str, str]], before: dict[str, dict[str, str]], day: str
) -> set[str]:
    return {
        relation
        for relation in set(now) | set(before)
        if relation not in AGGREGATES | SINCE_THE_BASELINE
        and not (relation == "release_rulebook_note" and day in CROSS_REFERENCED)
        and now.get(relation, {}).get(day) != before.get(relation, {}).get(day)
    }


def rows_of(engine: Engine, relation: str, day: str, key: str = "release_date") -> list[list[Any]]:
    """A relation's rows of one release as release_digests renders them (dates ISO)."""
    later = COLUMNS_SINCE_THE_BASELINE.get(relation, set())
    with engine.connect() as connection:
        found = connection.execute(
            text(f"SELECT * FROM {relation} WHERE {key} = :day"), {"day": date.fromisoformat(day)}
        )
        kept = [index for index, name in enumerate(found.keys()) if name not in later]
        return [
            [
                value.isoformat() if isinstance(value, date) else value
                for value in (row[index] for index in kept)
            ]
            for row in found
        ]


def digest(rows: list[list[Any]], change: Callable[[list[Any]], list[Any]] = lambda r: r) -> str:
    return _digest([json.dumps(change(row), ensure_ascii=False) for row in rows])


@pytest.mark.slow  # every view of every release digested, on both backends
def test_every_release_loads_what_the_chain_before_loaded_but_the_repairs(
    shared_head_engine: Engine, recorded: dict[str, dict[str, str]]
) -> None:
    now = release_digests(shared_head_engine, leave_out=COLUMNS_SINCE_THE_BASELINE)
    days = {day for groups in recorded.values() for day in groups if day != WHOLE}
    assert len(days) == 135 and ADDED not in days
    assert {
        "2007-07-13": {"v_release_change"},
        "2007-09-07": {"subtype_merge", "v_release_change"},
        "2007-10-01": {"subtype_merge", "v_release_note"},
    } == LOADED_LATER
    assert len(GLUED_TERMS) == 16
    for day in sorted(days - {*REPAIRED, *PROSE, *READ_BETTER}):
        glued = GLOSSARY_READ_BETTER if day in GLUED_TERMS else set()
        assert differing(now, recorded, day) == LOADED_LATER.get(day, set()) | glued, day
    for day, relations in READ_BETTER.items():
        assert differing(now, recorded, day) == relations, day
    for day in REPAIRED:
        allowed = TEXTS | FOUND_BY_THE_CLEAN_COPY.get(day, set())
        glued = GLOSSARY_READ_BETTER if day in GLUED_TERMS else set()
        assert differing(now, recorded, day) <= allowed | glued, day
    # 410.10d cut back to the rule text it had before: the old digest.
    for day in PROSE:
        assert differing(now, recorded, day) - IN_FORCE_UNTIL - {
            "v_release_pair",
            "v_release_change",
        } <= {"release_rule", "v_rule"}, day

        def cut(row: list[Any]) -> list[Any]:
            if row[1] == "410.10d":
                return [row[0], row[1], row[2].rsplit("\n", 1)[0]]
            return row

        rules = rows_of(shared_head_engine, "v_rule", day)
        assert digest(rules) != recorded["v_rule"][day], day
        assert digest(rules, cut) == recorded["v_rule"][day], day


@pytest.mark.slow  # as above
def test_cross_reference_notes_are_all_the_notes_gained(
    shared_head_engine: Engine, recorded: dict[str, dict[str, str]]
) -> None:
    """A release with a wrong cross-reference has the old chain's notes, then those."""
    assert {"2005-08-01", "2024-03-08", "2026-08-07"} <= CROSS_REFERENCED
    for day in sorted(CROSS_REFERENCED):
        rows = rows_of(shared_head_engine, "release_rulebook_note", day)
        kept = [row for row in rows if CROSS_REFERENCE not in row[2]]
        assert len(kept) < len(rows), day
        assert digest(kept) == recorded["release_rulebook_note"].get(day, digest([])), day


@pytest.mark.slow  # as above
def test_the_added_release_sits_between_its_neighbours(
    shared_head_engine: Engine, recorded: dict[str, dict[str, str]]
) -> None:
    """2003-05-26 is in force from its date until 2003-06-01, and the release before it until
    2003-05-26: with that end moved back, 2003-03-15's rows are what they were."""

    def back(row: list[Any]) -> list[Any]:
        return [AFTER_ADDED if value == ADDED else value for value in row]

    for relation in sorted(IN_FORCE_UNTIL):
        rows = rows_of(shared_head_engine, relation, BEFORE_ADDED)
        if not rows:  # v_supertype: no supertypes before 2003-07-01
            assert BEFORE_ADDED not in recorded[relation], relation
            continue
        assert all(ADDED in row for row in rows), relation
        assert digest(rows, back) == recorded[relation][BEFORE_ADDED], relation
    pairs = rows_of(shared_head_engine, "v_release_pair", BEFORE_ADDED, "from_date")
    assert pairs == [[BEFORE_ADDED, ADDED]]
    assert digest(pairs, back) == recorded["v_release_pair"][BEFORE_ADDED]
    # Its own lists are 2003-06-01's (the helper's reading: the same type lists).
    for relation in ("v_card_type", "v_subtype", "v_category"):
        mine = [row[1:-2] for row in rows_of(shared_head_engine, relation, ADDED)]
        theirs = [row[1:-2] for row in rows_of(shared_head_engine, relation, AFTER_ADDED)]
        assert sorted(map(repr, mine)) == sorted(map(repr, theirs)), relation


def test_the_repaired_texts_hold_no_damage(shared_head_engine: Engine) -> None:
    with shared_head_engine.connect() as connection:
        for day in REPAIRED[:3]:
            damaged = connection.execute(
                text("SELECT count(*) FROM v_rule WHERE release_date = :day AND text LIKE :fffd"),
                {"day": date.fromisoformat(day), "fffd": "%\ufffd%"},
            ).scalar()
            assert damaged == 0, day
        lossy = {
            pattern: connection.execute(
                text(
                    "SELECT count(*) FROM v_rule WHERE release_date = :day AND text LIKE :pattern"
                ),
                {"day": date(2008, 5, 1), "pattern": pattern},
            ).scalar()
            for pattern in ("%can?t%", "%can't%")
        }
        assert lossy["%can?t%"] == 0 < lossy["%can't%"]
        notes = connection.execute(
            text(
                "SELECT release_date, kind FROM v_release_note WHERE kind IN "
                "('source-file', 'mojibake') AND release_date < '2009-01-01' "
                "ORDER BY release_date, kind"
            )
        ).all()
    assert [(str(day), kind) for day, kind in notes] == [
        ("1999-04-23", "mojibake"),
        ("1999-04-23", "source-file"),
        ("2001-07-23", "source-file"),
        ("2002-02-20", "source-file"),
        ("2003-05-26", "source-file"),
        ("2008-05-01", "source-file"),
    ]
