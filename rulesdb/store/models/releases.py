"""A release and what it lists: its type vocabulary and notes, its set, curated renames."""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    CheckConstraint,
    Date,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, declared_attr, mapped_column, relationship

from rulesdb.store.models.base import NAME, RULE, Base


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
