"""The secretary's rulings in the admin."""

from django.contrib import admin

from scoring import models
from scoring.admin.base import ReadOnlyAdmin


@admin.register(models.Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "hand", "irregularity", "made_at", "withdrawn_at"]
