"""The secretary's rulings on disputed irregularities."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from scoring.engine.rulings import TABLES as RULING_TABLES
from scoring.models.choices import SEAT_CHOICES, SIDE_CHOICES
from scoring.models.rubbers import Hand, Rubber
from scoring.validators import printable_text


class Ruling(models.Model):
    """A secretary's ruling on a disputed irregularity, as the rulings table gave it.

    Append-only: once made, only its withdrawal (reason, time, by whom) is ever written.
    Its `effect` is applied to its hand whenever the rubber is scored, until withdrawn.
    """

    WITHDRAWAL_FIELDS = frozenset({"withdrawn_reason", "withdrawn_at", "withdrawn_by"})

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="rulings")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="rulings")
    irregularity = models.CharField(max_length=40)
    facts = models.JSONField(default=dict)
    offender = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    offender_player = models.ForeignKey("Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    election = models.CharField(max_length=40, blank=True)
    chooser = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    summary = models.TextField(validators=[printable_text], help_text="The ruling in plain words.")
    laws = models.JSONField(default=list)
    effect = models.JSONField(default=dict, help_text="The change to the hand's score, in the scorer's terms.")
    deal = models.CharField(max_length=20, default="stands")
    remedies = models.JSONField(default=list)
    too_late = models.BooleanField(default=False)
    score_before = models.JSONField(default=dict, help_text="The hand's points and the rubber's score without it.")
    score_after = models.JSONField(default=dict, help_text="The same, with the ruling applied, when it was made.")
    note = models.TextField(blank=True, validators=[printable_text],
                            help_text="What the table said, in the secretary's words.")
    request_key = models.CharField(
        max_length=40, null=True, blank=True, unique=True, editable=False,
        help_text="The wizard run that made it: a second confirmation of the same run makes no second ruling.")
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)
    withdrawn_reason = models.TextField(blank=True, validators=[printable_text])
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["made_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(withdrawn_at__isnull=True) | ~Q(withdrawn_reason=""),
                                   name="ruling_withdrawal_has_reason"),
        ]
        indexes = [models.Index(fields=["made_at", "id"], name="ruling_made_at")]  # an event's latest rulings

    def __str__(self) -> str:
        return f"Ruling {self.pk} on hand {self.hand.number}: {self.irregularity.replace('_', ' ')}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            fields = kwargs.get("update_fields")
            if fields is None or not set(fields) <= self.WITHDRAWAL_FIELDS:
                raise ValueError("A ruling is never edited; withdraw it and make a new one.")
        super().save(*args, **kwargs)

    @property
    def standing(self) -> bool:
        """Not withdrawn: the ruling applies to its hand."""
        return self.withdrawn_at is None

    @property
    def title(self) -> str:
        """The irregularity's name as the rulings table gives it."""
        for table in RULING_TABLES.values():
            if self.irregularity in table:
                return table[self.irregularity].title
        return self.irregularity.replace("_", " ")
