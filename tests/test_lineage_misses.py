"""The matcher's known misses of issue 51, each on a few rules: found by reading the hand-read
samples (tests/fixtures/lineage_sample_*.toml) in both official files, each fixed by a general
rule of rulesdb/authoring/lineage.py or lineage_merges.py."""

from __future__ import annotations

from rulesdb.authoring.lineage import Printed, link_and_merge, link_releases


def _rule(number: str, text: str, examples: tuple[str, ...] = ()) -> Printed:
    return Printed(number, 1, text + "|" + "|".join(examples), text, examples)


# CR 2019-10-04 702.102a and CR 2020-01-24 702.137a, as printed.
BESTOW = (
    "Bestow represents two static abilities, one that functions while the card with bestow is"
    " on the stack and another that functions both while it's on the stack and while it's on"
    ' the battlefield. "Bestow [cost]" means "You may cast this card by paying [cost] rather'
    ' than its mana cost." and "If you chose to pay this spell\'s bestow cost, it becomes an'
    " Aura enchantment and gains enchant creature. These effects last until one of two things"
    " happens: this spell has an illegal target as it resolves or the permanent this spell"
    " becomes, becomes unattached.\" Paying a card's bestow cost follows the rules for paying"
    " alternative costs in rules 601.2b and 601.2f-h."
)
ESCAPE = (
    "Escape represents a static ability that functions while the card with escape is in a"
    ' player\'s graveyard. "Escape [cost]" means "You may cast this card from your graveyard'
    ' by paying [cost] rather than paying its mana cost." Casting a spell using its escape'
    " ability follows the rules for paying alternative costs in rules 601.2b and 601.2f-h."
)


def test_a_rule_under_a_new_heading_is_not_in_its_chapter_s_context() -> None:
    """2020-01-24: Escape, a new keyword, is not Bestow by the sentence every alternative cost
    ends with: its heading is new, so its rule is no longer in the context of chapter 702."""
    keywords = [_rule("702", "Keyword Abilities"), _rule("702.102", "Bestow")]
    before = [*keywords, _rule("702.102a", BESTOW)]
    after = [*keywords, _rule("702.137", "Escape"), _rule("702.137a", ESCAPE)]
    assert link_releases(before, after)[("702.137a", 1)].source is None


EVASION = (
    "Evasion abilities restrict what can block an attacking creature. These are static"
    " abilities that modify the declare blockers step of the combat phase."
)
EVASION_NOW = (
    "An evasion ability is an ability an attacking creature has that restricts what can block"
    " it. Evasion abilities are static abilities that modify the declare blockers step of the"
    " combat phase. Evasion abilities are cumulative."
)
SHADOW = "A creature with flying and shadow can't be blocked by a creature with flying."


def test_an_example_links_no_pair_when_a_rule_is_clearly_like_another() -> None:
    """2007-05-01's 500.3a prints 501.2's example, but opens with 501.1's words: 501.2 ("Evasion
    abilities are cumulative.", 0.13 alike) is merged into it, not continued by it."""
    before = [
        _rule("501", "Evasion Abilities"),
        _rule("501.1", EVASION),
        _rule("501.2", "Evasion abilities are cumulative.", (SHADOW,)),
    ]
    after = [_rule("500", "Combat Rules"), _rule("500.3a", EVASION_NOW, (SHADOW,))]
    assert link_releases(before, after)[("500.3a", 1)].source == ("501.1", 1)


def test_a_parent_is_linked_by_its_children_before_mutual_best_guesses() -> None:
    """2023-04-14's 712.8 opens with 712.4's sentence and ends with 713.4's; its subrules,
    reworded a little, continue 712.4's: 712.8 continues 712.4, not 713.4 (its best match)."""
    face = "Each face of a double-faced card has its own set of characteristics."
    meld = (
        "The front face of each meld card and the combined face formed by a meld pair each has"
        " its own set of characteristics."
    )
    children = [
        "While a double-faced card is outside the game or in a zone other than the battlefield"
        " or stack, it has only the characteristics of its front face.",
        "While a double-faced permanent has its front face up, it has only the characteristics"
        " of its front face.",
        "While a double-faced permanent has its back face up, it has only the characteristics"
        " of its back face.",
    ]
    before = [
        _rule("712", "Double-Faced Cards"),
        _rule("712.4", face),
        *(_rule(f"712.4{letter}", text) for letter, text in zip("abc", children, strict=True)),
        _rule("713", "Meld"),
        _rule("713.4", meld),
    ]
    merged = (
        "Each face of a transforming or modal double-faced card has its own set of"
        f" characteristics. {meld}"
    )
    after = [
        _rule("712", "Double-Faced Cards"),
        _rule("712.8", merged),
        *(
            _rule(f"712.8{letter}", text.replace("double-faced", "transforming double-faced"))
            for letter, text in zip("abc", children, strict=True)
        ),
    ]
    links = link_releases(before, after)
    assert links[("712.8a", 1)].source == ("712.4a", 1)
    assert links[("712.8", 1)].source == ("712.4", 1)


