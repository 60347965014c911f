"""Every setting the test suite (and the benchmarks) read from the environment, declared once,
as rulesdb's own are in ``rulesdb.settings``: name, type, default, help.

The data folders default to ``../shared`` beside the checkout, where CI has them; a clone
without them skips the tests that need them, saying why.
"""

from __future__ import annotations

from pathlib import Path

from rulesdb.settings import Setting

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

TEST_PG: Setting[str] = Setting(
    "RULESDB_TEST_PG",
    "text",
    None,
    "A PostgreSQL database the tests connect to in order to create and drop their own; "
    "unset, the PostgreSQL tests skip (the suite touches no server it was not given).",
)
TEST_PREFIX: Setting[str] = Setting(
    "RULESDB_TEST_PREFIX",
    "text",
    "rulesdb_test_",
    "The prefix of every PostgreSQL database and role the tests and benchmarks create; "
    "they drop them again.",
)
CI: Setting[str] = Setting(
    "CI", "text", None, "true: a test that cannot reach PostgreSQL or the browser fails."
)
REQUIRE_PG: Setting[bool] = Setting(
    "RULESDB_REQUIRE_PG",
    "flag",
    False,
    "A test that cannot reach PostgreSQL fails instead of skipping.",
)
REQUIRE_BROWSER: Setting[bool] = Setting(
    "RULESDB_REQUIRE_BROWSER",
    "flag",
    False,
    "A browser test that cannot start chromium or find axe-core fails instead of skipping.",
)
CHROMIUM: Setting[Path] = Setting(
    "RULESDB_CHROMIUM", "path", Path("/usr/bin/chromium"), "The chromium the browser tests drive."
)
AXE: Setting[Path] = Setting(
    "RULESDB_AXE",
    "path",
    Path("~/.cache/rulesdb-axe/node_modules/axe-core/axe.min.js"),
    "axe-core's script, which the browser tests inject to check each page's accessibility "
    "(.ci/run installs it from npm: npm install --prefix ~/.cache/rulesdb-axe axe-core@4).",
)
CR_DIR: Setting[Path] = Setting(
    "RULESDB_CR_DIR", "path", SHARED / "cr", "The official CR files, 2016-2026."
)
ARCHIVE_DIR: Setting[Path] = Setting(
    "RULESDB_CR_ARCHIVE_DIR",
    "path",
    SHARED / "cr-archive",
    "The archived CR files, 1999-2018, bytes as archived.",
)
ARCHIVE_2_DIR: Setting[Path] = Setting(
    "RULESDB_CR_ARCHIVE_2_DIR",
    "path",
    SHARED / "cr-archive-2",
    "Clean copies of four damaged archived files, and 2003-05-26.",
)
TEST_SEED: Setting[str] = Setting(
    "RULESDB_TEST_SEED",
    "text",
    None,
    "Replays the random draw of the kill test's holds (it prints the seed it drew).",
)
EXPLORE: Setting[bool] = Setting(
    "RULESDB_TEST_EXPLORE",
    "flag",
    False,
    "Property tests draw new examples instead of the same ones every run.",
)

SETTINGS = (
    TEST_PG,
    TEST_PREFIX,
    CI,
    REQUIRE_PG,
    REQUIRE_BROWSER,
    CHROMIUM,
    AXE,
    CR_DIR,
    ARCHIVE_DIR,
    ARCHIVE_2_DIR,
    TEST_SEED,
    EXPLORE,
)


def required(setting: Setting[bool]) -> bool:
    """Whether CI (CI=true) or the setting makes a missing service a failure."""
    return (CI.value() or "").lower() == "true" or bool(setting.value())


def folder(setting: Setting[Path]) -> Path:
    value = setting.value()
    assert value is not None  # every folder setting has a default
    return value
