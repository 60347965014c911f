"""CR release effective 2022-06-10 (MagicCompRules-20220610.txt).

Revision ID: cr_2022_06_10
Revises: cr_2022_04_29
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_06_10"
down_revision: str | None = "cr_2022_04_29"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_06_10.json"
SEED_SHA256 = "762b3a798e55703bc08ab572208657f519d3b932b450741300e4ee49061312f9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
