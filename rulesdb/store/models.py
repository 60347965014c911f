"""Typed SQLAlchemy 2.0 models of the rulesdb schema.

Keys are natural: a release is its effective date, a card type its name, a subtype its
(category, name). That keeps SQL readable without joins, and makes a database that was
downgraded and upgraded again identical row for row to one upgraded once.

Migrations never import this module: they describe the schema as it was when they were
written. ``tests/test_migrations.py`` checks that these models match the migrated schema.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column, relationship

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

NAME = String(64)
RULE = String(16)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Release(Base):
    """One Comprehensive Rules release, loaded by one Alembic revision."""

    __tablename__ = "release"

    effective_date: Mapped[date] = mapped_column(Date, primary_key=True)
    source_file: Mapped[str] = mapped_column(String(255))
    source_sha256: Mapped[str] = mapped_column(String(64))
    seed_sha256: Mapped[str] = mapped_column(String(64))
    revision: Mapped[str] = mapped_column(String(64), unique=True)

    card_types: Mapped[list[ReleaseCardType]] = relationship(
        back_populates="release", order_by="ReleaseCardType.card_type", viewonly=True
    )
    supertypes: Mapped[list[ReleaseSupertype]] = relationship(
        back_populates="release", order_by="ReleaseSupertype.supertype", viewonly=True
    )
    categories: Mapped[list[ReleaseCategory]] = relationship(
        back_populates="release", order_by="ReleaseCategory.rule", viewonly=True
    )
    subtypes: Mapped[list[ReleaseSubtype]] = relationship(
        primaryjoin="Release.effective_date == foreign(ReleaseSubtype.release_date)",
        order_by="(ReleaseSubtype.category, ReleaseSubtype.name)",
        viewonly=True,
    )
    rules: Mapped[list[RuleText]] = relationship(
        back_populates="release", order_by="RuleText.number", viewonly=True
    )

    def __repr__(self) -> str:
        return f"Release({self.effective_date.isoformat()})"


# The vocabulary: every name any loaded release has used.


class CardType(Base):
    __tablename__ = "card_type"

    name: Mapped[str] = mapped_column(NAME, primary_key=True)


class Supertype(Base):
    __tablename__ = "supertype"

    name: Mapped[str] = mapped_column(NAME, primary_key=True)


class Category(Base):
    """A subtype category: artifact, enchantment, land, planeswalker, spell, creature, ..."""

    __tablename__ = "category"

    name: Mapped[str] = mapped_column(NAME, primary_key=True)


class Subtype(Base):
    """A subtype is its (category, name): Spacecraft is both an artifact and a planar type."""

    __tablename__ = "subtype"

    category: Mapped[str] = mapped_column(NAME, ForeignKey("category.name"), primary_key=True)
    name: Mapped[str] = mapped_column(NAME, primary_key=True)


# What each release lists, and where.


class ReleaseCardType(Base):
    __tablename__ = "release_card_type"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    card_type: Mapped[str] = mapped_column(ForeignKey("card_type.name"), primary_key=True)
    rule: Mapped[str] = mapped_column(RULE)  # 205.2a
    section: Mapped[str | None] = mapped_column(RULE)  # the section 3 rule defining it

    release: Mapped[Release] = relationship(back_populates="card_types")


class ReleaseSupertype(Base):
    __tablename__ = "release_supertype"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    supertype: Mapped[str] = mapped_column(ForeignKey("supertype.name"), primary_key=True)
    rule: Mapped[str] = mapped_column(RULE)  # 205.4a

    release: Mapped[Release] = relationship(back_populates="supertypes")


class ReleaseCategory(Base):
    """A subtype category as one release lists it, under the rule letter it had then."""

    __tablename__ = "release_category"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    category: Mapped[str] = mapped_column(ForeignKey("category.name"), primary_key=True)
    rule: Mapped[str] = mapped_column(RULE)

    release: Mapped[Release] = relationship(back_populates="categories")
    card_types: Mapped[list[ReleaseCategoryCardType]] = relationship(viewonly=True)

    __table_args__ = (UniqueConstraint("release_date", "rule"),)


class ReleaseCategoryCardType(Base):
    """Which card types a category's subtypes belong to (205.3c-d): creature types → creature,
    tribal/kindred."""

    __tablename__ = "release_category_card_type"

    release_date: Mapped[date] = mapped_column(primary_key=True)
    category: Mapped[str] = mapped_column(NAME, primary_key=True)
    card_type: Mapped[str] = mapped_column(NAME, primary_key=True)

    __table_args__ = (
        ForeignKeyConstraint(
            ["release_date", "category"],
            ["release_category.release_date", "release_category.category"],
        ),
        ForeignKeyConstraint(
            ["release_date", "card_type"],
            ["release_card_type.release_date", "release_card_type.card_type"],
        ),
    )


class ReleaseSubtype(Base):
    __tablename__ = "release_subtype"

    release_date: Mapped[date] = mapped_column(primary_key=True)
    category: Mapped[str] = mapped_column(NAME, primary_key=True)
    name: Mapped[str] = mapped_column(NAME, primary_key=True)

    __table_args__ = (
        ForeignKeyConstraint(
            ["release_date", "category"],
            ["release_category.release_date", "release_category.category"],
        ),
        ForeignKeyConstraint(["category", "name"], ["subtype.category", "subtype.name"]),
        Index(None, "category", "name"),
    )


class BasicLandType(Base):
    """A basic land type as a rule states it (305.6; 205.3i in later releases too)."""

    __tablename__ = "basic_land_type"

    release_date: Mapped[date] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(NAME, primary_key=True)
    rule: Mapped[str] = mapped_column(RULE, primary_key=True)
    category: Mapped[str] = mapped_column(NAME)

    __table_args__ = (
        ForeignKeyConstraint(
            ["release_date", "category", "name"],
            ["release_subtype.release_date", "release_subtype.category", "release_subtype.name"],
        ),
        CheckConstraint("category = 'land'", name="land"),
    )


class SubtypeReference(Base):
    """'Equipment (see rule 301.5)': a rule the subtype list points to."""

    __tablename__ = "subtype_reference"

    release_date: Mapped[date] = mapped_column(primary_key=True)
    category: Mapped[str] = mapped_column(NAME, primary_key=True)
    name: Mapped[str] = mapped_column(NAME, primary_key=True)
    rule: Mapped[str] = mapped_column(RULE, primary_key=True)

    __table_args__ = (
        ForeignKeyConstraint(
            ["release_date", "category", "name"],
            ["release_subtype.release_date", "release_subtype.category", "release_subtype.name"],
        ),
    )


class SupertypeReference(Base):
    """'legendary ... (see rule 704.5j)' in 205.4d: the citing rule and the rule it points to."""

    __tablename__ = "supertype_reference"

    release_date: Mapped[date] = mapped_column(primary_key=True)
    supertype: Mapped[str] = mapped_column(NAME, primary_key=True)
    rule: Mapped[str] = mapped_column(RULE, primary_key=True)
    cited_in: Mapped[str] = mapped_column(RULE)

    __table_args__ = (
        ForeignKeyConstraint(
            ["release_date", "supertype"],
            ["release_supertype.release_date", "release_supertype.supertype"],
        ),
    )


class RuleText(Base):
    """The text of rule 205 and its subrules (and the other rules cited), per release."""

    __tablename__ = "rule_text"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    number: Mapped[str] = mapped_column(RULE, primary_key=True)
    text: Mapped[str] = mapped_column(Text)

    release: Mapped[Release] = relationship(back_populates="rules")


class ReleaseNote(Base):
    """Where a release's file contradicts itself or was damaged, or was read unusually."""

    __tablename__ = "release_note"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    rule: Mapped[str | None] = mapped_column(RULE)
    kind: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)


