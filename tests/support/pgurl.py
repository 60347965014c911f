"""The PostgreSQL server the tests and bench/run.py use, and the names of what they create
there: one definition for both.

A URL of a database they may connect to in order to create and drop their own
($RULESDB_TEST_PG, tests/settings.py); none unless it is set. Every database and role they
create is named ``$RULESDB_TEST_PREFIX`` + what it is + a random part. Nothing of the test
extra, so bench/run.py needs none.
"""

from __future__ import annotations

import re
import uuid

from rulesdb.errors import RulesdbError
from tests.settings import TEST_PG, TEST_PREFIX

PG_URL = TEST_PG.value() or ""
NOT_SET = (
    "RULESDB_TEST_PG is not set: the PostgreSQL tests run only on a server named there "
    "(e.g. RULESDB_TEST_PG=postgresql://postgres@127.0.0.1:5432/postgres)"
)


def _prefix() -> str:
    prefix = TEST_PREFIX.value() or ""
    # Spliced into CREATE DATABASE / CREATE ROLE: a plain lower-case identifier, with room
    # left in PostgreSQL's 63 bytes for the kind and the random part.
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,29}", prefix):
        raise RulesdbError(
            f"RULESDB_TEST_PREFIX={prefix!r} is not a lower-case identifier "
            "of at most 30 characters (letters, digits, _)"
        )
    return prefix


PREFIX = _prefix()


def created_name(kind: str = "", length: int = 12) -> str:
    """A name for a database or role the tests create: the prefix, ``kind``, a random part."""
    return f"{PREFIX}{kind}{uuid.uuid4().hex[:length]}"
