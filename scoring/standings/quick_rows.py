"""Table rows whose cells call each column's `render` with the arguments it takes, read once for each function
rather than for every cell, and whose cells' `<td>` attributes are drawn once a column. django-tables2 reads a
render function's signature (`inspect.signature`) each time it draws a cell, and merges a column's attributes
afresh for every cell: on a standings page of 25 rows and a dozen columns, a third of the page's time. The
arguments passed and the attributes drawn, and so every cell, are the library's own."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from django_tables2.rows import BoundRow, BoundRows
from django_tables2.utils import signature

_TAKES: dict[tuple[Any, bool], tuple[tuple[str, ...], str | None]] = {}
"""What each render function takes (its arguments, and whether it takes any keyword), by the function and whether it
is bound to a table."""


def called(render: Callable[..., Any], offered: dict[str, Any]) -> Any:
    """`render` called as `django_tables2.utils.call_with_appropriate` calls it (with the offered arguments it
    names, all of them where it takes any keyword, not at all where it names one not offered)."""
    key = (getattr(render, "__func__", render), hasattr(render, "__self__"))
    takes = _TAKES.get(key)
    if takes is None:
        takes = _TAKES[key] = signature(render)
    names, any_keyword = takes
    if any_keyword:
        return render(**offered)
    if any(name not in offered for name in names):
        return None
    return render(**{name: offered[name] for name in names})


class QuickRow(BoundRow):  # type: ignore[misc]
    def _call_render(self, bound_column: Any, value: Any = None) -> Any:
        offered = self._optional_cell_arguments(bound_column, value)
        content = called(bound_column.render, offered)
        return bound_column.link(content, **offered) if bound_column.link else content

    @property
    def drawn_cells(self) -> Iterator[tuple[str, Any]]:
        """Each cell with its `<td>`'s attributes (`standings/table.html` draws them): those of a column whose
        attributes are all plain values drawn once for the table, the others for each cell as `items` gives
        them."""
        drawn: dict[str, str] = self.table.__dict__.setdefault("_td_drawn", {})
        for column, cell in self.items():
            td = drawn.get(column.name)
            if td is None:
                td = column.attrs["td"].as_html()
                if _plain(self.table.attrs) and _plain(column.column.attrs):
                    drawn[column.name] = td
            yield td, cell


def _plain(attrs: dict[str, Any]) -> bool:
    """Whether the cells' attributes in `attrs` are all plain values, none a function of the row."""
    return not any(callable(value) for key in ("cell", "td") for value in dict(attrs.get(key, {})).values())


class QuickRows(BoundRows):  # type: ignore[misc]
    def __iter__(self) -> Iterator[BoundRow]:
        yield from self.generator_pinned_row(self.pinned_data.get("top"))
        for record in self.data:
            yield QuickRow(record, table=self.table)
        yield from self.generator_pinned_row(self.pinned_data.get("bottom"))

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            return QuickRows(data=self.data[key], table=self.table, pinned_data=self.pinned_data)
        return QuickRow(record=self.data[key], table=self.table)


class QuickCells:
    """A table mixin: its rows are `QuickRows`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        table: Any = self
        table.rows = QuickRows(data=table.data, table=table, pinned_data=table.pinned_data)
