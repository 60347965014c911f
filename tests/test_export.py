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
from rulesdb.questions.export import export
from rulesdb.questions.listings import card_types, category_names, subtypes
from rulesdb.store.engine import make_engine
from tests.support import url_text

SUPERTYPES = ["Basic", "Legendary", "Ongoing", "Snow", "World"]


def test_mtgjson_card_types_structure(shared_head_engine: Engine) -> None:
    document = export(shared_head_engine, date(2024, 6, 7), "mtgjson")
    assert list(document) == ["meta", "data"]
    assert document["meta"]["date"] == "2024-06-07"
    data = document["data"]
    names = [row["name"] for row in card_types(shared_head_engine, date(2024, 6, 7))]
    assert list(data) == sorted(names) and "kindred" in data and "tribal" not in data
    for card_type, entry in data.items():
        assert list(entry) == ["subTypes", "superTypes"], card_type
        assert entry["superTypes"] == SUPERTYPES
        assert entry["subTypes"] == sorted(entry["subTypes"])
    creature_types = [row["name"].replace("’", "'") for row in
                      subtypes(shared_head_engine, "creature", date(2024, 6, 7))]
    assert data["creature"]["subTypes"] == sorted(creature_types)
    assert data["kindred"]["subTypes"] == data["creature"]["subTypes"]  # 205.3m: they share
    assert data["instant"]["subTypes"] == data["sorcery"]["subTypes"]
    assert "Adventure" in data["instant"]["subTypes"]
    assert data["conspiracy"]["subTypes"] == [] and data["vanguard"]["subTypes"] == []
    assert "Urza's" in data["land"]["subTypes"]  # ASCII apostrophe, as MTGJSON spells it
    assert "Siege" in data["battle"]["subTypes"]


def test_mtgjson_follows_the_release(shared_head_engine: Engine) -> None:
    old = export(shared_head_engine, date(2021, 3, 1), "mtgjson")
    assert old["meta"]["date"] == "2021-02-15"
    assert "tribal" in old["data"] and "kindred" not in old["data"]
    assert "battle" not in old["data"]
    assert old["data"]["tribal"]["subTypes"] == old["data"]["creature"]["subTypes"]


def test_scryfall_catalogs(shared_head_engine: Engine) -> None:
    catalogs = export(shared_head_engine, date(2021, 3, 1), "scryfall")
    assert list(catalogs)[:2] == ["card-types", "supertypes"]
    for name, catalog in catalogs.items():
        assert list(catalog) == ["object", "total_values", "data"], name
        assert catalog["object"] == "catalog"
        assert catalog["total_values"] == len(catalog["data"])
        assert catalog["data"] == sorted(catalog["data"])
    categories = category_names(shared_head_engine)
    in_force = {row["category"]
                for row in subtypes(shared_head_engine, None, date(2021, 3, 1))}
    assert list(catalogs)[2:] == [f"{c}-types" for c in categories if c in in_force]
    assert catalogs["supertypes"]["data"] == SUPERTYPES
    assert "Tribal" in catalogs["card-types"]["data"]
    assert catalogs["creature-types"]["total_values"] == len(
        subtypes(shared_head_engine, "creature", date(2021, 3, 1)))
    assert "Bolas's Meditation Realm" in catalogs["planar-types"]["data"]
    latest = export(shared_head_engine, None, "scryfall")
    assert "Siege" in latest["battle-types"]["data"] and "Kindred" in latest["card-types"]["data"]


def test_unknown_style(shared_head_engine: Engine) -> None:
    with pytest.raises(RulesdbError, match="unknown export style"):
        export(shared_head_engine, None, "gatherer")


def test_cli_stdout_and_file_agree(shared_head_url: URL, tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["--db", url_text(shared_head_url), "export", "--as-of", "2024-06-07",
            "--style", "mtgjson"]
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


def test_identical_on_both_backends(_head_sqlite: Path, _head_pg: URL) -> None:
    engines = [make_engine(URL.create("sqlite", database=str(_head_sqlite))),
               make_engine(_head_pg)]
    try:
        for style in ("mtgjson", "scryfall"):
            for day in (date(2019, 1, 25), date(2024, 6, 7), None):
                sqlite, postgres = (json.dumps(export(engine, day, style), ensure_ascii=False)
                                    for engine in engines)
                assert sqlite == postgres, (style, day)
    finally:
        for engine in engines:
            engine.dispose()
