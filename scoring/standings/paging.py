"""Query values for paging that the tables would choke on fall back to the tables' defaults."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponseBase

from scoring.parsing import MOST, small_int

MAX_PER_PAGE = 100


def clean_paging(request: HttpRequest) -> None:
    """Drop every `page` and `per_page` value (of any table's prefix) that is not a whole number in range."""
    query = request.GET.copy()
    bad = [key for key, value in query.items()
           if key.endswith(("page", "per_page")) and not _in_range(value, MAX_PER_PAGE if key.endswith("per_page")
                                                                  else None)]
    if bad:
        for key in bad:
            del query[key]
        request.GET = query  # type: ignore[assignment]


def _in_range(value: object, most: int | None) -> bool:
    number = small_int(value, most=most or MOST)
    return number is not None and number >= 1


class CleanPagingMixin:
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        clean_paging(request)
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
