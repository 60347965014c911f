"""CR release effective ${day} (${source}).

Revision ID: ${revision}
Revises: ${down_revision}
"""

from collections.abc import Sequence

from rulesdb_loaders.${loader} import load_release, unload_release

revision: str = "${revision}"
down_revision: str | None = "${down_revision}"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "${seed}"
SEED_SHA256 = "${seed_sha256}"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
