"""`{% kept_table table key %}`: a standings table rendered once for each version of its rows.

Drawing a table's cells is most of a standings page's time once its rows come from the cache; the rows'
results version (with the page's own address, which names its sorting and paging) says when the drawing would
differ, so the drawn table is kept beside the rows.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from scoring.standings import cache

register = template.Library()


@register.simple_tag(takes_context=True)
def kept_table(context: template.Context, table: Any, version: Any) -> SafeString:
    request = context["request"]

    def drawn() -> str:
        return str(table.as_html(request))

    key = ("table", type(table).__name__, table.prefix, request.user.is_authenticated, request.get_full_path())
    return mark_safe(cache.kept(key, version, drawn))  # the table's own escaped HTML
