"""Rubbers, their hands and stored results in the admin."""

from django.contrib import admin

from scoring import models
from scoring.admin.base import ReadOnlyAdmin


class HandInline(admin.TabularInline):
    model = models.Hand
    extra = 0
    fields = readonly_fields = ("number", "dealer", "result", "maker", "alone", "tricks", "ns_points", "ew_points")
    can_delete = False


@admin.register(models.Rubber)
class RubberAdmin(ReadOnlyAdmin):
    list_display = ["pk", "event", "table_label", "played_on", "status", "ns_points", "ew_points"]
    list_filter = ["status", "event"]
    list_select_related = ["event"]
    readonly_fields = ["rubber_winner", "ns_points", "ew_points", "current_ns", "current_ew", "next_dealer",
                       "hand_count"]
    inlines = [HandInline]


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


@admin.register(models.SeatChange)
class SeatChangeAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "seat", "player", "from_hand"]


@admin.register(models.GameRecord)
class GameRecordAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "number", "winner", "ns_score", "ew_score", "lap", "double", "value"]


@admin.register(models.RubberPlayerResult)
class RubberPlayerResultAdmin(ReadOnlyAdmin):
    list_display = ["rubber", "player", "side", "points_for", "points_against", "won"]

