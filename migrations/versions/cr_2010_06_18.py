"""CR release effective 2010-06-18 (MagicCompRules-20100618.txt).

Revision ID: cr_2010_06_18
Revises: cr_2010_04_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_06_18"
down_revision: str | None = "cr_2010_04_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_06_18.json"
SEED_SHA256 = "474266a9448706f3c01b1b9f043a31209f51bad4f66749bdd6d34bf9b1412b43"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
