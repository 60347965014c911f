"""Cross-references that name the wrong rule are notes of the release, as read: each found
in the official files was read there by hand (the rule cited, its title, and the rule that
has the name given)."""

from __future__ import annotations

from dataclasses import dataclass

from rulesdb.ingest.crossrefs import wrong_references
from rulesdb.ingest.rulebook import read_rulebook
from tests.support.data import archive_file, cr_file


@dataclass(frozen=True)
class Rule:
    number: str
    text: str
    line: int


@dataclass(frozen=True)
class Term:
    term: str
    text: str
    line: int


SECTIONS = [
    Rule("727", "Merging with Permanents", 1),
    Rule("728", "Day and Night", 2),
    Rule("806", "Free-for-All Variant", 3),
    Rule("702.62", "Suspend", 4),
    Rule("701.63", "Endure", 5),
]


def test_a_name_that_is_another_rules_title_is_noted() -> None:
    rules = [
        *SECTIONS,
        Rule("502.2", "It becomes night. See rule 727, “Day and Night.”", 10),
        Rule("502.3", "See rule 728, “Day and Night.”", 11),  # right
        Rule("800.4", "See rule 806, “Free-for-All.”", 12),  # a shortening of its title
        Rule("800.5", "See rule 727, “Something Else.”", 13),  # no rule has that name
    ]
    glossary = [Term("Endure", "See rule 702.62, “Endure.”", 20)]
    assert wrong_references(rules, glossary, "cr.txt") == [
        "cr.txt:10: rule 502.2 refers to rule 727, “Day and Night”, but rule 727 is "
        "“Merging with Permanents”; “Day and Night” is rule 728",
        "cr.txt:20: the glossary's 'Endure' refers to rule 702.62, “Endure”, but rule 702.62 "
        "is “Suspend”; “Endure” is rule 701.63",
    ]


def test_the_official_files_wrong_references() -> None:
    """Read by hand: 2024-03-08's 502.2 cites 727 for Day and Night (728); 2026-08-07's
    glossary cites 702.62 (Suspend) for Endure (701.63); 2005-08-01's 605.2b cites 603
    (Deploy Creatures Option) for Attack Multiple Players Option (602)."""
    march = read_rulebook(cr_file("20240308")).notes
    assert sum("refers to rule 727, “Day and Night”" in note for note in march) == 4
    latest = [note for note in read_rulebook(cr_file("20260807")).notes if "refers to" in note]
    assert [note.split(": ", 1)[1] for note in latest] == [
        "the glossary's 'Endure' refers to rule 702.62, “Endure”, but rule 702.62 is "
        "“Suspend”; “Endure” is rule 701.63"
    ]
    old = read_rulebook(archive_file("MagicCompRules-20050801.txt")).notes
    assert any("rule 605.2b refers to rule 603" in note for note in old)
