"""The release chain in a checkout: revisions before and after, copies of the chain, a checkout
with a newer release to write."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rulesdb.authoring.release import Checkout
from rulesdb.store import chain
from rulesdb.store.paths import data_root
from tests.settings import ROOT
from tests.support.data import cr_file
from tests.support.pgurl import PG_URL as PG_URL
from tests.support.runs import process_env, run_process

HEAD_DAY = "20260807"
NEW_TYPE = "Quokka"  # not a creature type in any release
NEW_DATE = "November 13, 2026"


def with_creature_type(text: str, name: str) -> str:
    """Insert `name` into 205.3m's one-word list, in alphabetical place."""
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("205.3m "))
    head, listed = lines[index].split("one word long: ", 1)
    names = [n.removeprefix("and ") for n in listed.rstrip(".").split(", ")]
    assert name not in names
    names = sorted([*names, name])
    lines[index] = f"{head}one word long: {', '.join(names[:-1])}, and {names[-1]}."
    return "\n".join(lines)


# The head this checkout ships; a release written by new-release chains after it.
SHIPPED_HEAD = (ROOT / "migrations" / "HEAD").read_text().strip()


def revision_before(revision: str) -> str:
    """The revision ``revision`` comes after in the chain."""
    below = next(down for rev, down, _ in chain.history() if rev == revision)
    assert below is not None, f"{revision} is the first revision"
    return below


def newest_release() -> str:
    """The newest release's revision (the schema revisions after it aside)."""
    return [rev for rev, _, _ in chain.history() if rev.startswith("cr_")][-1]


def copy_release_chain(root: Path) -> Path:
    """A copy of this checkout's migrations/ and seeds/ at ``root``, for a test to write into."""
    ignore = shutil.ignore_patterns("__pycache__")
    for part in ("migrations", "seeds"):
        shutil.copytree(ROOT / part, root / part, ignore=ignore)
    return root


@contextmanager
def data_root_at(root: Path) -> Iterator[None]:
    """Meanwhile this process migrates with the release chain at ``root`` (as a process run
    with RULESDB_DATA_ROOT=root would)."""
    before = os.environ.get("RULESDB_DATA_ROOT")
    os.environ["RULESDB_DATA_ROOT"] = str(root)
    data_root.cache_clear()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("RULESDB_DATA_ROOT", None)
        else:
            os.environ["RULESDB_DATA_ROOT"] = before
        data_root.cache_clear()


NEW_REVISION = "cr_2026_11_13"


def make_checkout(tmp_path: Path, head: str | None = None) -> Checkout:
    """A copy of the repo's migrations/ and seeds/, optionally cut back to release `head`: the
    releases after it go with their seeds and text packs (a pack holds the texts its release
    printed first, so only later releases read it), and the schema revisions after the
    baseline (each follows the last release)."""
    checkout = Checkout(copy_release_chain(tmp_path / "checkout"))
    if head:
        for path in [
            *checkout.versions.glob("cr_*.py"),
            *checkout.seeds.glob("cr_*.json"),
            *(checkout.seeds / "texts").glob("cr_*.json"),
        ]:
            if path.stem > head:
                path.unlink()
        for path in checkout.versions.glob("[0-9]*.py"):  # the schema revisions after it
            if path.stem != "0001_schema":
                path.unlink()
        checkout.head_file.write_text(head + "\n")
    return checkout


def snapshot(checkout: Checkout) -> dict[str, bytes]:
    return {
        str(path.relative_to(checkout.root)): path.read_bytes()
        for folder in ("migrations", "seeds")
        for path in sorted((checkout.root / folder).rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def rulesdb(args: list[str], data_root: Path) -> subprocess.CompletedProcess[str]:
    """``rulesdb ARGS`` in a process of its own: the revisions import their loader as the
    top-level ``rulesdb_loaders``, which reads the seeds beside it, so a second checkout's
    chain needs a process that has not imported this checkout's loader."""
    done = run_process(*args, env=process_env(RULESDB_DATA_ROOT=str(data_root)), cwd=ROOT)
    assert done.returncode == 0, (args, done.stderr)
    return done


def newer_release(tmp_path: Path) -> Path:
    """2026-08-07 re-dated to NEW_DATE with one more creature type."""
    text = cr_file(HEAD_DAY).read_text(encoding="utf-8")
    old = "These rules are effective as of August 7, 2026."
    assert text.count(old) == 2  # the top and the credits
    text = with_creature_type(
        text.replace(old, f"These rules are effective as of {NEW_DATE}."), NEW_TYPE
    )
    path = tmp_path / "MagicCompRules-20261113.txt"
    path.write_text(text, encoding="utf-8")
    return path
