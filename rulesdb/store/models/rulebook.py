"""The whole rulebook: each distinct text once, the spans of releases printing it, keywords."""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Date,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from rulesdb.store.models.base import NAMING_CONVENTION, RULE, Base

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
