"""CR release effective 2008-10-01 (MagicCompRules-20081001.txt).

Revision ID: cr_2008_10_01
Revises: cr_2008_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2008_10_01"
down_revision: str | None = "cr_2008_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2008_10_01.json"
SEED_SHA256 = "88d4a663abd0c57c28fbcc0f39d677b91dc1f0573cebde56fca3c6b940c0d75a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
