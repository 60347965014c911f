"""The analyst views (made by 0001_schema): same rows on both backends, agreeing with the
library, and a downgrade that drops exactly them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from datetime import date
from itertools import pairwise
from pathlib import Path

import pytest
from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import URL

from rulesdb.questions.diff import compare
from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.support.dumps import dump

IN_FORCE = ["in_force_from", "in_force_until"]
LIFETIME = ["kind", "category", "name", "first_listed", "last_listed", "listed_in", "dropped_in"]
VIEWS = {
    "v_release": [
        "release_date",
        "in_force_from",
        "in_force_until",
        "source_file",
        "revision",
        "year",
        "set_code",
        "set_name",
        "set_status",
    ],
    "v_card_type": ["release_date", "name", "rule", "section", *IN_FORCE],
    "v_supertype": ["release_date", "name", "rule", *IN_FORCE],
    "v_category": ["release_date", "category", "rule", "card_type", *IN_FORCE],
    "v_subtype": ["release_date", "category", "name", "rule", *IN_FORCE],
    "v_rename": ["release_date", "kind", "category", "old_name", "new_name", "rule"],
    "v_release_pair": ["from_date", "to_date"],
    "v_release_change": [
        "from_date",
        "to_date",
        "kind",
        "category",
        "name",
        "change",
        "renamed_from",
        "renamed_to",
        "merged_from",
        "merged_into",
    ],
    "v_lifetime": LIFETIME,
    "v_listed_span": LIFETIME,  # a row per run of releases, v_lifetime's one per item
    "v_category_size": ["release_date", "category", "rule", "subtypes"],
}


def rows(engine: Engine, sql: str) -> list[tuple]:
    """Rows as both backends should show them to an analyst: dates as ISO text."""
    with engine.connect() as connection:
        result = connection.execute(text(sql)).all()
    return [tuple(v.isoformat() if isinstance(v, date) else v for v in row) for row in result]


def view_rows(engine: Engine, view: str) -> list[tuple]:
    return sorted(
        rows(engine, f"SELECT * FROM {view}"),
        key=lambda row: tuple("" if v is None else str(v) for v in row),
    )


@pytest.fixture
def both_heads(_head_sqlite: Path, _shared_head_pg: URL) -> Iterator[list[Engine]]:
    """The session's head databases on both backends, for read-only comparisons."""
    engines = [
        make_engine(URL.create("sqlite", database=str(_head_sqlite))),
        make_engine(_shared_head_pg),
    ]
    yield engines
    for engine in engines:
        engine.dispose()


def test_views_and_their_columns(small_engine: Engine) -> None:
    inspector = inspect(small_engine)
    assert set(VIEWS) <= set(inspector.get_view_names())
    for view, columns in VIEWS.items():
        assert [c["name"] for c in inspector.get_columns(view)] == columns, view
    assert not set(VIEWS) & set(inspector.get_table_names())


def test_identical_rows_on_both_backends(both_heads: list[Engine]) -> None:
    sqlite, postgres = both_heads
    for view in VIEWS:
        found = view_rows(sqlite, view)
        assert found, view
        assert found == view_rows(postgres, view), view
    # Comparing with an ISO literal means the same on both backends.
    query = (
        "SELECT COUNT(*) FROM v_subtype WHERE release_date <= '2020-08-07' "
        "AND release_date > '2019-12-31'"
    )
    assert rows(sqlite, query) == rows(postgres, query)


def old_lists(engine: Engine, day: str, category: str) -> set[str]:
    return {
        name
        for (name,) in rows(
            engine,
            "SELECT name FROM release_subtype WHERE "
            f"release_date = '{day}' AND category = "
            f"'{category}'",
        )
    }


def release_changes(engine: Engine) -> tuple[list[tuple], dict[tuple[str, str], set[tuple]]]:
    """The release pairs in date order (checked: each release and the next), and
    v_release_change's rows by pair."""
    changes: dict[tuple[str, str], set[tuple]] = defaultdict(set)
    for (
        from_date,
        to_date,
        kind,
        category,
        name,
        change,
        renamed_from,
        renamed_to,
        merged_from,
        merged_into,
    ) in rows(engine, "SELECT * FROM v_release_change"):
        changes[(from_date, to_date)].add(
            (kind, category, name, change, renamed_from, renamed_to, merged_from, merged_into)
        )
    pairs = sorted(rows(engine, "SELECT from_date, to_date FROM v_release_pair"))
    days = sorted(day for (day,) in rows(engine, "SELECT effective_date FROM release"))
    assert pairs == list(pairwise(days))
    return pairs, changes


