"""Views as replaceable objects, and PostgreSQL comments: the operations revisions use for them.

Alembic's cookbook recipe "Replaceable Objects": a view is a :class:`View` constant defined
once, in the revision that first creates it, and ``op.create_view`` / ``op.drop_view`` take it.
A later revision that changes a view defines the new one and calls
``op.replace_view(NEW, replaces="0001_schema.V_RELEASE_CHANGE")`` in its upgrade and
``op.replace_view(NEW, replace_with="0001_schema.V_RELEASE_CHANGE")`` in its downgrade: the
old definition is read from the revision that made it, never copied.

Comments (``COMMENT ON``; nothing on SQLite, which has none) travel with what they describe:
a view's with its :class:`View`, a table's from the descriptions its revision sets.

Imported for its registrations by the revisions that use the operations (Alembic registers
them on ``op`` process-wide).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from alembic.operations import MigrateOperation, Operations

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class View:
    name: str
    select: str  # the SELECT, as both backends accept it
    description: str | None = None
    columns: Mapping[str, str] = field(default_factory=dict)  # column -> description


class _ViewOperation(MigrateOperation):
    def __init__(self, view: View, or_replace: bool = False) -> None:
        self.view = view
        self.or_replace = or_replace

    @classmethod
    def invoke_for_target(cls, operations: Operations, view: View) -> None:
        operations.invoke(cls(view))

    @classmethod
    def _from_revision(cls, operations: Operations, ident: str) -> View:
        revision, name = ident.split(".")
        script = operations.get_context().script
        assert script is not None, "views are replaced by revisions run through Alembic"
        found = script.get_revision(revision)
        assert found is not None and found.module is not None, ident
        view = getattr(found.module, name)
        assert isinstance(view, View), ident
        return view

    @classmethod
    def replace(
        cls,
        operations: Operations,
        view: View,
        replaces: str | None = None,
        replace_with: str | None = None,
    ) -> None:
        """The new view in the old one's place (``replaces``), or back (``replace_with``).

        PostgreSQL replaces it in place (``CREATE OR REPLACE VIEW``: the views reading it stay,
        so its columns keep their names and types, new ones only after them); SQLite, which
        keeps no dependencies, drops it and creates it again."""
        if replaces is not None:
            old, new = cls._from_revision(operations, replaces), view
        elif replace_with is not None:
            old, new = view, cls._from_revision(operations, replace_with)
        else:
            raise ValueError("replace_view needs replaces= or replace_with=")
        if operations.get_bind().dialect.name == "postgresql":
            if replace_with is None:
                operations.invoke(CreateViewOp(new, or_replace=True))
                return
            # Back to a view with fewer columns, which CREATE OR REPLACE cannot drop: the
            # views reading it are set aside (definitions and comments as PostgreSQL holds
            # them) and made again after it.
            readers = _readers(operations, old.name)
            operations.execute(f"DROP VIEW {old.name} CASCADE")
            operations.invoke(CreateViewOp(new))
            for name, definition, comments in readers:
                operations.execute(f"CREATE VIEW {name} AS {definition}")
                for column, text in comments:
                    target = f"VIEW {name}" if column is None else f"COLUMN {name}.{column}"
                    operations.execute(f"COMMENT ON {target} IS {_literal(text)}")
            return
        operations.invoke(DropViewOp(old))
        operations.invoke(CreateViewOp(new))

    def reverse(self) -> _ViewOperation:
        raise NotImplementedError


def _readers(
    operations: Operations, name: str
) -> list[tuple[str, str, list[tuple[str | None, str]]]]:
    """The views reading view ``name``, directly or not, in an order they can be made in:
    (name, definition, [(column or None, comment)])."""
    bind = operations.get_bind()
    rows = bind.exec_driver_sql(
        "WITH RECURSIVE reader(oid, depth) AS ("
        " SELECT DISTINCT r.ev_class, 1 FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid"
        " WHERE d.refobjid = %(view)s::regclass AND r.ev_class <> %(view)s::regclass"
        " UNION SELECT DISTINCT r.ev_class, reader.depth + 1 FROM reader"
        " JOIN pg_depend d ON d.refobjid = reader.oid JOIN pg_rewrite r ON r.oid = d.objid"
        " WHERE r.ev_class <> reader.oid)"
        " SELECT c.relname, pg_get_viewdef(c.oid), MAX(reader.depth) FROM reader"
        " JOIN pg_class c ON c.oid = reader.oid GROUP BY c.oid, c.relname"
        " ORDER BY MAX(reader.depth), c.relname",
        {"view": name},
    ).all()
    found = []
    for view, definition, _ in rows:
        comments = [
            (column, text)
            for column, text in bind.exec_driver_sql(
                "SELECT a.attname, col_description(a.attrelid, a.attnum) FROM pg_attribute a "
                "WHERE a.attrelid = %(view)s::regclass AND a.attnum > 0 "
                "AND col_description(a.attrelid, a.attnum) IS NOT NULL ORDER BY a.attnum",
                {"view": view},
            ).all()
        ]
        own = bind.exec_driver_sql(
            "SELECT obj_description(%(view)s::regclass, 'pg_class')", {"view": view}
        ).scalar()
        found.append(
            (
                view,
                definition.rstrip().rstrip(";"),
                ([(None, own)] if own is not None else []) + comments,
            )
        )
    return found


@Operations.register_operation("create_view", "invoke_for_target")
@Operations.register_operation("replace_view", "replace")
class CreateViewOp(_ViewOperation):
    def reverse(self) -> _ViewOperation:
        return DropViewOp(self.view)


@Operations.register_operation("drop_view", "invoke_for_target")
class DropViewOp(_ViewOperation):
    def reverse(self) -> _ViewOperation:
        return CreateViewOp(self.view)


@Operations.implementation_for(CreateViewOp)
def _create_view(operations: Operations, operation: CreateViewOp) -> None:
    view = operation.view
    create = "CREATE OR REPLACE VIEW" if operation.or_replace else "CREATE VIEW"
    operations.execute(f"{create} {view.name} AS {view.select.strip()}")
    if view.description is not None:
        comment_on(operations, view.name, view.description, view.columns, kind="VIEW")


@Operations.implementation_for(DropViewOp)
def _drop_view(operations: Operations, operation: DropViewOp) -> None:
    operations.execute(f"DROP VIEW {operation.view.name}")  # its comments go with it


def descriptions(name: str) -> dict[str, tuple[str, dict[str, str]]]:
    """A descriptions file beside this module: object -> (description, {column: description})."""
    document = tomllib.loads((HERE / name).read_text(encoding="utf-8"))
    return {
        table: (entry["description"], dict(entry.get("columns", {})))
        for table, entry in document.items()
    }


def comment_on(
    operations: Operations,
    name: str,
    description: str | None,
    columns: Mapping[str, str | None],
    kind: str = "TABLE",
) -> None:
    """Set (None: remove) the comments of a table or view and of its columns; PostgreSQL only."""
    if operations.get_bind().dialect.name != "postgresql":
        return
    quote = operations.get_bind().dialect.identifier_preparer.quote
    operations.execute(f"COMMENT ON {kind} {quote(name)} IS {_literal(description)}")
    for column, text in columns.items():
        operations.execute(f"COMMENT ON COLUMN {quote(name)}.{quote(column)} IS {_literal(text)}")


def _literal(text: str | None) -> str:
    if text is None:
        return "NULL"
    return "'" + text.replace("'", "''") + "'"  # standard_conforming_strings: on since 9.1
