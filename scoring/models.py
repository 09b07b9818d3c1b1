"""The club's records. Constraints keep bad rows out; scoring lives in the engine and services."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from simple_history.models import HistoricalRecords

from scoring.engine import RULEBOOKS, SOMERSET_1888, Declaration, HandResult, Seat, Side
from scoring.engine.explain import RESULT_WORDS
from scoring.engine.rulings import TABLES as RULING_TABLES
from scoring.text import printable_line, printable_text

SEAT_CHOICES = [(s.value, s.value) for s in Seat]
SIDE_CHOICES = [(s.value, s.value) for s in Side]
RULEBOOK_CHOICES = [(key, rb.name) for key, rb in RULEBOOKS.items()]


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
                                    violation_error_message="A player of this name is already on the roll."),
        ]

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])


class EventQuerySet(models.QuerySet["Event"]):
    def visible_to(self, user) -> EventQuerySet:
        """The events whose pages `user` may read: members read every event, the public only public ones."""
        return self if user.is_authenticated else self.filter(is_public=True)


class Event(models.Model):
    class PaperSize(models.TextChoices):
        LETTER = "letter", "Letter"
        A4 = "a4", "A4"

    class Mode(models.TextChoices):
        RUBBERS = "rubbers", "Rubbers as the secretary starts them"
        CLUB_NIGHT = "club_night", "A club night: tables formed by cutting (laws 8-21)"
        INDIVIDUALS = "individuals", "A tournament in rounds: partners change every round"
        PAIRS = "pairs", "A tournament in rounds: fixed pairs"

    name = models.CharField(max_length=120, validators=[printable_line])
    slug = models.SlugField(max_length=120, unique=True)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    rulebook = models.CharField(max_length=40, choices=RULEBOOK_CHOICES, default=SOMERSET_1888.key)
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

    @property
    def in_rounds(self) -> bool:
        return self.mode in (self.Mode.INDIVIDUALS, self.Mode.PAIRS)


class RubberQuerySet(models.QuerySet["Rubber"]):
    def visible_to(self, user) -> RubberQuerySet:
        """The rubbers of the events `user` may read (`EventQuerySet.visible_to` is the one rule)."""
        return self.filter(event__in=Event.objects.visible_to(user))


class Rubber(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        COMPLETE = "complete", "Complete"
        ABANDONED = "abandoned", "Abandoned"
        STOPPED = "stopped", "Stopped"  # at the round's deal limit, or when the round closed: `stopped_words`

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="rubbers")
    table_label = models.CharField("table", max_length=40, blank=True, validators=[printable_line])
    played_on = models.DateField()
    north = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    first_dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.IN_PROGRESS)
    abandon_reason = models.TextField(blank=True, validators=[printable_text])
    created_at = models.DateTimeField(auto_now_add=True)

    # The stored result, written only by services.rubber_rescore.
    rubber_winner = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    ns_points = models.PositiveSmallIntegerField(default=0)
    ew_points = models.PositiveSmallIntegerField(default=0)
    current_ns = models.PositiveIntegerField(null=True, blank=True)
    current_ew = models.PositiveIntegerField(null=True, blank=True)
    next_dealer = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    hand_count = models.PositiveIntegerField(default=0)
    deal_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A rubber of a round stops after this many deals, the score as it stands.")
    history = HistoricalRecords(excluded_fields=["ns_points", "ew_points", "current_ns", "current_ew",
                                                 "next_dealer", "hand_count", "rubber_winner"])

    objects = RubberQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(north=models.F("east")) & ~Q(north=models.F("south")) & ~Q(north=models.F("west"))
                & ~Q(east=models.F("south")) & ~Q(east=models.F("west")) & ~Q(south=models.F("west")),
                name="rubber_four_different_players",
            ),
            models.CheckConstraint(condition=~Q(status="abandoned") | ~Q(abandon_reason=""),
                                   name="rubber_abandoned_has_reason"),
            models.CheckConstraint(condition=Q(ns_points__lte=10) & Q(ew_points__lte=10),
                                   name="rubber_points_at_most_ten"),
        ]
        indexes = [models.Index(fields=["event", "status"])]

    def __str__(self) -> str:
        table = f" table {self.table_label}" if self.table_label else ""
        return f"{self.event}{table}, {self.played_on:%d %b %Y} (#{self.pk})"

    def get_absolute_url(self) -> str:
        return reverse("rubber", args=[self.pk])

    def player_at(self, seat: Seat) -> Player:
        return {Seat.N: self.north, Seat.E: self.east, Seat.S: self.south, Seat.W: self.west}[seat]

    def players_at_hand(self, number: int) -> dict[Seat, Player]:
        """Who sat in each seat for hand `number`, substitutes included (law 18)."""
        seated = {seat: self.player_at(seat) for seat in Seat}
        for change in sorted(self.seat_changes.all(), key=lambda c: c.from_hand):
            if change.from_hand <= number:
                seated[Seat(change.seat)] = change.player
        return seated

    @property
    def seats(self) -> list[tuple[str, Player]]:
        return [(s.value, self.player_at(s)) for s in Seat]

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.IN_PROGRESS

    @property
    def stopped_words(self) -> str:
        """Why a stopped rubber stopped: at the round's limit of deals, or when the round was closed."""
        if self.status != self.Status.STOPPED:
            return ""
        deals = f"{self.hand_count} deal{'' if self.hand_count == 1 else 's'}"
        limit = self.event.deal_limit  # the round's own limit; closing a round stops a rubber at its count
        if limit is not None and self.hand_count >= limit:
            return f"Stopped after {deals}, the round's limit"
        return f"Stopped when the round closed, after {deals}"


