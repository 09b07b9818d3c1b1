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

from scoring.engine import RULEBOOKS, SOMERSET_1888, Rulebook
from scoring.engine.interchange import house_ruled
from scoring.engine.progressive import BYE_RULE, TIE_RULE, lone_bonus_rule
from scoring.engine.rulebook import PROGRESSIVE_KEY, STANDARD, HouseRules, read_house_rules
from scoring.engine.rulebook.terms import RUBBER_TERMS, Terms
from scoring.engine.words import sentence
from scoring.models.choices import (
    GAME_CHOICES,
    MATCH_CHOICES,
    MISSED_AVERAGE,
    MISSED_CHOICES,
    PRIZE_TIES_CHOICES,
    PRIZE_TIES_SHARE,
    RANKING_CHOICES,
    RANKING_DEFAULT,
    RULEBOOK_CHOICES,
    TIME_CALLED_CHOICES,
    TIME_FINISH,
)
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


def choices_check(rulebook: str, game_points: int | None, games: int | None) -> None:
    """The game and the match must be ones the code allows (the rulebook says which); raises ValidationError
    on the field at fault."""
    code = RULEBOOKS.get(rulebook)
    if code is None:
        return  # the field's own choices say so
    for name, choice in (("game_points", (game_points, None)), ("games", (game_points, games))):
        try:
            code.playing(*choice)
        except ValueError as exc:
            raise ValidationError({name: sentence(str(exc), ".")}) from None


def house_rules_check(rulebook: str, house_rules: Any) -> None:
    """House rules only under a code that takes them (the standard game), each rule with one of its own values;
    raises ValidationError on `house_rules`."""
    code = RULEBOOKS.get(rulebook)
    if code is None or not house_rules:
        return
    try:
        house_ruled(code, house_rules)
    except ValueError as exc:
        raise ValidationError({"house_rules": sentence(str(exc), ".")}) from None


def house_of(house_rules: Any) -> HouseRules:
    """The house rules a stored row keeps (checked when it was saved)."""
    return read_house_rules(house_rules or None)


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


