"""The package's stages import one way, as the contracts under ``[tool.importlinter]`` in
pyproject.toml say (docs/architecture.md): import-linter checks every import, lazy ones inside
functions included, and that no modules of one package import each other in a circle."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.settings import ROOT


def lint_imports(where: Path) -> subprocess.CompletedProcess[str]:
    """import-linter run on the package found first from ``where`` (its own process, so that
    the package this test imported does not stand in for a copy)."""
    env = {**os.environ, "PYTHONPATH": str(where)}
    command = [
        sys.executable,
        "-c",
        "import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(no_cache=True, no_logo=True))",
    ]
    return subprocess.run(command, cwd=where, env=env, capture_output=True, text=True, check=False)


def test_the_import_contracts_hold() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 3 kept, 0 broken." in run.stdout, run.stdout  # every contract read


def test_a_lazy_import_against_the_stages_is_caught(tmp_path: Path) -> None:
    """The contracts are not empty: in a copy of the package where the store imports the CLI
    inside a function, they break."""
    shutil.copytree(ROOT / "rulesdb", tmp_path / "rulesdb")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with (tmp_path / "rulesdb" / "store" / "engine.py").open("a", encoding="utf-8") as engine:
        engine.write("\n\ndef _upwards() -> None:\n    from rulesdb.cli import app  # noqa: F401\n")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "rulesdb.store is not allowed to import rulesdb.cli" in run.stdout, run.stdout


def test_a_circle_inside_a_package_is_caught(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "rulesdb", tmp_path / "rulesdb")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    util = tmp_path / "rulesdb" / "util"
    (util / "ring_a.py").write_text("from rulesdb.util import ring_b  # noqa: F401\n")
    (util / "ring_b.py").write_text("from rulesdb.util import ring_a  # noqa: F401\n")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "No import cycle among the modules of a package BROKEN" in run.stdout, run.stdout
