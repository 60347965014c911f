"""``rulesdb lint-citations PATH...``: the rule numbers source code and text files cite,
checked against a release."""

from __future__ import annotations

import csv
import os
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote_to_bytes

import click

from rulesdb.cli.app import AppContext, as_of_option, cli, pass_app, release_value
from rulesdb.cli.output import output_options
from rulesdb.errors import RulesdbError
from rulesdb.util.jsonlines import dumps_line
from rulesdb.util.text import visible

if TYPE_CHECKING:
    from rulesdb.citations import Found, Scanned, Tally, Verdict
    from rulesdb.citations.fixing import Edit
    from rulesdb.citations.pinning import Pin

COLUMNS = [
    "file",
    "line",
    "column",
    "cited",
    "number",
    "status",
    "now",
    "matches",
    "similarity",
    "judged",
    "message",
    "uncertain",
]


@cli.command("lint-citations")
@click.argument(
    "paths", nargs=-1, required=True, metavar="PATH...", type=click.Path(exists=True, path_type=str)
)
@as_of_option
@click.option(
    "--since",
    metavar="DATE|SET",
    callback=release_value,
    help="Read each citation as the rule of that number in the release in force on "
    "DATE (when the code was written): changed if its text differs now, "
    "renumbered if its number does.",
)
@output_options(
    formats=("text", "jsonl", "csv", "sarif", "github"),
    default="text",
    help="text: file:line:column: status: message lines (default); jsonl: one "
    "JSON object per citation; csv: a header, then a row per citation; "
    "sarif: a SARIF 2.1.0 document (code scanning); github: GitHub "
    "Actions annotations (::error file=...,line=...,col=...::).",
)
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help="Print the citations that are fine too (in every format; by default only the others).",
)
@click.option(
    "--pattern",
    "patterns",
    multiple=True,
    metavar="REGEX",
    help="Also find citations by REGEX, a Python regular expression over each "
    "file's bytes with a group named 'number' around the rule number "
    "(repeatable).",
)
@click.option(
    "--no-default-pattern",
    "no_default",
    is_flag=True,
    help="Find citations by the --pattern expressions only.",
)
@click.option(
    "--no-quotes",
    is_flag=True,
    help="Check the numbers only, not the quotes and descriptions written with them.",
)
@click.option(
    "--strict-quotes",
    is_flag=True,
    help="Judge every quote: one not in the cited rule is a mismatch (by default, "
    "as card text is quoted too, only a quote of 8 words or more found in "
    "another rule's text).",
)
@click.option(
    "--fix",
    is_flag=True,
    help="Move the citations from the release the code is written against (the pin, or "
    "--since) to the release checked: rewrite each renumbered citation whose lineage is "
    "certain and whose words fit the new rule, and move the pin with them (atomically, "
    "each file whole or not at all); what changed goes to stderr.",
)
@click.option(
    "--fix-mismatch",
    is_flag=True,
    help="With --fix: also rewrite a mismatch to the one rule its words are (a title, or a "
    "quote only that rule holds).",
)
@click.option(
    "--diff",
    "show_diff",
    is_flag=True,
    help="With --fix: print the changes as a unified diff instead of writing them.",
)
@click.option("--quiet", "-q", is_flag=True, help="No summary line on stderr.")
@pass_app
def lint_citations(
    app: AppContext,
    paths: tuple[str, ...],
    as_of: str | None,
    since: str | None,
    fmt: str,
    show_all: bool,
    patterns: tuple[str, ...],
    no_default: bool,
    no_quotes: bool,
    strict_quotes: bool,
    fix: bool,
    fix_mismatch: bool,
    show_diff: bool,
    quiet: bool,
) -> None:
    """Check the Comprehensive Rules citations in source code and text files against a
    release.

    A citation is a rule number after CR, rule(s) or Comprehensive Rule(s), in any case:
    "CR 702.19b", "rule 613.1a", "[CR 117.3]", "Comprehensive Rules (702.19)", "rules 702.19
    and 702.20". Each is fine, missing (no such rule), renumbered (its rule has another
    number now, shown), changed (its text, or the rule its number names, changed) or
    mismatch: the name (CR 702.50: Delve), quote (CR 702.19c: "...") or description written
    with it is not that rule's. The release checked is --as-of, else the pin (cr = "..."
    under [tool.rulesdb] in the nearest pyproject.toml or .rulesdb.toml), else the latest;
    each citation is read as the release it was written against (--since, else the pin) —
    a number that release never printed is missing; a MagicCompRules*.txt in the tree of
    another release is an error.

    A folder is walked as git sees it (ignored files left out) where it is in a work tree,
    else whole but for .git; a folder or file named is read even if git ignores it; binary
    files (a NUL or bytes not UTF-8 in the first 8 KB) are skipped. Columns count characters
    from 1, at the rule number. A summary goes to stderr. Exit 0 if every citation is fine,
    1 if not (or a vendored rulebook differs from the pin), 2 for bad input or when no file
    was read."""
    from rulesdb.citations import Scanned, Tally, checked, scan_files
    from rulesdb.citations.fixing import MAX_FIXES, fixable
    from rulesdb.citations.reading import reading
    from rulesdb.citations.scanning import patterns_from
    from rulesdb.citations.walking import targets

    if show_diff and not fix:
        raise RulesdbError("--diff shows what --fix would change: give both")
    if fix_mismatch and not fix:
        raise RulesdbError("--fix-mismatch is a kind of --fix: give both")
    chosen = patterns_from(patterns, builtin=not no_default)
    targets(paths)  # every path a file or a folder, before the database is opened
    rules = app.rules  # after the input is checked: a bad pattern or path needs no database
    read = reading(rules, paths[0], as_of, since, fix=fix, writes=not show_diff)
    for note in read.notes:
        click.echo(f"rulesdb: note: {note}", err=True)
    engine = rules.engine
    release, pin = read.release, read.pin
    scanned, tally = Scanned(), Tally()
    edits: list[Edit] = []
    unfixed = 0
    # Streamed: each verdict written as its citation is found, so memory stays flat however
    # many citations the files hold (--fix holds the edits, at most MAX_FIXES).
    found = scan_files(paths, chosen, scanned)
    write = _writer(fmt, release.isoformat(), paths)
    for cited, result in checked(
        engine,
        found,
        as_of=release,
        since=read.written if read.moving else None,
        quotes=not no_quotes,
        strict=strict_quotes,
    ):
        tally.add(cited, result)
        if show_all or result.status != "fine":
            write(cited, result)
        if fix and result.status != "fine":
            edit = fixable(cited, result, mismatches=fix_mismatch)
            if edit is not None and len(edits) < MAX_FIXES:
                edits.append(edit)
            else:
                unfixed += 1
    getattr(write, "close", lambda: None)()
    sys.stdout.flush()
    for file, why in scanned.unreadable:
        click.echo(f"rulesdb: warning: {visible(file)}: not read: {why}", err=True)
    for folder, why in scanned.nothing_read:
        click.echo(f"rulesdb: warning: {visible(folder)}: {why}", err=True)
    for folder in scanned.ignored_read:
        click.echo(
            f"rulesdb: note: {visible(folder)}: git ignores this folder; read whole, as named",
            err=True,
        )
    vendored_differs = _vendored(scanned.vendored, release, pin)
    moving = fix and read.moving and pin is not None and read.written is not None
    if moving and not show_diff:
        _all_writable(edits, paths)  # a move is the whole tree's or none of it
    fixed, refused = _fix(edits, not show_diff, paths) if fix else (0, 0)
    if moving and pin is not None and read.written is not None:
        _move_pin(pin, release, read.written, not show_diff, paths)
    if not quiet:
        line = summary(scanned, tally)
        if pin is not None:
            line += f"; release {release.isoformat()} (pinned in {visible(str(pin.file))})"
        if fix:
            line += f"; {'would fix' if show_diff else 'fixed'} {fixed}, left {unfixed + refused}"
        click.echo(line, err=True)
    if not scanned.files_read and not scanned.vendored:
        click.echo("rulesdb: error: no file was read: nothing was checked", err=True)
        raise SystemExit(2)
    left = tally.citations - tally.counts["fine"] - (fixed if fix and not show_diff else 0)
    if left or vendored_differs:
        raise SystemExit(1)