def assert_change_agrees_with_compare(
    engine: Engine, changes: dict[tuple[str, str], set[tuple]], from_date: str, to_date: str
) -> None:
    result = compare(engine, date.fromisoformat(from_date), date.fromisoformat(to_date))
    expected = set()
    for change, lists in (("added", result.added), ("removed", result.removed)):
        for key, names in lists.items():
            kind, category = {
                "card_types": ("card_type", None),
                "supertypes": ("supertype", None),
                "keyword_abilities": ("keyword_ability", None),
                "keyword_actions": ("keyword_action", None),
                "ability_words": ("ability_word", None),
            }.get(key, ("subtype", key))
            expected |= {(kind, category, name, change, None, None, None, None) for name in names}
    for item in result.renamed:
        category = item.get("category")
        expected.add(
            (item["kind"], category, item["from"], "removed", None, item["to"], None, None)
        )
        expected.add((item["kind"], category, item["to"], "added", item["from"], None, None, None))
    for item in result.merged:  # the view names each successor on a removed row of its own
        for target in item["to"].split(" and "):  # Mage → Human and Wizard: two rows
            expected.add(
                (item["kind"], item["category"], item["from"], "removed", None, None, None, target)
            )
            if target not in old_lists(engine, from_date, item["category"]):
                expected.add(
                    (
                        item["kind"],
                        item["category"],
                        target,
                        "added",
                        None,
                        None,
                        item["from"],
                        None,
                    )
                )
    assert changes.get((from_date, to_date), set()) == expected, (from_date, to_date)


def test_release_change_agrees_with_compare_on_a_sample(shared_head_engine: Engine) -> None:
    """The fast loop's sample of the check below: the first and the last pair, and the
    releases with merges (2020-07-03) and with renames and merges (2024-06-07)."""
    pairs, changes = release_changes(shared_head_engine)
    sample = [pairs[0], *(p for p in pairs if p[1] in ("2020-07-03", "2024-06-07")), pairs[-1]]
    assert len(sample) == 4
    for from_date, to_date in sample:
        assert_change_agrees_with_compare(shared_head_engine, changes, from_date, to_date)


@pytest.mark.slow  # every pair of releases compared
def test_release_change_agrees_with_compare(shared_head_engine: Engine) -> None:
    pairs, changes = release_changes(shared_head_engine)
    for from_date, to_date in pairs:
        assert_change_agrees_with_compare(shared_head_engine, changes, from_date, to_date)
    assert ("card_type", None, "tribal", "removed", None, "kindred", None, None) in changes[
        ("2024-04-12", "2024-06-07")
    ]
    assert (
        "keyword_ability",
        None,
        "Umbra Armor",
        "added",
        "Totem Armor",
        None,
        None,
        None,
    ) in changes[("2024-04-12", "2024-06-07")]


def test_lifetime_agrees_with_the_lists(shared_head_engine: Engine) -> None:
    days = sorted(day for (day,) in rows(shared_head_engine, "SELECT effective_date FROM release"))
    listed: dict[tuple, list[str]] = defaultdict(list)
    for sql, kind in (
        ("SELECT release_date, NULL, card_type FROM release_card_type", "card_type"),
        ("SELECT release_date, NULL, supertype FROM release_supertype", "supertype"),
        ("SELECT release_date, category, name FROM release_subtype", "subtype"),
        ("SELECT release_date, kind, name FROM release_keyword", None),
    ):
        for day, category, name in rows(shared_head_engine, sql):
            if kind is None:  # a keyword: its kind in the kind column, no category
                listed[(category, None, name)].append(day)
            else:
                listed[(kind, category, name)].append(day)
    lifetime = {
        (kind, category, name): rest
        for kind, category, name, *rest in rows(shared_head_engine, "SELECT * FROM v_lifetime")
    }
    assert set(lifetime) == set(listed)
    for item, item_days in listed.items():
        item_days.sort()
        after = days.index(item_days[-1]) + 1
        dropped = days[after] if after < len(days) else None
        assert lifetime[item] == [item_days[0], item_days[-1], len(item_days), dropped], item
    assert lifetime[("subtype", "creature", "Naga")][3] == "2024-06-07"


def _listed(engine: Engine) -> dict[tuple, list[str]]:
    """Each item's releases, from the per-release tables (kind, category, name) -> days."""
    listed: dict[tuple, list[str]] = defaultdict(list)
    for sql in (
        "SELECT release_date, 'card_type', NULL, card_type FROM release_card_type",
        "SELECT release_date, 'supertype', NULL, supertype FROM release_supertype",
        "SELECT release_date, 'subtype', category, name FROM release_subtype",
        "SELECT release_date, kind, NULL, name FROM release_keyword",
    ):
        for day, kind, category, name in rows(engine, sql):
            listed[(kind, category, name)].append(day)
    return listed


