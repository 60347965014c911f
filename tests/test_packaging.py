"""The distributions could be published as they are: `python -m build` makes an sdist and a
wheel that pass `twine check --strict`, with complete metadata and the migrations and seeds
inside; and the README's quick start, run as written in a fresh clone, installs a copy that
builds its database on first use and answers offline from any folder, refusing to make
releases inside itself (one install and one build from empty for all of that; the embedded
default's first use under concurrent first commands: tests/test_concurrency.py)."""

from __future__ import annotations

import email.parser
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.settings import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("build")]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("build", reason="needs pip install -e '.[release]' (build, twine)")
    pytest.importorskip("twine", reason="needs pip install -e '.[release]' (build, twine)")
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--wheel", "-o", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    return out


def test_sdist_and_wheel_pass_twine_check(dist: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (wheel,) = dist.glob("rulesdb-*.whl")
    (sdist,) = dist.glob("rulesdb-*.tar.gz")
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2

    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = email.parser.Parser().parsestr(
            archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        )
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".lock")]
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["Description-Content-Type"] == "text/markdown"
    classifiers = metadata.get_all("Classifier") or []
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "Topic :: Database" in classifiers
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL") or [])
    assert urls["Comprehensive Rules"] == "https://magic.wizards.com/en/rules"

    with tarfile.open(sdist) as archive:
        top = {Path(name).parts[1] for name in archive.getnames() if len(Path(name).parts) > 1}
    assert {
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "rulesdb",
        "migrations",
        "seeds",
        "tests",
    } <= top
    assert not top & {".xdg", ".venv", "dist"}
    with capsys.disabled():
        print(
            f"\n  wheel {wheel.name}: {wheel.stat().st_size:,} bytes; "
            f"sdist: {sdist.stat().st_size:,} bytes"
        )


def test_wheel_ships_migrations_and_seeds(dist: Path) -> None:
    (wheel,) = dist.glob("rulesdb-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "rulesdb/py.typed" in names  # PEP 561: a user's type checker reads its types
    data = "rulesdb/_data/"
    assert {
        data + "migrations/env.py",
        data + "migrations/HEAD",
        data + "migrations/rulesdb_loaders/schema_0001.py",
        data + "migrations/rulesdb_loaders/descriptions_0001.toml",
        data + "migrations/versions/0001_schema.py",
        data + "alembic.ini",
    } <= names
    seeds = {n for n in names if n.startswith(data + "seeds/cr_") and n.endswith(".json")}
    revisions = {n for n in names if n.startswith(data + "migrations/versions/cr_")}
    assert len(seeds) == len(revisions) == len(list((ROOT / "seeds").glob("cr_*.json")))
    assert "rulesdb/authoring/curated/renames.toml" in names
    assert data + "rulesdb.sqlite3" in names  # the default, built by the chain (hatch_build.py)


def test_quick_start_runs_as_written_in_a_fresh_clone(tmp_path: Path) -> None:
    """The README's first quick-start line, verbatim, in a clone of the committed tree, from a
    shell outside any virtual environment (it makes its own)."""
    import shutil

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = quick.split("```sh\n", 1)[1].split("```", 1)[0]
    first, second = block.splitlines()[:2]
    assert first.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install .")
    assert second == (
        "python3 -m venv .venv && . .venv/bin/activate && pip install '.[test]' && pytest"
    )
    if shutil.which("git") is None:
        pytest.skip("needs git to clone the checkout")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True, timeout=300)
    venv_bin = str(Path(sys.prefix) / "bin")
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("VIRTUAL_ENV", "RULESDB_URL", "RULESDB_DATA_ROOT", "PYTHONPATH")
    }
    env.update(PATH=path, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"))
    done = subprocess.run(
        ["bash", "-c", first], cwd=clone, env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("name ")))
    assert lines[start : start + 3] == [
        "name         category    rule",
        "-----------  ----------  ------",
        "Desert       land        205.3i",
    ]
    assert lines[-1] == "Urza’s       land        205.3i"
    assert (clone / ".venv" / "bin" / "rulesdb").is_file()
    installed_copy_answers_offline_and_makes_no_release(clone / ".venv", env, tmp_path)


def installed_copy_answers_offline_and_makes_no_release(
    venv: Path, env: dict[str, str], tmp_path: Path
) -> None:
    """The quick start's install (a wheel pip built, not an editable checkout), from any
    folder: it finds its own migrations and seeds, answers from the database it built on first
    use (the one the wheel ships, built by the whole chain at build time: copied, not built
    again) and refuses to make a release inside itself."""
    python = str(venv / "bin" / "python")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def rulesdb(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [python, "-m", "rulesdb", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=elsewhere,
            timeout=300,
        )

    located = subprocess.run(
        [python, "-c", "import rulesdb.store.paths as p; print(p.data_root())"],
        capture_output=True,
        text=True,
        env=env,
        cwd=elsewhere,
        check=True,
    )
    data = Path(located.stdout.strip())
    assert data.parts[-3:] == ("site-packages", "rulesdb", "_data"), data
    assert data.is_relative_to(venv)
    creature = rulesdb(
        "subtypes", "--category", "creature", "--as-of", "2020-08-07", "--format", "json"
    )
    assert creature.returncode == 0 and creature.stdout.count('"name"') == 251
    checked = rulesdb("check", "Merfolk", "--format", "json")
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["valid"] is True
    info = json.loads(rulesdb("info", "--format", "json").stdout)
    assert info["data_root"] == str(data) and info["at_head"] and info["default"]
    placed = Path(env["XDG_DATA_HOME"]) / "rulesdb" / "rulesdb.sqlite3"
    assert _sha256(placed) == _sha256(data / "rulesdb.sqlite3")  # the first command copied it

    before = sorted(p.name for p in data.rglob("*"))
    source = data / "seeds" / "cr_2026_08_07.json"  # any file will do
    refused = rulesdb("new-release", str(source))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("rulesdb: error: releases are made in a checkout")
    assert "RULESDB_DATA_ROOT" in refused.stderr and len(refused.stderr.splitlines()) == 1
    assert sorted(p.name for p in data.rglob("*")) == before


def _sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()
