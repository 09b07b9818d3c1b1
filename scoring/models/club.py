"""The club's roll of players and its events."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from simple_history.models import HistoricalRecords

from scoring.engine import Rulebook
from scoring.engine.progressive import BYE_RULE, MOVES_UP, PAIRS, ROTATION, TIE_RULE, lone_bonus_rule
from scoring.engine.progressive.night import NIGHT_KEYS, NightRules, NightRulesError, read_night
from scoring.engine.rulebook import PROGRESSIVE_KEY
from scoring.engine.rulebook.terms import RUBBER_TERMS, Terms
from scoring.engine.words import sentence
from scoring.models.playing import HowWePlay
from scoring.validators import printable_line, printable_text

NAME_ON_ROLL = "A player of this name is already on the roll."
"""One name, one player, in any case: what the roll says of a name it holds already."""


class Player(models.Model):
    display_name = models.CharField(max_length=80, unique=True, validators=[printable_line])
    member_number = models.CharField(max_length=20, blank=True, validators=[printable_line])
    active = models.BooleanField(default=True)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="player")
    history = HistoricalRecords()

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.CheckConstraint(condition=~Q(display_name=""), name="player_has_name"),
            # One name, one player: "abigail ames" is Abigail Ames, and import finds her either way.
            models.UniqueConstraint(Lower("display_name"), name="player_name_unique_any_case",
                                    violation_error_message=NAME_ON_ROLL),
        ]

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])


class EventQuerySet(models.QuerySet["Event"]):
    def of_standing(self, key: str) -> EventQuerySet:
        """The events whose figures are kept under standings key `key`: every progressive night, or the other
        events of that code."""
        progressive = self.filter(mode=Event.Mode.PROGRESSIVE)
        if key == PROGRESSIVE_KEY:
            return progressive
        return self.filter(rulebook=key).exclude(pk__in=progressive.values("pk"))

    def visible_to(self, user: Any) -> EventQuerySet:
        """The events whose pages `user` may read: members read every event, the public only public ones."""
        return self if user.is_authenticated else self.filter(is_public=True)


def started_by_the_secretary(terms: Terms) -> str:
    """An event whose tables the secretary starts one by one, in its code's words ("Matches as the secretary starts
    them")."""
    return f"{terms.contests.capitalize()} as the secretary starts them"


