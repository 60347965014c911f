"""Types that reach a user's type checker: the package ships ``py.typed``, its public names
are typed where ``import rulesdb`` finds them (no ``Any`` through the lazy
``__getattr__``), and a program using every method of ``rulesdb.open()``'s handle
(``tests/user_script.py``) passes ``mypy --strict`` with no ``Any`` in what it reveals, and
runs."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

import rulesdb
from rulesdb.handle import Rules
from tests.settings import ROOT
from tests.support.databases import url_text
from tests.support.typecheck import mypy_strict, revealed

SCRIPT = ROOT / "tests" / "user_script.py"
INIT = ROOT / "rulesdb" / "__init__.py"


def test_the_package_is_marked_typed() -> None:
    assert (ROOT / "rulesdb" / "py.typed").is_file()


def _type_checking_imports() -> dict[str, tuple[str, str]]:
    """name -> (module, attribute) of each import under ``if TYPE_CHECKING`` in rulesdb's
    ``__init__``."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    found = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        for alias in node.names:
            found[alias.asname or alias.name] = (node.module, alias.name)
    return found


def test_every_public_name_is_typed_and_the_same_at_run_time() -> None:
    """The names type checkers read (``if TYPE_CHECKING``, ``__all__``) are the names
    ``__getattr__`` loads, each the same object."""
    imported = _type_checking_imports()
    assert set(imported) == set(rulesdb._PUBLIC)
    assert set(rulesdb.__all__) == {*rulesdb._PUBLIC, "__version__"}
    for name, (module, attribute) in imported.items():
        loads, loaded = rulesdb._PUBLIC[name]
        if loaded is None:  # a module: ``from rulesdb import models``
            assert f"{module}.{attribute}" == loads, name
        else:
            assert (module, attribute) == (loads, loaded), name
        assert getattr(rulesdb, name) is not None


def _methods_called(source: str, handle: str = "rules") -> set[str]:
    return {
        node.func.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == handle
    }


def test_the_user_script_asks_every_question() -> None:
    public = {
        name
        for name, member in inspect.getmembers(Rules, inspect.isfunction)
        if not name.startswith("_") and name != "close"  # close: by ``with``
    }
    assert public - _methods_called(SCRIPT.read_text(encoding="utf-8")) == set()


@pytest.mark.full
def test_the_user_script_passes_mypy_strict_with_no_any(tmp_path: Path) -> None:
    """As a user's program: checked from outside the checkout, every answer revealed."""
    code, output = mypy_strict({"user_script.py": SCRIPT.read_text(encoding="utf-8")}, tmp_path)
    assert code == 0, output
    shown = revealed(output)
    assert len(shown) >= 30, output
    with_any = [f"line {line}: {type_}" for _, line, type_ in shown if "Any" in type_]
    assert with_any == [], "\n".join(with_any)


def test_the_user_script_runs(shared_head_url: URL) -> None:
    from tests import user_script

    user_script.main(url_text(shared_head_url))
