"""What the test modules share, one module a job: the CR files (``data``), databases
(``databases``, the session's at head: ``sessiondb``, ``headcache``), the schema (``schema``),
the release chain in a checkout (``chains``), running rulesdb (``runs``; bounded: ``bounded``),
dumps (``dumps``), the kill tests' holds (``kills``, ``held_upgrade``), the docs (``docs``).

tests/conftest.py turns them into fixtures; no test module imports another."""
