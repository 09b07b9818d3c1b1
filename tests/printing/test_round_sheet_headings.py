"""A round's score sheets under each format, four 36-character names at the table, read back from the PDF's drawing:
no word printed in a ruled table crosses one of its rules ("Points this round" over the border of its column)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.formats import FORMATS, a_table, play_on
from tests.printing.test_long_names_on_paper import Run, runs

pytestmark = pytest.mark.django_db

Rule = tuple[float, float, float]
"""A vertical rule: its x, and the y it runs from and to."""


def multiply(a: list[float], b: list[float]) -> list[float]:
    """The product of two PDF matrices [a b c d e f], `a` applied first."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def vertical_rules(page) -> list[Rule]:
    """Every vertical line stroked on the page (a table's rules), in the page's own space."""
    ctm, stack, start, found = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], [], (0.0, 0.0), []

    def at(x: float, y: float) -> tuple[float, float]:
        return x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5]

    for operands, operator in page.get_contents().operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = multiply([float(v) for v in operands], ctm)
        elif operator == b"m":
            start = at(*map(float, operands))
        elif operator == b"l":
            end = at(*map(float, operands))
            if abs(end[0] - start[0]) < 0.01 and abs(end[1] - start[1]) > 1:
                found.append((start[0], min(start[1], end[1]), max(start[1], end[1])))
            start = end
    return found


def crossing(run: Run, rules: list[Rule]) -> bool:
    return any(run.x0 < x < run.x1 and low < run.y0 and run.y1 < high for x, low, high in rules)


@pytest.mark.parametrize("form", list(FORMATS))
def test_no_word_on_a_rounds_score_sheet_crosses_a_rule(client, secretary, form):
    _, round_, rubber = a_table(form)
    play_on(rubber)
    client.force_login(secretary)
    response = client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert response.status_code == 200
    if os.environ.get("SHEETS_DIR"):  # to look at them: SHEETS_DIR=/tmp/sheets pytest ...
        Path(os.environ["SHEETS_DIR"], f"round-sheets-{form}.pdf").write_bytes(response.content)
    for number, page in enumerate(PdfReader(io.BytesIO(response.content)).pages, start=1):
        rules = vertical_rules(page)
        assert rules, number  # the sheet's tables are ruled
        assert [run.text for run in runs(page) if crossing(run, rules)] == [], (form, number)