class Event(models.Model):
    class PaperSize(models.TextChoices):
        LETTER = "letter", "Letter"
        A4 = "a4", "A4"

    class Mode(models.TextChoices):
        RUBBERS = "rubbers", started_by_the_secretary(RUBBER_TERMS)
        CLUB_NIGHT = "club_night", ("A club night: tables formed as the code forms them (by cutting, or dealing "
                                    "for the jacks)")
        INDIVIDUALS = "individuals", "A tournament in rounds: partners change every round"
        PAIRS = "pairs", "A tournament in rounds: fixed pairs"
        PROGRESSIVE = "progressive", "A progressive night: each player's tally over a fixed number of deals a round"

    class Movement(models.TextChoices):
        """How a progressive night seats its rounds."""

        PROGRESSIVE = "progressive", "Winners move up a table, partners change"
        ROTATION = "rotation", "The individual rotation: a new partner every round, by the schedule"
        PAIRS = "pairs", "Fixed pairs, meeting new pairs every round"

    name = models.CharField(max_length=120, validators=[printable_line])
    slug = models.SlugField(max_length=120, unique=True)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    rulebook = models.CharField("code of laws", max_length=40, choices=RULEBOOK_CHOICES, default=SOMERSET_1888.key)
    game_points = models.PositiveSmallIntegerField(
        "game", null=True, blank=True, choices=GAME_CHOICES,
        help_text="Points to win a game, where the code lets a club choose; empty for the code's own.")
    games = models.PositiveSmallIntegerField(
        "match", null=True, blank=True, choices=MATCH_CHOICES,
        help_text="A single game or the best of three, where the code lets a club choose (Somerset plays rubbers).")
    house_rules = models.JSONField(
        default=dict, blank=True,
        help_text="The standard game's house rules the event is played with, as a document keeps them; fixed with "
                  "its code once a rubber is played.")
    notes = models.TextField(blank=True, validators=[printable_text])
    is_public = models.BooleanField("results are public", default=True,
                                    help_text="Untick to show results to logged-in members only.")
    paper_size = models.CharField(max_length=10, choices=PaperSize.choices, default=PaperSize.LETTER)
    mode = models.CharField("how it is run", max_length=20, choices=Mode.choices, default=Mode.RUBBERS)
    rounds = models.PositiveSmallIntegerField(
        "rounds", null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(63)],
        help_text="For a tournament in rounds: how many rounds are played.")
    deal_limit = models.PositiveSmallIntegerField(
        "deals a round", null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(200)],
        help_text="Optional: a rubber of a round stops after this many deals, the score as it stands.")
    round_minutes = models.PositiveSmallIntegerField(
        "minutes a round", null=True, blank=True, validators=[MinValueValidator(5), MaxValueValidator(600)],
        help_text="Optional: the time a round is given; the room counts it down and the secretary calls time.")
    time_called = models.CharField(
        "when time is called", max_length=10, choices=TIME_CALLED_CHOICES, default=TIME_FINISH,
        help_text="For a tournament in rounds: a table still playing when time is up finishes the deal in play, "
                  "or stops at once.")
    movement = models.CharField(
        max_length=12, choices=Movement.choices, default=Movement.PROGRESSIVE,
        help_text="For a progressive night.")
    ranking = models.CharField(
        "ranked", max_length=20, choices=RANKING_CHOICES, default=RANKING_DEFAULT,
        help_text="For a progressive night.")
    missed_rounds = models.CharField(
        "rounds a late arrival missed", max_length=10, choices=MISSED_CHOICES, default=MISSED_AVERAGE,
        help_text="For a progressive night: what each round a late arrival missed scores him.")
    lone_bonus = models.PositiveSmallIntegerField(
        "the lone player's own bonus", default=0, validators=[MaxValueValidator(4)],
        help_text="For a progressive night: points a lone player's tally takes beyond his partner's for a lone "
                  "march (1 gives him 5 and his partner 4 under the standard game); 0 for none.")
    prize_places = models.PositiveSmallIntegerField(
        "prizes for places", default=1, validators=[MinValueValidator(1), MaxValueValidator(10)],
        help_text="For a progressive night: how many places take a prize (first, second, ...).")
    lone_prize = models.BooleanField(
        "a prize for the most lone hands", default=True,
        help_text="For a progressive night: given only when somebody made a lone hand.")
    round_prize = models.BooleanField(
        "a prize for the best single round", default=False, help_text="For a progressive night.")
    one_prize_each = models.BooleanField(
        "one prize a person", default=True,
        help_text="For a progressive night: a player holding a prize takes no other; the next in line does.")
    prize_ties = models.CharField(
        "players level for a prize", max_length=10, choices=PRIZE_TIES_CHOICES, default=PRIZE_TIES_SHARE,
        help_text="For a progressive night: after the tie-breaks, level players share the prize, or the site draws.")
    low_prize = models.BooleanField(
        "a prize for the lowest score", default=False,
        help_text="For a progressive night: named on the wall and the standings.")
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
        choices_check(self.rulebook, self.game_points, self.games)
        house_rules_check(self.rulebook, self.house_rules)

    @property
    def house(self) -> HouseRules:
        return house_of(self.house_rules)

    @property
    def code_as_played(self) -> Rulebook:
        """The code of laws as the event plays it, with its house rules; a match with the event's game and match
        (a progressive night's deals play to no game of their own, so its code keeps the code's)."""
        code = RULEBOOKS[self.rulebook]
        if self.house_rules:
            code = code.housed(self.house)
        return code if self.mode == self.Mode.PROGRESSIVE else code.playing(self.game_points, self.games)

    @property
    def playing(self) -> Rulebook:
        """What the event's hands are scored by: its code, except that a progressive night adds up each round's
        deals and plays to no game."""
        return self.code_as_played.tallied() if self.mode == self.Mode.PROGRESSIVE else self.code_as_played

    @property
    def progressive_rules(self) -> tuple[str, ...]:
        """The rules a progressive night states beside its rounds and standings (none for other events): the
        extra deal, the byes, and the lone player's own bonus where it gives one."""
        if not self.progressive:
            return ()
        bonus = lone_bonus_rule(self.lone_bonus, self.playing.lone_march)
        return (TIE_RULE, BYE_RULE, *([bonus] if bonus else []))

    @property
    def in_rounds(self) -> bool:
        return self.mode in (self.Mode.INDIVIDUALS, self.Mode.PAIRS, self.Mode.PROGRESSIVE)

    @property
    def progressive(self) -> bool:
        return self.mode == self.Mode.PROGRESSIVE

    @property
    def moves_up(self) -> bool:
        """A progressive night whose rounds are seated from the results: winners up a table, partners split."""
        return self.progressive and self.movement == self.Movement.PROGRESSIVE

    @property
    def fixed_pairs(self) -> bool:
        """Pairs keep together all event: a tournament of fixed pairs, or a progressive night of them."""
        return self.mode == self.Mode.PAIRS or (self.progressive and self.movement == self.Movement.PAIRS)


class Club(models.Model):
    """The club's own settings, a single row: its name, the code of laws it usually plays and how, and its paper.
    New events start from them, and the home page, the laws and how scoring works open on its code."""

    name = models.CharField("the club's name", max_length=120, validators=[printable_line])
    rulebook = models.CharField("usual code of laws", max_length=40, choices=RULEBOOK_CHOICES,
                                default=SOMERSET_1888.key)
    game_points = models.PositiveSmallIntegerField(
        "usual game", null=True, blank=True, choices=GAME_CHOICES,
        help_text="Points to win a game, where the code lets a club choose; empty for the code's own.")
    games = models.PositiveSmallIntegerField(
        "usual match", null=True, blank=True, choices=MATCH_CHOICES,
        help_text="A single game or the best of three, where the code lets a club choose (Somerset plays rubbers).")
    paper_size = models.CharField(max_length=10, choices=Event.PaperSize.choices, default=Event.PaperSize.LETTER)
    house_rules = models.JSONField(
        default=dict, blank=True,
        help_text="The house rules the club usually plays the standard game with; a new event under it starts from "
                  "them.")
    history = HistoricalRecords()

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(pk=1), name="club_single_row")]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        choices_check(self.rulebook, self.game_points, self.games)
        house_rules_check(STANDARD.key, self.house_rules)  # kept for the standard game, whatever the usual code

    @property
    def house(self) -> HouseRules:
        return house_of(self.house_rules)

    @property
    def playing(self) -> Rulebook:
        """The club's usual code with its usual game and match (and its house rules, under the standard game)."""
        code = RULEBOOKS[self.rulebook]
        if self.house_rules and code.takes_house_rules:
            code = code.housed(self.house)
        return code.playing(self.game_points, self.games)
