"""Events in rounds: entrants, rounds, their tables and byes."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from scoring.engine import Seat
from scoring.engine.progressive.clock import RoundClock
from scoring.engine.progressive.night import TIME_FINISH
from scoring.models.choices import SEAT_CHOICES
from scoring.models.club import Event, Player
from scoring.models.rubbers import Correction, Rubber


class Entrant(models.Model):
    """A player entered in an event run in rounds or by cutting, with his number in its schedule."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    number = models.PositiveSmallIntegerField(
        help_text="The player's number in the schedule (pairs are 1-2, 3-4, ...), or his place in the order of "
                  "arrival on a club night.")
    present = models.BooleanField(default=True)
    gone_from = models.JSONField(default=list, blank=True,
                                 help_text="The tables where a player gone home was a candidate, and his place "
                                           "in line at each, so that undoing it restores them.")
    arrived_at = models.DateTimeField(auto_now_add=True)
    first_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A late arrival at a progressive night: the first round he is seated in.")
    last_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A player gone home from a progressive night: the last round he played; "
                                         "he is seated in none after it and his tally stays.")

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_entry_per_player_per_event"),
            models.UniqueConstraint(fields=["event", "number"], name="one_entrant_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.player} in {self.event}"

    def playing_in(self, number: int) -> bool:
        """Whether the entrant is at the night for round `number`: arrived by then and not yet gone home."""
        return ((self.first_round is None or number >= self.first_round)
                and (self.last_round is None or number <= self.last_round))


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        IN_PLAY = "in_play", "In play"
        CLOSED = "closed", "Closed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="event_rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    time_called_at = models.DateTimeField(
        null=True, blank=True, help_text="When the secretary called time, before the round's minutes ran out (or in "
                                         "a round without them).")

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"

    @property
    def clock(self) -> RoundClock:
        """The round's clock: its start, its minutes and what calling time does (the event's), and when time was
        called (reads the event)."""
        night = self.event.night
        return RoundClock(self.started_at, night.round_minutes, self.time_called_at, night.time_called == TIME_FINISH)

    @property
    def time_callable(self) -> bool:
        """Whether the secretary may call time now: the round is in play and its clock lets him."""
        return self.status == self.Status.IN_PLAY and self.clock.callable(timezone.now())


class RoundTable(models.Model):
    """Who sits where at one table of a round, and the rubber they play there once the round starts."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    north = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    first_dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    rubber = models.OneToOneField(Rubber, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="round_table")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number")]

    def __str__(self) -> str:
        return f"Table {self.number}, round {self.round.number}"

    def player_at(self, seat: Seat) -> Player:
        return {Seat.N: self.north, Seat.E: self.east, Seat.S: self.south, Seat.W: self.west}[seat]

    def player_ids(self) -> tuple[int, int, int, int]:
        """The four seated, North first (no query)."""
        return self.north_id, self.east_id, self.south_id, self.west_id


class RoundBye(models.Model):
    """A player sitting out a round: seated at no table, or at a table that never played it (the round was
    closed before it reported, and the secretary said so)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    scored = models.BooleanField(
        default=True, help_text="The round scores him as the event scores a bye (the round's average); false when "
                                "his table never played it and the secretary said it scores nothing.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="one_bye_per_player_per_round")]

    def __str__(self) -> str:
        return f"{self.player} sits out round {self.round.number}"


class TotalsCorrection(Correction):
    """A paper table's round totals entered again once they were entered: what they were, what they became, why,
    who and when (a progressive night's tallies are checked at the scorer's table after the last round)."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="totals_corrections")

    class Meta(Correction.Meta):
        constraints = [models.CheckConstraint(condition=~models.Q(reason=""), name="totals_correction_has_reason")]

    def __str__(self) -> str:
        return f"totals corrected on {self.rubber}"