def _vendored(files: list[str], release: date, pin: Pin | None) -> bool:
    """Each vendored rulebook's release against the one checked; whether any differs."""
    from rulesdb.citations.pinning import vendored_release

    differs = False
    for file in files:
        try:
            day = vendored_release(Path(file))
        except RulesdbError as exc:
            click.echo(
                f"rulesdb: warning: {visible(file)}: a vendored rulebook, unread: {exc}", err=True
            )
            continue
        if day != release:
            differs = True
            against = (
                f"the pin ({visible(str(pin.file))}: cr = {pin.value!r})"
                if pin
                else "the release checked"
            )
            click.echo(
                f"rulesdb: error: {visible(file)}: a vendored rulebook of release "
                f"{day.isoformat()}; {against} is {release.isoformat()}",
                err=True,
            )
    return differs


def _all_writable(edits: list[Edit], paths: tuple[str, ...]) -> None:
    """Before a move writes anything: every file it edits can be rewritten, else none is
    (a tree half moved, its pin moved or not, reads wrong either way)."""
    from rulesdb.citations.fixing import apply
    from rulesdb.citations.walking import Tree
    from rulesdb.util.text import visible

    refused = [r for r in apply(edits, False, Tree(paths)) if r.refused]
    for result in refused:
        click.echo(f"rulesdb: error: {visible(result.file)}: {result.refused}", err=True)
    if refused:
        raise RulesdbError(
            f"the move needs every file it edits; {len(refused)} cannot be rewritten "
            "(above): nothing was written"
        )


