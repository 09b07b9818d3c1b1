"""A long list printed a page at a time (`RowList`, a player's rubbers): every row once, in order, whole on one
page, under the header repeated atop each page; names fitted as on every other sheet."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from scoring.printing.pdf.common import Name, build_counted, p
from scoring.printing.pdf.rows import RowList
from tests.printing.test_sheets import pdf_text

HEADER = ["Number", "Who", "Where"]
WIDTHS = [30 * mm, 80 * mm, 60 * mm]


def printed(rows: list[list[str | Name]], above: int = 0) -> tuple[list[str], int]:
    """Each page's text, and how many pages, of the list under `above` paragraphs."""
    story = [p(f"Paragraph {n} above the list.", "body") for n in range(above)]
    pdf, pages = build_counted([*story, RowList(HEADER, rows, WIDTHS)], paper="a4", title="List", label="List")
    assert len(PdfReader(io.BytesIO(pdf)).pages) == pages
    return pdf_text(pdf), pages


@pytest.mark.django_db
@pytest.mark.parametrize("above", [0, 30])
def test_every_row_is_printed_once_in_order_under_the_header_of_its_page(above):
    rows: list[list[str | Name]] = [[f"Row {n:03d}", Name(f"Player number {n}"), Name("Club room")] for n in range(150)]
    pages, count = printed(rows, above)
    assert count >= 3
    listed = [line for page in pages for line in page.splitlines() if line.startswith("Row ")]
    assert listed == [f"Row {n:03d} Player number {n} Club room" for n in range(150)]
    for page in pages:
        lines = [line for line in page.splitlines() if line]
        if any(line.startswith("Row ") for line in lines):
            first = next(i for i, line in enumerate(lines) if line.startswith("Row "))
            assert lines[first - 1] == "Number Who Where", page[:200]


@pytest.mark.django_db
def test_a_row_of_several_lines_is_kept_whole_and_reads_line_by_line():
    long = "Bartholomew Featherstonehaugh-Smythe & Wilhelmina Fotheringay-Phipps"
    rows: list[list[str | Name]] = [[f"Row {n:03d}", Name(long), Name("Upstairs\u00a0room")] for n in range(90)]
    pages, _ = printed(rows)
    text = "\n".join(pages)
    assert "Featherstonehaug h" not in text and "Featherston ehaugh" not in text  # never broken mid-word
    for n in range(90):
        assert f"Row {n:03d} " in text
    first = [line for page in pages for line in page.splitlines() if line.startswith("Row ")]
    assert all(line.endswith("room") for line in first)  # each row's first lines read across, left to right
    for page in pages:  # no row's later lines carried over to the top of the next page
        rows_on = [line for line in page.splitlines() if line.startswith(("Row ", "Number"))]
        assert not rows_on or rows_on[0].startswith("Number")


@pytest.mark.django_db
def test_an_empty_list_prints_its_header_alone():
    pages, count = printed([])
    assert count == 1 and "Number Who Where" in pages[0]
