"""Maintainer tooling on a tmp copy of the checkout: new-release, rebuild-chain, inspect.

Files are written only into tmp copies of migrations/ and seeds/; databases get the copy's
chain through RULESDB_DATA_ROOT in a subprocess (see ``rulesdb`` below).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.authoring.release import Checkout
from rulesdb.ingest.importer import import_file
from rulesdb.ingest.inspection import inspection
from tests.support import (
    ROOT,
    copy_release_chain,
    cr_file,
    cr_files,
    fingerprint,
    process_env,
    run_cli,
    run_process,
    url_text,
)

HEAD_DAY = "20260807"
NEW_TYPE = "Quokka"  # not a creature type in any release
NEW_DATE = "November 13, 2026"
NEW_REVISION = "cr_2026_11_13"
HEAD_REVISION = (ROOT / "migrations" / "HEAD").read_text().strip()  # the shipped chain's head


def make_checkout(tmp_path: Path, head: str | None = None) -> Checkout:
    """A copy of the repo's migrations/ and seeds/, optionally cut back to release `head`."""
    checkout = Checkout(copy_release_chain(tmp_path / "checkout"))
    if head:
        for path in [*checkout.versions.glob("cr_*.py"), *checkout.seeds.glob("cr_*.json")]:
            if path.stem > head:
                path.unlink()
        # Revisions that are no release (views_in_force, comments_v1, ...) followed the
        # releases just removed.
        for path in checkout.versions.glob("*.py"):
            if not path.stem.startswith(("cr_", "0")):
                path.unlink()
        checkout.set_head(head)
    return checkout


def drop_from(checkout: Checkout, first: str) -> None:
    """Remove revision ``first`` and every revision that joined the chain after it."""
    chain = checkout.chain()  # the head first
    for revision in chain[: chain.index(first) + 1]:
        (checkout.versions / f"{revision}.py").unlink()


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


def newer_release(tmp_path: Path) -> Path:
    """2026-08-07 re-dated to NEW_DATE with one more creature type."""
    text = cr_file(HEAD_DAY).read_text(encoding="utf-8")
    old = "These rules are effective as of August 7, 2026."
    assert text.count(old) == 2  # the top and the credits
    text = with_creature_type(text.replace(old, f"These rules are effective as of {NEW_DATE}."),
                              NEW_TYPE)
    path = tmp_path / "MagicCompRules-20261113.txt"
    path.write_text(text, encoding="utf-8")
    return path


# --- new-release ------------------------------------------------------------------------------


def test_head_file_twice_is_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkout = make_checkout(tmp_path)
    before = snapshot(checkout)
    for _ in range(2):
        code, out, err = run_cli(["new-release", str(cr_file(HEAD_DAY)), "--root",
                                  str(checkout.root)], capsys)
        assert (code, err) == (0, "")
        assert out == "cr_2026_08_07: unchanged (already released)\n"
        assert snapshot(checkout) == before


def test_a_date_already_in_the_chain_is_never_written_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = make_checkout(tmp_path)
    before = snapshot(checkout)
    older = cr_file("20240607")
    code, out, err = run_cli(["new-release", str(older), "--root", str(checkout.root)], capsys)
    assert (code, out, err) == (0, "cr_2024_06_07: unchanged (already released)\n", "")
    changed = tmp_path / older.name
    changed.write_text(with_creature_type(older.read_text(encoding="utf-8"), NEW_TYPE),
                       encoding="utf-8")
    code, out, err = run_cli(["new-release", str(changed), "--root", str(checkout.root)], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"rulesdb: error: {changed}: release 2024-06-07 is already in the chain and this file "
        "extracts differently; fix the file or the importer"
    ]
    assert snapshot(checkout) == before


