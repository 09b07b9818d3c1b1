"""`{% season_row row %}`: a season table's row drawn in one pass. A season of 40 nights of 60 players has 2,400
cells; drawn by the template's loops they were most of the page's cost each time its table changed."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scoring.standings.season_page import Cell, Row

register = template.Library()

ABSENT = ('<td class="text-end"><span aria-hidden="true">·</span><span class="visually-hidden"> did not play</span>'
          "</td>")
NO_PLACE = '<td class="rank"><span aria-hidden="true">&ndash;</span><span class="visually-hidden"> no place</span></td>'


def cell_html(cell: Cell) -> str:
    """A night's cell: his figure; bracketed, and said so to a screen reader, where it is not counted; a dot for
    a night he did not play (an absence, not a zero). A figure is a whole number: nothing in it to escape."""
    if cell.figure is None:
        return ABSENT
    if cell.counted:
        return f'<td class="text-end">{cell.figure:d}</td>'
    return (f'<td class="text-end"><span class="text-body-secondary">({cell.figure:d})</span>'
            '<span class="visually-hidden"> not counted</span></td>')


@register.simple_tag
def season_row(row: Row) -> SafeString:
    """The row: place, name (a link to the player's page; a fixed pair has none), total, nights played, then a
    cell a night."""
    name: str = escape(row.name)
    if row.player_id is not None:
        name = f'<a href="{reverse("player", args=[row.player_id])}">{name}</a>'
    place = NO_PLACE if row.place is None else f'<td class="rank">{escape(row.place_shown)}</td>'
    return mark_safe(  # the name escaped above; the rest whole numbers in fixed markup
        f'<tr data-testid="season-row">{place}<th scope="row" class="held fw-normal">{name}</th>'
        f'<td class="text-end fw-semibold">{row.total:d}</td><td class="text-end">{row.played:d}</td>'
        + "".join(cell_html(cell) for cell in row.cells) + "</tr>")
