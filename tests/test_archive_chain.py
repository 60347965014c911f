"""The archived releases joined the chain after its head: a database at the old head gains them
with a plain upgrade, identical row for row to a fresh database, on SQLite and PostgreSQL; and
an older file found later is appended by `new-release` the same way.

The two checks on a database (each needs the heavy revisions at the top of the chain) share
other tests' walks: the old head upgraded to head is the run after the kills
(tests/test_interrupted.py), the appended older release upgraded and downgraded a stop of the
round trip's walk up the chain (tests/chain_walk.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.authoring.release import Checkout
from rulesdb.store import migrate
from tests.conftest import url_text
from tests.support import run_cli
from tests.test_archive_ingest import archive_file, imported, release_files
from tests.test_releasing import drop_from, make_checkout, snapshot

ROOT = Path(__file__).resolve().parents[1]
OLD_HEAD = "cr_2026_08_07"  # the head before the archive: notes schema and 71 releases follow
NOTES_SCHEMA = "0003_release_note"
WITH_NOTE = "MagicCompRules-20120601.txt"  # 205.2a omits phenomenon, which section 3 defines
OLDER = "MagicCompRules-20090711.txt"  # older still, appended after the one above


def pre_archive_checkout(tmp_path: Path) -> Checkout:
    """A copy of the checkout as it was before the archive joined: up to 0003_release_note,
    without the archive's releases and their rulebook (archive_rulebook and its seeds)."""
    checkout = make_checkout(tmp_path)
    drop_from(checkout, "archive_rulebook")  # the archive's rulebook and what came after it
    for path in sorted(checkout.versions.glob("cr_*.py")):
        if "release_v3" in path.read_text():
            path.unlink()
            (checkout.seeds / f"{path.stem}.json").unlink()
            (checkout.seeds / "rulebook" / f"{path.stem}.json").unlink()
            (checkout.seeds / "rulebook" / "texts" / f"{path.stem}.json").unlink(missing_ok=True)
    checkout.set_head(NOTES_SCHEMA)
    return checkout


def test_chain_is_the_shipped_chain_then_the_archive_in_date_order() -> None:
    revisions = [revision for revision, _, _ in migrate.history()]
    start = revisions.index(NOTES_SCHEMA)
    # After the old head come revisions that are no release (views, merges, the rulebook,
    # comments), then the notes' schema and the 71 archived releases, then their rulebook.
    old_head = revisions.index(OLD_HEAD)
    assert old_head < start and not any(r.startswith("cr_") for r in revisions[old_head + 1:start])
    archive = revisions[start + 1 : revisions.index("archive_rulebook")]
    assert len(archive) == 71 and archive == sorted(archive)
    assert archive[0] == "cr_1999_04_23" and archive[-1] == "cr_2018_06_08"
    # Then revisions that are no release again: the archive's rulebook, the keywords (read
    # from every rulebook present), the rulebook's membership as spans of releases.
    assert revisions[start + 72 :] == ["archive_rulebook", "keywords", "rulebook_spans"]
    assert revisions[-1] == "rulebook_spans" == migrate.head_revision()
    releases = [r for r in revisions if r.startswith("cr_")]
    assert len(releases) == len(set(releases)) == 135


def assert_seed_is_what_the_importer_extracts(path: Path) -> None:
    from rulesdb.authoring.curated import renames_in
    from rulesdb.authoring.seed import NOTES_SEED_FORMAT, seed_bytes, seed_document, sha256

    release = imported(path)
    name = f"cr_{release.effective_date:%Y_%m_%d}"
    shipped = (ROOT / "seeds" / f"{name}.json").read_bytes()
    fresh = seed_bytes(seed_document(release, renames_in(release.effective_date),
                                     NOTES_SEED_FORMAT))
    assert fresh == shipped, f"importer output for {path.name} differs from {name}.json"
    revision = (ROOT / "migrations" / "versions" / f"{name}.py").read_text()
    assert f'SEED_SHA256 = "{sha256(shipped)}"' in revision
    assert "from rulesdb_loaders.release_v3 import" in revision