def test_newer_file_appends_one_release(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkout = make_checkout(tmp_path)
    before = snapshot(checkout)
    newer = newer_release(tmp_path)

    code, out, err = run_cli(["new-release", str(newer), "--root", str(checkout.root)], capsys)
    assert (code, out, err) == (0, f"{NEW_REVISION}: written\n", "")
    after = snapshot(checkout)
    added = {name for name in after if name not in before}
    # The rulebook: an index, and a pack with the one text no release had (the new 205.3m).
    assert added == {f"seeds/{NEW_REVISION}.json", f"migrations/versions/{NEW_REVISION}.py",
                     f"seeds/rulebook/{NEW_REVISION}.json",
                     f"seeds/rulebook/texts/{NEW_REVISION}.json"}
    changed = {name for name in before if after[name] != before[name]}
    assert changed == {"migrations/HEAD"}
    assert checkout.head() == NEW_REVISION
    pack = json.loads(after[f"seeds/rulebook/texts/{NEW_REVISION}.json"])
    assert [NEW_TYPE in text for text, _ in pack.values()] == [True]

    revision = after[f"migrations/versions/{NEW_REVISION}.py"].decode()
    # Chained after the old head, which may be a revision that is not a release (comments_v1).
    old_head = before["migrations/HEAD"].decode().strip()
    assert f'down_revision: str | None = "{old_head}"' in revision
    assert "from rulesdb_loaders.release_v6 import" in revision  # notes, rulebook spans, keywords
    assert f'SEED = "{NEW_REVISION}.json"' in revision
    seed = json.loads(after[f"seeds/{NEW_REVISION}.json"])
    assert seed["effective_date"] == "2026-11-13"
    creature = next(c for c in seed["subtype_categories"] if c["name"] == "creature")
    previous = json.loads(before["seeds/cr_2026_08_07.json"])
    old_creature = next(c for c in previous["subtype_categories"] if c["name"] == "creature")
    assert set(creature["subtypes"]) - set(old_creature["subtypes"]) == {NEW_TYPE}

    # The same file again changes nothing.
    code, out, _ = run_cli(["new-release", str(newer), "--root", str(checkout.root)], capsys)
    assert (code, out) == (0, f"{NEW_REVISION}: unchanged (already released)\n")
    assert snapshot(checkout) == after


@pytest.mark.slow
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
        done = rulesdb(["--db", url, "subtypes", "--category", "creature", "--as-of", as_of,
                        "--format", "json"], checkout.root)
        return {row["name"] for row in json.loads(done.stdout)}

    checkout = make_checkout(tmp_path)  # head_url is at this chain's head
    old_head = checkout.head()
    url = url_text(head_url)
    before = db_dump()
    old_head = checkout.head()
    code, _, err = run_cli(["new-release", str(newer_release(tmp_path)), "--root",
                            str(checkout.root)], capsys)
    assert code == 0, err

    rulesdb(["--db", url, "upgrade"], checkout.root)
    assert NEW_TYPE in creature_types("2026-11-13")
    assert NEW_TYPE not in creature_types("2026-11-12")
    latest = creature_types("2026-11-13")
    assert latest - creature_types("2026-08-07") == {NEW_TYPE}
    done = rulesdb(["--db", url, "rule", "205.3m", "--as-of", "2026-11-13", "--format", "json"],
                   checkout.root)
    assert NEW_TYPE in json.loads(done.stdout)["text"]  # the release came with its rulebook
    done = rulesdb(["--db", url, "export", "--style", "mtgjson-keywords", "--as-of",
                    "2026-11-13"], checkout.root)  # and its keywords (release_v5)
    keywords = json.loads(done.stdout)
    assert keywords["meta"]["date"] == "2026-11-13"
    previous = rulesdb(["--db", url, "export", "--style", "mtgjson-keywords", "--as-of",
                        "2026-08-07"], checkout.root)
    assert keywords["data"] == json.loads(previous.stdout)["data"]  # only 205.3m changed

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
    code, out, err = run_cli(["new-release", str(cr_file("20250207")), "--root",
                              str(checkout.root)], capsys)
    assert (code, out, err) == (0, "cr_2025_02_07: written\n", "")
    for name in ("seeds/cr_2025_02_07.json", "migrations/versions/cr_2025_02_07.py"):
        assert (checkout.root / name).read_bytes() == (ROOT / name).read_bytes()


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

    code, out, err = run_cli(["new-release", str(cr_file("20250207")), "--root",
                              str(checkout.root)], capsys)
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
    assert report["subtypes"] == {item.category: sorted(item.names)
                                  for item in release.subtype_lists}
    assert report["basic_land_types"] == sorted(
        {name for _, names in release.basic_land_types for name in names})
    assert report == json.loads(json.dumps(inspection(release)))


def test_inspect_json_as_a_process() -> None:
    path = cr_file("20200807")
    done = rulesdb(["inspect", str(path), "--format", "json"], ROOT)
    report = json.loads(done.stdout)
    assert {"effective_date", "card_types", "supertypes", "subtypes",
            "basic_land_types"} <= set(report)
    assert report["effective_date"] == "2020-08-07"
    assert {name: len(names) for name, names in report["subtypes"].items()} == {
        "artifact": 8, "enchantment": 5, "land": 13, "planeswalker": 56, "spell": 3,
        "creature": 251, "planar": 43}
    assert report["basic_land_types"] == ["Forest", "Island", "Mountain", "Plains", "Swamp"]
    assert done.stderr == ""


# --- rebuild-chain ----------------------------------------------------------------------------


def test_rebuild_chain_reproduces_the_shipped_chain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = cr_files()
    if len(files) != 64:
        pytest.skip("needs all 64 official CR files in ../shared/cr")
    checkout = make_checkout(tmp_path)
    drop_from(checkout, "archive_rulebook")  # the archive's rulebook and what came after it
    for path in checkout.versions.glob("cr_*.py"):  # the chain before the archive joined it:
        if "release_v3" in path.read_text():  # rebuilding orders by date, which only those
            path.unlink()  # 64 releases, shipped in date order, still are
            (checkout.seeds / f"{path.stem}.json").unlink()
    checkout.set_head("0003_release_note")
    shipped = snapshot(checkout)
    for path in [*checkout.versions.glob("cr_*.py"), *checkout.seeds.glob("cr_*.json")]:
        path.unlink()  # nothing of the old chain may survive into the new one
    (checkout.root / "migrations" / "HEAD").write_text("stale\n")

    shuffled = [str(path) for path in files]
    random.Random(64).shuffle(shuffled)  # the tool orders by effective date, not by argument
    code, out, err = run_cli(["rebuild-chain", *shuffled, "--root", str(checkout.root)], capsys)
    assert (code, err) == (0, "")
    assert re.fullmatch(r"64 releases: cr_2016_07_22 \.\. cr_2026_08_07\n", out)
    assert snapshot(checkout) == shipped
