"""The roll and the events in the admin."""

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from scoring import models
from scoring.admin.base import ReadOnlyAdmin
from scoring.validators import most_kept


@admin.register(models.Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["display_name", "member_number", "active", "user"]
    search_fields = ["display_name", "member_number"]
    list_filter = ["active"]

    def get_search_results(self, request: HttpRequest, queryset: QuerySet[Any],
                           search_term: str) -> tuple[QuerySet[Any], bool]:
        # No name is longer than the roll keeps; and SQLite refuses a LIKE pattern of 50,000 bytes, or
        # thousands of them, with an error.
        if len(search_term) > most_kept(models.Player, "display_name"):
            return queryset.none(), False
        return super().get_search_results(request, queryset, search_term)


@admin.register(models.Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "is_public"]
    prepopulated_fields = {"slug": ["name"]}
