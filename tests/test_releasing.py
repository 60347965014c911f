"""Maintainer tooling on a tmp copy of the checkout: new-release, rebuild-chain, inspect.

Files are written only into tmp copies of migrations/ and seeds/; databases get the copy's
chain through RULESDB_DATA_ROOT in a subprocess (see ``rulesdb`` below).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.authoring.release import Checkout
from rulesdb.ingest.importer import import_file
from rulesdb.ingest.inspection import inspection
from tests.settings import ROOT
from tests.support.chains import (
    HEAD_DAY,
    NEW_REVISION,
    NEW_TYPE,
    make_checkout,
    newer_release,
    rulesdb,
    snapshot,
    with_creature_type,
)
from tests.support.data import cr_file
from tests.support.databases import url_text
from tests.support.dumps import fingerprint
from tests.support.runs import run_cli
from tests.support.sources import source_file

HEAD_REVISION = (ROOT / "migrations" / "HEAD").read_text().strip()  # the shipped chain's head


# --- new-release ------------------------------------------------------------------------------


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_head_file_twice_is_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkout = make_checkout(tmp_path)
    before = snapshot(checkout)
    for _ in range(2):
        code, out, err = run_cli(
            ["new-release", str(cr_file(HEAD_DAY)), "--root", str(checkout.root)], capsys
        )
        assert (code, err) == (0, "")
        assert out == "cr_2026_08_07: unchanged (already released)\n"
        assert snapshot(checkout) == before


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_a_date_already_in_the_chain_is_never_written_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = make_checkout(tmp_path)
    before = snapshot(checkout)
    older = cr_file("20240607")
    code, out, err = run_cli(["new-release", str(older), "--root", str(checkout.root)], capsys)
    assert (code, out, err) == (0, "cr_2024_06_07: unchanged (already released)\n", "")
    changed = tmp_path / older.name
    changed.write_text(
        with_creature_type(older.read_text(encoding="utf-8"), NEW_TYPE), encoding="utf-8"
    )
    code, out, err = run_cli(["new-release", str(changed), "--root", str(checkout.root)], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"rulesdb: error: {changed}: release 2024-06-07 is already in the chain and this file "
        "extracts differently; fix the file or the importer"
    ]
    assert snapshot(checkout) == before


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_newer_file_appends_one_release(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkout = make_checkout(tmp_path)
    before = snapshot(checkout)
    newer = newer_release(tmp_path)

    code, out, err = run_cli(["new-release", str(newer), "--root", str(checkout.root)], capsys)
    assert (code, out, err) == (0, f"{NEW_REVISION}: written\n", "")
    after = snapshot(checkout)
    added = {name for name in after if name not in before}
    # Its seed, its revision, and a pack with the one text no release had (the new 205.3m).
    assert added == {
        f"seeds/{NEW_REVISION}.json",
        f"migrations/versions/{NEW_REVISION}.py",
        f"seeds/texts/{NEW_REVISION}.json",
    }
    changed = {name for name in before if after[name] != before[name]}
    assert changed == {"migrations/HEAD"}
    assert checkout.head() == NEW_REVISION
    pack = json.loads(after[f"seeds/texts/{NEW_REVISION}.json"])
    assert [NEW_TYPE in text for text, _ in pack.values()] == [True]

    revision = after[f"migrations/versions/{NEW_REVISION}.py"].decode()
    # Chained after the old head, loading through the loader of the schema below it.
    old_head = before["migrations/HEAD"].decode().strip()
    assert f'down_revision: str | None = "{old_head}"' in revision
    assert "from rulesdb_loaders.schema_0001 import load_release, unload_release" in revision
    assert f'SEED = "{NEW_REVISION}.json"' in revision
    seed = json.loads(after[f"seeds/{NEW_REVISION}.json"])
    assert seed["effective_date"] == "2026-11-13"
    # ... with its links to the release before: the one rule it rewords, 205.3m.
    assert (seed["format"], seed["lineage"]) == (
        1,
        [["205.3m", 1, "205.3m", 1, "reworded", seed["lineage"][0][5], False]],
    )
    assert seed["set"] is None  # no set curated for it: an update between sets
    assert seed["set_unknown"] is None
    creature = next(c for c in seed["subtype_categories"] if c["name"] == "creature")
    previous = json.loads(before["seeds/cr_2026_08_07.json"])
    old_creature = next(c for c in previous["subtype_categories"] if c["name"] == "creature")
    assert set(creature["subtypes"]) - set(old_creature["subtypes"]) == {NEW_TYPE}

    # The same file again changes nothing.
    code, out, _ = run_cli(["new-release", str(newer), "--root", str(checkout.root)], capsys)
    assert (code, out) == (0, f"{NEW_REVISION}: unchanged (already released)\n")
    assert snapshot(checkout) == after


@pytest.mark.slow
@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_appended_release_upgrades_and_downgrades(
    head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulesdb.store.engine import make_engine

    def db_dump() -> dict[str, object]:
        engine = make_engine(head_url)
        try:
            return fingerprint(engine)
        finally:
            engine.dispose()

    def creature_types(as_of: str) -> set[str]:
        done = rulesdb(
            [
                "--db",
                url,
                "subtypes",
                "--category",
                "creature",
                "--as-of",
                as_of,
                "--format",
                "json",
            ],
            checkout.root,
        )
        return {row["name"] for row in json.loads(done.stdout)}

    checkout = make_checkout(tmp_path)  # head_url is at this chain's head
    old_head = checkout.head()
    url = url_text(head_url)
    before = db_dump()
    old_head = checkout.head()
    code, _, err = run_cli(
        ["new-release", str(newer_release(tmp_path)), "--root", str(checkout.root)], capsys
    )
    assert code == 0, err

    rulesdb(["--db", url, "upgrade"], checkout.root)
    assert NEW_TYPE in creature_types("2026-11-13")
    assert NEW_TYPE not in creature_types("2026-11-12")
    latest = creature_types("2026-11-13")
    assert latest - creature_types("2026-08-07") == {NEW_TYPE}
    done = rulesdb(
        ["--db", url, "rule", "205.3m", "--as-of", "2026-11-13", "--format", "json"], checkout.root
    )
    assert NEW_TYPE in json.loads(done.stdout)["text"]  # the release came with its rulebook
    done = rulesdb(
        ["--db", url, "export", "--style", "mtgjson-keywords", "--as-of", "2026-11-13"],
        checkout.root,
    )  # and its keywords
    keywords = json.loads(done.stdout)
    assert keywords["meta"]["date"] == "2026-11-13"
    previous = rulesdb(
        ["--db", url, "export", "--style", "mtgjson-keywords", "--as-of", "2026-08-07"],
        checkout.root,
    )
    assert keywords["data"] == json.loads(previous.stdout)["data"]  # only 205.3m changed
    done = rulesdb(["--db", url, "rule-history", "205.3m", "--format", "json"], checkout.root)
    *_, was, new = json.loads(done.stdout)  # and its lineage: the list reworded in place
    assert (new["first_release"], new["how"], new["lineage"]) == (
        "2026-11-13",
        "reworded",
        was["lineage"],
    )

    rulesdb(["--db", url, "downgrade", old_head], checkout.root)
    assert db_dump() == before


# --- curated renames --------------------------------------------------------------------------


def kaladesh_listed_again(tmp_path: Path) -> Path:
    """2025-02-07 (Kaladesh renamed Avishkar) with Kaladesh still in 205.3n."""
    text = cr_file("20250207").read_text(encoding="utf-8")
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("205.3n "))
    assert "Kaladesh" not in lines[index] and ", Kaldheim, " in lines[index]
    lines[index] = lines[index].replace(", Kaldheim, ", ", Kaladesh, Kaldheim, ", 1)
    path = tmp_path / "MagicCompRules-20250207.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_rename_whose_old_name_is_still_listed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = make_checkout(tmp_path, head="cr_2024_11_08")
    before = snapshot(checkout)
    bad = kaladesh_listed_again(tmp_path)
    code, out, err = run_cli(["new-release", str(bad), "--root", str(checkout.root)], capsys)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert err.startswith("rulesdb: error: curated rename Kaladesh → Avishkar (2025-02-07): ")
    assert "'Kaladesh'" in err
    assert snapshot(checkout) == before

    # The real file is accepted and gives exactly the shipped revision and seed.
    code, out, err = run_cli(
        ["new-release", str(cr_file("20250207")), "--root", str(checkout.root)], capsys
    )
    assert (code, out, err) == (0, "cr_2025_02_07: written\n", "")
    for name in ("seeds/cr_2025_02_07.json", "migrations/versions/cr_2025_02_07.py"):
        assert (checkout.root / name).read_bytes() == (ROOT / name).read_bytes()


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_rename_whose_old_name_the_release_before_lacks_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = make_checkout(tmp_path, head="cr_2024_09_20")
    text = cr_file("20241108").read_text(encoding="utf-8")
    assert text.count(" Kaladesh,") == 1
    previous = tmp_path / "MagicCompRules-20241108.txt"
    previous.write_text(text.replace(" Kaladesh,", "", 1), encoding="utf-8")
    code, _, err = run_cli(["new-release", str(previous), "--root", str(checkout.root)], capsys)
    assert code == 0, err
    before = snapshot(checkout)

    code, out, err = run_cli(
        ["new-release", str(cr_file("20250207")), "--root", str(checkout.root)], capsys
    )
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "rulesdb: error: curated rename Kaladesh → Avishkar (2025-02-07): the release before "
        "does not list 'Kaladesh'"
    ]
    assert snapshot(checkout) == before


# --- inspect ----------------------------------------------------------------------------------


@pytest.mark.parametrize("day", ["20160722", "20190125", "20200807", "20231013", HEAD_DAY])
def test_inspect_json_matches_the_importer(day: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = cr_file(day)
    code, out, err = run_cli(["inspect", str(path), "--format", "json"], capsys)
    assert (code, err) == (0, "")
    report = json.loads(out)
    release = import_file(path)
    assert report["effective_date"] == release.effective_date.isoformat()
    assert report["card_types"] == sorted(release.card_types)
    assert report["supertypes"] == sorted(release.supertypes)
    assert report["subtypes"] == {
        item.category: sorted(item.names) for item in release.subtype_lists
    }
    assert report["basic_land_types"] == sorted(
        {name for _, names in release.basic_land_types for name in names}
    )
    assert report == json.loads(json.dumps(inspection(release)))


def test_inspect_json_as_a_process() -> None:
    path = cr_file("20200807")
    done = rulesdb(["inspect", str(path), "--format", "json"], ROOT)
    report = json.loads(done.stdout)
    assert {"effective_date", "card_types", "supertypes", "subtypes", "basic_land_types"} <= set(
        report
    )
    assert report["effective_date"] == "2020-08-07"
    assert {name: len(names) for name, names in report["subtypes"].items()} == {
        "artifact": 8,
        "enchantment": 5,
        "land": 13,
        "planeswalker": 56,
        "spell": 3,
        "creature": 251,
        "planar": 43,
    }
    assert report["basic_land_types"] == ["Forest", "Island", "Mountain", "Plains", "Swamp"]
    assert done.stderr == ""


# --- rebuild-chain ----------------------------------------------------------------------------


def rebuild(checkout: Checkout, revisions: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """rebuild-chain from the files of ``revisions``, given in a shuffled order."""
    files = [str(source_file(revision)) for revision in revisions]
    random.Random(len(files)).shuffle(files)  # the tool orders by effective date
    code, out, err = run_cli(["rebuild-chain", *files, "--root", str(checkout.root)], capsys)
    assert (code, err) == (0, "")
    assert out == f"{len(files)} releases: {revisions[0]} .. {revisions[-1]}\n"


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_rebuild_chain_reproduces_the_first_releases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The fast loop's sample of the check below: 1999-04-23 to 2003-06-01, eras and copies
    of every kind (a mojibake undone, U+FFFD-free copies, the second archive's 2003-05-26, the
    .rtf), from a checkout cut back there whose releases are then removed."""
    checkout = make_checkout(tmp_path, head="cr_2003_06_01")
    shipped = snapshot(checkout)
    revisions = sorted(path.stem for path in checkout.versions.glob("cr_*.py"))
    for path in [*checkout.versions.glob("cr_*.py"), *checkout.seeds.rglob("cr_*.json")]:
        path.unlink()  # nothing of the old chain may survive into the new one
    checkout.head_file.write_text("stale\n")
    rebuild(checkout, revisions, capsys)
    assert snapshot(checkout) == shipped


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_an_older_release_not_in_the_chain_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its lineage would re-link the release after it: it takes its place only by
    rebuild-chain, and new-release says so in one line, writing nothing."""
    checkout = make_checkout(tmp_path)
    before = snapshot(checkout)
    older = tmp_path / "MagicCompRules-20240501.txt"
    older.write_text(
        cr_file("20240607")
        .read_text(encoding="utf-8")
        .replace("effective as of June 7, 2024", "effective as of May 1, 2024"),
        encoding="utf-8",
    )
    code, out, err = run_cli(["new-release", str(older), "--root", str(checkout.root)], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"rulesdb: error: {older}: release 2024-05-01 is older than release 2024-06-07; each "
        "release is linked to the one before it, and an older one would re-link the one after "
        "it: put it in its place with rulesdb rebuild-chain"
    ]
    assert snapshot(checkout) == before


@pytest.mark.slow  # every release read again
@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_rebuild_chain_reproduces_the_shipped_chain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every release revision, seed and pack written again from the files is byte for byte
    the shipped one (a difference names its file), lineage, sets and merges included; a pack
    no seed reads goes."""
    checkout = make_checkout(tmp_path, head="cr_2026_08_07")
    shipped = snapshot(checkout)
    stale = checkout.seeds / "texts" / "cr_2099_01_01.json"  # a pack no release reads
    stale.write_text("{}\n")
    revisions = sorted(path.stem for path in checkout.versions.glob("cr_*.py"))
    rebuild(checkout, revisions, capsys)
    assert snapshot(checkout) == shipped


@pytest.mark.full  # a copy of the whole chain, its seeds included
def test_rebuild_chain_refuses_a_chain_with_a_later_schema_revision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Once a schema revision follows the baseline, releases are only appended."""
    checkout = make_checkout(tmp_path, head="cr_1999_11_01")
    later = checkout.versions / "0002_later.py"
    later.write_text('revision: str = "0002_later"\ndown_revision: str | None = "cr_1999_11_01"\n')
    checkout.head_file.write_text("0002_later\n")
    before = snapshot(checkout)
    code, out, err = run_cli(
        ["rebuild-chain", str(source_file("cr_1999_04_23")), "--root", str(checkout.root)], capsys
    )
    assert (code, out) == (2, "")
    assert err == (
        "rulesdb: error: the chain has schema revisions after 0001_schema "
        "(0002_later); rebuild-chain rewrites a chain of the baseline and releases "
        "only, so append releases with new-release\n"
    )
    assert snapshot(checkout) == before
