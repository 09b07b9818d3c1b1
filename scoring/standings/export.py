"""Downloads of a table that no spreadsheet will run, with its figures as numbers.

A CSV cell is text that a spreadsheet reads as it opens the file: one that it would read as a formula (it
begins with =, +, -, @, a tab or a carriage return, and is not a number) is written behind an apostrophe.
An XLSX cell says what it holds: a name is a string cell, which no spreadsheet runs, so it is written as it
is; a figure is a number cell, its decimals kept by the cell's number format."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django_tables2.export import TableExport
from tablib.formats._xlsx import XLSXFormat

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Characters an XLSX file cannot hold (openpyxl refuses them): control characters other than tab and newlines.
ILLEGAL_IN_XLSX = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


class Rank(int):
    """A place in the standings, a number in a download; `shared` by those level, written "4=" as on the page."""

    shared: bool

    @classmethod
    def of(cls, words: str) -> Rank:
        """The rank the standings write ("4", "4=")."""
        rank = cls(words.removesuffix("="))
        rank.shared = words.endswith("=")
        return rank

    def __str__(self) -> str:
        return f"{int(self)}{'=' if self.shared else ''}"


def inert(value: Any) -> Any:
    """`value` as a CSV cell that is read, never run."""
    if isinstance(value, Rank):
        return str(value)
    if not isinstance(value, str):
        return value
    value = ILLEGAL_IN_XLSX.sub("", value)
    if value.startswith(FORMULA_START) and not _number(value):
        return "'" + value
    return value


def xlsx_cell(value: Any) -> Any:
    """`value` as an XLSX file can hold it (written as a string cell, never a formula, by `TextXLSX`)."""
    return ILLEGAL_IN_XLSX.sub("", value) if isinstance(value, str) else value


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


OFFERED = ("csv", "xlsx")
"""The downloads the standings pages offer; any other `?_export=` shows the page as usual (tablib's
other formats need libraries the site does not install, or serve files the page never offers)."""


class TextXLSX(XLSXFormat):  # type: ignore[misc]
    """tablib's XLSX, with every text a string cell, a decimal shown to its places and a shared rank as "4=".

    openpyxl takes a text beginning with = for a formula (and "#N/A" for an error); as a string cell it is
    shown as it is and never run, so it needs no apostrophe."""

    @classmethod
    def dset_sheet(cls, dataset: Any, ws: Any, freeze_panes: bool = True, escape: bool = False) -> None:
        super().dset_sheet(dataset, ws, freeze_panes=freeze_panes, escape=escape)
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    cell.data_type = "s"
                elif isinstance(cell.value, Rank):
                    cell.number_format = '0"="' if cell.value.shared else "0"
                    cell.value = int(cell.value)
                elif isinstance(cell.value, Decimal) and cell.value.is_finite():
                    places = -int(cell.value.as_tuple().exponent)
                    cell.number_format = f"0.{'0' * places}" if places > 0 else "0"


class InertTableExport(TableExport):
    @classmethod
    def is_valid_format(cls, export_format: Any) -> bool:
        return export_format in OFFERED

    def export(self) -> Any:
        if self.format == "xlsx":
            return TextXLSX.export_set(self.dataset)
        return super().export()

    def table_to_dataset(self, table: Any, exclude_columns: Any, dataset_kwargs: Any = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        cell = xlsx_cell if self.format == "xlsx" else inert
        rows = [tuple(cell(value) for value in row) for row in dataset]
        headers = [cell(h) for h in dataset.headers or []]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset
