"""The PostgreSQL server the tests and bench/run.py use: one definition for both.

A URL of a database they may connect to in order to create and drop their own. No imports
beyond the standard library, so bench/run.py needs nothing of the test extra.
"""

from __future__ import annotations

import os

DEFAULT_PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
PG_URL = os.environ.get("RULESDB_TEST_PG", DEFAULT_PG_URL)
