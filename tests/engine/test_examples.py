"""The example rubbers of the interchange spec, with their expected results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.engine import score_rubber
from scoring.engine.interchange import loads

DATA = Path(__file__).resolve().parent.parent / "data" / "rubbers"
EXAMPLES = sorted(p.name.removesuffix(".expected.json") for p in DATA.glob("*.expected.json"))


def test_examples_are_present():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("explain", [True, False])
def test_example_scores_as_expected(name, explain):
    report = loads((DATA / f"{name}.json").read_bytes())
    expected = json.loads((DATA / f"{name}.expected.json").read_text())
    got = score_rubber(report.hands, report.rulebook, explain=explain).to_document()
    if expected["games"] and "number" not in expected["games"][0]:  # the rulebooks' examples leave it out
        for game in got["games"]:
            assert game.pop("number") == got["games"].index(game) + 1
    assert got == expected
