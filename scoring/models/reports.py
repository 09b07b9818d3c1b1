"""Hands reported from the players' phones: table codes, reports and wrong guesses."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring.models.club import Player
from scoring.models.rubbers import Hand, Rubber
from scoring.validators import printable_line


class TableCode(models.Model):
    """The short code that lets a table's own phones report the hands of its rubber in play, and nothing else.

    It works while its rubber is in progress and until the secretary withdraws it; a rubber has at
    most one working code at a time."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="table_codes")
    code = models.CharField(max_length=12, unique=True)
    issued_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")

    class Meta:
        ordering = ["-issued_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["rubber"], condition=Q(withdrawn_at__isnull=True),
                                    name="one_working_code_per_rubber"),
        ]

    def __str__(self) -> str:
        return f"code of {self.rubber}"

    @property
    def works(self) -> bool:
        return self.withdrawn_at is None and self.rubber.status == Rubber.Status.IN_PROGRESS


class HandReport(models.Model):
    """A hand reported at the table, waiting for the other side to confirm it as the points are announced
    (law 6); once confirmed, or settled by the secretary, it is recorded as a `Hand`."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for the other side"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed by the other side"
        ACCEPTED = "accepted", "Accepted by the secretary"
        CORRECTED = "corrected", "Corrected by the secretary"
        WITHDRAWN = "withdrawn", "Withdrawn by the reporting side"
        SUPERSEDED = "superseded", "Entered by the secretary instead"
        DROPPED = "dropped", "Dropped by the secretary"

    OPEN = (Status.WAITING, Status.DISPUTED)

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="hand_reports")
    number = models.PositiveIntegerField(help_text="The hand of the rubber it reports.")
    play = models.JSONField(help_text="The hand as reported, in the interchange format.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.WAITING)
    reported_by = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    reported_phone = models.CharField(max_length=12, blank=True)
    reported_member = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                        on_delete=models.SET_NULL, related_name="+")
    reported_at = models.DateTimeField(auto_now_add=True)
    answered_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                                    help_text="The player of the other side who confirmed or disputed it.")
    answered_phone = models.CharField(max_length=12, blank=True)
    answered_member = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                        on_delete=models.SET_NULL, related_name="+")
    answered_at = models.DateTimeField(null=True, blank=True)
    dispute = models.CharField(max_length=300, blank=True, validators=[printable_line],
                               help_text="What the other side says is wrong.")
    settled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    settled_at = models.DateTimeField(null=True, blank=True)
    hand = models.OneToOneField(Hand, null=True, blank=True, on_delete=models.SET_NULL, related_name="report")
    send_key = models.CharField(max_length=32, blank=True,
                                help_text="Drawn by the phone's page: the same report sent again is this one.")

    class Meta:
        ordering = ["rubber", "number", "pk"]
        constraints = [
            # Two phones reporting the same deal at once: the second finds the first waiting.
            models.UniqueConstraint(fields=["rubber", "number"], condition=Q(status__in=["waiting", "disputed"]),
                                    name="one_open_report_per_hand"),
            models.CheckConstraint(condition=Q(number__gte=1), name="report_number_from_1"),
            models.UniqueConstraint(fields=["rubber", "send_key"], condition=~Q(send_key=""),
                                    name="one_report_per_send_key"),
        ]
        indexes = [models.Index(fields=["rubber", "status"])]

    def __str__(self) -> str:
        return f"report of hand {self.number} of rubber #{self.rubber_id}"

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN


class CodeGuess(models.Model):
    """A table code tried from an address that matched no code: counted so that guessing is throttled,
    by the address (its network, for IPv6) and by the phone that tried it."""

    address = models.CharField(max_length=45)
    phone = models.CharField(max_length=12, blank=True, help_text="The phone's short name for the evening.")
    tried_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["address", "tried_at"]), models.Index(fields=["phone", "tried_at"])]

    def __str__(self) -> str:
        return f"{self.address} at {self.tried_at:%H:%M:%S}"
