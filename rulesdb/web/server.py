"""Datasette on one SQLite file, read-only: the database opened immutable (SQLite itself
refuses writes), queries cut off after ``SQL_TIME_LIMIT_MS``, no write canned query."""

from __future__ import annotations

from pathlib import Path

from datasette.app import Datasette
from datasette.database import Database
from datasette.plugins import pm

from rulesdb.web import plugin
from rulesdb.web.metadata import DATABASE, SETTINGS, metadata

TEMPLATES = Path(__file__).with_name("templates")


def build(path: Path) -> Datasette:
    """A Datasette serving ``path`` as /rulesdb, with rulesdb's pages and descriptions."""
    if not pm.is_registered(plugin):
        pm.register(plugin, name=plugin.PLUGIN)
    datasette = Datasette(metadata=metadata(), settings=SETTINGS, template_dir=str(TEMPLATES))
    datasette.add_database(Database(datasette, path=str(path), is_mutable=False), name=DATABASE)
    return datasette


def run(path: Path, host: str, port: int) -> None:
    import uvicorn

    uvicorn.run(build(path).app(), host=host, port=port, log_level="warning", lifespan="on")
