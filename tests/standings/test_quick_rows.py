"""The standings tables' quick rows draw every cell as django-tables2's own rows draw it: the same arguments, read
once a render function rather than once a cell, and the same attributes, drawn once a column where no row changes
them."""

from __future__ import annotations

import re

import pytest
from django.test import RequestFactory
from django_tables2.rows import BoundRows
from django_tables2.utils import call_with_appropriate

from scoring.standings.quick_rows import QuickRows, called
from scoring.standings.tables import MatchStandingsTable, PartnershipTable, StandingsTable


def tags(html: str) -> str:
    return re.sub(r">\s+<", "><", html).strip()


def rows(count: int) -> list[dict]:
    return [{"rank": f"{n}=" if n % 3 else str(n), "player_id": n, "player__display_name": f"Player {n} <b>",
             "partner_id": n + 100, "partner__display_name": f"Partner {n}", "rubbers": n, "wins": n % 4,
             "losses": n % 3, "games": 2 * n, "doubles": n % 2, "scored_for": 3 * n, "scored_against": n,
             "net": (n % 5) - 2, "net_per_rubber": ((n % 5) - 2) / max(1, n), "lone": n % 2, "euchres": n % 3}
            for n in range(1, count + 1)]


@pytest.mark.parametrize("kind", [StandingsTable, PartnershipTable, MatchStandingsTable])
def test_a_table_draws_the_same_with_quick_rows_as_with_the_librarys(kind):
    request = RequestFactory().get("/standings/")
    quick = kind(rows(30))
    assert isinstance(quick.rows, QuickRows)
    stock = kind(rows(30))
    stock.rows = BoundRows(data=stock.data, table=stock, pinned_data=stock.pinned_data)
    quick.paginate(per_page=25), stock.paginate(per_page=25)
    # The same page, cell for cell and attribute for attribute, but for the white space between the tags.
    assert tags(quick.as_html(request)) == tags(stock.as_html(request))
    assert quick.as_html(request).count("<td ") == stock.as_html(request).count("<td ") == 25 * len(quick.columns)
    assert "Player 7 &lt;b&gt;" in quick.as_html(request)


def test_called_passes_what_each_function_takes_as_the_library_does():
    offered = {"value": 3, "record": {"a": 1}, "table": None}

    def value_only(value):
        return ("value", value)

    def with_keywords(value, **rest):
        return ("keywords", value, sorted(rest))

    def wants_more(value, bound_row):
        return ("never", value, bound_row)

    for render in (value_only, with_keywords, wants_more, (lambda record: record["a"]), (lambda: "none")):
        for _ in range(2):  # the second call reads what the function takes from what the first found
            assert called(render, offered) == call_with_appropriate(render, offered)


def test_a_cell_attribute_drawn_from_its_row_is_drawn_for_each_row():
    import django_tables2 as tables

    from scoring.standings.quick_rows import QuickCells

    class Numbered(QuickCells, tables.Table):
        n = tables.Column(attrs={"td": {"data-n": lambda record: record["n"], "class": "text-end"}})
        name = tables.Column(attrs={"td": {"class": "fw-bold"}})

        class Meta:
            template_name = "standings/table.html"

    request = RequestFactory().get("/standings/")
    html = Numbered([{"n": n, "name": f"Name {n}"} for n in range(5)]).as_html(request)
    assert all(f'data-n="{n}"' in html for n in range(5))
    assert html.count('class="fw-bold"') == 5
