"""Commands that read the whole rulebook: rule, rule-history, glossary, search, rule-diff."""

from __future__ import annotations

import click

from rulesdb.cli.app import AppContext, as_of_option, cli, parse_date, pass_app
from rulesdb.cli.output import default_format, emit_rows, output_options, to_json
from rulesdb.errors import RulesdbError


@cli.command()
@click.argument("number")
@as_of_option
@output_options
@pass_app
def rule(app: AppContext, number: str, as_of: str | None, fmt: str | None) -> None:
    """Print rule NUMBER (7, 704, 704.5, 704.5j): its text, examples and direct subrules.

    An unknown number exits 1 and names the nearest ones; a malformed one exits 2.
    """
    from rulesdb.questions.rulebook import rule as read_rule

    answer = read_rule(app.data_engine(), number, parse_date(as_of)).to_json()
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json(answer))
    elif fmt == "csv":
        rows = [{"number": answer["number"], "text": answer["text"],
                 "examples": "\n".join(answer["examples"])}, *answer["subrules"]]
        emit_rows(rows, ["number", "text", "examples"], "csv")
    else:
        bold = "**" if fmt == "markdown" else ""
        lines = [f"{bold}{answer['number']}{bold} {answer['text']}"]
        lines += [f"  {example}" if not bold else f"> {example}" for example in answer["examples"]]
        lines += [f"{'- ' if bold else '  '}{bold}{sub['number']}{bold} {sub['text']}"
                  for sub in answer["subrules"]]
        lines.append(f"(release {answer['release']})" if not bold
                     else f"\n*Comprehensive Rules, release {answer['release']}*")
        click.echo("\n".join(lines))


@cli.command("rule-history")
@click.argument("number")
@as_of_option
@click.option("--subrules", is_flag=True,
              help="The rule's block: every release that changed the rule or any rule under "
                   "it (added, removed, reworded, moved within the block, or the block "
                   "renumbered), the block followed through its renumberings.")
@click.option("--substantive", is_flag=True,
              help="Leave out versions that only retypeset the one before (quotes, "
                   "apostrophes, dashes or spaces): each listed version changed words.")
@output_options
@pass_app
def rule_history(app: AppContext, number: str, as_of: str | None, subrules: bool,
                 substantive: bool, fmt: str | None) -> None:
    """List each version of rule NUMBER, oldest first, following the rule through
    renumbering and rewording: its number and text, the first and last release printing it,
    and how it came from the version before (new, reworded, retypeset, renumbered, moved and
    reworded; "uncertain" where the matcher could not decide the link).

    NUMBER is read in the release in force on --as-of (default: the newest release printing
    it): 702.19 is trample today, banding in 2009-07-11 (--as-of 2009-07-11).
    """
    if subrules:
        _block_history(app, number, as_of, fmt)
        return
    from rulesdb.questions.rulebook import rule_history as history

    versions = [version.to_json() for version in
                history(app.data_engine(), number, parse_date(as_of), substantive)]
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json(versions))
    elif fmt == "markdown":
        lines = [f"# Rule {number}", ""]
        for version in versions:
            moved = f" (was {version['from_number']})" if version["from_number"] else ""
            doubt = ", uncertain" if version["uncertain"] else ""
            lines += [f"## {version['number']}: {version['first_release']} … "
                      f"{version['last_release']} ({version['releases']} releases, "
                      f"{version['how']}{doubt}){moved}", "", version["text"], ""]
        click.echo("\n".join(lines), nl=False)
    else:
        emit_rows(versions, ["number", "first_release", "last_release", "releases", "how",
                             "uncertain", "from_number", "text"], fmt)


def _block_history(app: AppContext, number: str, as_of: str | None, fmt: str | None) -> None:
    from rulesdb.questions.blocks import block_history

    changes = block_history(app.data_engine(), number, parse_date(as_of))
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json([change.to_json() for change in changes]))
        return
    if fmt == "markdown":
        lines = [f"# Rule {number} and its subrules", ""]
        for change in changes:
            lines += [f"## {change.release}: {change.number}", ""]
            lines += [f"- {row['change']}: " + " ← ".join(str(v) for v in (row["rule"],
                                                                         row["from"]) if v)
                      for row in change.rows()]
            lines.append("")
        click.echo("\n".join(lines), nl=False)
        return
    emit_rows([row for change in changes for row in change.rows()],
              ["release", "number", "change", "rule", "from"], fmt)


@cli.command()
@click.argument("term")
@as_of_option
@output_options
@pass_app
def glossary(app: AppContext, term: str, as_of: str | None, fmt: str | None) -> None:
    """Print the glossary entry for TERM (any case), in the release in force."""
    from rulesdb.questions.rulebook import glossary as read_glossary

    entry = read_glossary(app.data_engine(), term, parse_date(as_of))
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json(entry))
    elif fmt in ("csv", "markdown"):
        emit_rows([entry], ["release", "term", "text"], fmt)
    else:
        click.echo(f"{entry['term']}\n{entry['text']}\n(release {entry['release']})")


@cli.command()
@click.argument("text")
@as_of_option
@click.option("--limit", type=click.IntRange(min=1, max=1000), default=10, show_default=True,
              metavar="N", help="At most N results.")
@output_options
@pass_app
def search(app: AppContext, text: str, as_of: str | None, limit: int, fmt: str | None) -> None:
    """Full-text search of the rules and glossary of the release in force, best first.

    Every word must match (stemmed: "Auras" finds "Aura"); matched words are between ** in
    the snippet.
    """
    from rulesdb.questions.rulebook import search as full_text

    hits = full_text(app.data_engine(), text, parse_date(as_of), limit)
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json(hits))
        return
    rows = [{"kind": hit["kind"], "entry": hit.get("number", hit.get("term")),
             "snippet": hit["snippet"]} for hit in hits]
    emit_rows(rows, ["kind", "entry", "snippet"], fmt)


@cli.command("rule-diff")
@click.argument("from_day", metavar="FROM")
@click.argument("to_day", metavar="TO")
@output_options
@pass_app
def rule_diff(app: AppContext, from_day: str, to_day: str, fmt: str | None) -> None:
    """Rules added, removed, moved and changed from the release in force on FROM to the one
    on TO. A rule is followed by its lineage: renumbered, reworded or not, it is moved (from
    → to), not removed and added.

    Typographic quotes and dashes alone are not a change. --format markdown writes release
    notes with removed words struck and added words in bold.
    """
    from rulesdb.questions.rulebook import rule_diff as compare_rules

    start, end = parse_date(from_day, "FROM"), parse_date(to_day, "TO")
    if start is None or end is None:
        raise RulesdbError("FROM and TO are dates (YYYY-MM-DD)")
    result = compare_rules(app.data_engine(), start, end)
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json(result.to_json()))
    elif fmt == "markdown":
        click.echo(result.to_markdown(), nl=False)
    else:
        rows = [*({"change": "added", "number": n, "text": result.titles[n]}
                  for n in result.added),
                *({"change": "removed", "number": n, "text": result.titles[n]}
                  for n in result.removed),
                *({"change": "moved" if not m["changed"] else "moved and changed",
                   "number": f"{m['from']} → {m['to']}", "text": m["after"]}
                  for m in result.moved),
                *({"change": "changed", "number": c["number"], "text": c["after"]}
                  for c in result.changed)]
        for row in rows:
            row["text"] = row["text"].split("\n", 1)[0][:80]
        emit_rows(rows, ["change", "number", "text"], fmt)
