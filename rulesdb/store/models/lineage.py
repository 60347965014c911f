"""Rule lineage: each rule followed through renumbering and rewording."""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from rulesdb.store.models.base import RULE, Base


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
