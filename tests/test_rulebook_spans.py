"""The rulebook's membership as spans of releases (revision rulebook_spans, rulesdb_loaders.
rulebook_v2): sort keys that keep each file's order, spans kept maximal whatever order
releases are loaded and unloaded in, and a SQLite file within its size budget."""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from alembic.migration import MigrationContext
from alembic.operations import Operations
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, Engine, text

from tests.support import ROOT

SETTINGS = {"deadline": None, "derandomize": not os.environ.get("RULESDB_TEST_EXPLORE"),
            "suppress_health_check": [HealthCheck.too_slow]}
SQLITE_BUDGET = 40_000_000  # bytes: issue #10's budget for the embedded database at head


@pytest.fixture(scope="module")
def loaders() -> Iterator[dict[str, ModuleType]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(ROOT / "migrations"))
        yield {name: importlib.import_module(f"rulesdb_loaders.{name}")
               for name in ("rulebook_v1", "rulebook_v2", "keywords_v1")}


# --- sort keys ------------------------------------------------------------------------------


def test_numbers_printed_in_order_keep_their_natural_keys(loaders: dict[str, Any]) -> None:
    v2 = loaders["rulebook_v2"]
    numbers = ["1", "100", "100.1", "100.1a", "100.1b", "100.2", "100.10", "100.10a", "2", "200"]
    natural = [v2.rule_order_key(n) for n in numbers]
    assert sorted(natural) == natural
    assert v2.sort_keys(natural) == natural


@pytest.mark.parametrize("numbers", [
    ["407", "409", "408", "410"],  # one printed late (1999-11-01's 408)
    ["423.1", "432.2b", "423.2", "424", "432.1", "432.2a", "432.2b"],  # printed early, twice
    ["702.174", "702.175", "702.175a", "702.175", "702.175a", "702.176"],  # 2024-09-20
    ["9", "1", "2"],  # the very first row out of order
])
def test_numbers_printed_out_of_order_sort_back_into_file_order(
    loaders: dict[str, Any], numbers: list[str]
) -> None:
    v2 = loaders["rulebook_v2"]
    keys = v2.sort_keys([v2.rule_order_key(n) for n in numbers])
    assert sorted(keys) == keys and len(set(keys)) == len(keys)
    assert sum(v2.SEPARATOR in key for key in keys) <= 2  # the others keep their natural key


@settings(max_examples=400, **SETTINGS)
@given(st.lists(st.text(alphabet="0123456789.ab ’,-", min_size=1, max_size=6), max_size=40))
def test_any_sequence_of_keys_sorts_back_into_its_order(
    loaders: dict[str, Any], rows: list[str]
) -> None:
    keys = loaders["rulebook_v2"].sort_keys(rows)
    assert sorted(keys) == keys and len(set(keys)) == len(keys)


# --- spans at head ----------------------------------------------------------------------------


def test_spans_at_head_are_maximal_and_never_overlap(shared_head_engine: Engine) -> None:
    with shared_head_engine.connect() as connection:
        for table, names in (("rule_span", ("number", "occurrence")), ("glossary_span", ("term",))):
            same = " AND ".join(f"a.{n} = b.{n}" for n in names)
            touching = connection.execute(text(f"""
                SELECT count(*) FROM {table} a JOIN {table} b ON {same}
                 AND a.text_id = b.text_id AND a.sort_key = b.sort_key
                 AND b.first_release = (SELECT MIN(release_date) FROM release_rulebook
                                        WHERE release_date > a.last_release)""")).scalar()
            overlapping = connection.execute(text(f"""
                SELECT count(*) FROM {table} a JOIN {table} b ON {same}
                 AND a.first_release < b.first_release AND b.first_release <= a.last_release
                 """)).scalar()
            assert (table, touching, overlapping) == (table, 0, 0)


def test_the_sqlite_file_at_head_is_within_its_budget(_head_sqlite: Path) -> None:
    # The session's database, upgraded from empty to head as a user's first command does
    # (and compacted after the revision dropping the membership rows: rulesdb.store.compaction).
    size = _head_sqlite.stat().st_size
    assert size < SQLITE_BUDGET, f"{size / 1e6:.1f} MB"


