"""The sets of the releases already in the chain, and the curated merges found after their
release shipped.

Revision ID: 0004_release_facts
Revises: 0003_release_sets

A data revision: the schema is 0003_release_sets'. ``release_set`` gains the set or product
each release before it came with (curated with cited sources:
rulesdb/authoring/curated/release_sets.toml entries ``loaded_by = "0004_release_facts"``), and
``subtype_merge`` the merges of the Masters Edition and Grand Creature Type updates
(2007-09-07, 2007-10-01; merges.toml entries ``loaded_by = "0004_release_facts"``), from
``seeds/release_facts_0004.json``, through ``rulesdb_loaders.schema_0003``; releases after it
load through that loader too.
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0003 import load_facts_seed, unload_facts_seed

revision: str = "0004_release_facts"
down_revision: str | None = "0003_release_sets"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "release_facts_0004.json"
SEED_SHA256 = "acb2f56c279380c74e2acae0a6ff081b649572e99db725870d40b0d5745b3442"
VIEWS = ()  # no view: the schema is 0003_release_sets'
TABLES = ()


def upgrade() -> None:
    load_facts_seed(SEED, SEED_SHA256)


def downgrade() -> None:
    unload_facts_seed(SEED, SEED_SHA256)
