"""Commands that ask one release about words and type lines: ``check`` and ``parse``.

Kept light: the vocabulary is imported inside the commands, so ``rulesdb check`` loads no
Alembic, no ORM and nothing else the answer does not need.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from rulesdb.cli.app import AppContext, as_of_option, cli, format_option, parse_date, pass_app
from rulesdb.cli.output import default_format, to_json
from rulesdb.errors import RulesdbError

if TYPE_CHECKING:
    from rulesdb.vocabulary.loader import Report, Vocabulary
    from rulesdb.vocabulary.typeline import TypeLine


@cli.command()
@click.argument("word")
@click.option("--category", metavar="C",
              help="Is WORD one valid choice of a C type (205.3e)? artifact, enchantment, land, "
                   "planeswalker, spell, creature, planar, dungeon or battle.")
@as_of_option
@format_option(("table", "json"))
@pass_app
def check(app: AppContext, word: str, category: str | None,
          as_of: str | None, fmt: str | None) -> None:
    """Say what WORD is: card type, supertype or subtype of which categories (exit 0), or
    not one (exit 1). With --category: is it one, and only one, subtype of that category?"""
    from rulesdb.vocabulary.loader import UnknownCategory, vocabulary

    engine = app.data_engine()
    vocab = vocabulary(engine, parse_date(as_of))
    try:
        report = vocab.explain(word, category)
    except UnknownCategory:
        # A category other releases have is a fair question with the answer no; one no
        # release has is a usage error (exit 2), worded like the other commands'.
        from rulesdb.questions.listings import category_names, check_category

        names = category_names(engine)
        if (category or "").strip().casefold() not in names:
            check_category(engine, category or "")
        report = vocab.explain(word, category, other_categories=names)
    if (fmt or default_format()) == "json":
        click.echo(to_json(report.to_json()))
    else:
        click.echo(_report_text(report))
    if not report.valid:
        raise SystemExit(1)


@cli.command()
@click.argument("line", metavar="LINE")
@as_of_option
@format_option(("table", "json"))
@pass_app
def parse(app: AppContext, line: str, as_of: str | None,
          fmt: str | None) -> None:
    """Parse a type line and correlate its subtypes with its card types (205.3c-d).

    Exit 0 if LINE is valid, 1 if not. LINE '-' reads one type line per input line from
    stdin and writes one JSON object per output line (exit 1 if any line is invalid).
    """
    from rulesdb.vocabulary.loader import vocabulary

    if line == "-" and fmt not in (None, "json"):
        raise RulesdbError("parse -: the output is one JSON object per line; "
                           f"--format {fmt} is not available")
    vocab = vocabulary(app.data_engine(), parse_date(as_of))
    if line == "-":
        if not _stream(vocab):
            raise SystemExit(1)
        return
    parsed = vocab.parse(line)
    if (fmt or default_format()) == "json":
        click.echo(to_json(parsed.to_json()))
    else:
        click.echo(_type_line_text(parsed))
    if not parsed.valid:
        raise SystemExit(1)


def _stream(vocab: Vocabulary) -> bool:
    """stdin -> stdout, one JSON object per input line, a blank one too (invalid: no card
    type). Answers whatever input is available, then flushes: a line at a time when a person
    or a co-process writes a line at a time, 64 KiB at a time from a file. True if every line
    was valid."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    read = getattr(source, "read1", source.read)
    answers: dict[bytes, tuple[bytes, bool]] = {}  # card lists repeat lines; reuse answers
    all_valid = True
    pending = b""
    at_start = True
    while True:
        chunk = read(1 << 16)
        if at_start and chunk:
            chunk, at_start = chunk.removeprefix(b"\xef\xbb\xbf"), False  # a UTF-8 BOM
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()  # the line still being written (b"" after a newline)
        if not chunk and pending:  # the input ended without a final newline
            lines.append(pending)
        out = []
        for raw in lines:
            answer = answers.get(raw)
            if answer is None:
                parsed = vocab.parse(raw.decode("utf-8", errors="replace").rstrip("\r"))
                answer = ((parsed.json_line() + "\n").encode("utf-8"), parsed.valid)
                if len(answers) < 1 << 16 and len(raw) <= 200:
                    answers[raw] = answer
            out.append(answer[0])
            all_valid = all_valid and answer[1]
        if out:
            sink.write(b"".join(out))
            sink.flush()
        if not chunk:
            return all_valid


def _report_text(report: Report) -> str:
    day = report.release.isoformat()
    if not report.valid:
        rule = f"{report.rule}, " if report.rule else ""
        return f"{report.reason} ({rule}release {day})"
    meanings = report.meanings
    kinds = " and ".join(m.kind for m in meanings)
    rules = ", ".join(dict.fromkeys(m.rule for m in meanings))
    return f"{meanings[0].name}: {kinds} ({rules}, release {day})"


def _type_line_text(parsed: TypeLine) -> str:
    lines = [parsed.render()]
    for subtype in parsed.subtypes:
        kind = f"{subtype.category} type" if subtype.category else "unknown"
        lines.append(f"  {subtype.name}: {kind} -> {', '.join(subtype.card_types) or 'none'}")
    state = "valid" if parsed.valid else "invalid"
    lines.append(f"{state} (release {parsed.release.isoformat()})")
    lines += [f"  {error.rule}: {error.message}" for error in parsed.errors]
    return "\n".join(lines)