# Renames are curated facts: the CR lists only the new name.


class CardTypeRename(Base):
    __tablename__ = "card_type_rename"

    release_date: Mapped[date] = mapped_column(primary_key=True)  # first release with new name
    old_name: Mapped[str] = mapped_column(ForeignKey("card_type.name"), primary_key=True)
    new_name: Mapped[str] = mapped_column(NAME)
    rule: Mapped[str] = mapped_column(RULE)

    __table_args__ = (
        ForeignKeyConstraint(
            ["release_date", "new_name"],
            ["release_card_type.release_date", "release_card_type.card_type"],
        ),
    )


class _SubtypeSuccession:
    """The columns and keys a curated subtype change has: in a release, a category's old name
    (a subtype once listed) gave way to a new name the release lists."""

    release_date: Mapped[date] = mapped_column(primary_key=True)
    category: Mapped[str] = mapped_column(NAME, primary_key=True)
    old_name: Mapped[str] = mapped_column(NAME, primary_key=True)
    new_name: Mapped[str] = mapped_column(NAME)
    rule: Mapped[str] = mapped_column(RULE)

    @declared_attr.directive
    def __table_args__(cls) -> tuple[ForeignKeyConstraint, ...]:
        return (
            ForeignKeyConstraint(["category", "old_name"], ["subtype.category", "subtype.name"]),
            ForeignKeyConstraint(
                ["release_date", "category", "new_name"],
                [
                    "release_subtype.release_date",
                    "release_subtype.category",
                    "release_subtype.name",
                ],
            ),
        )


