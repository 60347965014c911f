"""CR release effective 2002-02-20 (MagicCompRules-20020220.txt).

Revision ID: cr_2002_02_20
Revises: cr_2001_09_24
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2002_02_20"
down_revision: str | None = "cr_2001_09_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2002_02_20.json"
SEED_SHA256 = "9ec9354e3aa200044811bd102178798c7ade2e0f8c08a42205621442526836f0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
