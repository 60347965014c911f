"""``rulesdb info``: where the database is and what it holds."""

from __future__ import annotations

from typing import Any

from rulesdb.cli.app import AppContext, cli, pass_app
from rulesdb.cli.output import emit, output_options
from rulesdb.questions.answers import Table


@cli.command()
@output_options
@pass_app
def info(app: AppContext, fmt: str | None) -> None:
    """Show which database rulesdb uses and what it holds: its URL (password masked), its
    file and size on SQLite, its revision and the head, its releases, rulesdb's version, and
    the environment variables rulesdb reads, with their values.

    Only reads: it never creates or upgrades the database.
    """
    from rulesdb.store.status import describe

    engine = app.engine
    report = describe(engine, is_default=app.is_default)
    emit(Table.of_one(report, _text(report)), fmt)


def _text(report: dict[str, Any]) -> str:
    url = report["url"] + (" (the embedded default)" if report["default"] else "")
    lines = [f"database: {url}"]
    if report["file"] is not None:
        size = report["file_bytes"]
        lines.append(
            f"file:     {report['file']}, "
            + (
                f"{size:,} bytes"
                if size is not None
                else "not created yet (the first command that reads creates it)"
            )
        )
    revision = report["revision"] or "base (empty)"
    state = "(head)" if report["at_head"] else f"(head is {report['head']})"
    lines.append(f"revision: {revision} {state}")
    releases = report["releases"]
    span = f", {report['first_release']} .. {report['latest_release']}" if releases else ""
    lines.append(f"releases: {releases}{span}")
    bulletins = report.get("bulletins")
    if bulletins is not None:
        lines.append(
            f"bulletins: Wizards' reasons curated for {len(bulletins['curated'])} releases "
            f"({', '.join(bulletins['curated']) or 'none'}); {len(bulletins['known'])} with a "
            f"bulletin not yet curated; {len(bulletins['none'])} of 2007-07..2022-10 with none "
            "recorded; none before or after (docs: bulletins.md)"
        )
    lines.append(
        f"rulesdb:  {report['rulesdb_version']} (migrations and seeds in {report['data_root']})"
    )
    lines.append("settings (environment variables):")
    for setting in report["settings"]:
        value = (
            setting["value"]
            if setting["value"] is not None
            else (
                f"unset (default {setting['default']})"
                if setting["default"] is not None
                else "unset"
            )
        )
        lines.append(f"  {setting['name']}={value}: {setting['help']}")
    return "\n".join(lines)
