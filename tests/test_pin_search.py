"""Where the citation gate looks for its pin (issue #52): up to the top of the git work tree;
outside one, up to the user's home when under it, else in the folder named alone: never a
shared folder above (a ``/tmp/.rulesdb.toml`` another user planted pinned every run under
/tmp)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdb.citations.pinning import find_pin

pytestmark = pytest.mark.fast


def plant(folder: Path, release: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    pin = folder / ".rulesdb.toml"
    pin.write_text(f'cr = "{release}"\n', encoding="utf-8")
    return pin


def test_a_pin_in_a_shared_folder_above_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    plant(tmp_path, "1999-04-23")  # the shared folder's, planted
    work = tmp_path / "work" / "src"
    work.mkdir(parents=True)
    (work / "a.rs").write_text("// CR 702.19\n")
    assert find_pin(work / "a.rs") is None
    mine = plant(work, "2026-08-07")  # the folder named: read
    found = find_pin(work / "a.rs")
    assert found is not None and found.file == mine and found.value == "2026-08-07"


def test_in_a_work_tree_the_search_stops_at_its_top(tmp_path: Path) -> None:
    plant(tmp_path, "1999-04-23")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    deep = repo / "a" / "b"
    deep.mkdir(parents=True)
    assert find_pin(deep) is None
    top = plant(repo, "2024-06-07")
    found = find_pin(deep)
    assert found is not None and found.file == top


def test_under_home_the_search_reaches_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    plant(tmp_path, "1999-04-23")
    pin = plant(home, "2024-06-07")
    deep = home / "notes" / "mtg"
    deep.mkdir(parents=True)
    found = find_pin(deep)
    assert found is not None and found.file == pin
