"""The engine's public functions carry short example runs in their docstrings; they are run here, so an
example that stops being true fails the suite."""

from __future__ import annotations

import doctest
import importlib

import pytest

EXAMPLES = ["scoring.engine.scorer", "scoring.engine.interchange", "scoring.engine.explain",
            "scoring.engine.rulings.adjudicate", "scoring.engine.laws.official",
            "scoring.engine.cutting.jacks", "scoring.engine.match", "scoring.engine.laws.law",
            "scoring.engine.progressive.movement", "scoring.engine.progressive.byes",
            "scoring.engine.progressive.deals", "scoring.engine.progressive.totals"]


@pytest.mark.parametrize("module", EXAMPLES)
def test_the_examples_in_the_engines_docstrings_hold(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
