"""Maintainer commands: inspect an official CR file, turn it into a release."""

from __future__ import annotations

from pathlib import Path

import click

from rulesdb.cli.app import cli
from rulesdb.cli.output import emit, output_options
from rulesdb.questions.answers import Table


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@output_options
def inspect(file: Path, fmt: str | None) -> None:
    """Show what the importer extracts from an official CR FILE (.txt, .docx or .rtf), and the
    notes on where it contradicts itself; touches no database."""
    from rulesdb.ingest.importer import import_file
    from rulesdb.ingest.inspection import inspection, inspection_text, item_rows

    report = inspection(import_file(file))
    emit(
        Table(
            item_rows(report),
            ["kind", "category", "name", "rule"],
            document=report,
            text=inspection_text(report),
        ),
        fmt,
    )


@cli.command("new-release")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    help="Checkout to write into (default: this rulesdb's own migrations/ and seeds/).",
)
def new_release(file: Path, root: Path | None) -> None:
    """Write the seed and Alembic revision for an official CR FILE, after the head."""
    from rulesdb.authoring import release

    revision, changed = release.new_release(file, root)
    click.echo(f"{revision}: {'written' if changed else 'unchanged (already released)'}")


@cli.command("rebuild-chain")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    help="Checkout to write into (default: this rulesdb's own migrations/ and seeds/).",
)
def rebuild_chain(files: tuple[Path, ...], root: Path | None) -> None:
    """Write every release revision, seed and text pack again from FILES (one official file
    per release, any order: .txt, .docx or .rtf), in effective-date order after the schema
    baseline; releases not given are removed. For a chain not yet published.

    Example: rulesdb rebuild-chain ../shared/cr/*.txt ...
    """
    from rulesdb.authoring import release

    written = release.rebuild_chain(list(files), root)
    click.echo(f"{len(written)} releases: {written[0]} .. {written[-1]}")
