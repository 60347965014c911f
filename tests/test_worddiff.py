"""Word-level differences between two texts of a rule (rulesdb.questions.worddiff)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from rulesdb.questions.worddiff import Piece, as_markdown, changed, tokens, word_diff
from rulesdb.util.typography import fold_typography

WORDS = st.lists(
    st.sampled_from(
        [
            "creature",
            "the",
            "kindred",
            "tribal",
            ",",
            ".",
            " ",
            "  ",
            "land",
            "it's",
            "it’s",
            "—",
            "-",
        ]
    ),
    max_size=30,
)


def test_an_insertion_and_a_replacement_are_marked_as_words() -> None:
    assert word_diff(
        "A creature that's been dealt damage.",
        "A creature with toughness greater than 0 that's been dealt damage.",
    ) == [
        Piece("same", "A creature"),
        Piece("inserted", " with toughness greater than 0"),
        Piece("same", " that's been dealt damage."),
    ]
    # A lone space between two edits joins them: one deletion, then one insertion.
    assert word_diff("the red dog runs", "a blue cat runs") == [
        Piece("deleted", "the red dog"),
        Piece("inserted", "a blue cat"),
        Piece("same", " runs"),
    ]


def test_words_keep_their_punctuation_in_markdown() -> None:
    pieces = word_diff(
        "instant, land, sorcery, tribal, and vanguard.",
        "instant, kindred, land, sorcery, and vanguard.",
    )
    assert as_markdown(pieces) == "instant, **kindred,** land, sorcery, ~~tribal,~~ and vanguard."


def test_typography_alone_is_no_change() -> None:
    pieces = word_diff("It’s a “test”—yes", 'It\'s a "test"-yes')
    assert not changed(pieces) and pieces == [Piece("same", 'It\'s a "test"-yes')]


@given(WORDS, WORDS)
def test_the_pieces_give_back_both_texts(old: list[str], new: list[str]) -> None:
    before, after = "".join(old), "".join(new)
    pieces = word_diff(before, after)
    assert "".join(p.text for p in pieces if p.change != "deleted") == after
    old_again = "".join(p.text for p in pieces if p.change != "inserted")
    assert fold(old_again) == fold(before)
    assert all(p.text for p in pieces)  # no empty piece
    assert all(a.change != b.change for a, b in itertools.pairwise(pieces))
    assert changed(pieces) == (fold(before) != fold(after))


def fold(text: str) -> str:
    """Each word's typography folded, spaces as printed: what word_diff compares."""
    return "".join(t if t.isspace() else fold_typography(t) for t in tokens(text))
