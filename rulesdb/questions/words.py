"""What a word is in a release (``rulesdb check``): a type word of which categories, or not
one — and then whether it is a keyword, what it became, or which known words are nearest."""

from __future__ import annotations

from datetime import date

from rulesdb.questions.listings import category_names, check_category, keyword_of
from rulesdb.questions.reading import Bind
from rulesdb.questions.successors import successor
from rulesdb.vocabulary.loader import load_vocabulary
from rulesdb.vocabulary.release import Report, UnknownCategory


def check_word(
    bind: Bind, word: str, category: str | None = None, as_of: date | None = None
) -> Report:
    """``word`` in the release in force on ``as_of``: with ``category``, whether it is one,
    and only one, subtype of that category (205.3e). A category other releases have is a fair
    question answered no; one no release has is refused, naming the nearest."""
    vocab = load_vocabulary(bind, as_of)
    try:
        report = vocab.explain(word, category)
    except UnknownCategory:
        names = category_names(bind)
        if (category or "").strip().casefold() not in names:
            check_category(bind, category or "")
        report = vocab.explain(word, category, other_categories=names)
    if report.meanings:
        return report
    day = vocab.effective_date
    keyword = keyword_of(bind, word, day)
    report = report._replace(successor=successor(bind, word, day), keyword=keyword)
    if keyword is not None and report.valid is None:  # a keyword is no type word
        report = report._replace(
            valid=False,
            not_enumerated=(),
            reason=(f"'{' '.join(word.split())}' is not a card type, supertype or subtype"),
        )
    return report
