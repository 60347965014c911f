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
SEED_SHA256 = "c8d7f4fe0d05a25f5af1e260f3fcfb906c61702004591bcc61eb9d74823b3df7"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
