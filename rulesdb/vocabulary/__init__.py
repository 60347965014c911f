"""One release's type vocabulary in memory, in layers that import one way:
``spelling`` -> ``index`` -> ``typeline`` (the type-line parser) -> ``release`` (Vocabulary)
-> ``loader`` (``load_vocabulary(bind, as_of)``)."""

from rulesdb.vocabulary.loader import *  # noqa: F403
from rulesdb.vocabulary.loader import __all__, load_vocabulary  # noqa: F401
from rulesdb.vocabulary.typeline import (
    Marker,
    ParsedSubtype,
    TypeLine,
    TypeLineError,
    parse_type_line,
)

__all__ = [*__all__, "Marker", "ParsedSubtype", "TypeLine", "TypeLineError", "parse_type_line"]
