"""Figures kept from the stored results, so that standings and a player's page read a night's worth of rows
per player rather than every rubber of the club's past.

Each table holds one player's figures in one event (with one partner, against one opponent, as a maker, or as
penalties charged): on one day (`day`), or over the whole event (`day` empty), so that an event's standings
read a row per player and partner however many rubbers it has, and the club's standings between two dates read
a night's rows. `scoring.services.kept` rewrites an event-day's rows, and
moves the event's by the difference, in the transaction that stores any of its rubbers' results;
`manage.py rebuild_totals` rewrites them all from the stored results and says whether anything differed."""

from __future__ import annotations

from typing import ClassVar

from django.db import models

from scoring.models.club import Event, Player


class Kept(models.Model):
    """What every kept row has: its event, its day (empty for the whole event) and its player."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    # The event's figures are in the units of its code, or of a progressive night's tally: rows of two codes
    # are never added together (a rubber point is not a point of a match to ten).
    code = models.CharField(max_length=40, default="", help_text="The event's standings key: its code of laws, "
                            "or the progressive tally.")
    day = models.DateField(null=True, blank=True, help_text="Empty: the player's figures over the whole event.")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    FIGURES: ClassVar[tuple[str, ...]] = ()
    """The figures a row adds up (the first counts what the row stands for: none left, no row)."""

    class Meta:
        abstract = True


def kept_indexes() -> list[models.Index]:
    """An event-day's rows (and the event's own, `day` empty) by player; a player's own rows by code and day; a
    code's rows by day, for the club's standings under it. (Each model names its own, so they are built afresh
    for each.)"""
    return [models.Index(fields=["event", "day", "player"]), models.Index(fields=["player", "code", "day"]),
            models.Index(fields=["code", "day", "player"])]


class KeptFigures(Kept):
    """One player's figures with one partner over the event's counted rubbers (of one day, or all)."""

    partner = models.ForeignKey(Player, null=True, on_delete=models.CASCADE, related_name="+")
    rubber_count = models.PositiveIntegerField(default=0)
    won_count = models.PositiveIntegerField(default=0)
    lost_count = models.PositiveIntegerField(default=0)
    games_won = models.PositiveIntegerField(default=0)
    doubles_won = models.PositiveIntegerField(default=0)
    points_for = models.PositiveIntegerField(default=0)
    points_against = models.PositiveIntegerField(default=0)
    lone_hands = models.PositiveIntegerField(default=0)
    euchres_made = models.PositiveIntegerField(default=0)

    FIGURES = ("rubber_count", "won_count", "lost_count", "games_won", "doubles_won", "points_for", "points_against",
               "lone_hands", "euchres_made")

    class Meta:
        indexes = kept_indexes()

    def __str__(self) -> str:
        return f"{self.player_id} with {self.partner_id} in {self.event_id} on {self.day}"


class KeptOpposition(Kept):
    """One player's figures against one opponent, in one event, on one day (or over the event: `day` empty),
    over its counted rubbers: what a player's page lists as his record against each opponent."""

    opponent = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    rubber_count = models.PositiveIntegerField(default=0)
    won_count = models.PositiveIntegerField(default=0)
    lost_count = models.PositiveIntegerField(default=0)
    points_for = models.PositiveIntegerField(default=0)
    points_against = models.PositiveIntegerField(default=0)

    FIGURES = ("rubber_count", "won_count", "lost_count", "points_for", "points_against")

    class Meta:
        indexes = kept_indexes()

    def __str__(self) -> str:
        return f"{self.player_id} against {self.opponent_id} in {self.event_id} on {self.day}"



class KeptMaking(Kept):
    """The hands one player made (as they scored) in one event, on one day (or over the event: `day` empty), by
    his position from the dealer and alone or not: what a player's page shows as his maker figures. Hands of
    rubbers in play count; an abandoned rubber's do not."""

    position = models.PositiveSmallIntegerField(null=True, blank=True)
    alone = models.BooleanField(default=False)
    made = models.PositiveIntegerField(default=0)
    succeeded = models.PositiveIntegerField(default=0)
    marches = models.PositiveIntegerField(default=0)
    euchred = models.PositiveIntegerField(default=0)

    FIGURES = ("made", "succeeded", "marches", "euchred")

    class Meta:
        indexes = kept_indexes()

    def __str__(self) -> str:
        return f"{self.player_id} made {self.made} in {self.event_id} on {self.day}"


class KeptCharges(Kept):
    """The penalties charged to one player's side, in one event, on one day (or over the event: `day` empty),
    in any of its rubbers: what a player's page counts as penalties against him."""

    penalties = models.PositiveIntegerField(default=0)

    FIGURES = ("penalties",)

    class Meta:
        indexes = kept_indexes()

    def __str__(self) -> str:
        return f"{self.player_id} charged {self.penalties} in {self.event_id} on {self.day}"


class KeptNight(models.Model):
    """One entry's figure on a night that counts in a season: what the night's own standings rank by first (a
    progressive night's points, byes and the lone bonus as it scores them), for the player, or for the fixed pair
    of `player` and `partner`. Rewritten with the night's results, in the same transaction
    (`scoring.standings.services.nights_keep`), so a season's table reads every night in one query."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey(Player, null=True, on_delete=models.CASCADE, related_name="+")
    figure = models.IntegerField()
    lone = models.PositiveIntegerField(default=0, help_text="The lone hands the entry made on the night.")

    class Meta:
        indexes = [models.Index(fields=["event", "player"])]

    def __str__(self) -> str:
        return f"{self.player_id} scored {self.figure} in {self.event_id}"
