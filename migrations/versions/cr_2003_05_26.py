"""CR release effective 2003-05-26 (MagicCompRules-20030526.txt).

Revision ID: cr_2003_05_26
Revises: cr_2003_03_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_05_26"
down_revision: str | None = "cr_2003_03_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_05_26.json"
SEED_SHA256 = "dbeb8781a2aabdd71e815298d9ab900ab5d95eff2b1b5b25a6ba3bb35cc61c1e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