# --- loading and unloading out of date order ----------------------------------------------------


@contextmanager
def _operations(connection: Connection) -> Iterator[None]:
    with Operations.context(MigrationContext.configure(connection)):
        yield


def _iso(value: Any) -> str:
    return value.isoformat() if isinstance(value, date) else str(value)


def _spans(connection: Connection, table: Any) -> set[tuple[Any, ...]]:
    rows = connection.execute(text(f"SELECT {', '.join(table.columns)} FROM {table.name}"))
    return {(*row[:-2], _iso(row[-2]), _iso(row[-1])) for row in rows}


def _days(connection: Connection) -> list[str]:
    return [_iso(day) for (day,) in connection.execute(text(
        "SELECT release_date FROM release_rulebook ORDER BY release_date"))]


def _members(spans: set[tuple[Any, ...]], days: list[str]) -> dict[str, set[tuple[Any, ...]]]:
    members: dict[str, set[tuple[Any, ...]]] = {day: set() for day in days}
    for span in spans:
        for day in days:
            if span[-2] <= day <= span[-1]:
                members[day].add(span[:-2])
    return members


@pytest.mark.parametrize(("removed", "reloaded"), [
    # Five: the first, the last, ones inside, 2024-09-20 with a number printed twice.
    pytest.param(["cr_2024_09_20", "cr_1999_04_23", "cr_2026_08_07", "cr_2005_02_01",
                  "cr_2013_07_13"],
                 ["cr_2013_07_13", "cr_2026_08_07", "cr_1999_04_23", "cr_2024_09_20",
                  "cr_2005_02_01"], id="five", marks=pytest.mark.slow),
    # The fast loop's sample: the first and the one with a number printed twice, reloaded in
    # the other order.
    pytest.param(["cr_2024_09_20", "cr_1999_04_23"], ["cr_1999_04_23", "cr_2024_09_20"],
                 id="two"),
])
def test_releases_unloaded_and_loaded_out_of_order_keep_the_spans_maximal(
    head_engine: Engine, loaders: dict[str, Any], removed: list[str], reloaded: list[str]
) -> None:
    """Unload releases one by one, then load them back in another order: after every step the
    spans are exactly the maximal spans of what the remaining releases print, and at the end
    the database holds the same spans and texts as before."""
    assert sorted(removed) == sorted(reloaded) and removed != reloaded
    v1, v2, keywords = loaders["rulebook_v1"], loaders["rulebook_v2"], loaders["keywords_v1"]
    tables = (v2.RULES, v2.GLOSSARY)
    with head_engine.begin() as connection, _operations(connection):
        all_days = _days(connection)
        before = {table.name: _spans(connection, table) for table in tables}
        texts = connection.execute(text("SELECT count(*), sum(id % 1000) FROM rulebook_text")).one()
        printed = {table.name: _members(before[table.name], all_days) for table in tables}

        def check() -> None:
            days = _days(connection)
            for table in tables:
                expected = v2.maximal_spans(days, {d: printed[table.name][d] for d in days})
                assert _spans(connection, table) == set(expected), table.name

        for revision in removed:
            day = date.fromisoformat(v1.release_day(revision))
            keywords.unload_keywords([day])
            v2.unload_rulebooks([revision])
            check()
        assert len(_days(connection)) == len(all_days) - len(removed)
        for revision in reloaded:
            index = v1.index_file(revision)
            sha256 = hashlib.sha256((ROOT / "seeds" / index).read_bytes()).hexdigest()
            v2.load_rulebooks([(index, sha256)])
            keywords.load_keywords([date.fromisoformat(v1.release_day(revision))])
            check()
        assert {table.name: _spans(connection, table) for table in tables} == before
        assert connection.execute(text(
            "SELECT count(*), sum(id % 1000) FROM rulebook_text")).one() == texts
