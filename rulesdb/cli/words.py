"""Commands that ask one release about words and type lines: check, parse, explain.

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
    pass_app,
)
from rulesdb.cli.output import emit, output_options
from rulesdb.errors import RulesdbError

if TYPE_CHECKING:
    from rulesdb.vocabulary.loader import Vocabulary


@cli.command(
    short_help="Say what WORD is: a card type, supertype or subtype (of which categories), "
    "or not one and why."
)
@click.argument("word")
@category_option(
    "Is WORD one valid choice of a C type (205.3e)? artifact, enchantment, land, "
    "planeswalker, spell, creature, planar, dungeon or battle."
)
@as_of_option
@output_options
@pass_app
def check(
    app: AppContext, word: str, category: str | None, as_of: str | None, fmt: str | None
) -> None:
    """Say what WORD is: card type, supertype or subtype of which categories (exit 0), not
    one (exit 1), or unknown (exit 3: the release does not enumerate the category WORD would
    belong to, as for creature types before 2003-12-01). With --category: is it one, and
    only one, subtype of that category?"""
    from rulesdb.questions import shown

    report = app.rules.check(word, category, as_of)
    emit(shown.word(report), fmt)
    _exit_for(report.valid)


@cli.command()
@click.argument("line", metavar="LINE")
@as_of_option
@output_options
@pass_app
def parse(app: AppContext, line: str, as_of: str | None, fmt: str | None) -> None:
    """Parse a type line and correlate its subtypes with its card types (205.3c-d).

    Exit 0 if LINE is valid, 1 if not, 3 if unknown (a subtype whose category the release
    does not enumerate). LINE '-' reads one type line per input line from stdin and writes
    one JSON object per output line (exit 1 if any line is invalid, else 3 if any is unknown).
    """
    if line == "-" and fmt not in (None, "json"):
        raise RulesdbError(
            f"parse -: the output is one JSON object per line; --format {fmt} is not available"
        )
    if line == "-":
        _exit_for(_stream(app.rules.vocabulary(as_of)))
        return
    from rulesdb.questions import shown

    parsed = app.rules.parse(line, as_of)
    emit(shown.type_line(parsed), fmt)
    _exit_for(parsed.valid)


@cli.command()
@click.argument("line", metavar="LINE")
@as_of_option
@output_options
@pass_app
def explain(app: AppContext, line: str, as_of: str | None, fmt: str | None) -> None:
    """Explain a type line word by word, as the release reads it: what each word is, the rule
    that lists it and what goes with what, in the CR's own way of reading a card (205).

    Exit 0 if LINE is valid, 1 if not, 3 if unknown, as `rulesdb parse`.
    """
    from rulesdb.questions import shown

    if not line.strip():
        raise RulesdbError("explain: the type line is empty")
    page = app.rules.explain(line, as_of)
    if page["problem"] and not page["faces"]:
        raise RulesdbError(f"explain: {page['problem'].rstrip('.')}")
    emit(shown.explained(page), fmt)
    _exit_for(page.get("valid"))


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
        too_long = next((i for i, raw in enumerate([*lines, pending]) if len(raw) > MAX_LINE), None)
        if too_long is not None:  # answered lines stay answered; this one is refused whole
            sink.write(b"".join(_answer(vocab, answers, raw)[0] for raw in lines[:too_long]))
            sink.flush()
            raise RulesdbError(
                f"parse -: input line {number + too_long + 1} is longer than "
                f"{MAX_LINE // 1024} KiB; a type line is a few dozen characters"
            )
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


def _answer(
    vocab: Vocabulary, answers: dict[bytes, tuple[bytes, bool | None]], raw: bytes
) -> tuple[bytes, bool | None]:
    answer = answers.get(raw)
    if answer is None:
        parsed = vocab.parse(raw.decode("utf-8", errors="replace").rstrip("\r"))
        answer = ((parsed.json_line() + "\n").encode("utf-8"), parsed.valid)
        if len(answers) < 1 << 16 and len(raw) <= 200:
            answers[raw] = answer
    return answer
