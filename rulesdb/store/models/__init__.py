"""Typed SQLAlchemy 2.0 models of the rulesdb schema.

Keys are natural: a release is its effective date, a card type its name, a subtype its
(category, name). That keeps SQL readable without joins, and makes a database that was
downgraded and upgraded again identical row for row to one upgraded once.

Migrations never import this module: they describe the schema as it was when they were
written. ``tests/test_migrations.py`` checks that these models match the migrated schema.

The tables are defined by topic in this package's modules (``base``, ``releases``, ``rulebook``,
``lineage``, ``bulletins``); every model, ``Base`` and ``View`` are imported from here.
"""

from __future__ import annotations

from sqlalchemy import MetaData

from rulesdb.store.models.base import Base
from rulesdb.store.models.bulletins import BulletinEntry, BulletinEntryRule, ReleaseBulletin
from rulesdb.store.models.lineage import RuleLineage, RuleLink
from rulesdb.store.models.releases import (
    BasicLandType,
    CardType,
    CardTypeRename,
    Category,
    Release,
    ReleaseCardType,
    ReleaseCategory,
    ReleaseCategoryCardType,
    ReleaseNote,
    ReleaseSet,
    ReleaseSetUnknown,
    ReleaseSubtype,
    ReleaseSupertype,
    RuleText,
    Subtype,
    SubtypeMerge,
    SubtypeMergeLater,
    SubtypeReference,
    SubtypeRename,
    Supertype,
    SupertypeReference,
)
from rulesdb.store.models.rulebook import (
    GlossarySpan,
    Keyword,
    KeywordRename,
    ReleaseGlossary,
    ReleaseKeyword,
    ReleaseKeywordNote,
    ReleaseRule,
    ReleaseRulebook,
    ReleaseRulebookNote,
    RulebookText,
    RuleSpan,
    View,
)

__all__ = [
    "Base",
    "BasicLandType",
    "BulletinEntry",
    "BulletinEntryRule",
    "CardType",
    "CardTypeRename",
    "Category",
    "GlossarySpan",
    "Keyword",
    "KeywordRename",
    "Release",
    "ReleaseBulletin",
    "ReleaseCardType",
    "ReleaseCategory",
    "ReleaseCategoryCardType",
    "ReleaseGlossary",
    "ReleaseKeyword",
    "ReleaseKeywordNote",
    "ReleaseNote",
    "ReleaseRule",
    "ReleaseRulebook",
    "ReleaseRulebookNote",
    "ReleaseSet",
    "ReleaseSetUnknown",
    "ReleaseSubtype",
    "ReleaseSupertype",
    "RuleLineage",
    "RuleLink",
    "RuleSpan",
    "RuleText",
    "RulebookText",
    "Subtype",
    "SubtypeMerge",
    "SubtypeMergeLater",
    "SubtypeReference",
    "SubtypeRename",
    "Supertype",
    "SupertypeReference",
    "View",
]


def _describe(metadata: MetaData) -> None:
    """Table and column comments from descriptions.toml, so the models match PostgreSQL's
    COMMENT ONs (which the migrations set from the same text) and autogenerate sees no drift."""
    from rulesdb.store.descriptions import column_description, table_description

    for table in metadata.tables.values():
        table.comment = table_description(table.name)
        for column in table.columns:
            column.comment = column_description(table.name, column.name)


_describe(Base.metadata)