def archive_release_files() -> list[Path]:
    files = release_files()
    if len(files) != 71:
        pytest.skip("needs the 71 archived releases in ../shared/cr-archive")
    return files


def test_archive_seeds_of_each_kind_are_what_the_importer_extracts_now() -> None:
    """The fast loop's sample of the check below: the first, a .docx, the last."""
    files = archive_release_files()
    for path in (files[0], next(p for p in files if p.suffix == ".docx"), files[-1]):
        assert_seed_is_what_the_importer_extracts(path)


@pytest.mark.slow  # every archived release imported again
def test_archive_seeds_are_what_the_importer_extracts_now() -> None:
    for path in archive_release_files():
        assert_seed_is_what_the_importer_extracts(path)


def test_shipped_releases_notes_are_what_the_importer_finds_now() -> None:
    from rulesdb.authoring.seed import SHIPPED_NOTES, sha256, shipped_notes_bytes
    from tests.conftest import cr_files

    files = cr_files()
    if len(files) != 64:
        pytest.skip("needs the 64 official CR files in ../shared/cr")
    shipped = (ROOT / "seeds" / SHIPPED_NOTES).read_bytes()
    assert shipped_notes_bytes([imported(path) for path in files]) == shipped
    revision = (ROOT / "migrations" / "versions" / f"{NOTES_SCHEMA}.py").read_text()
    assert f'NOTES_SHA256 = "{sha256(shipped)}"' in revision
    assert [n["release_date"] for n in json.loads(shipped)["notes"]] == [
        "2021-07-23", "2023-02-03", "2023-04-14", "2023-06-16", "2023-09-01"]


# A database at the old head upgrades to what a fresh one gets, row for row: the upgrades
# after the kills in tests/test_interrupted.py (one build from empty for both).


def test_an_older_file_is_appended_after_the_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = pre_archive_checkout(tmp_path)

    def append(name: str) -> str:
        code, out, err = run_cli(["new-release", str(archive_file(name)), "--root",
                                  str(checkout.root)], capsys)
        assert (code, err) == (0, ""), err
        return out

    assert append(WITH_NOTE) == "cr_2012_06_01: written\n"
    assert append(OLDER) == "cr_2009_07_11: written\n"
    assert checkout.head() == "cr_2009_07_11"
    noted = (checkout.versions / "cr_2012_06_01.py").read_text()
    assert f'down_revision: str | None = "{NOTES_SCHEMA}"' in noted
    assert "from rulesdb_loaders.release_v4 import" in noted  # its notes and its rulebook
    older = (checkout.versions / "cr_2009_07_11.py").read_text()
    assert 'down_revision: str | None = "cr_2012_06_01"' in older
    seed = json.loads((checkout.seeds / "cr_2012_06_01.json").read_bytes())
    assert seed["format"] == 2 and [n["kind"] for n in seed["notes"]] == [
        "card-type-disagreement"]
    # The seeds are the shipped ones: a release's seed does not depend on where it joined.
    for name in ("cr_2012_06_01.json", "cr_2009_07_11.json"):
        assert (checkout.seeds / name).read_bytes() == (ROOT / "seeds" / name).read_bytes()
    before = snapshot(checkout)
    assert append(OLDER) == "cr_2009_07_11: unchanged (already released)\n"
    assert snapshot(checkout) == before


# An older release appended after the notes schema upgrades and downgrades exactly: one
# stop of the round trip's walk up the chain (tests/chain_walk.py).


# --- README: the history section's outputs ------------------------------------------------------


def history_examples() -> list[tuple[list[str], str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## History: 1999 to today\n")
    section = text[start : text.index("\n## For Python programmers\n", start)]
    pairs = re.findall(r"```sh\n(rulesdb [^\n]+)\n```\n\n```text\n(.*?)```", section, re.DOTALL)
    assert len(pairs) == 3
    return [(command.split()[1:], output) for command, output in pairs]


def test_readme_history_prints_what_it_shows(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    for args, output in history_examples():
        code, out, err = run_cli(["--db", url_text(shared_head_url), *args], capsys)
        assert (code, err) == (0, ""), args
        assert out == output, f"README.md: `rulesdb {' '.join(args)}` prints otherwise"
