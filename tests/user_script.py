"""A program as a rulesdb user writes it: every method of the handle ``rulesdb.open()``
returns, each answer used through its type.

``tests/test_typing.py`` checks it with ``mypy --strict`` from outside the checkout (as an
installed package is seen: through its ``py.typed``), requires that no ``reveal_type`` below
shows ``Any``, and runs it on a database at head (``python -m tests.user_script URL``).
"""

from __future__ import annotations

import sys
from datetime import date
from typing import reveal_type

from sqlalchemy import select

import rulesdb
from rulesdb.models import Release


def main(url: str | None = None) -> None:
    with rulesdb.open(url) as rules:
        # Releases: a date, a "YYYY-MM-DD" string, or a set's code or name.
        mh3 = rules.release("MH3")
        reveal_type(mh3)
        assert mh3 == date(2024, 6, 7) and rules.day("Modern Horizons 3") == mh3
        releases = rules.releases()
        reveal_type(releases)
        assert releases[0]["effective_date"] == "1999-04-23" and releases[-1]["set"]
        with rules.session() as session:
            first = session.scalars(select(Release).order_by(Release.effective_date)).first()
            reveal_type(first)
            assert first is not None and first.effective_date == date(1999, 4, 23)

        # The type system: listings, each row naming the release that answered.
        card_types = rules.card_types(as_of="2021-03-01")
        reveal_type(card_types)
        assert {row["release"] for row in card_types} == {"2021-02-15"}
        supertypes = rules.supertypes()
        reveal_type(supertypes)
        assert "legendary" in [row["name"] for row in supertypes]
        lands = rules.subtypes("land", as_of=date(2021, 3, 1))
        reveal_type(lands)
        assert "Urza’s" in [row["name"] for row in lands] and lands[0]["rule"] == "205.3i"
        vocabulary = rules.vocabulary("2021-03-01")
        reveal_type(vocabulary)
        assert vocabulary.is_subtype("Dryad", "creature")

        naga = rules.check("Naga")
        reveal_type(naga)
        reveal_type(naga.successor)
        assert naga.valid is False
        assert naga.successor is not None and naga.successor["to"] == "Snake"
        reveal_type(naga.successor["release_date"])
        card = rules.parse("Legendary Land Creature — Forest Dryad", as_of="2021-03-01")
        reveal_type(card)
        assert card.valid and [s.category for s in card.subtypes] == ["land", "creature"]
        explained = rules.explain("Artifact — Equipment")
        reveal_type(explained)
        word = explained["faces"][0]["words"][1]
        reveal_type(word)
        assert word["rule"] == "205.3g"
        [history] = rules.history("Dog")
        reveal_type(history)
        assert history.first_listed == "2003-12-01"
        citations = rules.cite("Equipment", as_of="MH3")
        reveal_type(citations)
        assert citations[0].rule == "205.3g"
        diff = rules.diff("2024-04-12", "MH3")
        reveal_type(diff)
        assert {"from": "tribal", "to": "kindred", "kind": "card_type"} in diff.renamed
        exported = rules.export(as_of="2021-03-01", style="scryfall")
        reveal_type(exported)
        catalog = exported["land-types"]
        assert isinstance(catalog, dict) and catalog["total_values"] == 13

        # The rulebook.
        trample = rules.rule("702.19", as_of="MH3")
        reveal_type(trample)
        reveal_type(trample.subrules)
        assert trample.text == "Trample" and trample.subrules[0]["number"] == "702.19a"
        versions = rules.rule_history("702.19", substantive=True)
        reveal_type(versions)
        assert versions[0].first_release == "1999-04-23"
        definitions = rules.glossary_history("ante", substantive=True)
        reveal_type(definitions)
        assert definitions[0]["first_release"] == "2009-07-11"
        entry = rules.glossary("mana value", as_of="2022-01-01")
        reveal_type(entry)
        assert entry["term"] == "Mana Value"
        try:
            rules.glossary("mana value", as_of="2020-08-07")
        except rulesdb.UnknownEntry as missing:  # a RulesdbError: one line to show
            reveal_type(missing)
            assert "Converted Mana Cost" in str(missing)
        hits = rules.search("equipment attach", limit=3)
        reveal_type(hits)
        assert hits and hits[0]["kind"] == "rule"
        page = rules.search_page("deathtouch trample lethal")
        reveal_type(page)
        assert page["total"] == 0 and set(page["alone"]) == {"deathtouch", "trample", "lethal"}
        assert rules.search_count("deathtouch trample lethal", any_word=True) > 0
        alone = rules.search_alone("deathtouch trample")
        reveal_type(alone)
        changed = rules.rule_diff("2024-04-12", "MH3")
        reveal_type(changed)
        reveal_type(changed.moved)
        assert "308.3" in changed.added
        assert {move["from"]: move["to"] for move in changed.moved}["111.12"] == "111.13"
        renumbered = rules.renumber_map("MH3", "BLB")
        reveal_type(renumbered)
        assert {row["from"]: row["to"] for row in renumbered.rows}["609.8"] == "608.2i"
        digest = rules.changes("MH3", "2025-02-07")
        reveal_type(digest)
        assert digest.releases[0] == "2024-07-30"
        checks = rules.check_citations(["903.4a"], since="2020-08-07")
        reveal_type(checks)
        assert checks["903.4a"].status in ("fine", "changed")
        verified = rules.verify_citation("704.5j", "This is called the “legend rule.”")
        reveal_type(verified)
        assert verified.verified

        # What a caller catches: RulesdbError (bad input, one line), UnknownEntry (a
        # well-formed number or term the release does not have).
        try:
            rules.rule("799.99")
        except rulesdb.RulesdbError as refused:
            assert isinstance(refused, rulesdb.UnknownEntry) and "799.99" in str(refused)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