class SubtypeRename(_SubtypeSuccession, Base):
    """A subtype a release renames (Kaladesh -> Avishkar)."""

    __tablename__ = "subtype_rename"


class SubtypeMerge(_SubtypeSuccession, Base):
    """A subtype a release drops because its cards took another it lists (Naga -> Snake);
    a row for each type they took when they took several (Mage -> Human, Wizard)."""

    __tablename__ = "subtype_merge"

    new_name: Mapped[str] = mapped_column(NAME, primary_key=True)


class SubtypeMergeLater(Base):
    """A merged subtype's cards as a later Oracle re-typed them (Entity: Beast on 2007-10-01,
    Illusion in the Oracle of 2022): a second, later fact beside the dated merge."""

    __tablename__ = "subtype_merge_later"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    category: Mapped[str] = mapped_column(NAME, primary_key=True)
    old_name: Mapped[str] = mapped_column(NAME, primary_key=True)
    new_name: Mapped[str] = mapped_column(NAME, primary_key=True)
    as_of: Mapped[date] = mapped_column(Date)
    source: Mapped[str] = mapped_column(Text)

    __table_args__ = (
        ForeignKeyConstraint(["category", "old_name"], ["subtype.category", "subtype.name"]),
    )


# The whole rulebook: each distinct text once, spans of releases point to it.
# The full-text index (SQLite FTS5 table rulebook_fts, PostgreSQL column rulebook_text.search)
# is each backend's own and not modelled; migrations/env.py leaves it out of comparisons.

TEXT_ID = BigInteger().with_variant(Integer(), "sqlite")


class RulebookText(Base):
    """A distinct rule text (with its examples, a JSON array) or glossary definition."""

    __tablename__ = "rulebook_text"

    id: Mapped[int] = mapped_column(TEXT_ID, primary_key=True, autoincrement=False)
    text: Mapped[str] = mapped_column(Text)
    examples: Mapped[str] = mapped_column(Text)


class ReleaseRulebook(Base):
    """A release whose rulebook is loaded (every release), with the seed it came from."""

    __tablename__ = "release_rulebook"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    index_sha256: Mapped[str] = mapped_column(String(64))
    rules: Mapped[int] = mapped_column(Integer)
    glossary_entries: Mapped[int] = mapped_column(Integer)


# Compared bytewise on both backends: a release's rows sort by it into file order.
SORT_KEY = Text().with_variant(Text(collation="C"), "postgresql")


class _Span:
    """A run of consecutive releases (those with a rulebook) printing the same row."""

    first_release: Mapped[date] = mapped_column(
        ForeignKey("release_rulebook.release_date"), primary_key=True
    )
    last_release: Mapped[date] = mapped_column(
        ForeignKey("release_rulebook.release_date"), index=True
    )
    sort_key: Mapped[str] = mapped_column(SORT_KEY)
    text_id: Mapped[int] = mapped_column(ForeignKey("rulebook_text.id"), index=True)


class RuleSpan(_Span, Base):
    """A numbered rule (section, rule or subrule) with one text and place, over a run of
    releases."""

    __tablename__ = "rule_span"

    number: Mapped[str] = mapped_column(RULE, primary_key=True)
    occurrence: Mapped[int] = mapped_column(Integer, primary_key=True)

    __table_args__ = (
        CheckConstraint("first_release <= last_release", name="ordered"),
        {"sqlite_with_rowid": False},
    )


