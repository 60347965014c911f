"""Load and unload one CR release with its notes and its whole rulebook (seed format 2 +
rulebook index 1).

For release revisions written once both ``0003_release_note`` and ``rulebook_text`` are in the
chain: the vocabulary and notes as ``release_v3`` loads them, then the rulebook through
``rulebook_v1``, in the same transaction, so a release is there with all its rules or not at
all. Frozen like the others.
"""

from __future__ import annotations

from rulesdb_loaders import release_v3, rulebook_v1


def upgrade_release(revision: str, seed_name: str, seed_sha256: str,
                    rulebook_sha256: str) -> None:
    release_v3.upgrade_release(revision, seed_name, seed_sha256)
    rulebook_v1.load_rulebooks([(rulebook_v1.index_file(revision), rulebook_sha256)])


def downgrade_release(revision: str) -> None:
    rulebook_v1.unload_rulebooks([revision])
    release_v3.downgrade_release(rulebook_v1.release_day(revision))
