"""The engine's public functions carry short example runs in their docstrings; they are run here, so an
example that stops being true fails the suite. The examples are read from each module's source and run in the
module as loaded: where the scorer is compiled (`scoring.engine.compiled`), against the compiled functions."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ["scoring.engine.scorer", "scoring.engine.interchange", "scoring.engine.explain", "scoring.engine.worked",
            "scoring.engine.rulings.adjudicate", "scoring.engine.laws.official",
            "scoring.engine.cutting.jacks", "scoring.engine.match", "scoring.engine.laws.law",
            "scoring.engine.progressive.movement", "scoring.engine.progressive.byes",
            "scoring.engine.progressive.deals", "scoring.engine.progressive.totals",
            "scoring.engine.progressive.night", "scoring.engine.progressive.clock", "scoring.engine.season"]


def examples_of(name: str) -> list[doctest.DocTest]:
    """The docstring examples the module's source file writes (read from the source: a compiled module's functions
    are not ones doctest can search), each to run in the module as loaded."""
    source = ROOT.joinpath(*name.split(".")).with_suffix(".py")
    tree = ast.parse(source.read_text(), str(source))
    loaded = vars(importlib.import_module(name))
    parser, tests = doctest.DocTestParser(), []
    for node in [tree, *ast.walk(tree)]:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            where = getattr(node, "name", name)
            if text and ">>>" in text:
                tests.append(parser.get_doctest(text, dict(loaded), f"{name}.{where}", str(source),
                                                getattr(node, "lineno", 0)))
    return tests


@pytest.mark.parametrize("module", EXAMPLES)
def test_the_examples_in_the_engines_docstrings_hold(module):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in examples_of(module):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, result
