"""CR release effective 2015-01-23 (MagicCompRules-20150123.txt).

Revision ID: cr_2015_01_23
Revises: cr_2014_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_01_23"
down_revision: str | None = "cr_2014_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_01_23.json"
SEED_SHA256 = "4c1550d775f30d444a53513e5cf4d02d9fa4c730c2e746138c3ba94c8dd82dd8"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
