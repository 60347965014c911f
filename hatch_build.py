"""The wheel ships the embedded default already built: this hook runs the same Alembic chain a
first command would (rulesdb.store.migrate.upgrade, from empty to head) and puts the file in
the wheel as rulesdb/_data/rulesdb.sqlite3 (its SHA-256 in the wheel's RECORD, which pip
checks on install), rewritten by VACUUM INTO so that two builds from one commit ship the same
bytes (rulesdb.store.shipped.build_shipped; hatchling's own wheel is reproducible: fixed zip
times, SOURCE_DATE_EPOCH when set). A first command then copies it into place
(rulesdb.store.shipped) instead of building it. Editable installs and the sdist ship none: a
checkout builds the default through the chain as before.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SHIPPED = "rulesdb/_data/rulesdb.sqlite3"


class ShipTheDefault(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        folder = Path(tempfile.mkdtemp(prefix="rulesdb-wheel-"))
        self._folder = folder
        path = folder / "rulesdb.sqlite3"
        sys.path.insert(0, self.root)  # this source tree's rulesdb and migrations
        try:
            from rulesdb.store.shipped import build_shipped

            build_shipped(path)  # byte for byte the same from one commit
        finally:
            sys.path.remove(self.root)
        build_data["force_include"][str(path)] = SHIPPED

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder is not None:
            for file in folder.iterdir():
                file.unlink()
            folder.rmdir()