def _move_pin(pin: Pin, release: date, written: date, write: bool, paths: tuple[str, ...]) -> None:
    """The pin moved to the release the citations were moved to, recording the move (or
    shown as a diff), as carefully as the citations (``fixing.rewrite_file``)."""
    import difflib

    from rulesdb.citations.fixing import rewrite_file
    from rulesdb.citations.pinning import repinned
    from rulesdb.citations.walking import Tree
    from rulesdb.util.text import visible

    def move(data: bytes) -> bytes:
        text = data.decode("utf-8")
        moved = repinned(pin, text, release, written)
        if not write:
            sys.stdout.write(
                "".join(
                    difflib.unified_diff(
                        text.splitlines(keepends=True),
                        moved.splitlines(keepends=True),
                        fromfile=f"a/{visible(str(pin.file))}",
                        tofile=f"b/{visible(str(pin.file))}",
                    )
                )
            )
        return moved.encode("utf-8")

    if rewrite_file(pin.file, move, pin.identity, Tree(paths), write) and write:
        click.echo(
            f"rulesdb: moved the pin in {visible(str(pin.file))} to {release.isoformat()} "
            f"(moved-from = {written.isoformat()!r})",
            err=True,
        )


def _fix(edits: list[Edit], write: bool, paths: tuple[str, ...]) -> tuple[int, int]:
    """The edits made (or shown, as a diff on stdout), each told on stderr, and each file
    left as it was in one line: (made, left). A symbolic link may lead anywhere in the tree
    of ``paths`` (``walking.Tree``)."""
    from rulesdb.citations.fixing import apply
    from rulesdb.citations.walking import Tree
    from rulesdb.util.text import visible

    done = left = 0
    for result in apply(edits, write, Tree(paths)):
        for edit in result.applied:
            click.echo(
                f"rulesdb: {'fixed' if write else 'would fix'} {visible(edit.file)}:{edit.line}:"
                f"{edit.column}: {edit.old} -> {edit.new}",
                err=True,
            )
        if result.refused:
            count = len(result.skipped)
            click.echo(
                f"rulesdb: warning: {visible(result.file)}: left as it was ({count} "
                f"{'citation' if count == 1 else 'citations'} not fixed): {result.refused}",
                err=True,
            )
        else:
            for edit, why in result.skipped:
                click.echo(
                    f"rulesdb: warning: {visible(edit.file)}:{edit.line}:{edit.column}: "
                    f"{edit.old} left: {why}",
                    err=True,
                )
        if result.diff:
            sys.stdout.write(result.diff)
        done += len(result.applied)
        left += len(result.skipped)
    return done, left


