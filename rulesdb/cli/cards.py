"""``rulesdb lint-cards FILE``: a card data file's type lines checked against a release."""

from __future__ import annotations

import csv
import gc
import io
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from rulesdb.cli.app import UNKNOWN_EXIT, AppContext, cli, pass_app
from rulesdb.cli.output import output_options
from rulesdb.util.jsonlines import dumps_line, dumps_string_line

if TYPE_CHECKING:
    from rulesdb.cards.linter import CardResult

NOT_TEXT_SAID = 10  # cards named on stderr whose type line is no string; the summary counts all
_CSV_COLUMNS = [
    "name",
    "set",
    "line",
    "valid",
    "release",
    "errors",
    "undetermined",
    "unknown_words",
]


@cli.command("lint-cards")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--as-of",
    "as_of",
    metavar="DATE|printed",
    help="Check against the release in force on DATE (default: the latest, as "
    "Oracle wording is current), or 'printed': each printing's printed line "
    "against the release in force on its set's release date.",
)
@output_options(
    formats=("json", "csv"),
    default="json",
    help="json: one object per card per line (default); csv: a header, then a row per card.",
)
@pass_app
def lint_cards(app: AppContext, file: Path, as_of: str | None, fmt: str) -> None:
    """Check the type line of every card in FILE: a Scryfall bulk data file (oracle_cards,
    default_cards, ...), MTGJSON AllPrintings.json or AtomicCards.json, or a text file of
    type lines (the format is read from the content). A summary goes to stderr. Exit 0 if
    every card is valid, 1 if any is invalid or could not be checked, else 3 if any is
    unknown (a subtype its release does not enumerate)."""
    from rulesdb.cards.formats import detect_format
    from rulesdb.cards.linter import NOT_TEXT, PRINTED, Summary, lint
    from rulesdb.cards.readers import read_cards
    from rulesdb.questions import listings
    from rulesdb.util.text import visible
    from rulesdb.vocabulary.loader import load_vocabulary

    format_ = detect_format(file)  # before the database: a bad file needs none
    rules = app.rules
    when: date | str | None = PRINTED if as_of == PRINTED else rules.day(as_of, "--as-of")
    engine = rules.engine
    days = [date.fromisoformat(row["effective_date"]) for row in listings.releases(engine)]
    summary = Summary()
    # Card objects hold no reference cycles (refcounting frees each one): the cyclic collector
    # would only cost time, about a quarter of it on a bulk file.
    gc.disable()
    # A lone surrogate (a valid JSON escape, \ud800) is written back as that escape, not a
    # UnicodeEncodeError: the JSON written stays the JSON read.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    said = 0
    try:
        with _progress(file) as progress:
            cards = read_cards(file, format_, progress)
            results = lint(cards, lambda day: load_vocabulary(engine, day), days, when)
            write = _json_writer() if fmt == "json" else _csv_writer()
            for index, result in enumerate(results, start=1):
                summary.add(result)
                write(result)
                if str(result.problem).startswith(NOT_TEXT) and said < NOT_TEXT_SAID:
                    said += 1
                    click.echo(
                        f"rulesdb: {visible(str(file))}: card {index}: {result.problem}, "
                        "not checked",
                        err=True,
                    )
    finally:
        gc.enable()
    sys.stdout.flush()
    for line in summary.lines(explain=lambda word: _successor(engine, word, days)):
        click.echo(visible(line), err=True)  # a NUL or a surrogate of a card's, escaped
    if summary.invalid or sum(summary.unchecked.values()):
        raise SystemExit(1)
    if summary.unknowns:
        raise SystemExit(UNKNOWN_EXIT)


def _successor(engine: Any, word: str, days: list[date]) -> str | None:
    """What a curated rename or merge made of an unknown word: "merged into Snake on
    2024-06-07"."""
    from rulesdb.questions.successors import successor

    went = successor(engine, word, days[-1]) if days else None
    if went is None:
        return None
    change = "merged into" if went["change"] == "merged" else "renamed"
    return f"{change} {went['to']} on {went['release_date']}"


def _json_writer() -> Any:
    """One JSON object a line. The part that depends only on the line and release is
    encoded once per distinct (line, release): card files repeat their type lines."""
    out = sys.stdout
    encoded: dict[tuple[Any, ...], str] = {}

    def write(result: CardResult) -> None:
        key = (result.line, result.release, result.problem)
        tail = encoded.get(key)
        if tail is None:
            document = result.to_json()
            del document["name"], document["set"]
            tail = dumps_line(document)[1:]
            if len(encoded) < 1 << 16:
                encoded[key] = tail
        name, set_ = dumps_string_line(result.card.name), dumps_string_line(result.card.set)
        out.write(f'{{"name": {name}, "set": {set_}, {tail}\n')

    return write


def _csv_writer() -> Any:
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)

    def write(result: CardResult) -> None:
        document = result.to_json()
        document["valid"] = "" if document["valid"] is None else str(document["valid"]).lower()
        document["errors"] = " | ".join(
            f"{e['rule']}: {e['message']}" if e["rule"] else str(e["message"])
            for e in document["errors"]
        )
        document["unknown_words"] = " ".join(document["unknown_words"])
        document["undetermined"] = " | ".join(
            f"{e['rule']}: {e['message']}" for e in document["undetermined"]
        )
        writer.writerow(
            [document[column] if document[column] is not None else "" for column in _CSV_COLUMNS]
        )

    return write


class _progress:
    """A progress bar on stderr, by bytes read, only when stderr is a terminal."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.bar: Any = None
        self.done = 0

    def __enter__(self) -> Any:
        if not sys.stderr.isatty():
            return None
        self.bar = click.progressbar(
            length=self.file.stat().st_size, file=sys.stderr, label=f"lint-cards {self.file.name}"
        )
        self.bar.__enter__()
        return self.update

    def update(self, position: int) -> None:
        self.bar.update(position - self.done)
        self.done = position

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
