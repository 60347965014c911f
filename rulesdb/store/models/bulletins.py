"""Wizards' update bulletins: why a release changed what it changed."""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from rulesdb.store.models.base import RULE, Base


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
