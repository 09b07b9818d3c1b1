"""Downloads of a table that no spreadsheet will run: a cell that a spreadsheet would read as a formula
(it begins with =, +, -, @, a tab or a carriage return, and is not a number) is written as text."""

from __future__ import annotations

import re
from typing import Any

from django_tables2.export import TableExport

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Characters an XLSX file cannot hold (openpyxl refuses them): control characters other than tab and newlines.
ILLEGAL_IN_XLSX = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def inert(value: Any) -> Any:
    """`value` as a cell that is read, never run."""
    if not isinstance(value, str):
        return value
    value = ILLEGAL_IN_XLSX.sub("", value)
    if value.startswith(FORMULA_START) and not _number(value):
        return "'" + value
    return value


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


OFFERED = ("csv", "xlsx")
"""The downloads the standings pages offer; any other `?_export=` shows the page as usual (tablib's
other formats need libraries the site does not install, or serve files the page never offers)."""


class InertTableExport(TableExport):
    @classmethod
    def is_valid_format(cls, export_format: Any) -> bool:
        return export_format in OFFERED

    def table_to_dataset(self, table: Any, exclude_columns: Any, dataset_kwargs: Any = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        rows = [tuple(inert(cell) for cell in row) for row in dataset]
        headers = [inert(h) for h in dataset.headers or []]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset
