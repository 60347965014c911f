"""How CR names are spelled and compared.

The CR spells apostrophes with U+2019 (Urza’s); files saved in code pages that lack it
(cp437) fold it to ASCII. Users type either, in any case.
"""

CURLY_APOSTROPHE = "\u2019"
_FOLD = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})


def official_spelling(name: str) -> str:
    """The CR's own spelling: typographic apostrophes, single spaces."""
    return " ".join(name.replace("'", CURLY_APOSTROPHE).split())


def lookup_key(word: str) -> str:
    """The key two spellings of one name share: case, apostrophe style and spacing folded."""
    return " ".join(word.translate(_FOLD).casefold().split())