def test_a_subrule_s_heading_may_become_a_section() -> None:
    """2009-07-11: 419.9 "Interaction of Replacement or Prevention Effects" is the section 615
    "Interaction of Replacement and/or Prevention Effects", not its parent heading 419."""
    before = [
        _rule("4", "Spells, Abilities, and Effects"),
        _rule("419", "Replacement and Prevention Effects"),
        _rule("419.9", "Interaction of Replacement or Prevention Effects"),
    ]
    after = [
        _rule("6", "Spells, Abilities, and Effects"),
        _rule("615", "Interaction of Replacement and/or Prevention Effects"),
    ]
    assert link_releases(before, after)[("615", 1)].source == ("419.9", 1)


def test_a_rule_printed_twice_merges_where_its_twin_went() -> None:
    """2007-05-01: 213.1a and 401.1b both said "A nonexistent mana cost can't be paid."; 424.3
    ("Unpayable costs can't be paid.") continues 401.1b (curated), and takes 213.1a too."""
    twin = "A nonexistent mana cost can't be paid."
    before = [_rule("213.1a", twin), _rule("401.1b", twin)]
    after = [_rule("424.3", "Unpayable costs can't be paid. (See rule 203.1b.)")]
    curated = {("424.3", 1): ("401.1b", 1)}
    _, merges = link_and_merge(before, after, curated)
    assert merges[("213.1a", 1)].target == ("424.3", 1) and not merges[("213.1a", 1)].uncertain
    # A twin of a rule that went nowhere went nowhere either; a title is no twin.
    assert link_and_merge(before, after)[1] == {}
    titles = [_rule("702.5", "Banding"), _rule("702.6", "Banding")]
    renamed = [_rule("702.5", "Bands with Other")]
    assert link_and_merge(titles, renamed, {("702.5", 1): ("702.5", 1)})[1] == {}


def test_a_rule_whose_subject_was_dropped_stays_gone() -> None:
    """2017-09-29 removed the planeswalker uniqueness rule; the legend rule, its template,
    moved up to 704.5j: the old 704.5j merged nowhere."""
    walkers = (
        "If a player controls two or more planeswalkers that share a planeswalker type, that"
        " player chooses one of them, and the rest are put into their owners' graveyards."
    )
    legend = (
        "If a player controls two or more legendary permanents with the same name, that player"
        " chooses one of them, and the rest are put into their owners' graveyards."
    )
    before = [_rule("704.5", "State-based actions:"), _rule("704.5j", walkers)]
    before.append(_rule("704.5k", legend))
    after = [_rule("704.5", "State-based actions:"), _rule("704.5j", legend)]
    links, merges = link_and_merge(before, after)
    assert links[("704.5j", 1)].source == ("704.5k", 1) and merges == {}


def test_a_rule_generalizing_two_of_one_template_takes_the_gone_one() -> None:
    """2022-10-07's 724.5a (every supplementary deck at a subgame's end) continues 723.5a
    (Planechase's) and drops its words as much as 723.5d's (Archenemy's): 723.5d merged."""
    end = "At the end of a subgame{}, {} is turned face down and put on the bottom of {}."
    moves = " Then {} moves {} from the subgame command zone to the main-game command zone and"
    moves += " shuffles it."
    planes = end.format(
        " of a Planechase game",
        "each face-up plane card or phenomenon card",
        "its owner's planar deck",
    ) + moves.format("each player", "their planar deck")
    schemes = end.format(
        " of an Archenemy game",
        "any face-up scheme cards in the subgame command zone are",
        "their owner's scheme deck",
    ) + moves.format("the archenemy", "their scheme deck")
    every = end.format(
        "",
        "each nontraditional card not in a supplementary deck that began the subgame in a"
        " supplementary deck",
        "that deck",
    ) + moves.format("each player", "each of their supplementary decks")
    subgame = "At the end of a subgame, each player takes all cards they own in the subgame."
    before = [_rule("723.5", subgame), _rule("723.5a", planes), _rule("723.5d", schemes)]
    after = [_rule("724.5", subgame), _rule("724.5a", every)]
    links, merges = link_and_merge(before, after)
    assert links[("724.5a", 1)].source == ("723.5a", 1)
    assert merges[("723.5d", 1)].target == ("724.5a", 1) and merges[("723.5d", 1)].uncertain


def test_a_new_heading_over_a_rule_whose_heading_is_free_keeps_the_context() -> None:
    """2003-07-01 put the land rules of 214.9 ("Lands") under 212.6 ("Land"): a heading not
    yet linked when pass 9 runs, whose rules still find 214.9's rules (their heading free) in
    chapter 2's context."""
    before = [
        _rule("2", "Parts of a Card"),
        _rule("214.9", "Lands"),
        _rule("214.9g", "Any land that isn't a basic land is a nonbasic land. Basic and nonbasic"),
    ]
    after = [
        _rule("2", "Parts of a Card"),
        _rule("212.6", "Land"),
        _rule("212.6f", "Any land that doesn't have the supertype basic is a nonbasic land."),
    ]
    assert link_releases(before, after)[("212.6f", 1)].source == ("214.9g", 1)
