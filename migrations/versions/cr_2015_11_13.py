"""CR release effective 2015-11-13 (MagicCompRules-20151113.txt).

Revision ID: cr_2015_11_13
Revises: cr_2015_09_26
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_11_13"
down_revision: str | None = "cr_2015_09_26"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_11_13.json"
SEED_SHA256 = "fc29dafeced6412ad73bb373020bc41e52caf0f4e524a157d2f1af72a9c59569"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
