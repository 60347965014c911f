"""Load and unload one CR release with its whole rulebook (seed format 1 + rulebook index 1).

For release revisions written after ``rulebook_text``: the type vocabulary as ``release_v1``
loads it, then the release's rulebook through ``rulebook_v1``, in the same transaction, so a
release is there with all its rules or not at all. Frozen like v1.
"""

from __future__ import annotations

from rulesdb_loaders import release_v1, rulebook_v1


def upgrade_release(revision: str, seed_name: str, seed_sha256: str,
                    rulebook_sha256: str) -> None:
    release_v1.upgrade_release(revision, seed_name, seed_sha256)
    rulebook_v1.load_rulebooks([(rulebook_v1.index_file(revision), rulebook_sha256)])


def downgrade_release(revision: str) -> None:
    rulebook_v1.unload_rulebooks([revision])
    release_v1.downgrade_release(rulebook_v1.release_day(revision))
