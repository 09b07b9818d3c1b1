"""The code stays easy to change: small packages of small modules, and short functions."""

from __future__ import annotations

import ast
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE = ROOT / "scoring"
MAX_MODULES = 12
MAX_FUNCTION_LINES = 60


def parsed(path: Path) -> ast.Module:
    """The module's syntax tree, parsed on a fresh thread: CPython 3.11's parser miscounts its recursion
    depth on a thread where a RecursionError was caught earlier (the tests of deeply nested files do)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(ast.parse, path.read_text()).result()


def modules() -> list[Path]:
    return sorted(p for p in CODE.rglob("*.py") if "migrations" not in p.parts)


def test_no_package_holds_more_than_a_dozen_modules():
    packages: dict[Path, int] = {}
    for path in modules():
        if path.name != "__init__.py":
            packages[path.parent] = packages.get(path.parent, 0) + 1
    crowded = {str(p.relative_to(ROOT)): n for p, n in packages.items() if n > MAX_MODULES}
    assert len(packages) > 5 and crowded == {}


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_function_runs_past_sixty_lines(path):
    tree = parsed(path)
    long = [f"{node.name} ({node.end_lineno - node.lineno + 1} lines)" for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert long == []


@pytest.mark.parametrize("concern", ["club", "standings", "printing", "rulings", "seeding"])
def test_each_concern_has_its_own_tests(concern):
    assert (CODE / concern / "apps.py").is_file()
    assert any((ROOT / "tests" / concern).glob("test_*.py"))
