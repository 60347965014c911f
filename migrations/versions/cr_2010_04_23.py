"""CR release effective 2010-04-23 (MagicCompRules-20100423.txt).

Revision ID: cr_2010_04_23
Revises: cr_2010_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_04_23"
down_revision: str | None = "cr_2010_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_04_23.json"
SEED_SHA256 = "c44111a0460284c0836565e1e25b095be7f18522fba51477f1b85c67a083c1a0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
