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
SEED_SHA256 = "7e06fbadc38e4e03b652f493dff218f0034ea54f939fa76e39f3b06687056b05"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