def test_listed_spans_are_the_runs_of_releases_listing_each_item(
    shared_head_engine: Engine,
) -> None:
    """Every run of consecutive releases that list an item, and nothing else: worked out
    here from the lists, apart from the view's window functions; the library's history
    says the same; Dog's gap (2007-10-01 to 2020-06-01: read in the official files, 205.3m
    of 2020-06-01 has no Dog, that of 2020-07-03 has) is two spans where v_lifetime has one."""
    from rulesdb.questions.lifetime import history

    days = sorted(day for (day,) in rows(shared_head_engine, "SELECT effective_date FROM release"))
    place = {day: index for index, day in enumerate(days)}
    expected = set()
    for (kind, category, name), item_days in _listed(shared_head_engine).items():
        item_days.sort()
        start = item_days[0]
        for day, following in zip(item_days, [*item_days[1:], None], strict=True):
            if following is None or place[following] != place[day] + 1:
                run = item_days[item_days.index(start) : item_days.index(day) + 1]
                after = days[place[day] + 1] if place[day] + 1 < len(days) else None
                expected.add((kind, category, name, start, day, len(run), after))
                start = following
    spans = set(rows(shared_head_engine, "SELECT * FROM v_listed_span"))
    assert spans == expected
    dog = sorted(span for span in spans if span[:3] == ("subtype", "creature", "Dog"))
    assert [span[3:] for span in dog] == [
        ("2003-12-01", "2007-09-07", 15, "2007-10-01"),
        ("2020-07-03", "2026-08-07", 42, None),
    ]
    lifetime = rows(shared_head_engine, "SELECT * FROM v_lifetime WHERE name = 'Dog'")
    assert lifetime == [("subtype", "creature", "Dog", "2003-12-01", "2026-08-07", 57, None)]
    [listing] = history(shared_head_engine, "Dog")
    assert [tuple(span.values()) for span in listing.spans] == [span[3:] for span in dog]


def test_category_size_says_not_listed_where_a_release_lists_no_such_category(
    shared_head_engine: Engine,
) -> None:
    """A count for each category a release lists; NULL (not 0) for each it could list and
    does not: exactly the library's unlisted categories (``Vocabulary.not_enumerated``),
    and beside them only those whose card types the release's own rules say have no subtypes
    (1999-11-01's "There are no subtypes for artifact cards, instant cards, or sorcery
    cards."; 2021-07-23's "Dungeon cards ... have no subtypes."), not listed all the same.
    Creature types are first listed on 2003-12-01 (378 of them)."""
    from rulesdb.questions.rulebook_texts import release_texts
    from rulesdb.vocabulary.enumeration import said_to_have_none
    from rulesdb.vocabulary.loader import load_vocabulary

    sizes = {
        (day, category): (rule, size)
        for day, category, rule, size in rows(shared_head_engine, "SELECT * FROM v_category_size")
    }
    listed = dict(
        ((day, category), rule)
        for day, category, rule in rows(
            shared_head_engine, "SELECT release_date, category, rule FROM release_category"
        )
    )
    counted: dict[tuple, int] = defaultdict(int)
    for day, category in rows(
        shared_head_engine, "SELECT release_date, category FROM release_subtype"
    ):
        counted[(day, category)] += 1
    for key, rule in listed.items():
        assert sizes[key] == (rule, counted[key]), key
    known: dict[str, set[str]] = defaultdict(set)
    for category, card_type in rows(
        shared_head_engine, "SELECT category, card_type FROM release_category_card_type"
    ):
        known[category].add(card_type)
    days = sorted(day for (day,) in rows(shared_head_engine, "SELECT effective_date FROM release"))
    said_none = []
    with shared_head_engine.connect() as connection:
        for day in days:
            unlisted = {
                category for (d, category), (rule, _) in sizes.items() if d == day and rule is None
            }
            library = set(load_vocabulary(connection, date.fromisoformat(day)).not_enumerated)
            assert library <= unlisted, day
            for category in sorted(unlisted - library):
                texts = release_texts(connection, date.fromisoformat(day))
                assert said_to_have_none(texts, known[category]), (day, category)
                said_none.append((day, category))
    assert ("1999-11-01", "artifact") in said_none and ("2021-07-23", "dungeon") in said_none
    assert sizes[("2003-10-01", "creature")] == (None, None)
    assert sizes[("2003-12-01", "creature")] == ("212.3c", 378)
    assert ("1999-04-23", "battle") not in sizes  # no battle card type yet: nothing to list


