"""Many processes at once: concurrent upgrades and new-release runs take turns, never interleave.

Every check compares against a single process doing the same work: the database must dump
identical (tests/support/dumps.py), the checkout must be byte-identical.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from tests.support.chains import copy_release_chain
from tests.support.data import cr_file
from tests.support.databases import head_copy, url_text
from tests.support.dumps import dump_url, fingerprint_url
from tests.support.runs import assert_all_ok, process_env, run_one, run_together

NEW_DAY = "20261113"  # a synthetic release after the newest official one
NEW_CREATURE = "Zebrafolk"


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith(".lock")
    }


def synthetic_release(tmp_path: Path) -> Path:
    """The 2026-08-07 text, effective later, with one more creature type in 205.3m."""
    text = cr_file("20260807").read_text(encoding="utf-8")
    dated = text.replace("effective as of August 7, 2026.", "effective as of November 13, 2026.")
    assert dated != text
    newer = dated.replace(" Yeti, Zombie,", f" Yeti, {NEW_CREATURE}, Zombie,")
    assert newer != dated
    path = tmp_path / f"MagicCompRules-{NEW_DAY}.txt"
    path.write_text(newer, encoding="utf-8")
    return path


@pytest.mark.slow
def test_embedded_default_auto_upgrades_once_under_concurrent_reads(
    tmp_path: Path, _head_sqlite: Path
) -> None:
    # A fresh machine: no database yet; four first commands race to create it.
    env = process_env(XDG_DATA_HOME=str(tmp_path / "xdg"))
    results = run_together(["card-types", "--format", "json"], env)
    assert_all_ok(results)
    assert len({r.stdout for r in results}) == 1
    assert '"kindred"' in results[0].stdout
    embedded = URL.create("sqlite", database=str(tmp_path / "xdg" / "rulesdb" / "rulesdb.sqlite3"))
    assert fingerprint_url(embedded) == fingerprint_url(
        URL.create("sqlite", database=str(_head_sqlite))
    )
    # ... and answers from it, at head, as a first command on a fresh machine would.
    land = run_one(
        ["subtypes", "--category", "land", "--as-of", "2021-03-01", "--format", "json"], env
    )
    assert land.returncode == 0 and '"Urza’s"' in land.stdout, land.stderr
    current = run_one(["current"], env)
    assert current.returncode == 0 and current.stdout.strip().endswith("(head)")


@pytest.mark.slow
def test_concurrent_new_release_writes_one_release(
    backends_at_hand: list[str], tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    # The release is made once (no database takes part), then upgraded on every backend.
    source = synthetic_release(tmp_path)
    single = copy_release_chain(tmp_path / "single")
    racing = copy_release_chain(tmp_path / "racing")
    before = tree_bytes(racing)

    alone = run_one(["new-release", str(source), "--root", str(single)], process_env())
    assert_all_ok([alone])
    results = run_together(["new-release", str(source), "--root", str(racing)], process_env())
    assert_all_ok(results)
    # Exactly one process wrote the release; the others found it already released.
    outcomes = sorted(r.stdout.strip() for r in results)
    assert outcomes == ["cr_2026_11_13: unchanged (already released)"] * 3 + [
        "cr_2026_11_13: written"
    ]

    after = tree_bytes(racing)
    assert after == tree_bytes(single)
    added = sorted(set(after) - set(before))
    assert added == [
        "migrations/versions/cr_2026_11_13.py",
        "seeds/cr_2026_11_13.json",
        "seeds/texts/cr_2026_11_13.json",
    ]
    assert after["migrations/HEAD"] == b"cr_2026_11_13\n"
    old_head = before["migrations/HEAD"].decode().strip()
    assert (
        f'down_revision: str | None = "{old_head}"'
        in after["migrations/versions/cr_2026_11_13.py"].decode()
    )
    changed = sorted(k for k in before if before[k] != after[k])
    assert changed == ["migrations/HEAD"]

    # Both checkouts upgrade a database at the old head to the same content, the new
    # creature type included, on each backend (and the same rows on both).
    dumps = {}
    for backend in backends_at_hand:
        for name, checkout in (("single", single), ("racing", racing)):
            url = head_copy(backend, tmp_path, request)
            upgraded = run_one(
                ["--db", url_text(url), "upgrade"], process_env(RULESDB_DATA_ROOT=str(checkout))
            )
            assert_all_ok([upgraded])
            dumps[backend, name] = dump_url(url)
    first, *others = dumps.values()
    assert all(other == first for other in others), sorted(
        key for key, other in dumps.items() if other != first
    )
    assert ("2026-11-13", "creature", NEW_CREATURE) in first["release_subtype"]
    assert first["alembic_version"] == [("cr_2026_11_13",)]
