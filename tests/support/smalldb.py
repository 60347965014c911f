"""The fast loop's small database: the release chain cut down to a few releases, built by the
same Alembic revisions and seed loader as the full chain (no SQL of its own).

The chain at head holds every release (136 revisions); most read-side tests ask only how a
release is read (a rule, a glossary entry, a type line, a page), which a handful of releases
answers as well. The small chain keeps ``0001_schema`` and the releases below, each revision
file as shipped but for ``down_revision``, relinked to the release kept before it; the loader
reads each release's seed (and the text packs its seed pins) as it does in the full chain.
Its head is the chain's head, so rulesdb reads it as a current database.

The releases: one from the archive era (before the official files of 2016), 2020-08-07 (the
release the quick start's 2021-03-01 falls in), and the last two (the newest, and the release
``diff`` compares it with).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.settings import ROOT

SMALL_RELEASES = ("cr_2009_10_01", "cr_2020_08_07", "cr_2026_06_19", "cr_2026_08_07")
_DOWN = re.compile(r'^(down_revision: str \| None = )"[^"]*"$', re.MULTILINE)
_REVISES = re.compile(r"^Revises: \S+$", re.MULTILINE)


def small_chain(root: Path) -> Path:
    """The small chain at ``root`` (a data root: ``migrations/`` and ``seeds/``), made once.

    Everything but the kept revision files is a link to the checkout's own: the loader,
    ``env.py`` and the seeds are the checkout's, byte for byte."""
    migrations = root / "migrations"
    if (migrations / "HEAD").is_file():
        return root
    versions = migrations / "versions"
    versions.mkdir(parents=True)
    source = ROOT / "migrations"
    for name in ("env.py", "rulesdb_loaders", "script.py.mako", "release.py.mako"):
        os.symlink(source / name, migrations / name)
    os.symlink(ROOT / "seeds", root / "seeds")
    os.symlink(ROOT / "alembic.ini", root / "alembic.ini")
    below = "0001_schema"
    (versions / f"{below}.py").write_bytes((source / "versions" / f"{below}.py").read_bytes())
    for revision in SMALL_RELEASES:
        text = (source / "versions" / f"{revision}.py").read_text(encoding="utf-8")
        text, relinked = _DOWN.subn(rf'\g<1>"{below}"', text)
        assert relinked == 1, f"{revision}: no down_revision line to relink"
        text = _REVISES.sub(f"Revises: {below}", text)
        (versions / f"{revision}.py").write_text(text, encoding="utf-8")
        below = revision
    head = (source / "HEAD").read_text().strip()
    assert below == head, f"the small chain ends at {below}, the chain at {head}"
    (migrations / "HEAD").write_text(head + "\n")
    return root
