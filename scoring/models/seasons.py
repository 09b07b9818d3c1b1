"""A season: a club's named series of nights of one format (one standings key) between two dates, added up by the
engine (`scoring.engine.season`) from each night's own standings."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

from scoring.engine.rulebook import STANDINGS, Standing
from scoring.validators import printable_line

FORMAT_CHOICES = [(key, standing.name) for key, standing in STANDINGS.items()]


class Season(models.Model):
    name = models.CharField(max_length=120, validators=[printable_line])
    slug = models.SlugField(max_length=120, unique=True)
    key = models.CharField("format", max_length=40, choices=FORMAT_CHOICES,
                           help_text="Its nights' format: every night of the season is one of these.")
    starts_on = models.DateField("first night")
    ends_on = models.DateField("last night")
    best = models.PositiveSmallIntegerField(
        "nights counted", null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(200)],
        help_text="Each player's best this many nights count; empty: every night he played.")
    qualify = models.PositiveSmallIntegerField(
        "nights to qualify", default=1, validators=[MinValueValidator(1), MaxValueValidator(200)],
        help_text="A player who played fewer nights takes no place.")
    prize_places = models.PositiveSmallIntegerField(
        "prizes for places", default=1, validators=[MinValueValidator(1), MaxValueValidator(10)],
        help_text="The champion first, then second, …")
    lone_prize = models.BooleanField("a prize for the most lone hands", default=False)
    night_prize = models.BooleanField("a prize for the best single night", default=False)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start"),
            models.CheckConstraint(condition=~Q(name=""), name="season_has_name"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season", args=[self.slug])

    @property
    def standing(self) -> Standing:
        """The format: its name, words and units."""
        return STANDINGS[self.key]
