"""Commands that read the whole rulebook: rule, rule-history, glossary, search, rule-diff,
renumber-map, changes."""

from __future__ import annotations

import click

from rulesdb.cli.app import (
    AppContext,
    as_of_option,
    cli,
    complete_release_date,
    pass_app,
    release_argument,
    release_value,
)
from rulesdb.cli.output import emit, output_options


@cli.command()
@click.argument("number")
@as_of_option
@output_options
@pass_app
def rule(app: AppContext, number: str, as_of: str | None, fmt: str | None) -> None:
    """Print rule NUMBER (7, 704, 704.5, 704.5j): its text, examples and direct subrules.

    An unknown number exits 1 and names the nearest ones; a malformed one exits 2.
    """
    from rulesdb.questions import shown

    emit(shown.rule(app.rules.rule(number, as_of)), fmt)


@cli.command("rule-history")
@click.argument("number")
@as_of_option
@click.option(
    "--subrules",
    is_flag=True,
    help="The rule's block: every release that changed the rule or any rule under "
    "it (added, removed, reworded, moved within the block, or the block "
    "renumbered), the block followed through its renumberings.",
)
@click.option(
    "--substantive",
    is_flag=True,
    help="Leave out versions that only retypeset the one before (quotes of any "
    "kind, apostrophes, dashes, spaces, italics markers, ™/®): each listed version "
    "changed words.",
)
@output_options
@pass_app
def rule_history(
    app: AppContext,
    number: str,
    as_of: str | None,
    subrules: bool,
    substantive: bool,
    fmt: str | None,
) -> None:
    """List each version of rule NUMBER, oldest first, following the rule through
    renumbering and rewording: its number and text, the first and last release printing it,
    and how it came from the version before (new, reworded, retypeset, renumbered, moved and
    reworded; "uncertain" where the matcher could not decide the link). A rule whose words
    another rule took ends with that rule, "merged" (its own history goes on from there); a
    rule split off another begins with that rule's versions, then its own, "split".

    NUMBER is read in the release in force on --as-of (default: the newest release printing
    it): 702.19 is trample today, banding in 2009-07-11 (--as-of 2009-07-11).
    """
    from rulesdb.questions import shown

    if subrules:
        from rulesdb.questions.blocks import block_history

        changes = block_history(app.rules.engine, number, app.rules.day(as_of))
        emit(shown.block_history(number, changes), fmt)
        return
    versions = app.rules.rule_history(number, as_of, substantive=substantive)
    emit(shown.rule_history(number, versions), fmt)


@cli.command()
@click.argument("term")
@as_of_option
@click.option(
    "--history",
    is_flag=True,
    help="List each definition the term has had, oldest first, with the first and last "
    "release printing it (the term as the release in force prints it).",
)
@click.option(
    "--substantive",
    is_flag=True,
    help="With --history: leave out definitions that only retypeset the one before "
    "(quotes of any kind, apostrophes, dashes, spaces, italics markers, ™/®): each "
    "listed definition changed words.",
)
@output_options
@pass_app
def glossary(
    app: AppContext,
    term: str,
    as_of: str | None,
    history: bool,
    substantive: bool,
    fmt: str | None,
) -> None:
    """Print the glossary entry for TERM (any case), in the release in force."""
    from rulesdb.questions import shown

    if substantive and not history:
        raise click.UsageError("--substantive lists definitions: use it with --history")
    if history:
        versions = app.rules.glossary_history(term, as_of, substantive=substantive)
        emit(shown.glossary_history(term, versions), fmt)
        return
    emit(shown.glossary(app.rules.glossary(term, as_of)), fmt)


