"""The roll and the events in the admin."""

from django.contrib import admin

from scoring import models
from scoring.admin.base import ReadOnlyAdmin


@admin.register(models.Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["display_name", "member_number", "active", "user"]
    search_fields = ["display_name", "member_number"]
    list_filter = ["active"]


@admin.register(models.Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "is_public"]
    prepopulated_fields = {"slug": ["name"]}
