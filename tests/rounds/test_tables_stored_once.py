"""A round's tables and byes are stored by one path, whichever way the round is seated (a schedule made in
advance, a Swiss round paired at its start, a progressive round moved on from the one before)."""

from __future__ import annotations

import ast

from tests.test_layout import CODE, parsed

SERVICES = CODE / "rounds" / "services.py"


def built(model: str) -> list[int]:
    """The lines of scoring/rounds/services.py that build a `model` row."""
    return [node.lineno for node in ast.walk(parsed(SERVICES))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == model]


def test_a_rounds_tables_and_byes_are_built_in_one_place():
    assert len(built("RoundTable")) == 1
    assert len(built("RoundBye")) == 1