class GlossarySpan(_Span, Base):
    """A glossary entry with one definition and place, over a run of releases."""

    __tablename__ = "glossary_span"

    term: Mapped[str] = mapped_column(String(255), primary_key=True)

    __table_args__ = (
        CheckConstraint("first_release <= last_release", name="ordered"),
        {"sqlite_with_rowid": False},
    )


class View(DeclarativeBase):
    """Read-only mappings of views: their own metadata, so nothing creates or compares them
    as tables."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class ReleaseRule(View):
    """A numbered rule as one release prints it (view release_rule, over rule_span)."""

    __tablename__ = "release_rule"

    release_date: Mapped[date] = mapped_column(Date, primary_key=True)
    number: Mapped[str] = mapped_column(RULE, primary_key=True)
    occurrence: Mapped[int] = mapped_column(Integer, primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    text_id: Mapped[int] = mapped_column(TEXT_ID)


class ReleaseGlossary(View):
    """A glossary entry as one release prints it (view release_glossary, over glossary_span)."""

    __tablename__ = "release_glossary"

    release_date: Mapped[date] = mapped_column(Date, primary_key=True)
    term: Mapped[str] = mapped_column(String(255), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    text_id: Mapped[int] = mapped_column(TEXT_ID)


class ReleaseRulebookNote(Base):
    """Where a release's file is inconsistent with itself (a number printed twice, ...)."""

    __tablename__ = "release_rulebook_note"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release_rulebook.release_date"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    note: Mapped[str] = mapped_column(Text)


class Keyword(Base):
    """A keyword ability, keyword action or ability word some release lists (revision keywords)."""

    __tablename__ = "keyword"

    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(255), primary_key=True)

    __table_args__ = (
        CheckConstraint(
            "kind IN ('keyword_ability', 'keyword_action', 'ability_word')", name="kind"
        ),
    )


class ReleaseKeyword(Base):
    """A keyword a release lists, with the rule it titles or the rule listing it."""

    __tablename__ = "release_keyword"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release_rulebook.release_date"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(255), primary_key=True)
    rule: Mapped[str] = mapped_column(String(255))

    __table_args__ = (
        ForeignKeyConstraint(["kind", "name"], ["keyword.kind", "keyword.name"]),
        Index(None, "kind", "name"),
    )


class KeywordRename(Base):
    """A curated keyword rename: the release that first titles the new name (revision
    keywords; rulesdb/authoring/curated/keyword_renames.toml)."""

    __tablename__ = "keyword_rename"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    old_name: Mapped[str] = mapped_column(String(255), primary_key=True)
    new_name: Mapped[str] = mapped_column(String(255))
    rule: Mapped[str] = mapped_column(String(255))

    __table_args__ = (
        CheckConstraint(
            "kind IN ('keyword_ability', 'keyword_action', 'ability_word')", name="kind"
        ),
    )


class ReleaseKeywordNote(Base):
    """What a release's keyword rules do unusually (a title naming two keywords, ...)."""

    __tablename__ = "release_keyword_note"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release_rulebook.release_date"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    rule: Mapped[str | None] = mapped_column(String(255))
    kind: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)


class ReleaseSet(Base):
    """The set or product a release came with (curated, with its source)."""

    __tablename__ = "release_set"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    code: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(255))


class ReleaseSetUnknown(Base):
    """A release that printed a new set's rules whose product no source names: set unknown,
    not an update between sets (curated, with the sources searched)."""

    __tablename__ = "release_set_unknown"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    source: Mapped[str] = mapped_column(Text)


# Lineage: each rule followed through renumbering and rewording.


class RuleLineage(Base):
    """A run of consecutive releases in which a lineage has one number (and occurrence)."""

    __tablename__ = "rule_lineage"

    number: Mapped[str] = mapped_column(RULE, primary_key=True)
    occurrence: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_release: Mapped[date] = mapped_column(
        ForeignKey("release_rulebook.release_date"), primary_key=True
    )
    last_release: Mapped[date] = mapped_column(
        ForeignKey("release_rulebook.release_date"), index=True
    )
    lineage: Mapped[str] = mapped_column(String(64), index=True)

    __table_args__ = (
        CheckConstraint("first_release <= last_release", name="ordered"),
        {"sqlite_with_rowid": False},
    )


