"""CR release effective 2019-10-04 (MagicCompRules-20191004.txt).

Revision ID: cr_2019_10_04
Revises: cr_2019_08_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_10_04"
down_revision: str | None = "cr_2019_08_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_10_04.json"
SEED_SHA256 = "397b51d6266be731d1488484a064c98f45af61927bbda1230f36c922b3dd9cd2"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