@cli.command()
@click.argument("text")
@as_of_option
@click.option(
    "--limit",
    type=click.IntRange(min=1, max=1000),
    default=10,
    show_default=True,
    metavar="N",
    help="At most N results.",
)
@click.option(
    "--offset",
    type=click.IntRange(min=0),
    default=0,
    metavar="N",
    help="Skip the N best results (the next page: --offset 10).",
)
@click.option(
    "--any-word",
    "any_word",
    is_flag=True,
    help="Find the entries with any of the words (default: every word).",
)
@output_options
@pass_app
def search(
    app: AppContext,
    text: str,
    as_of: str | None,
    limit: int,
    offset: int,
    any_word: bool,
    fmt: str | None,
) -> None:
    """Full-text search of the rules and glossary of the release in force, best first.

    Every word must match (stemmed: "Auras" finds "Aura"), or any one with --any-word;
    matched words are between ** in the snippet. How many match in all, and which of them
    are shown, is said on stderr; when no entry has every word, how many each finds alone.
    """
    from rulesdb.questions import shown
    from rulesdb.questions.search import words_of

    day = app.rules.release(as_of).isoformat()
    hits = app.rules.search(text, day, limit, offset, any_word=any_word)
    total = app.rules.search_count(text, day, any_word=any_word)
    emit(shown.search(hits, total, offset, release=day, asked=as_of, any_word=any_word), fmt)
    if hits:
        more = f"; --offset {offset + len(hits)} for the next" if offset + len(hits) < total else ""
        click.echo(
            f"rulesdb: {offset + 1}–{offset + len(hits)} of {total} matches shown{more}", err=True
        )
    elif not total and not any_word and len(set(words_of(text))) > 1:
        from rulesdb.questions.pages import nothing_found

        alone = app.rules.search_alone(text, day)
        click.echo(f"rulesdb: {nothing_found(alone, '--any-word')}", err=True)


@cli.command("rule-diff")
@release_argument("from_day", "FROM")
@release_argument("to_day", "[TO]", required=False)
@click.option(
    "--rule",
    "rule",
    metavar="NUMBER",
    help="Only this rule and its subrules (7, 702, 702.19), followed through renumbering.",
)
@output_options
@pass_app
def rule_diff(
    app: AppContext, from_day: str, to_day: str | None, rule: str | None, fmt: str | None
) -> None:
    """Rules added, removed, moved and changed from the release in force on FROM to the one
    on TO; FROM alone: from the release before FROM to FROM. A rule is followed by its
    lineage: renumbered, reworded or not, it is moved (from → to), not removed and added.

    Typographic quotes and dashes alone are not a change. --format markdown writes release
    notes with removed words struck and added words in bold.
    """
    from rulesdb.questions import shown

    emit(shown.rule_diff(app.rules.rule_diff(from_day, to_day, rule=rule)), fmt)


@cli.command("renumber-map")
@release_argument("from_day", "FROM")
@release_argument("to_day", "[TO]", required=False)
@output_options
@pass_app
def renumber_map(app: AppContext, from_day: str, to_day: str | None, fmt: str | None) -> None:
    """Every rule of the release FROM with its number in the release TO (default: the
    latest), followed by its lineage: same, renumbered, merged (into the rule TO numbers TO)
    or gone; reworded (its words changed on the way) and uncertain (a link the matcher could
    not decide). For datasets and bots
    that migrate their own citations; --format json adds the counts, csv is one row a rule.
    The same map in SQL is the cookbook's "renumber map" query."""
    from rulesdb.questions import shown

    emit(shown.renumber_map(app.rules.renumber_map(from_day, to_day)), fmt)


@cli.command()
@click.option(
    "--since",
    "since",
    required=True,
    metavar="DATE|SET",
    shell_complete=complete_release_date,
    callback=release_value,
    help="The release to start from: a date (the release in force then) or a set's "
    "code or name (BFZ, 'Battle for Zendikar').",
)
@click.option(
    "--to",
    "to",
    metavar="DATE|SET",
    shell_complete=complete_release_date,
    callback=release_value,
    help="The release to end at (default: the latest).",
)
@output_options(
    formats=("text", "markdown", "json"),
    help="Output format: text, markdown (a document to post) or json (default: "
    "text on a terminal, json otherwise).",
)
@pass_app
def changes(app: AppContext, since: str, to: str | None, fmt: str | None) -> None:
    """Everything the rules changed since a release: per section of the rulebook, each rule
    added, removed, moved or changed in substance, once, with its net change and the
    release(s) that made it; card types, supertypes, subtypes and keywords added, removed,
    renamed, merged; glossary terms added, removed, changed. Counts first.

    A rule is followed through renumbering by its lineage; a change undone within the span is
    no change, and typography (quotes, dashes, spaces) is left out.
    """
    from rulesdb.cli.output import default_format, to_json

    digest = app.rules.changes(since, to)
    fmt = fmt or ("text" if default_format() == "table" else "json")
    if fmt == "json":
        click.echo(to_json(digest.to_json()))
    elif fmt == "markdown":
        click.echo(digest.to_markdown().rstrip("\n"))
    else:
        click.echo(digest.to_text())
    if digest.empty:
        click.echo(f"rulesdb: {digest.empty}", err=True)
