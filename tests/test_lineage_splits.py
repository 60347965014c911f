"""The lineage's splits (rulesdb/authoring/lineage_splits.py): a rule the matcher calls new,
whose words a rule of the release before printed and lost while it continues, links to that
rule as "split" (issue 51)."""

from __future__ import annotations

from rulesdb.authoring.lineage import (
    NEW,
    SPLIT,
    Link,
    Printed,
    follow,
    link_and_merge,
    link_rows,
)

ATTACK = "The active player declares attackers. Each attacking creature must be untapped."
CARVED = "A creature that came under its controller's control since the turn began can't"
CARVED += " attack unless it has haste."
DAMAGE = "Each creature assigns combat damage equal to its power to the creature blocking it."


def _rule(number: str, text: str) -> Printed:
    return Printed(number, 1, text, text)


def _links(before: list[Printed], after: list[Printed]) -> dict[tuple[str, int], Link]:
    return link_and_merge(before, after)[0]


def test_a_sentence_carved_into_a_subrule_is_split_from_its_rule() -> None:
    before = [_rule("508", "Declare Attackers Step"), _rule("508.1", f"{ATTACK} {CARVED}")]
    after = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", ATTACK),
        _rule("508.1a", CARVED),
    ]
    links = _links(before, after)
    assert links[("508.1", 1)].source == ("508.1", 1)  # the old rule continues, shortened
    carved = links[("508.1a", 1)]
    assert (carved.source, carved.how, carved.similarity, carved.uncertain) == (
        ("508.1", 1),
        SPLIT,
        1.0,
        False,
    )
    rows = link_rows(links)
    assert ["508.1a", 1, "508.1", 1, SPLIT, 1.0, False] in rows


def test_a_split_off_rule_begins_its_own_lineage() -> None:
    before = [_rule("508", "Declare Attackers Step"), _rule("508.1", f"{ATTACK} {CARVED}")]
    after = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", ATTACK),
        _rule("508.1a", CARVED),
    ]
    found = follow([("2009-07-11", before), ("2009-10-01", after)])
    lineage = found.lineage["2009-10-01"]
    assert lineage[("508.1", 1)] == "508.1@2009-07-11"  # the source goes on in its successor
    assert lineage[("508.1a", 1)] == "508.1a@2009-10-01"


def test_words_the_source_still_prints_are_no_split() -> None:
    # 508.1 quotes its old sentence whole: the new rule repeats it, nothing was carved out.
    before = [_rule("508", "Declare Attackers Step"), _rule("508.1", f"{ATTACK} {CARVED}")]
    after = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", f"{ATTACK} {CARVED}"),
        _rule("508.1a", CARVED),
    ]
    assert _links(before, after)[("508.1a", 1)].how == NEW


def test_a_new_rule_on_a_new_topic_sharing_a_few_words_stays_new() -> None:
    before = [_rule("508", "Declare Attackers Step"), _rule("508.1", f"{ATTACK} {CARVED}")]
    topic = "Each attacking creature with menace must be blocked by two or more creatures."
    after = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", ATTACK),
        _rule("508.1b", topic),
    ]
    assert _links(before, after)[("508.1b", 1)] == Link(None, NEW, 0.0, False)


def test_words_two_rules_lost_alike_split_from_neither() -> None:
    before = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", f"{ATTACK} {CARVED}"),
        _rule("510.1", f"{DAMAGE} {CARVED}"),
    ]
    after = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", ATTACK),
        _rule("510.1", DAMAGE),
        _rule("302.6", CARVED),
    ]
    assert _links(before, after)[("302.6", 1)].how == NEW


def test_a_rule_half_taken_is_split_uncertain() -> None:
    before = [_rule("508", "Declare Attackers Step"), _rule("508.1", f"{ATTACK} {CARVED}")]
    # Its first fifteen words of nineteen carved out, its end its own.
    half = CARVED.replace("unless it has haste", "unless an effect says so")
    after = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", ATTACK),
        _rule("508.1a", half),
    ]
    carved = _links(before, after)[("508.1a", 1)]
    assert (carved.source, carved.how, carved.uncertain) == (("508.1", 1), SPLIT, True)
    assert carved.similarity == 0.789


def test_a_keyword_s_rule_is_never_split_off_another_keyword_s() -> None:
    bonus = "The {} bonus is calculated only once per combat, when the triggered ability resolves."
    before = [
        _rule("702.22", "Rampage"),
        _rule("702.22a", "Rampage is a triggered ability."),
        _rule("702.44", "Bushido"),
        _rule("702.44a", f"Bushido is a triggered ability. {bonus.format('bushido')}"),
    ]
    after = [
        *before[:3],
        _rule("702.44", "Bushido"),
        _rule("702.44a", "Bushido is a triggered ability."),
        _rule("702.22b", bonus.format("bushido").replace("bushido", "rampage")),
    ]
    assert _links(before, after)[("702.22b", 1)].how == NEW


def test_curated_new_rules_stay_new() -> None:
    before = [_rule("508", "Declare Attackers Step"), _rule("508.1", f"{ATTACK} {CARVED}")]
    after = [
        _rule("508", "Declare Attackers Step"),
        _rule("508.1", ATTACK),
        _rule("508.1a", CARVED),
    ]
    links, _ = link_and_merge(before, after, curated={("508.1a", 1): None})
    assert links[("508.1a", 1)].how == NEW
