"""The shape every answer takes on its way to a reader: JSON for programs, rows for tables,
CSV and Markdown, and, where rows would read badly, its own text or Markdown for people.

The CLI prints any :class:`Table` in any format through one function
(``rulesdb.cli.output.emit``): rows under named columns, or (``Table.of_one``) one object
with a sentence for people. ``rulesdb.questions.shown`` turns each question's result into
one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

# A JSON document as it is written: what an export is (its shape is the service's, by style).
JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None


@dataclass
class Table:
    """Rows under named columns.

    ``document``: the JSON, when it is more than the rows (default: the rows under
    ``columns``); ``text`` and ``markdown``: how people read it best, when rows would read
    badly (default: the rows as a table); ``empty``: why there are no rows, said beside an
    empty table; ``clip``: columns cut to a width, first line only, in a table for people;
    ``note``: one line said beside a table or Markdown (on stderr), which JSON and CSV carry
    in their rows instead (the release that answered), in the columns ``noted``, which a
    table and Markdown leave out.
    """

    found: Sequence[Mapping[str, Any]]
    columns: Sequence[str]
    document: Any = None
    text: str | None = None
    markdown: str | None = None
    empty: str | None = None
    clip: dict[str, int] = field(default_factory=dict)
    note: str | None = None
    noted: Sequence[str] = ()

    def to_json(self) -> Any:
        if self.document is not None:
            return self.document
        return [{column: row.get(column) for column in self.columns} for row in self.found]

    def rows(self) -> Sequence[Mapping[str, Any]]:
        return self.found

    @classmethod
    def of_one(
        cls,
        document: Mapping[str, Any],
        text: str,
        row: Mapping[str, Any] | None = None,
        markdown: str | None = None,
    ) -> Table:
        """One object: ``document`` as JSON, ``text`` for people, and one row (``row``,
        default the document) for CSV and Markdown tables."""
        single = document if row is None else row
        return cls([single], list(single), document=document, text=text, markdown=markdown)


def answered_by(release: str, asked: str | None) -> str:
    """The release that answered a listing, as said beside its table: "release 2021-02-15
    (in force on 2021-03-01)", "release 2026-08-07 (the latest)"."""
    if asked is None:
        return f"release {release} (the latest)"
    if asked == release:
        return f"release {release}"
    return f"release {release} (in force on {asked})"