def summary(scanned: Scanned, tally: Tally) -> str:
    """One line: how many citations in how many files, then the count of each status."""
    from rulesdb.citations import STATUSES

    read = f"{scanned.files_read} {'file' if scanned.files_read == 1 else 'files'} read"
    if scanned.binary:
        read += f", {len(scanned.binary)} binary skipped"
    statuses = ", ".join(f"{status} {tally.counts[status]}" for status in STATUSES)
    files = tally.files
    return (
        f"citations: {tally.citations} in {files} {'file' if files == 1 else 'files'} "
        f"({read}); {statuses}"
    )


Writer = Callable[["Found", "Verdict"], None]


def _writer(fmt: str, release: str, paths: tuple[str, ...]) -> Writer:
    if fmt == "sarif":
        from rulesdb import __version__
        from rulesdb.citations.sarif import Writer as SarifWriter

        return SarifWriter(sys.stdout, release, __version__, _root(paths))
    if fmt == "github":
        return _github_writer(_root(paths))
    return {"text": _text_writer, "jsonl": _jsonl_writer, "csv": _csv_writer}[fmt]()


def _root(paths: tuple[str, ...]) -> Path:
    """The repository's root, which SARIF and GitHub name files from: the top of the git
    work tree holding the first path, else the current folder (resolved)."""
    from rulesdb.citations.walking import work_tree_top

    first = Path(paths[0])
    folder = first if first.is_dir() else first.parent
    return work_tree_top(folder) or Path(os.path.realpath(os.getcwd()))


def _row(found: Found, result: Verdict) -> list[object]:
    c = found.citation
    return [
        visible(found.file),
        c.line,
        c.column,
        c.cited,
        c.number,
        result.status,
        result.now,
        result.matches,
        result.similarity,
        result.judged,
        result.message,
        result.uncertain,
    ]


# GitHub's workflow commands: an error fails the eye, a warning asks for a look.
_GITHUB_LEVEL = {
    "missing": "error",
    "mismatch": "error",
    "renumbered": "warning",
    "changed": "warning",
    "fine": "notice",
}


def _github_escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def _github_writer(root: Path) -> Writer:
    """``::error file=F,line=L,col=C,title=T::message``: annotations on the pull request,
    each file named from the repository's root (``root``), as GitHub places them."""
    from rulesdb.citations.sarif import location

    out = sys.stdout

    def write(found: Found, result: Verdict) -> None:
        c, e = found.citation, _github_escape
        where = location(found.file, root)
        file = visible(
            os.fsdecode(unquote_to_bytes(where["uri"])) if "uriBaseId" in where else found.file
        )
        out.write(
            f"::{_GITHUB_LEVEL[result.status]} file={e(file, True)},line={c.line},"
            f"col={c.column},endColumn={c.column + len(c.number)},"
            f"title={e('CR ' + c.number + ': ' + result.status, True)}::"
            f"{e(result.message)}\n"
        )

    return write


def _text_writer() -> Writer:
    """The form compilers print, which editors and CI annotate a file by; a file name's
    control characters escaped (``rulesdb.util.text.visible``), so a record is one line."""
    out = sys.stdout

    def write(found: Found, result: Verdict) -> None:
        c = found.citation
        out.write(f"{visible(found.file)}:{c.line}:{c.column}: {result.status}: {result.message}\n")

    return write


def _jsonl_writer() -> Writer:
    out = sys.stdout

    def write(found: Found, result: Verdict) -> None:
        out.write(dumps_line(dict(zip(COLUMNS, _row(found, result), strict=True))) + "\n")

    return write


def _csv_writer() -> Writer:
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(COLUMNS)

    def write(found: Found, result: Verdict) -> None:
        writer.writerow(["" if cell is None else cell for cell in _row(found, result)])

    return write
