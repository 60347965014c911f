"""One release's type vocabulary in memory: the type-line parser, the Vocabulary, its loader."""

from rulesdb.vocabulary.loader import *  # noqa: F403
from rulesdb.vocabulary.loader import __all__, vocabulary  # noqa: F401
