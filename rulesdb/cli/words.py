"""Commands that ask one release about words and type lines: ``check`` and ``parse``.

Kept light: the vocabulary is imported inside the commands, so ``rulesdb check`` loads no
Alembic, no ORM and nothing else the answer does not need.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from rulesdb.cli.app import (
    UNKNOWN_EXIT,
    AppContext,
    as_of_option,
    category_option,
    cli,
    parse_date,
    pass_app,
)
from rulesdb.cli.output import emit_object, output_options
from rulesdb.errors import RulesdbError
from rulesdb.util.text import with_article

if TYPE_CHECKING:
    from rulesdb.vocabulary.loader import Report, Vocabulary
    from rulesdb.vocabulary.typeline import TypeLine


@cli.command()
@click.argument("word")
@category_option("Is WORD one valid choice of a C type (205.3e)? artifact, enchantment, land, "
                 "planeswalker, spell, creature, planar, dungeon or battle.")
@as_of_option
@output_options
@pass_app
def check(app: AppContext, word: str, category: str | None,
          as_of: str | None, fmt: str | None) -> None:
    """Say what WORD is: card type, supertype or subtype of which categories (exit 0), not
    one (exit 1), or unknown (exit 3: the release does not enumerate the category WORD would
    belong to, as for creature types before 2003-12-01). With --category: is it one, and
    only one, subtype of that category?"""
    from rulesdb.vocabulary.loader import UnknownCategory, load_vocabulary

    engine = app.data_engine()
    vocab = load_vocabulary(engine, parse_date(as_of))
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
    if not report.meanings:
        from rulesdb.questions.listings import keyword_of
        from rulesdb.questions.successors import successor

        day = vocab.effective_date
        keyword = keyword_of(engine, word, day)
        report = report._replace(successor=successor(engine, word, day), keyword=keyword)
        if keyword is not None and report.valid is None:  # a keyword is no type word
            report = report._replace(valid=False, not_enumerated=(), reason=(
                f"'{' '.join(word.split())}' is not a card type, supertype or subtype"))
    document = report.to_json()
    emit_object(document, _report_text(report), fmt, row={
        **document, "meanings": [f"{m.kind} {m.rule}" for m in report.meanings]})
    if report.valid is None:
        raise SystemExit(UNKNOWN_EXIT)
    if not report.valid:
        raise SystemExit(1)



@cli.command()
@click.argument("line", metavar="LINE")
@as_of_option
@output_options
@pass_app
def parse(app: AppContext, line: str, as_of: str | None,
          fmt: str | None) -> None:
    """Parse a type line and correlate its subtypes with its card types (205.3c-d).

    Exit 0 if LINE is valid, 1 if not, 3 if unknown (a subtype whose category the release
    does not enumerate). LINE '-' reads one type line per input line from stdin and writes
    one JSON object per output line (exit 1 if any line is invalid, else 3 if any is unknown).
    """
    from rulesdb.vocabulary.loader import load_vocabulary

    if line == "-" and fmt not in (None, "json"):
        raise RulesdbError("parse -: the output is one JSON object per line; "
                           f"--format {fmt} is not available")
    vocab = load_vocabulary(app.data_engine(), parse_date(as_of))
    if line == "-":
        _exit_for(_stream(vocab))
        return
    parsed = vocab.parse(line)
    document = parsed.to_json()
    emit_object(document, _type_line_text(parsed), fmt, row={
        "type_line": parsed.render(), **document,
        "subtypes": [f"{s.name} ({s.category or 'unknown'})" for s in parsed.subtypes],
        "errors": [f"{e.rule}: {e.message}" for e in parsed.errors],
        "undetermined": [f"{e.rule}: {e.message}" for e in parsed.undetermined]})
    _exit_for(parsed.valid)


def _exit_for(valid: bool | None) -> None:
    if valid is None:
        raise SystemExit(UNKNOWN_EXIT)
    if not valid:
        raise SystemExit(1)


MAX_LINE = 64 * 1024  # bytes: a type line is a few dozen; anything longer is not one


def _stream(vocab: Vocabulary) -> bool | None:
    """stdin -> stdout, one JSON object per input line, a blank one too (invalid: no card
    type). Answers whatever input is available, then flushes: a line at a time when a person
    or a co-process writes a line at a time, 64 KiB at a time from a file. True if every line
    was valid, False if any was invalid, else None if any was unknown."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    read = getattr(source, "read1", source.read)
    answers: dict[bytes, tuple[bytes, bool | None]] = {}  # card lists repeat lines
    all_valid: bool | None = True
    pending = b""
    at_start = True
    number = 0  # input lines answered so far
    while True:
        chunk = read(1 << 16)
        if at_start and chunk:
            chunk, at_start = chunk.removeprefix(b"\xef\xbb\xbf"), False  # a UTF-8 BOM
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()  # the line still being written (b"" after a newline)
        too_long = next((i for i, raw in enumerate([*lines, pending]) if len(raw) > MAX_LINE),
                        None)
        if too_long is not None:  # answered lines stay answered; this one is refused whole
            sink.write(b"".join(_answer(vocab, answers, raw)[0] for raw in lines[:too_long]))
            sink.flush()
            raise RulesdbError(f"parse -: input line {number + too_long + 1} is longer than "
                               f"{MAX_LINE // 1024} KiB; a type line is a few dozen characters")
        number += len(lines)
        if not chunk and pending:  # the input ended without a final newline
            lines.append(pending)
        out = []
        for raw in lines:
            answer = _answer(vocab, answers, raw)
            out.append(answer[0])
            if answer[1] is False:
                all_valid = False
            elif answer[1] is None and all_valid:
                all_valid = None
        if out:
            sink.write(b"".join(out))
            sink.flush()
        if not chunk:
            return all_valid


