"""The lowest layer of the vocabulary: the look-up key of a word, remembered.

Every look-up accepts any case and straight or curly apostrophes (``names.lookup_key``); the
key of a recently seen word is one dict hit, shared by every release (lookup_key is pure).
"""

from __future__ import annotations

from typing import Any

from rulesdb.errors import RulesdbError
from rulesdb.util.names import lookup_key

MEMO_LENGTH = 200  # longer words and lines are answered but not remembered
_KEYS: dict[str, str] = {}
_KEYS_MAX = 1 << 16


def word_key(word: Any) -> str:
    """lookup_key(word), remembered; RulesdbError for anything but a str."""
    try:
        return _KEYS[word]
    except KeyError:
        pass
    except TypeError:  # unhashable: certainly not a word
        raise not_text(word) from None
    if not isinstance(word, str):
        raise not_text(word)
    key = lookup_key(word)
    if len(word) <= MEMO_LENGTH:  # words, not whatever text someone pastes
        if len(_KEYS) >= _KEYS_MAX:
            _KEYS.clear()  # crude but bounded; real inputs repeat a few thousand words
        _KEYS[word] = key
    return key


def cached_key(word: Any) -> str:
    """word_key without the call overhead when the word was seen (the membership hot path)."""
    try:
        return _KEYS[word]
    except (KeyError, TypeError):
        return word_key(word)


def not_text(value: Any) -> RulesdbError:
    return RulesdbError(f"expected a word (str), got {type(value).__name__}")
