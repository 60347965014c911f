"""`rulesdb export`: MTGJSON's CardTypes.json structure and Scryfall's catalogs, any release."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.cli import cli
from rulesdb.errors import RulesdbError
from rulesdb.questions import listings as queries
from rulesdb.questions.export import export, export_all_releases
from rulesdb.store.engine import make_engine
from tests.support.databases import url_text

SUPERTYPES = ["Basic", "Legendary", "Ongoing", "Snow", "World"]


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_mtgjson_card_types_structure(shared_head_engine: Engine) -> None:
    document = export(shared_head_engine, date(2024, 6, 7), "mtgjson")
    assert list(document) == ["meta", "data"]
    assert document["meta"] == {"date": "2024-06-07", "version": "0.1.0+20240607"}
    data = document["data"]
    names = [row["name"] for row in queries.card_types(shared_head_engine, date(2024, 6, 7))]
    # MTGJSON has no dungeon entry; every other card type of the release is a key.
    assert list(data) == sorted(set(names) - {"dungeon"})
    assert "kindred" in data and "tribal" not in data
    for card_type, entry in data.items():
        assert list(entry) == ["subTypes", "superTypes"], card_type
        assert entry["superTypes"] == SUPERTYPES
        assert entry["subTypes"] == sorted(entry["subTypes"])
    creature_types = [
        row["name"] for row in queries.subtypes(shared_head_engine, "creature", date(2024, 6, 7))
    ]
    assert data["creature"]["subTypes"] == sorted(creature_types)
    assert data["kindred"]["subTypes"] == []  # MTGJSON lists creature types under creature
    assert data["instant"]["subTypes"] == data["sorcery"]["subTypes"]
    assert "Adventure" in data["instant"]["subTypes"]
    assert data["conspiracy"]["subTypes"] == [] and data["vanguard"]["subTypes"] == []
    assert "Urza’s" in data["land"]["subTypes"]  # curly, as MTGJSON writes it
    assert "Bolas’s Meditation Realm" in data["plane"]["subTypes"]
    assert "Siege" in data["battle"]["subTypes"]


def test_mtgjson_follows_the_release(shared_head_engine: Engine) -> None:
    old = export(shared_head_engine, date(2021, 3, 1), "mtgjson")
    assert old["meta"]["date"] == "2021-02-15"
    assert "tribal" in old["data"] and "kindred" not in old["data"]
    assert "battle" not in old["data"]
    assert old["data"]["tribal"]["subTypes"] == []


def test_mtgjson_matches_the_published_shape_key_by_key(small_engine: Engine) -> None:
    """tests/fixtures/mtgjson-CardTypes.json: MTGJSON's CardTypes.json as its compiler
    (mtgjson5/compiled_classes/mtgjson_card_types.py) writes it, lists cut short. A release
    of the same era must have the same keys at every level and the same value types."""
    published = json.loads((FIXTURES / "mtgjson-CardTypes.json").read_text(encoding="utf-8"))
    ours = export(small_engine, date(2021, 3, 1), "mtgjson")
    assert list(ours) == list(published)
    assert list(ours["meta"]) == list(published["meta"])
    assert all(isinstance(value, str) for value in ours["meta"].values())
    assert list(ours["data"]) == list(published["data"])
    for card_type, entry in published["data"].items():
        assert list(ours["data"][card_type]) == list(entry), card_type
        assert ours["data"][card_type]["superTypes"] == entry["superTypes"], card_type
        assert set(entry["subTypes"]) <= set(ours["data"][card_type]["subTypes"]), card_type
        assert bool(entry["subTypes"]) == bool(ours["data"][card_type]["subTypes"]), card_type


def test_scryfall_catalogs(small_engine: Engine) -> None:
    catalogs = export(small_engine, date(2021, 3, 1), "scryfall")
    assert list(catalogs)[:2] == ["card-types", "supertypes"]
    for name, catalog in catalogs.items():
        assert list(catalog) == ["object", "uri", "total_values", "data"], name
        assert catalog["object"] == "catalog"
        assert catalog["uri"] == f"https://api.scryfall.com/catalog/{name}"
        assert catalog["total_values"] == len(catalog["data"])
        assert catalog["data"] == sorted(catalog["data"])
    categories = queries.category_names(small_engine)
    in_force = {row["category"] for row in queries.subtypes(small_engine, None, date(2021, 3, 1))}
    # The type catalogs, then the keyword catalogs (the release's rulebook is loaded).
    assert list(catalogs)[2:-3] == [
        f"{c}-types" for c in categories if c in in_force and c not in ("planar", "dungeon")
    ]
    assert list(catalogs)[-3:] == ["keyword-abilities", "keyword-actions", "ability-words"]
    assert catalogs["supertypes"]["data"] == SUPERTYPES
    assert "Tribal" in catalogs["card-types"]["data"]
    assert catalogs["creature-types"]["total_values"] == len(
        queries.subtypes(small_engine, "creature", date(2021, 3, 1))
    )
    assert "Urza's" in catalogs["land-types"]["data"]  # ASCII, as Scryfall writes it
    latest = export(small_engine, None, "scryfall")
    assert "Siege" in latest["battle-types"]["data"] and "Kindred" in latest["card-types"]["data"]
    extra = export(small_engine, None, "scryfall", all_categories=True)
    assert extra["planar-types"]["uri"] is None and extra["dungeon-types"]["uri"] is None
    assert "Bolas's Meditation Realm" in extra["planar-types"]["data"]
    assert {k: v for k, v in extra.items() if v["uri"]} == latest


def test_scryfall_matches_the_published_shape_key_by_key(small_engine: Engine) -> None:
    """tests/fixtures/scryfall-catalog-land-types.json: GET /catalog/land-types as Scryfall
    answers it (https://scryfall.com/docs/api/catalogs), Un-set types left out."""
    published = json.loads((FIXTURES / "scryfall-catalog-land-types.json").read_text())
    ours = export(small_engine, date(2021, 3, 1), "scryfall")["land-types"]
    assert list(ours) == list(published)
    assert {k: type(v) for k, v in ours.items()} == {k: type(v) for k, v in published.items()}
    assert ours["object"] == published["object"] and ours["uri"] == published["uri"]
    assert set(published["data"]) <= set(ours["data"])


@pytest.mark.slow  # every release exported
def test_all_releases_in_one_file(shared_head_engine: Engine) -> None:
    everything = export_all_releases(shared_head_engine, "scryfall")
    days = [row["effective_date"] for row in queries.releases(shared_head_engine)]
    assert list(everything) == ["releases"] and list(everything["releases"]) == days
    assert everything["releases"]["2021-02-15"] == export(
        shared_head_engine, date(2021, 3, 1), "scryfall"
    )


def test_unknown_style(small_engine: Engine) -> None:
    with pytest.raises(RulesdbError, match="unknown export style"):
        export(small_engine, None, "gatherer")


def test_cli_stdout_and_file_agree(shared_head_url: URL, tmp_path: Path) -> None:
    runner = CliRunner()
    args = [
        "--db",
        url_text(shared_head_url),
        "export",
        "--as-of",
        "2024-06-07",
        "--style",
        "mtgjson",
    ]
    printed = runner.invoke(cli, args)
    assert printed.exit_code == 0, printed.output
    target = tmp_path / "CardTypes.json"
    written = runner.invoke(cli, [*args, "-o", str(target)])
    assert written.exit_code == 0 and written.output == ""
    assert target.read_text(encoding="utf-8") == printed.output
    assert json.loads(printed.output)["meta"]["date"] == "2024-06-07"
    assert [p.name for p in tmp_path.iterdir() if p.name != "head.sqlite3"] == ["CardTypes.json"]
    missing_style = runner.invoke(cli, ["--db", url_text(shared_head_url), "export"])
    assert missing_style.exit_code == 2


def test_identical_on_both_backends(_head_sqlite: Path, _shared_head_pg: URL) -> None:
    engines = [
        make_engine(URL.create("sqlite", database=str(_head_sqlite))),
        make_engine(_shared_head_pg),
    ]
    try:
        for style in ("mtgjson", "mtgjson-keywords", "scryfall"):
            for day in (date(2019, 1, 25), date(2024, 6, 7), None):
                sqlite, postgres = (
                    json.dumps(export(engine, day, style), ensure_ascii=False) for engine in engines
                )
                assert sqlite == postgres, (style, day)
    finally:
        for engine in engines:
            engine.dispose()
