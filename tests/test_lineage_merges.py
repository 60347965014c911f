"""The lineage's merges (rulesdb/authoring/lineage_merges.py): a rule no rule of the next
release continues, whose words a rule linked to another took, links there as "merged"; the
chain's own cases (issue 51) are in tests/test_lineage.py."""

from __future__ import annotations

from rulesdb.authoring.lineage import MERGED, Ident, Printed, link_and_merge, link_rows
from rulesdb.authoring.lineage_merges import Merge

BANDS = "A player may declare as many attacking bands as he or she wants, but each creature"
BANDS += " may be a member of only one of them."
DECLARE = "As a player declares attackers, he or she may declare that one or more attacking"
DECLARE += " creatures with banding and up to one attacking creature without banding are all in"
DECLARE += ' a "band." He or she may also declare bands of creatures with "bands with other."'


def _rule(number: str, text: str) -> Printed:
    return Printed(number, 1, text, text)


def _merges(
    before: list[Printed], after: list[Printed], merged: dict[Ident, Ident] | None = None
) -> dict[Ident, Merge]:
    return link_and_merge(before, after, merged=merged)[1]


def test_a_rule_taken_whole_by_a_rule_linked_elsewhere_is_merged() -> None:
    before = [_rule("502.10", "Banding"), _rule("502.10b", DECLARE), _rule("502.10c", BANDS)]
    after = [_rule("502.10", "Banding"), _rule("502.10b", f"{DECLARE} {BANDS}")]
    links, merges = link_and_merge(before, after)
    assert links[("502.10b", 1)].source == ("502.10b", 1)
    merge = merges[("502.10c", 1)]
    assert (merge.target, merge.kept, merge.uncertain) == (("502.10b", 1), 1.0, False)
    rows = link_rows(links, merges)
    assert rows[-1] == ["502.10b", 1, "502.10c", 1, MERGED, 1.0, False]


def test_a_rule_half_taken_in_its_place_is_merged_uncertain() -> None:
    gone = "The player whose turn is being controlled is still the active player."
    controlled = "Only control of the player changes. All objects are controlled by their owners."
    before = [
        _rule("711", "Controlling Another Player"),
        _rule("711.1", controlled),
        _rule("711.2", gone),
    ]
    taker = f"{controlled} A player being controlled during a turn is still the active player."
    after = [_rule("711", "Controlling Another Player"), _rule("711.3", taker)]
    merge = _merges(before, after)[("711.2", 1)]
    assert merge.target == ("711.3", 1) and merge.uncertain
    # Out of its place, the same half is too little.
    elsewhere = [_rule("711", "Controlling Another Player"), _rule("712.3", taker)]
    assert ("711.2", 1) not in _merges(before, elsewhere)


def test_words_two_rules_took_alike_merge_nowhere() -> None:
    other = "A band attacks as one creature does, whatever the creatures in it: each is blocked"
    other += " when the band is blocked, and a creature blocking one blocks every creature in it."
    before = [_rule("502.10b", DECLARE), _rule("502.10c", BANDS), _rule("502.10d", other)]
    after = [_rule("502.10b", f"{DECLARE} {BANDS}"), _rule("502.10d", f"{other} {BANDS}")]
    assert _merges(before, after) == {}


def test_a_keyword_s_rule_never_merges_into_another_keyword_s() -> None:
    bonus = "The {} bonus is calculated only once per combat, when the triggered ability resolves."
    before = [
        _rule("502.12", "Rampage"),
        _rule("502.12b", bonus.format("rampage")),
        _rule("502.38", "Bushido"),
        _rule("502.38b", bonus.format("bushido")),
    ]
    after = [_rule("502.12", "Rampage"), _rule("502.12b", bonus.format("rampage"))]
    assert _merges(before, after) == {}


def test_a_rule_whose_not_was_dropped_is_not_merged_whole() -> None:
    gone = "In a game not using the range of influence option, a player who wins makes all"
    gone += " of that player's opponents lose the game instead."
    kept = "In a game using the range of influence option, a player who wins makes all of"
    kept += " that player's opponents lose the game instead. This may not end the game."
    before = [_rule("104.3h", kept.split(" instead.")[0] + "."), _rule("800.7", gone)]
    after = [_rule("104.3h", kept)]
    links, merges = link_and_merge(before, after)
    assert links[("104.3h", 1)].source == ("104.3h", 1) and merges == {}


def test_curated_merges_come_first_and_are_never_uncertain() -> None:
    before = [_rule("309.1", "The defending player declares blockers."), _rule("309.5", BANDS)]
    after = [_rule("309.1", "The defending player declares blockers. Then players play.")]
    assert _merges(before, after) == {}
    merges = _merges(before, after, merged={("309.5", 1): ("309.1", 1)})
    assert merges[("309.5", 1)].target == ("309.1", 1) and not merges[("309.5", 1)].uncertain