class SeatChange(models.Model):
    """A substitute (law 18): from a given hand on, another player sits in a seat."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="seat_changes")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    from_hand = models.PositiveIntegerField()
    reason = models.CharField(max_length=200, blank=True, validators=[printable_line])
    history = HistoricalRecords()

    class Meta:
        ordering = ["from_hand", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["rubber", "seat", "from_hand"], name="one_change_per_seat_and_hand"),
            models.CheckConstraint(condition=Q(from_hand__gte=1), name="seat_change_from_hand_1"),
        ]

    def __str__(self) -> str:
        return f"{self.player} sits {self.seat} from hand {self.from_hand}"


class Hand(models.Model):
    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    out_of_turn = models.BooleanField("dealt out of turn (law 40)", default=False)
    result = models.CharField(max_length=10, choices=[(r.value, words) for r, words in RESULT_WORDS.items()],
                              default=HandResult.PLAYED.value)
    maker = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    declaration = models.CharField(max_length=12, blank=True,
                                   choices=[(d.value, d.value.replace("_", " ")) for d in Declaration])
    alone = models.BooleanField(default=False)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    announced_ns = models.PositiveIntegerField("announced NS score (law 6)", null=True, blank=True)
    announced_ew = models.PositiveIntegerField("announced EW score (law 6)", null=True, blank=True)
    announcement_resolved = models.BooleanField(default=False)
    notes = models.TextField(blank=True, validators=[printable_text])
    reported_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)

    # Stored by services.rubber_rescore.
    game = models.PositiveSmallIntegerField(default=1)
    ns_points = models.PositiveIntegerField(default=0)
    ew_points = models.PositiveIntegerField(default=0)
    ns_after = models.PositiveIntegerField(default=0)
    ew_after = models.PositiveIntegerField(default=0)
    # Stored with the score for players' statistics: who made the trump, and his place after the dealer
    # (1 eldest hand, 2 second hand, 3 third hand, 4 the dealer), as the hand scores after any rulings.
    maker_player = models.ForeignKey("Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    maker_position = models.PositiveSmallIntegerField(null=True, blank=True)
    history = HistoricalRecords(excluded_fields=["game", "ns_points", "ew_points", "ns_after", "ew_after",
                                                 "maker_player", "maker_position"])

    class Meta:
        ordering = ["rubber", "number"]
        constraints = [
            models.UniqueConstraint(fields=["rubber", "number"], name="hand_number_unique_in_rubber"),
            models.CheckConstraint(condition=Q(tricks__isnull=True) | Q(tricks__lte=5), name="hand_tricks_0_to_5"),
            models.CheckConstraint(condition=~Q(result="played") | ~Q(maker=""), name="played_hand_has_maker"),
            models.CheckConstraint(
                condition=Q(result="played") | (Q(maker="") & Q(tricks__isnull=True) & Q(alone=False)),
                name="unplayed_hand_has_no_play",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of rubber #{self.rubber_id}"


class Penalty(models.Model):
    """A penalty that changes a hand's score, kept apart from the hand as reported."""

    class Kind(models.TextChoices):
        REVOKE = "revoke", "Revoke (laws 62-71)"
        WRONG_CARDS = "wrong_cards", "Wrong number of cards / no discard (law 90)"
        ABANDONED = "abandoned", "Adversary abandoned a lone hand (law 50)"
        PARTNER_EXPOSED = "partner_exposed", "Lone player's partner exposed a card (law 102)"

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="penalties")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    side = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True,
                            help_text="The offending side (revoke, law 90).")
    count = models.PositiveSmallIntegerField(default=1)
    note = models.CharField(max_length=200, blank=True, validators=[printable_line])
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["hand", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(count__gte=1), name="penalty_count_positive"),
            models.CheckConstraint(condition=~Q(kind__in=["revoke", "wrong_cards"]) | ~Q(side=""),
                                   name="penalty_side_named"),
        ]

    def __str__(self) -> str:
        side = f" {self.side}" if self.side else ""
        times = f" x{self.count}" if self.count > 1 else ""
        return f"{self.get_kind_display()}{side}{times}"


