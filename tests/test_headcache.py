"""The session's SQLite head kept between runs: found again only while its inputs are unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.chains import copy_release_chain, data_root_at
from tests.support.headcache import HeadCache, chain_digest


def test_any_change_to_the_chain_is_another_digest(tmp_path: Path) -> None:
    root = copy_release_chain(tmp_path / "checkout")
    with data_root_at(root):
        first = chain_digest()
        assert chain_digest() == first  # the same inputs, the same digest
        seed = next((root / "seeds").glob("cr_*.json"))
        original = seed.read_bytes()
        seed.write_bytes(original.replace(b"Merfolk", b"Merfolx", 1))
        edited = chain_digest()
        seed.write_bytes(original)
        loader_file = root / "migrations" / "rulesdb_loaders" / "schema_0001.py"
        loader_file.write_text(loader_file.read_text() + "\n")
        loader = chain_digest()
    assert len({first, edited, loader}) == 3


def test_a_kept_head_is_found_by_its_digest_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = tmp_path / "built.sqlite3"
    built.write_bytes(b"a database")
    cache = HeadCache(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    assert not cache.fetch_sqlite(tmp_path / "none.sqlite3")
    cache.keep_sqlite(built)
    assert cache.fetch_sqlite(tmp_path / "again.sqlite3")
    assert (tmp_path / "again.sqlite3").read_bytes() == b"a database"

    monkeypatch.setattr(cache, "digest", "another")  # the chain changed
    assert not cache.fetch_sqlite(tmp_path / "stale.sqlite3")
    cache.keep_sqlite(built)
    assert [p.name for p in (tmp_path / "cache").iterdir()] == ["another.sqlite3"]