def _answer(vocab: Vocabulary, answers: dict[bytes, tuple[bytes, bool | None]],
            raw: bytes) -> tuple[bytes, bool | None]:
    answer = answers.get(raw)
    if answer is None:
        parsed = vocab.parse(raw.decode("utf-8", errors="replace").rstrip("\r"))
        answer = ((parsed.json_line() + "\n").encode("utf-8"), parsed.valid)
        if len(answers) < 1 << 16 and len(raw) <= 200:
            answers[raw] = answer
    return answer


def _report_text(report: Report) -> str:
    day = report.release.isoformat()
    if report.valid is None:
        return f"{report.reason} (release {day})"
    if not report.valid:
        rule = f"{report.rule}, " if report.rule else ""
        text = f"{report.reason} ({rule}release {day})"
        if report.keyword:
            found = report.keyword
            text += (f"; {found['name']} is {with_article(found['kind'].replace('_', ' '))} "
                     f"({found['rule']})")
        if report.successor:
            went = report.successor
            change = "merged into" if went["change"] == "merged" else went["change"]
            text += f"; {change} {went['to']} on {went['release_date']} ({went['rule']})"
        elif report.nearest and not report.keyword:
            text += f"; nearest: {', '.join(report.nearest)}"
        return text
    meanings = report.meanings
    kinds = " and ".join(m.kind for m in meanings)
    rules = ", ".join(dict.fromkeys(m.rule for m in meanings))
    return f"{meanings[0].name}: {kinds} ({rules}, release {day})"


def _type_line_text(parsed: TypeLine) -> str:
    lines = [parsed.render()]
    for number, face in enumerate(parsed.faces or (parsed,), start=1):
        indent = "  "
        if parsed.faces:
            lines.append(f"  face {number}: {face.render()}")
            indent = "    "
        if face.marker is not None:
            lines.append(f"{indent}{face.marker.word}: not a CR type (a marker the card "
                         "data services write)")
        for subtype in face.subtypes:
            kind = f"{subtype.category} type" if subtype.category else "unknown"
            lines.append(f"{indent}{subtype.name}: {kind} -> "
                         f"{', '.join(subtype.card_types) or 'none'}")
    state = {True: "valid", False: "invalid", None: "unknown"}[parsed.valid]
    lines.append(f"{state} (release {parsed.release.isoformat()})")
    lines += [f"  {error.rule}: {error.message}" for error in parsed.errors]
    lines += [f"  {note.rule}: {note.message}" for note in parsed.undetermined]
    return "\n".join(lines)
