"""The Django admin for every model, with history."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from scoring import models


@admin.register(models.Player)
class PlayerAdmin(SimpleHistoryAdmin):
    list_display = ["display_name", "member_number", "active", "user"]
    search_fields = ["display_name", "member_number"]
    list_filter = ["active"]


@admin.register(models.Event)
class EventAdmin(SimpleHistoryAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "is_public"]
    prepopulated_fields = {"slug": ["name"]}


class HandInline(admin.TabularInline):
    model = models.Hand
    extra = 0
    fields = readonly_fields = ("number", "dealer", "result", "maker", "alone", "tricks", "ns_points", "ew_points")
    can_delete = False


@admin.register(models.Rubber)
class RubberAdmin(SimpleHistoryAdmin):
    list_display = ["pk", "event", "table_label", "played_on", "status", "ns_points", "ew_points"]
    list_filter = ["status", "event"]
    list_select_related = ["event"]
    readonly_fields = ["rubber_winner", "ns_points", "ew_points", "current_ns", "current_ew", "next_dealer",
                       "hand_count"]
    inlines = [HandInline]


class ReadOnlyAdmin(SimpleHistoryAdmin):
    """Hands, penalties and stored results change only through the services, which rescore."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(models.Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "number", "dealer", "result", "maker", "alone", "tricks"]
    list_select_related = ["rubber__event"]
    readonly_fields = ["game", "ns_points", "ew_points", "ns_after", "ew_after"]


@admin.register(models.Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ["hand", "kind", "side", "count"]


@admin.register(models.HandCorrection)
class HandCorrectionAdmin(ReadOnlyAdmin):
    list_display = ["hand", "made_at", "made_by", "reason"]


@admin.register(models.Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "hand", "irregularity", "made_at", "withdrawn_at"]


@admin.register(models.SeatChange)
class SeatChangeAdmin(SimpleHistoryAdmin):
    list_display = ["rubber", "seat", "player", "from_hand"]


@admin.register(models.GameRecord)
class GameRecordAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "number", "winner", "ns_score", "ew_score", "lap", "double", "value"]


@admin.register(models.RubberPlayerResult)
class RubberPlayerResultAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "player", "side", "points_for", "points_against", "won"]
