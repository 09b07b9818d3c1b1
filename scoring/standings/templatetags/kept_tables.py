"""`{% kept_table table key %}`: a standings table rendered once for each version of its rows.

Drawing a table's cells is most of a standings page's time once its rows come from the cache; the rows'
results version (with the page's own address, which names its sorting and paging) says when the drawing would
differ, so the drawn table is kept beside the rows.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django_tables2 import Table

from scoring.standings import cache

register = template.Library()


@register.simple_tag(takes_context=True)
def kept_table(context: template.Context, table: Any, version: Any) -> SafeString:
    """The table drawn, from the cache when `version` of its rows was drawn at this address before. With no
    version (an address the page does not read), or values the table reads otherwise than they are written
    (an unknown column to sort by, a page past the last), it is drawn afresh and not kept: the links it draws
    carry the address's values, and one visitor's stray values are neither kept nor handed to the next."""
    request = context["request"]

    def drawn() -> str:
        return str(table.as_html(request))

    # The links a table draws carry every table's values: each must be read as written.
    page_tables = [value for value in context.flatten().values() if isinstance(value, Table)]
    if version is None or not all(as_read(each, request.GET) for each in page_tables):
        return mark_safe(drawn())  # the table's own escaped HTML
    key = ("table", type(table).__name__, table.prefix, request.user.is_authenticated, request.get_full_path())
    return mark_safe(cache.kept(key, version, drawn))


def as_read(table: Any, query: Any) -> bool:
    """Whether the table reads its values in `query` as they are written there."""
    sort = query.get(table.prefixed_order_by_field)
    if sort is not None and sort.removeprefix("-") not in {column.name for column in table.columns
                                                          if column.orderable}:
        return False
    page = query.get(table.prefixed_page_field)
    return page is None or (table.page is not None and page == str(table.page.number))
