"""The rulebook's membership as spans of releases (rulesdb_loaders.schema_0001): sort keys
that keep each file's order (computed when a seed is written, rulesdb.authoring.rulebook_seed),
spans and lineage segments kept maximal as the newest releases are unloaded and loaded again
(held and written once within a run), releases refused out of date order, and a SQLite file
within its size budget."""

from __future__ import annotations

import importlib
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

from rulesdb.authoring.rulebook_seed import SEPARATOR, rule_order_key, sort_keys
from tests.settings import EXPLORE, ROOT

SETTINGS = {
    "deadline": None,
    "derandomize": not EXPLORE.value(),
    "suppress_health_check": [HealthCheck.too_slow],
}
SQLITE_BUDGET = 40_000_000  # bytes: issue #10's budget for the embedded database at head


@pytest.fixture(scope="module")
def loader() -> Iterator[ModuleType]:
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(ROOT / "migrations"))
        yield importlib.import_module("rulesdb_loaders.schema_0001")


# --- sort keys ------------------------------------------------------------------------------


def test_numbers_printed_in_order_keep_their_natural_keys() -> None:
    numbers = ["1", "100", "100.1", "100.1a", "100.1b", "100.2", "100.10", "100.10a", "2", "200"]
    natural = [rule_order_key(n) for n in numbers]
    assert sorted(natural) == natural
    assert sort_keys(natural) == natural


@pytest.mark.parametrize(
    "numbers",
    [
        ["407", "409", "408", "410"],  # one printed late (1999-11-01's 408)
        ["423.1", "432.2b", "423.2", "424", "432.1", "432.2a", "432.2b"],  # printed early, twice
        ["702.174", "702.175", "702.175a", "702.175", "702.175a", "702.176"],  # 2024-09-20
        ["9", "1", "2"],  # the very first row out of order
    ],
)
def test_numbers_printed_out_of_order_sort_back_into_file_order(numbers: list[str]) -> None:
    keys = sort_keys([rule_order_key(n) for n in numbers])
    assert sorted(keys) == keys and len(set(keys)) == len(keys)
    assert sum(SEPARATOR in key for key in keys) <= 2  # the others keep their natural key


def test_numbers_past_four_digits_keep_their_order_and_stay_short() -> None:
    """A crafted file numbering 20,000 rules under 905 (905.9999, then 905.10000 …): each
    keeps its natural key (issue #52: each rule past 905.9999 carried the keys before it, 81
    KB the last one, 347 MB in all, quadratic), and the order holds past 4 digits."""
    numbers = [f"905.{n}" for n in range(1, 20_001)]
    natural = [rule_order_key(n) for n in numbers]
    assert sort_keys(natural) == natural and max(map(len, natural)) <= 12
    tricky = ["905.9999", "905.9999a", "905.10000", "905.10000a", "905.99999", "905.100000", "906"]
    assert sorted(rule_order_key(n) for n in tricky) == [rule_order_key(n) for n in tricky]


@settings(max_examples=400, **SETTINGS)
@given(st.lists(st.text(alphabet="0123456789.ab ’,-", min_size=1, max_size=6), max_size=40))
def test_any_sequence_of_keys_sorts_back_into_its_order(rows: list[str]) -> None:
    keys = sort_keys(rows)
    assert sorted(keys) == keys and len(set(keys)) == len(keys)


# --- spans at head ----------------------------------------------------------------------------


def test_spans_at_head_are_maximal_and_never_overlap(small_engine: Engine) -> None:
    with small_engine.connect() as connection:
        for table, names in (("rule_span", ("number", "occurrence")), ("glossary_span", ("term",))):
            same = " AND ".join(f"a.{n} = b.{n}" for n in names)
            touching = connection.execute(
                text(f"""
                SELECT count(*) FROM {table} a JOIN {table} b ON {same}
                 AND a.text_id = b.text_id AND a.sort_key = b.sort_key
                 AND b.first_release = (SELECT MIN(release_date) FROM release_rulebook
                                        WHERE release_date > a.last_release)""")
            ).scalar()
            overlapping = connection.execute(
                text(f"""
                SELECT count(*) FROM {table} a JOIN {table} b ON {same}
                 AND a.first_release < b.first_release AND b.first_release <= a.last_release
                 """)
            ).scalar()
            assert (table, touching, overlapping) == (table, 0, 0)


def test_the_sqlite_file_at_head_is_within_its_budget(_head_sqlite: Path) -> None:
    # The session's database, upgraded from empty to head as a user's first command does.
    size = _head_sqlite.stat().st_size
    assert size < SQLITE_BUDGET, f"{size / 1e6:.1f} MB"


# --- unloading the newest releases and loading them again -------------------------------------


@contextmanager
def _operations(connection: Connection) -> Iterator[None]:
    from rulesdb.store.chain import script_directory

    # The script directory lets a revision replace a view by its older revision's definition.
    context = MigrationContext.configure(connection, opts={"script": script_directory()})
    with Operations.context(context):
        yield


def _iso(value: Any) -> str:
    return value.isoformat() if isinstance(value, date) else str(value)


SPANS = {
    "rule_span": "number, occurrence, sort_key, text_id",
    "glossary_span": "term, sort_key, text_id",
    "rule_lineage": "number, occurrence, lineage",
}


