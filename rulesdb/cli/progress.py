"""What a long run shows while it works: a progress bar on stderr, only on a terminal.

Scripts and pipes (stderr not a terminal) get nothing extra: the command's own output is the
same either way.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from rulesdb.store.chain import Progress


def on_terminal() -> bool:
    return sys.stderr.isatty()


@contextmanager
def progress_bar(label: str) -> Iterator[Progress | None]:
    """A :data:`rulesdb.store.migrate.Progress` drawing click's bar (revisions done of the
    total, the one being run, time elapsed), or None off a terminal."""
    if not on_terminal():
        yield None
        return
    started = time.monotonic()
    shown: dict[str, Any] = {}

    def report(done: int, total: int, revision: str | None) -> None:
        bar = shown.get("bar")
        if bar is None:
            bar = shown["bar"] = click.progressbar(
                length=max(total, 1),
                label=label,
                file=sys.stderr,
                show_eta=False,
                show_percent=False,
                show_pos=True,
                item_show_func=lambda item: item,
            )
            bar.__enter__()
        elapsed = time.monotonic() - started
        bar.update(done - bar.pos, f"{revision or 'finishing'}, {elapsed:.0f} s")

    try:
        yield report
    finally:
        if "bar" in shown:
            shown["bar"].__exit__(None, None, None)
