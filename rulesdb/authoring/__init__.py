"""Writing the release chain, in a checkout: a CR file read by ``rulesdb.ingest`` becomes a
release's seed (``seed``, ``rulebook_seed``, ``lineage_seed``) and its Alembic revision
(``release``); ``lineage`` links each rule to the one it continues, and ``curated`` holds the facts
the CR states nowhere (renames, merges, sets, links), each with its source. Nothing here runs
when a database is read."""