def test_the_schema_revision_makes_every_view_and_its_downgrade_leaves_nothing(
    empty_url: URL,
) -> None:
    engine = make_engine(empty_url)
    try:
        migrate.upgrade(engine, "0001_schema")
        schema = dump(engine)
        assert set(VIEWS) <= set(schema["views"])
        assert rows(engine, "SELECT COUNT(*) FROM v_release_change") == [(0,)]
        migrate.downgrade(engine, "base")
        assert dump(engine)["views"] == []
        assert set(dump(engine)["tables"]) <= {"alembic_version"}
    finally:
        engine.dispose()


PROBE = '''"""A later schema revision that replaces one view, as the docs say to.

Revision ID: 0002_probe
Revises: 0001_schema
"""

from alembic import op
from rulesdb_loaders.objects import View

revision = "0002_probe"
down_revision = "0001_schema"
branch_labels = None
depends_on = None

V_RELEASE_PAIR = View("v_release_pair", """
    SELECT r.release_date AS from_date, r.in_force_until AS to_date
    FROM v_release r WHERE r.in_force_until IS NOT NULL""", "View: each two releases.",
    {"from_date": "The older.", "to_date": "The next."})


def upgrade() -> None:
    op.replace_view(V_RELEASE_PAIR, replaces="0001_schema.V_RELEASE_PAIR")


def downgrade() -> None:
    op.replace_view(V_RELEASE_PAIR, replace_with="0001_schema.V_RELEASE_PAIR")
'''


def test_a_later_revision_replaces_one_view_without_copying_it(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Alembic's replaceable objects: the later revision names the view it replaces, the
    downgrade restores it from the revision that made it; the other views are untouched."""
    from tests.support.chain_walk import view_definitions
    from tests.support.chains import make_checkout, rulesdb
    from tests.support.databases import new_database, url_text

    checkout = make_checkout(tmp_path, head="0001_schema")
    (checkout.versions / "0002_probe.py").write_text(PROBE)
    checkout.head_file.write_text("0002_probe\n")
    url = new_database(backend, tmp_path, request)
    rulesdb(["--db", url_text(url), "upgrade", "0001_schema"], checkout.root)
    engine = make_engine(url)
    try:
        before = view_definitions(engine)
        rulesdb(["--db", url_text(url), "upgrade"], checkout.root)
        after = view_definitions(engine)
        assert after["v_release_pair"] != before["v_release_pair"]
        assert {name: sql for name, sql in after.items() if name != "v_release_pair"} == {
            name: sql for name, sql in before.items() if name != "v_release_pair"
        }
        rulesdb(["--db", url_text(url), "downgrade", "0001_schema"], checkout.root)
        assert view_definitions(engine) == before
    finally:
        engine.dispose()


IN_FORCE_ON_EACH_DAY = """
SELECT d.day, r.release_date
FROM (SELECT {first} AS day UNION ALL SELECT {second}) d
JOIN v_release r ON r.in_force_from <= d.day
  AND (r.in_force_until > d.day OR r.in_force_until IS NULL)
ORDER BY d.day"""


def test_dates_built_inside_a_query_port_as_date(shared_head_engine: Engine) -> None:
    """docs/sql.md's idiom, and the trap beside it: date('YYYY-MM-DD') in a derived table
    compares with the views' dates alike on both backends; a bare literal is text PostgreSQL
    will not compare with a date, and CAST(... AS DATE) is the number 2018 on SQLite, where
    the query then finds nothing, silently."""

    def ask(form: str) -> list[tuple]:
        return rows(
            shared_head_engine,
            IN_FORCE_ON_EACH_DAY.format(
                first=form.format("2018-01-19"), second=form.format("2021-03-01")
            ),
        )

    answer = [("2018-01-19", "2018-01-19"), ("2021-03-01", "2021-02-15")]
    assert ask("date('{}')") == answer
    if shared_head_engine.dialect.name == "postgresql":
        with pytest.raises(Exception, match="operator does not exist: date <= text"):
            ask("'{}'")
        assert ask("CAST('{}' AS DATE)") == answer
    else:
        assert ask("'{}'") == answer
        assert ask("CAST('{}' AS DATE)") == []
        assert rows(shared_head_engine, "SELECT CAST('2018-01-19' AS DATE)") == [(2018,)]
