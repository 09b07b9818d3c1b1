"""Club nights: tables formed by cutting (laws 8-21), and the cuts as made."""

from __future__ import annotations

from django.db import models

from scoring.models.club import Event
from scoring.validators import printable_text


class ClubTable(models.Model):
    """A table of a club night, formed by cutting (laws 11-12), with its candidates in order."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="club_tables")
    number = models.PositiveSmallIntegerField()
    candidates = models.JSONField(default=list, blank=True,
                                  help_text="Player ids of the table's candidates, first in line first.")
    broken_up = models.BooleanField(default=False)
    runs = models.JSONField(default=dict, blank=True,
                            help_text="Player id to his run of consecutive rubbers here before the rubber in play, "
                                      "where the code gave a newcomer his predecessor's run.")
    formed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_club_table_per_number")]

    def __str__(self) -> str:
        return f"Table {self.number} of {self.event}"


class Cutting(models.Model):
    """A cut for tables or for cutting out, card by card as the engine logged it, so it can be shown again."""

    class Kind(models.TextChoices):
        TABLES = "tables", "Cutting for tables"
        OUT = "out", "Cutting out"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="cuttings")
    table = models.ForeignKey(ClubTable, null=True, blank=True, on_delete=models.CASCADE, related_name="cuttings")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="The site's draw, to replay it.")
    entered = models.TextField(blank=True, validators=[printable_text], help_text="The cards as cut at the table.")
    log = models.JSONField(default=list)
    outcome = models.JSONField(default=dict)
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-made_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.event}"
