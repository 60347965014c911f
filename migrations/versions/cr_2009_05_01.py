"""CR release effective 2009-05-01 (MagicCompRules-20090501.rtf).

Revision ID: cr_2009_05_01
Revises: cr_2009_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2009_05_01"
down_revision: str | None = "cr_2009_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2009_05_01.json"
SEED_SHA256 = "a48a0b42540931be38ea746eb8317eef4ed0e9743d374beee32280237431f0d1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