class HandCorrection(models.Model):
    """The secretary putting right what he entered for a hand (the table reported 4 tricks, he typed 3),
    with its reason. Not a ruling: a player's claim that the table's score was wrong is a `Ruling`
    (score error), bound by law 5's time limit; an entry correction is always allowed."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="corrections")
    reason = models.TextField(validators=[printable_text])
    before = models.JSONField()
    after = models.JSONField()
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["made_at", "pk"]
        constraints = [models.CheckConstraint(condition=~Q(reason=""), name="correction_has_reason")]

    def __str__(self) -> str:
        return f"correction to {self.hand}"


class HandTakenBack(models.Model):
    """The last hand of a rubber, entered by mistake and taken back by the secretary: the hand as it
    was entered stays on record here, with who took it back, when and why."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="hands_taken_back")
    number = models.PositiveSmallIntegerField()
    hand = models.JSONField(help_text="The hand as it was entered, in the interchange format.")
    reason = models.TextField(blank=True, validators=[printable_text])
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["made_at", "pk"]
        verbose_name_plural = "hands taken back"

    def __str__(self) -> str:
        return f"hand {self.number} of {self.rubber} taken back"


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


class GameRecord(models.Model):
    """A game of a rubber as last scored (written only by services.rubber_rescore)."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    winner = models.CharField(max_length=2, choices=SIDE_CHOICES)
    ns_score = models.PositiveIntegerField()
    ew_score = models.PositiveIntegerField()
    lap = models.PositiveIntegerField()
    double = models.BooleanField()
    value = models.PositiveSmallIntegerField()
    closed_by_hand = models.PositiveIntegerField(null=True)

    class Meta:
        ordering = ["rubber", "number"]
        constraints = [
            models.UniqueConstraint(fields=["rubber", "number"], name="game_number_unique_in_rubber"),
            models.CheckConstraint(condition=Q(number__gte=1) & Q(number__lte=4), name="game_number_1_to_4"),
        ]

    def __str__(self) -> str:
        return f"game {self.number} of rubber #{self.rubber_id}"


class RubberPlayerResult(models.Model):
    """One player's part in a rubber's stored result, for standings without rescoring."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="player_results")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="rubber_results")
    side = models.CharField(max_length=2, choices=SIDE_CHOICES)
    partner = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+")
    points_for = models.PositiveSmallIntegerField()
    points_against = models.PositiveSmallIntegerField()
    games_won = models.PositiveSmallIntegerField()
    doubles_won = models.PositiveSmallIntegerField()
    won = models.BooleanField(null=True)
    """True or False once the rubber winner is known; None before."""

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["rubber", "player"], name="one_result_per_player_per_rubber"),
        ]
        indexes = [models.Index(fields=["player", "rubber"])]

    def __str__(self) -> str:
        return f"{self.player} in rubber #{self.rubber_id}"


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

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_entry_per_player_per_event"),
            models.UniqueConstraint(fields=["event", "number"], name="one_entrant_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.player} in {self.event}"


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

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"


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


class RoundBye(models.Model):
    """A player sitting out a round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="one_bye_per_player_per_round")]

    def __str__(self) -> str:
        return f"{self.player} sits out round {self.round.number}"


class ClubTable(models.Model):
    """A table of a club night, formed by cutting (laws 11-12), with its candidates in order."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="club_tables")
    number = models.PositiveSmallIntegerField()
    candidates = models.JSONField(default=list, blank=True,
                                  help_text="Player ids of the table's candidates, first in line first (law 12).")
    broken_up = models.BooleanField(default=False)
    runs = models.JSONField(default=dict, blank=True,
                            help_text="Player id to his run of consecutive rubbers here before the rubber in play, "
                                      "where law 19 gave a newcomer his predecessor's run.")
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
