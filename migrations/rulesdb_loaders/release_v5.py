"""Load and unload one CR release with its notes, its whole rulebook and its keywords (seed
format 2 + rulebook index 1).

For release revisions written once ``keywords`` is in the chain: the release as
``release_v4`` loads it, then its keyword abilities, keyword actions and ability words read
from the rulebook just loaded (``keywords_v1``), in the same transaction. Frozen like the
others.
"""

from __future__ import annotations

from datetime import date

from rulesdb_loaders import keywords_v1, release_v4, rulebook_v1


def upgrade_release(revision: str, seed_name: str, seed_sha256: str,
                    rulebook_sha256: str) -> None:
    release_v4.upgrade_release(revision, seed_name, seed_sha256, rulebook_sha256)
    keywords_v1.load_keywords([date.fromisoformat(rulebook_v1.release_day(revision))])


def downgrade_release(revision: str) -> None:
    keywords_v1.unload_keywords([date.fromisoformat(rulebook_v1.release_day(revision))])
    release_v4.downgrade_release(revision)