class Event(HowWePlay):
    class Mode(models.TextChoices):
        RUBBERS = "rubbers", started_by_the_secretary(RUBBER_TERMS)
        CLUB_NIGHT = "club_night", ("A club night: tables formed as the code forms them (by cutting, or dealing "
                                    "for the jacks)")
        INDIVIDUALS = "individuals", "A tournament in rounds: partners change every round"
        PAIRS = "pairs", "A tournament in rounds: fixed pairs"
        PROGRESSIVE = "progressive", "A progressive night: each player's tally over a fixed number of deals a round"

    class Movement(models.TextChoices):
        """How a progressive night seats its rounds."""

        PROGRESSIVE = MOVES_UP, "Winners move up a table, partners change"
        ROTATION = ROTATION, "The individual rotation: a new partner every round, by the schedule"
        PAIRS = PAIRS, "Fixed pairs, meeting new pairs every round"

    name = models.CharField(max_length=120, validators=[printable_line])
    slug = models.SlugField(max_length=120, unique=True)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    notes = models.TextField(blank=True, validators=[printable_text])
    is_public = models.BooleanField("results are public", default=True,
                                    help_text="Untick to show results to logged-in members only.")
    mode = models.CharField("how it is run", max_length=20, choices=Mode.choices, default=Mode.RUBBERS)
    rounds = models.PositiveSmallIntegerField(
        "rounds", null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(63)],
        help_text="For a tournament in rounds: how many rounds are played.")
    night_rules = models.JSONField(
        "how the night is run", default=dict, blank=True,
        help_text="For an event in rounds: the deals and minutes a round, what calling time does, and a progressive "
                  "night's movement, ranking, late arrivals, lone bonus and prizes, as the engine's night rules keep "
                  "them (`scoring.engine.progressive.night`); empty for the rules' defaults.")
    season = models.ForeignKey(
        "scoring.Season", null=True, blank=True, on_delete=models.SET_NULL, related_name="nights",
        help_text="The season the night counts in (one of its own format), if any.")
    closed_at = models.DateTimeField(
        null=True, blank=True, editable=False,
        help_text="A progressive night closed by the secretary once its tallies are checked: none is corrected "
                  "after.")
    results_version = models.PositiveIntegerField(
        default=0, editable=False,
        help_text="Raised whenever a result in the event is stored again, so cached standings are never stale.")
    history = HistoricalRecords(excluded_fields=["results_version"])

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                                   name="event_ends_after_start"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.slug])

    def clean(self) -> None:
        super().clean()
        try:
            night = read_night(self.night_rules)
        except NightRulesError as exc:
            field = exc.key if exc.key in NIGHT_KEYS else "night_rules"  # the form's field of that name, or the whole
            raise ValidationError({field: ValidationError(sentence(str(exc), "."), code="night_rule")}) from None
        # Kept whole for an event in rounds, so its document says every rule it was run by; none for another.
        self.night_rules = night.document() if self.in_rounds else {}

    @property
    def night(self) -> NightRules:
        """How the event's rounds are run (the defaults for an event not in rounds)."""
        return read_night(self.night_rules)

    def get_movement_display(self) -> str:
        """How the night's rounds are seated, in words (as Django words a field's choice)."""
        return str(self.Movement(self.night.movement).label)

    @property
    def code_as_played(self) -> Rulebook:
        """The code of laws as the event plays it, with its house rules; a match with the event's game and match
        (a progressive night's deals play to no game of their own, so its code keeps the code's)."""
        return self.code if self.mode == self.Mode.PROGRESSIVE else super().playing

    @property
    def playing(self) -> Rulebook:
        """What the event's hands are scored by: its code, except that a progressive night adds up each round's
        deals and plays to no game."""
        return self.code.tallied() if self.mode == self.Mode.PROGRESSIVE else super().playing

    @property
    def progressive_rules(self) -> tuple[str, ...]:
        """The rules a progressive night states beside its rounds and standings (none for other events): the
        extra deal, the byes, and the lone player's own bonus where it gives one."""
        if not self.progressive:
            return ()
        bonus = lone_bonus_rule(self.night.lone_bonus, self.playing.points.lone_march)
        return (TIE_RULE, BYE_RULE, *([bonus] if bonus else []))

    @property
    def standing_key(self) -> str:
        """The key its figures are kept and ranked under (`STANDINGS`): every progressive night's together, or its
        code's."""
        return PROGRESSIVE_KEY if self.progressive else self.rulebook

    @property
    def in_rounds(self) -> bool:
        return self.mode in (self.Mode.INDIVIDUALS, self.Mode.PAIRS, self.Mode.PROGRESSIVE)

    @property
    def progressive(self) -> bool:
        return self.mode == self.Mode.PROGRESSIVE

    @property
    def moves_up(self) -> bool:
        """A progressive night whose rounds are seated from the results: winners up a table, partners split."""
        return self.progressive and self.night.movement == self.Movement.PROGRESSIVE

    @property
    def fixed_pairs(self) -> bool:
        """Pairs keep together all event: a tournament of fixed pairs, or a progressive night of them."""
        return self.mode == self.Mode.PAIRS or (self.progressive and self.night.movement == self.Movement.PAIRS)


class Club(HowWePlay):
    """The club's own settings, a single row: its name, the code of laws it usually plays and how, and its paper.
    New events start from them, and the home page, the laws and how scoring works open on its code."""

    name = models.CharField("the club's name", max_length=120, validators=[printable_line])
    house_rules_whatever_the_code = True  # a new event under the standard game starts from them
    history = HistoricalRecords()

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(pk=1), name="club_single_row")]

    def __str__(self) -> str:
        return self.name
