"""``rulesdb lint-citations PATH...``: the rule numbers source code and text files cite,
checked against a release."""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from rulesdb.cli.app import AppContext, as_of_option, cli, pass_app, release_value
from rulesdb.cli.output import output_options
from rulesdb.util.jsonlines import dumps_line

if TYPE_CHECKING:
    from rulesdb.citations import Found, Scanned, Tally
    from rulesdb.questions.lineage import CitationCheck

COLUMNS = ["file", "line", "column", "cited", "number", "status", "now", "message", "uncertain"]


@cli.command("lint-citations")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...",
                type=click.Path(exists=True, path_type=str))
@as_of_option
@click.option("--since", metavar="DATE|SET", callback=release_value,
              help="Read each citation as the rule of that number in the release in force on "
                   "DATE (when the code was written): changed if its text differs now, "
                   "renumbered if its number does.")
@output_options(formats=("text", "jsonl", "csv"), default="text",
                help="text: file:line:column: status: message lines (default); jsonl: one "
                     "JSON object per citation; csv: a header, then a row per citation.")
@click.option("--all", "show_all", is_flag=True,
              help="Print the citations that are fine too (in every format; by default "
                   "only the others).")
@click.option("--pattern", "patterns", multiple=True, metavar="REGEX",
              help="Also find citations by REGEX, a Python regular expression over each "
                   "file's bytes with a group named 'number' around the rule number "
                   "(repeatable).")
@click.option("--no-default-pattern", "no_default", is_flag=True,
              help="Find citations by the --pattern expressions only.")
@click.option("--quiet", "-q", is_flag=True, help="No summary line on stderr.")
@pass_app
def lint_citations(app: AppContext, paths: tuple[str, ...], as_of: str | None,
                   since: str | None, fmt: str, show_all: bool, patterns: tuple[str, ...],
                   no_default: bool, quiet: bool) -> None:
    """Check the Comprehensive Rules citations in source code and text files against a
    release.

    A citation is a rule number after CR, rule(s) or Comprehensive Rule(s), in any case:
    "CR 702.19b", "rule 613.1a", "[CR 117.3]", "Comprehensive Rules (702.19)", "rules 702.19
    and 702.20". Each is fine, missing (no such rule), renumbered (its rule has another
    number now, shown) or changed (with --since). A folder is walked as git sees it (ignored
    files left out) where it is in a work tree, else whole but for .git; a file named is read
    even if ignored; binary files (a NUL or bytes not UTF-8 in the first 8 KB) are skipped.
    Columns count characters from 1, at the rule number. A summary goes to stderr. Exit 0 if
    every citation is fine, 1 if not, 2 for bad input."""
    from rulesdb.citations import Scanned, Tally, checked, scan_files
    from rulesdb.citations.scanning import patterns_from
    from rulesdb.citations.walking import targets

    chosen = patterns_from(patterns, builtin=not no_default)
    targets(paths)  # every path a file or a folder, before the database is opened
    rules = app.rules  # after the input is checked: a bad pattern or path needs no database
    when, after = rules.day(as_of, "--as-of"), rules.day(since, "--since")
    engine = rules.engine
    scanned, tally = Scanned(), Tally()
    # Streamed: each verdict written as its citation is found, so memory stays flat however
    # many citations the files hold.
    found = scan_files(paths, chosen, scanned)
    write = {"text": _text_writer, "jsonl": _jsonl_writer, "csv": _csv_writer}[fmt]()
    for cited, result in checked(engine, found, as_of=when, since=after):
        tally.add(cited, result)
        if show_all or result.status != "fine":
            write(cited, result)
    sys.stdout.flush()
    for file, why in scanned.unreadable:
        click.echo(f"rulesdb: warning: {file}: not read: {why}", err=True)
    for folder, why in scanned.nothing_read:
        click.echo(f"rulesdb: warning: {folder}: {why}", err=True)
    if not quiet:
        click.echo(summary(scanned, tally), err=True)
    if tally.counts["fine"] != tally.citations:
        raise SystemExit(1)


def summary(scanned: Scanned, tally: Tally) -> str:
    """One line: how many citations in how many files, then the count of each status."""
    from rulesdb.citations import STATUSES

    read = f"{scanned.files_read} {'file' if scanned.files_read == 1 else 'files'} read"
    if scanned.binary:
        read += f", {len(scanned.binary)} binary skipped"
    statuses = ", ".join(f"{status} {tally.counts[status]}" for status in STATUSES)
    files = tally.files
    return f"citations: {tally.citations} in {files} {'file' if files == 1 else 'files'} " \
           f"({read}); {statuses}"


Writer = Callable[["Found", "CitationCheck"], None]


def _row(found: Found, result: CitationCheck) -> list[object]:
    c = found.citation
    return [found.file, c.line, c.column, c.cited, c.number, result.status, result.now,
            result.message, result.uncertain]


def _text_writer() -> Writer:
    """The form compilers print, which editors and CI annotate a file by."""
    out = sys.stdout

    def write(found: Found, result: CitationCheck) -> None:
        c, file = found.citation, found.file.replace("\n", "\\n")  # one line, whatever the name
        out.write(f"{file}:{c.line}:{c.column}: {result.status}: {result.message}\n")

    return write


def _jsonl_writer() -> Writer:
    out = sys.stdout

    def write(found: Found, result: CitationCheck) -> None:
        out.write(dumps_line(dict(zip(COLUMNS, _row(found, result), strict=True))) + "\n")

    return write


def _csv_writer() -> Writer:
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(COLUMNS)

    def write(found: Found, result: CitationCheck) -> None:
        writer.writerow(["" if cell is None else cell for cell in _row(found, result)])

    return write
