"""rulesdb: the Magic: The Gathering Comprehensive Rules type system, release by release.

Kept light on purpose: importing ``rulesdb`` loads nothing heavy, so the CLI starts fast.
The ORM lives in :mod:`rulesdb.store.models`, the queries in :mod:`rulesdb.questions`.
"""

__version__ = "0.1.0"
