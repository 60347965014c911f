"""rulesdb: the Magic: The Gathering Comprehensive Rules type system, release by release.

The public API, importable from here. Start with ``rulesdb.open(url=None)``: a read-only
``Rules`` handle on a database (the embedded default when no URL) whose methods answer every
question (``rule``, ``rule_history``, ``check``, ``parse``, ``explain``, ``diff``,
``rule_diff``, ``search``, ``glossary``, ...), each taking ``as_of`` as a date or a set.
Beneath it, for those who build or hold their own engine:

- ``make_engine(url)``: an Engine set up the way rulesdb needs SQLite and PostgreSQL;
  ``upgrade(engine, revision="head")`` and ``downgrade(engine, revision)`` move it along the
  release chain.
- ``load_vocabulary(bind, as_of=None)``: one release's vocabulary in memory, a ``Vocabulary``
  (``rulesdb.vocabulary.load_vocabulary``; ``rules.vocabulary()`` on a handle).
- ``releases``, ``card_types``, ``supertypes``, ``subtypes``: the CLI's listings.
- ``compare(bind, from_date, to_date)``: what changed between two releases.
- ``history(bind, word)`` and ``cite(bind, word, as_of=None)``: one word through the releases.
- ``export(bind, as_of, style)``: one release as MTGJSON- or Scryfall-shaped JSON.
- ``import_file(path)``: an official CR file read into a ``ReleaseData``.
- ``models``: the typed SQLAlchemy ORM models of the schema (``rulesdb.models``).
- ``RulesdbError``: what every function raises for bad input, with a one-line message;
  ``UnknownEntry``, a ``RulesdbError``, for a well-formed rule number or term the release
  does not have.

Each name is imported on first use, so ``import rulesdb`` stays light and the CLI starts fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# For type checkers (the package ships py.typed): each public name with its real type. At
# run time the names come from __getattr__ below, each on first use.
if TYPE_CHECKING:
    from rulesdb import models as models
    from rulesdb.errors import RulesdbError as RulesdbError
    from rulesdb.handle import Rules as Rules
    from rulesdb.handle import open_rules as open
    from rulesdb.ingest.importer import import_file as import_file
    from rulesdb.questions.diff import compare as compare
    from rulesdb.questions.export import export as export
    from rulesdb.questions.lifetime import cite as cite
    from rulesdb.questions.lifetime import history as history
    from rulesdb.questions.listings import card_types as card_types
    from rulesdb.questions.listings import releases as releases
    from rulesdb.questions.listings import subtypes as subtypes
    from rulesdb.questions.listings import supertypes as supertypes
    from rulesdb.questions.rulebook import UnknownEntry as UnknownEntry
    from rulesdb.store.engine import make_engine as make_engine
    from rulesdb.store.migrate import downgrade as downgrade
    from rulesdb.store.migrate import upgrade as upgrade
    from rulesdb.vocabulary.loader import Vocabulary as Vocabulary
    from rulesdb.vocabulary.loader import load_vocabulary as load_vocabulary

# name -> (module, attribute in it; None for the module itself)
_PUBLIC: dict[str, tuple[str, str | None]] = {
    "open": ("rulesdb.handle", "open_rules"),
    "Rules": ("rulesdb.handle", "Rules"),
    "make_engine": ("rulesdb.store.engine", "make_engine"),
    "upgrade": ("rulesdb.store.migrate", "upgrade"),
    "downgrade": ("rulesdb.store.migrate", "downgrade"),
    "load_vocabulary": ("rulesdb.vocabulary.loader", "load_vocabulary"),
    "Vocabulary": ("rulesdb.vocabulary.loader", "Vocabulary"),
    "releases": ("rulesdb.questions.listings", "releases"),
    "card_types": ("rulesdb.questions.listings", "card_types"),
    "supertypes": ("rulesdb.questions.listings", "supertypes"),
    "subtypes": ("rulesdb.questions.listings", "subtypes"),
    "compare": ("rulesdb.questions.diff", "compare"),
    "history": ("rulesdb.questions.lifetime", "history"),
    "cite": ("rulesdb.questions.lifetime", "cite"),
    "export": ("rulesdb.questions.export", "export"),
    "import_file": ("rulesdb.ingest.importer", "import_file"),
    "models": ("rulesdb.models", None),
    "RulesdbError": ("rulesdb.errors", "RulesdbError"),
    "UnknownEntry": ("rulesdb.questions.rulebook", "UnknownEntry"),
}

# Written out (not built from _PUBLIC) so that type checkers read it; a test keeps the two,
# and the imports above, the same.
__all__ = [
    "Rules",
    "RulesdbError",
    "UnknownEntry",
    "Vocabulary",
    "__version__",
    "card_types",
    "cite",
    "compare",
    "downgrade",
    "export",
    "history",
    "import_file",
    "load_vocabulary",
    "make_engine",
    "models",
    "open",
    "releases",
    "subtypes",
    "supertypes",
    "upgrade",
]


def __getattr__(name: str) -> object:
    try:
        module_name, attribute = _PUBLIC[name]
    except KeyError:
        raise AttributeError(f"module 'rulesdb' has no attribute {name!r}") from None
    module = import_module(module_name)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
