"""The analysts' canned queries (queries.toml): Datasette serves them with :parameters, the
docs (docs/sql.md) show them with example values, and a test keeps the two the same."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlencode

SOURCE = Path(__file__).with_name("queries.toml")
_PARAMETER = re.compile(r":(\w+)")


@dataclass(frozen=True)
class CannedQuery:
    name: str
    title: str
    description: str
    sql: str
    example: dict[str, str]

    @property
    def parameters(self) -> list[str]:
        return list(dict.fromkeys(_PARAMETER.findall(self.sql)))

    def with_examples(self) -> str:
        """The SQL with each parameter replaced by its example as a quoted literal."""

        def literal(match: re.Match[str]) -> str:
            return "'" + self.example[match.group(1)].replace("'", "''") + "'"

        return _PARAMETER.sub(literal, self.sql)

    def example_query_string(self) -> str:
        return urlencode(self.example)


@cache
def canned_queries() -> tuple[CannedQuery, ...]:
    document = tomllib.loads(SOURCE.read_text(encoding="utf-8"))
    return tuple(
        CannedQuery(
            name,
            entry["title"],
            entry["description"],
            entry["sql"].strip() + "\n",
            dict(entry["example"]),
        )
        for name, entry in document.items()
    )
