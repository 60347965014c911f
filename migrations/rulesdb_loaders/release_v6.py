"""Load and unload one CR release with its notes, its whole rulebook as spans and its
keywords (seed format 2 + rulebook index 1).

For release revisions written once ``rulebook_spans`` is in the chain: ``release_v5`` with
the rulebook through ``rulebook_v2`` (spans of releases) instead of ``rulebook_v1``
(membership rows), in the same transaction. Frozen like the others.
"""

from __future__ import annotations

from datetime import date

from rulesdb_loaders import keywords_v1, release_v3, rulebook_v1, rulebook_v2


def upgrade_release(revision: str, seed_name: str, seed_sha256: str,
                    rulebook_sha256: str) -> None:
    release_v3.upgrade_release(revision, seed_name, seed_sha256)
    rulebook_v2.load_rulebooks([(rulebook_v1.index_file(revision), rulebook_sha256)])
    keywords_v1.load_keywords([date.fromisoformat(rulebook_v1.release_day(revision))])


def downgrade_release(revision: str) -> None:
    keywords_v1.unload_keywords([date.fromisoformat(rulebook_v1.release_day(revision))])
    rulebook_v2.unload_rulebooks([revision])
    release_v3.downgrade_release(rulebook_v1.release_day(revision))
