"""CR release effective 2020-11-20 (MagicCompRules-20201120.txt).

Revision ID: cr_2020_11_20
Revises: cr_2020_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_11_20"
down_revision: str | None = "cr_2020_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_11_20.json"
SEED_SHA256 = "e3b3c5f31108ac0750c80a910dc670a80f2d579c090263592b5417b9851d07b2"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
