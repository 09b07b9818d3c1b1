"""The bench's scripts import one way: each runs from bench/ (its folder first on the path) and may share a sibling
module, such as `servers` or `common`, but no script reaches itself through the siblings it imports."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_layout import in_circles

BENCH = Path(__file__).resolve().parent.parent / "bench"


def bench_imports() -> dict[str, set[str]]:
    """Which of bench/'s modules each imports, at any depth (an import inside a function, or in a script's text
    run by another process, counts where it is written as an import)."""
    names = {path.stem for path in BENCH.glob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in names}
    for path in BENCH.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                graph[path.stem] |= {node.module.split(".")[0]} & names
            elif isinstance(node, ast.Import):
                graph[path.stem] |= {a.name.split(".")[0] for a in node.names} & names
        graph[path.stem].discard(path.stem)
    return graph


def test_the_bench_is_found_and_shares_its_helpers():
    graph = bench_imports()
    assert {"growth", "load", "night", "servers"} <= set(graph)
    assert "servers" in graph["load"] and "servers" in graph["night"]


def test_no_bench_script_imports_in_a_circle():
    assert in_circles(bench_imports()) == []
    assert in_circles({"load": {"night"}, "night": {"load", "servers"}, "servers": set()}) == ["load", "night"]