def _spans(connection: Connection, table: str) -> set[tuple[Any, ...]]:
    """The spans as the database holds them (read through the connection, which first writes
    what the loader holds: rulesdb_loaders.schema_0001)."""
    rows = connection.execute(
        text(f"SELECT {SPANS[table]}, first_release, last_release FROM {table}")
    )
    return {(*row[:-2], _iso(row[-2]), _iso(row[-1])) for row in rows}


def _days(connection: Connection) -> list[str]:
    return [
        _iso(day)
        for (day,) in connection.execute(
            text("SELECT release_date FROM release_rulebook ORDER BY release_date")
        )
    ]


def _members(spans: set[tuple[Any, ...]], days: list[str]) -> dict[str, set[tuple[Any, ...]]]:
    members: dict[str, set[tuple[Any, ...]]] = {day: set() for day in days}
    for span in spans:
        for day in days:
            if span[-2] <= day <= span[-1]:
                members[day].add(span[:-2])
    return members


def maximal_spans(
    days: list[str], members: dict[str, set[tuple[Any, ...]]]
) -> set[tuple[Any, ...]]:
    """The oracle: each identity's runs of consecutive releases (``days`` in date order)."""
    spans: set[tuple[Any, ...]] = set()
    open_since: dict[tuple[Any, ...], str] = {}
    previous = None
    for day in days:
        printed = members.get(day, set())
        for identity in [i for i in open_since if i not in printed]:
            spans.add((*identity, open_since.pop(identity), previous))
        for identity in printed:
            open_since.setdefault(identity, day)
        previous = day
    return spans | {(*identity, first, previous) for identity, first in open_since.items()}


def _revision(name: str) -> ModuleType:
    from rulesdb.store.chain import script_directory

    found = script_directory().get_revision(name)
    assert found is not None and found.module is not None
    return found.module


@pytest.mark.parametrize(
    ("removed", "reloaded", "read_between"),
    [
        # The newest three, reloaded in date order in one transaction: appended one after the
        # other, the spans they continue are held and written once (checked between loads, as
        # any other statement would read them).
        pytest.param(
            ["cr_2026_08_07", "cr_2026_06_19", "cr_2026_04_17"],
            ["cr_2026_04_17", "cr_2026_06_19", "cr_2026_08_07"],
            True,
            id="appended",
        ),
        # The same, read only at the end: the spans the table has (ending at the release before
        # the three) are given their ends in one write, some ending at each of the three.
        pytest.param(
            ["cr_2026_08_07", "cr_2026_06_19", "cr_2026_04_17"],
            ["cr_2026_04_17", "cr_2026_06_19", "cr_2026_08_07"],
            False,
            id="appended-held",
        ),
    ],
)
def test_releases_unloaded_and_loaded_again_keep_the_spans_maximal(
    head_engine: Engine,
    loader: ModuleType,
    removed: list[str],
    reloaded: list[str],
    read_between: bool,
) -> None:
    """Unload the newest releases one by one through their revisions, then load them back:
    after every step the spans are exactly the maximal spans of what the remaining releases
    print, and at the end the database holds the same spans, lineages and texts as before."""
    assert sorted(removed) == sorted(reloaded)
    with head_engine.begin() as connection, _operations(connection):
        all_days = _days(connection)
        before = {table: _spans(connection, table) for table in SPANS}
        texts = connection.execute(text("SELECT count(*), sum(id % 1000) FROM rulebook_text")).one()
        printed = {table: _members(before[table], all_days) for table in SPANS}

        def check() -> None:
            days = _days(connection)
            for table in SPANS:
                expected = maximal_spans(days, {d: printed[table][d] for d in days})
                assert _spans(connection, table) == expected, table

        for revision in removed:
            _revision(revision).downgrade()
            check()
        assert len(_days(connection)) == len(all_days) - len(removed)
        for revision in reloaded:
            _revision(revision).upgrade()
            if read_between:
                check()
        assert {table: _spans(connection, table) for table in SPANS} == before
        assert (
            connection.execute(text("SELECT count(*), sum(id % 1000) FROM rulebook_text")).one()
            == texts
        )


def test_a_release_out_of_date_order_is_refused(head_engine: Engine) -> None:
    """Its lineage would re-link the release after it: a release is neither unloaded from
    the middle nor loaded before a newer one, and the refused transaction changes nothing."""
    with head_engine.connect() as connection:
        before = {table: _spans(connection, table) for table in SPANS}
    with (
        pytest.raises(RuntimeError, match="not the newest"),
        head_engine.begin() as connection,
        _operations(connection),
    ):
        _revision("cr_2026_06_19").downgrade()
    with (
        pytest.raises(RuntimeError, match="is not newer than every release loaded"),
        head_engine.begin() as connection,
        _operations(connection),
    ):
        _revision("cr_2026_08_07").downgrade()
        _revision("cr_2026_06_19").downgrade()
        _revision("cr_2026_08_07").upgrade()
        _revision("cr_2026_06_19").upgrade()
    with head_engine.connect() as connection:
        assert {table: _spans(connection, table) for table in SPANS} == before
