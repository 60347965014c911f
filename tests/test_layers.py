"""The package's stages import one way: no cycle, and no stage imports one above it.

Every ``import`` of a ``rulesdb`` module counts, at the top of a file or inside a function
(the CLI imports its work lazily; a lazy import is still a dependency). The stages, lowest
first, and what each may import (docs/architecture.md):
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import ROOT

PACKAGE = ROOT / "rulesdb"
# Everything may import the package root (``__version__``), rulesdb.errors and
# rulesdb.settings (the environment's settings, declared once).
BASE = {"<root>", "errors", "settings"}
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "settings": set(),
    "util": set(),
    "ingest": {"util"},  # CR file -> ReleaseData
    "store": {"util"},  # engine, models, migrations runner, locks, release-in-force criterion
    "authoring": {"util", "ingest", "store"},  # ReleaseData -> seed + revision, in a checkout
    "vocabulary": {"util", "store"},  # one release's vocabulary in memory, type lines
    "questions": {"util", "store", "vocabulary"},  # the read side over SQL
    "cards": {"util", "store", "vocabulary", "questions"},  # card files checked against a release
    "citations": {"util", "store", "questions"},  # rule citations in source files, checked
    # rulesdb.open(): one read handle
    "handle": {"util", "store", "vocabulary", "questions", "citations"},
    "web": {"util", "store", "questions", "handle"},  # the Datasette face over the read side
    # the MCP server over the handle (the web's statement time limit shared)
    "assistant": {"util", "store", "questions", "handle", "web"},
    "cli": {"util", "ingest", "store", "authoring", "vocabulary", "questions", "cards",
            "citations", "web", "handle", "assistant"},
    "models": {"store"},  # the public path of the ORM models
    "__main__": {"cli"},
}
# No exception: every edge follows the stages, and there is no cycle.
EXCEPTIONS: set[tuple[str, str]] = set()
KNOWN_CYCLE_EDGES: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports(path: Path, known: set[str]) -> set[str]:
    """The rulesdb modules ``path`` imports (``from a import b`` counts a.b if it is one)."""
    found: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names = [f"{base}.{alias.name}" for alias in node.names]
            names = [name if name in known else base for name in names]
        else:
            continue
        for name in names:
            while name and name not in known:  # rulesdb.store.engine.make_engine -> module
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "<root>"


def graph() -> dict[str, set[str]]:
    known = set(modules())
    return {name: imports(path, known) - {name} for name, path in modules().items()}


def test_every_stage_has_its_rule() -> None:
    stages = {stage(name) for name in modules()} - {"<root>"}
    assert stages <= set(ALLOWED), f"a new stage needs its line in ALLOWED: {stages - set(ALLOWED)}"


def violations(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted(
        (name, target) for name, targets in edges.items() for target in targets
        if stage(target) != stage(name) and stage(name) != "<root>"
        and stage(target) not in ALLOWED[stage(name)] | BASE
        and (name, target) not in EXCEPTIONS
    )


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the current path, 2 finished

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(edges.get(name, ())):
            if state.get(target) == 1:
                found.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    return found


def test_no_stage_imports_one_above_it() -> None:
    wrong = violations(graph())
    assert wrong == [], "imports against the layering (module -> what it imports):\n" + (
        "\n".join(f"  {name} -> {target}" for name, target in wrong))


def test_no_import_cycle() -> None:
    edges = {name: {t for t in targets if (name, t) not in KNOWN_CYCLE_EDGES}
             for name, targets in graph().items()}
    found = cycles(edges)
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_checks_see_what_they_look_for() -> None:
    """No empty check: lazy imports are seen, and a wrong edge or a cycle is reported."""
    assert "rulesdb.questions.shown" in graph()["rulesdb.cli.questions"]  # inside a command
    assert violations({"rulesdb.store.engine": {"rulesdb.cli.app"}}) == [
        ("rulesdb.store.engine", "rulesdb.cli.app")]
    assert cycles({"rulesdb.util.a": {"rulesdb.util.b"}, "rulesdb.util.b": {"rulesdb.util.a"}})
