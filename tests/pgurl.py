"""The PostgreSQL server the tests and bench/run.py use: one definition for both.

A URL of a database they may connect to in order to create and drop their own
($RULESDB_TEST_PG, tests/settings.py). Nothing of the test extra, so bench/run.py needs none.
"""

from __future__ import annotations

from tests.settings import TEST_PG

PG_URL = TEST_PG.value() or ""