class RuleLink(Base):
    """A rule of a release that does not continue its number with the same text: new,
    reworded, retypeset, renumbered, moved and reworded, or split off a rule that continues,
    with the rule it comes from and whether the matcher could decide it; and a rule of the
    release before merged into it."""

    __tablename__ = "rule_link"

    release_date: Mapped[date] = mapped_column(ForeignKey("release_rulebook.release_date"))
    number: Mapped[str] = mapped_column(RULE)
    occurrence: Mapped[int] = mapped_column(Integer)
    from_number: Mapped[str | None] = mapped_column(RULE)
    from_occurrence: Mapped[int | None] = mapped_column(Integer)
    how: Mapped[str] = mapped_column(String(32))
    similarity: Mapped[float] = mapped_column(Float)
    uncertain: Mapped[bool] = mapped_column(Boolean(create_constraint=False))

    # One key a kind of link (a rule's own, a merged rule's): partial unique indexes.
    __table_args__ = (
        CheckConstraint(
            "how IN ('new', 'reworded', 'retypeset', 'renumbered', 'moved and reworded', "
            "'merged', 'split')",
            name="how",
        ),
        CheckConstraint("(how = 'new') = (from_number IS NULL)", name="source"),
        Index(
            "uq_rule_link_rule",
            "release_date",
            "number",
            "occurrence",
            unique=True,
            sqlite_where=text("how <> 'merged'"),
            postgresql_where=text("how <> 'merged'"),
        ),
        Index(
            "uq_rule_link_merged",
            "release_date",
            "from_number",
            "from_occurrence",
            unique=True,
            sqlite_where=text("how = 'merged'"),
            postgresql_where=text("how = 'merged'"),
        ),
    )
    __mapper_args__ = {  # noqa: RUF012
        "primary_key": [release_date, number, occurrence, from_number, from_occurrence]
    }


# Wizards' update bulletins: why a release changed what it changed.


class ReleaseBulletin(Base):
    """Wizards' update bulletin on a release (curated, with its archived address)."""

    __tablename__ = "release_bulletin"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release.effective_date"), primary_key=True
    )
    title: Mapped[str] = mapped_column(String(255))
    published: Mapped[date] = mapped_column(Date)
    url: Mapped[str] = mapped_column(Text)
    archived_url: Mapped[str] = mapped_column(Text)
    source: Mapped[str] = mapped_column(Text)
    curated: Mapped[bool] = mapped_column(Boolean(create_constraint=False))


class BulletinEntry(Base):
    """One entry of a bulletin: Wizards' reason, as written, under the article's heading."""

    __tablename__ = "bulletin_entry"

    release_date: Mapped[date] = mapped_column(
        ForeignKey("release_bulletin.release_date"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    heading: Mapped[str] = mapped_column(String(255))
    why: Mapped[str] = mapped_column(Text)
    note: Mapped[str | None] = mapped_column(Text)

    __table_args__ = (
        CheckConstraint(
            "kind IN ('rule', 'renumbering', 'subtypes', 'glossary', 'document')", name="kind"
        ),
    )


class BulletinEntryRule(Base):
    """A rule number a bulletin entry names."""

    __tablename__ = "bulletin_entry_rule"

    release_date: Mapped[date] = mapped_column(primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    rule: Mapped[str] = mapped_column(RULE, primary_key=True, index=True)

    __table_args__ = (
        ForeignKeyConstraint(
            ["release_date", "position"],
            ["bulletin_entry.release_date", "bulletin_entry.position"],
            name="fk_bulletin_entry_rule_release_date_bulletin_entry",
        ),
    )


def _describe(metadata: MetaData) -> None:
    """Table and column comments from descriptions.toml, so the models match PostgreSQL's
    COMMENT ONs (which the migrations set from the same text) and autogenerate sees no drift."""
    from rulesdb.store.descriptions import column_description, table_description

    for table in metadata.tables.values():
        table.comment = table_description(table.name)
        for column in table.columns:
            column.comment = column_description(table.name, column.name)


_describe(Base.metadata)
