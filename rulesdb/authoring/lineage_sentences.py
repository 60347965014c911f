"""The lineage's last pass: a rule no other pass linked is looked for in the whole of the next
release by its sentences before it is called gone. A rule moved and reworded at once (most
of 2009-07-11, which rewrote sections 1 and 6 from old rules of sections 2 and 4: 408.2d's
"Playing a land is a special action" is 114.2a) keeps a sentence nearly whole, though the
rest of it changed or went elsewhere.

Sentences are compared as the matcher compares words (case, typography, cross-references and
2009-07-11's vocabulary folded), with rapidfuzz's ratio (0 to 1), and only sentences of at
least SENTENCE_WORDS words. A gone rule and a new rule pair when one of their sentences are
at least SENTENCE alike, that sentence says nothing another unlinked rule of either release
says nearly as well (within TIE: a template sentence such as "Multiple instances of X are
redundant" pairs nothing), best first, each rule once. Such a link is uncertain.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from rapidfuzz import fuzz, process

SENTENCE = 0.85  # two sentences this alike carry one rule's substance
SENTENCE_WORDS = 8  # shorter sentences ("Reserved.", a step's name) say too little
TIE = 0.03  # another sentence this close makes the pair ambiguous
_SENTENCE = re.compile(r"(?<=[.:;?!])[\"”’]?\s+(?=[A-Z“\"(])")

Ident = tuple[str, int]


def sentences(text: str, words_of: Callable[[str], tuple[str, ...]]) -> list[str]:
    """The text's sentences of SENTENCE_WORDS words or more, each as its folded words."""
    found = []
    for sentence in _SENTENCE.split(text):
        words = words_of(sentence)
        if len(words) >= SENTENCE_WORDS:
            found.append(" ".join(words))
    return found


def sentence_pairs(
    gone: Mapping[Ident, str],
    new: Mapping[Ident, str],
    words_of: Callable[[str], tuple[str, ...]],
) -> list[tuple[float, Ident, Ident]]:
    """(score, new rule, gone rule) for each pair whose best sentences are at least SENTENCE
    alike and unambiguous, best first (ties in rule order)."""
    said_new = _indexed(new, words_of)
    said_gone = _indexed(gone, words_of)
    new_sentences = {key: sentence for key, (_, sentence) in said_new.items()}
    gone_sentences = {key: sentence for key, (_, sentence) in said_gone.items()}
    best: dict[tuple[Ident, Ident], float] = {}
    for source, sentence in said_gone.values():
        found = process.extract(sentence, new_sentences, scorer=fuzz.ratio, limit=8)
        if not found or found[0][1] / 100 < SENTENCE:
            continue
        top = found[0][1] / 100
        targets = {said_new[k][0] for _, score, k in found if score / 100 >= top - TIE}
        if len(targets) != 1:
            continue  # said as well by several new rules
        [target] = targets
        # ... nor said as well by another gone rule
        back = process.extract(said_new[found[0][2]][1], gone_sentences, scorer=fuzz.ratio, limit=8)
        sources = {said_gone[k][0] for _, score, k in back if score / 100 >= top - TIE}
        if sources != {source}:
            continue
        pair = (target, source)
        best[pair] = max(best.get(pair, 0.0), top)
    return sorted(
        ((score, target, source) for (target, source), score in best.items()),
        key=lambda item: (-item[0], item[1], item[2]),
    )


def _indexed(
    rules: Mapping[Ident, str], words_of: Callable[[str], tuple[str, ...]]
) -> dict[int, tuple[Ident, str]]:
    found: dict[int, tuple[Ident, str]] = {}
    for ident in sorted(rules):
        for sentence in sentences(rules[ident], words_of):
            found[len(found)] = (ident, sentence)
    return found


def as_words(
    pattern: re.Pattern[str], fold: Callable[[str], str]
) -> Callable[[str], tuple[str, ...]]:
    """The matcher's words of a text: ``pattern``'s matches in the folded text."""

    def words(text: str) -> tuple[str, ...]:
        return tuple(pattern.findall(fold(text)))

    return words
