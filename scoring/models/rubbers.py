"""Rubbers and their hands: what the table entered, what changed it, and the result as last scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from simple_history.models import HistoricalRecords

from scoring.engine import Declaration, HandResult, Reason, Rulebook, Seat
from scoring.engine.explain import RESULT_WORDS
from scoring.engine.words import plural
from scoring.models.choices import SEAT_CHOICES, SIDE_CHOICES
from scoring.models.club import Event, Player
from scoring.validators import printable_line, printable_text

SEAT_FIELD = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}
"""The rubber's field for the player who began in each seat."""

COUNTED_STATUSES = ("complete", "stopped")
"""The rubbers the standings count: complete ones, and those a round stopped, as they stand."""


def undealt() -> Q:
    """A table stopped by its round before it dealt, with no totals from paper either: no rubber was played."""
    return Q(status="stopped", hand_count=0, round_totals__isnull=True)


class RubberQuerySet(models.QuerySet["Rubber"]):
    def visible_to(self, user: Any) -> RubberQuerySet:
        """The rubbers of the events `user` may read (`EventQuerySet.visible_to` is the one rule)."""
        return self.filter(event__in=Event.objects.visible_to(user))

    def counted(self) -> RubberQuerySet:
        """The rubbers the standings count (`Rubber.counts_in_standings` is the same rule for one)."""
        return self.filter(status__in=COUNTED_STATUSES).exclude(undealt())


class Rubber(models.Model):
    """What four players play at one table, under whatever code the event plays: a Somerset rubber, a match (one
    game or the best of three) under the Official Laws, the 1877 rules or the standard game, or one table's round
    of a progressive night, a tally of its deals. The model, its relations (`Event.rubbers`, `Hand.rubber`) and
    its stored result keep the word "rubber" for all three; pages, phones and sheets name each as its code does
    (`Rulebook.wording.terms`)."""

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

    # The stored result, written only by services.rubber_rescore. `ns_points` and `ew_points` are the engine's
    # `rubber_points`: a Somerset rubber's rubber points, a match's games won, and 0-0 at a progressive table,
    # which wins no game (its round's tally is `current_ns` and `current_ew`).
    rubber_winner = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    ns_points = models.PositiveSmallIntegerField(default=0)
    ew_points = models.PositiveSmallIntegerField(default=0)
    current_ns = models.PositiveIntegerField(null=True, blank=True)
    current_ew = models.PositiveIntegerField(null=True, blank=True)
    next_dealer = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    hand_count = models.PositiveIntegerField(default=0)
    deal_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A rubber of a round stops after this many deals, the score as it stands.")
    time_called = models.BooleanField(
        default=False, help_text="Time was called while the table played (the round closed, or its last deal in "
                                 "play was entered after time was up): it takes no more deals, even one more for "
                                 "a tie.")
    round_totals = models.JSONField(
        null=True, blank=True,
        help_text='A progressive table that scored on paper: its round\'s totals entered in one step, '
                  '{"NS": 7, "EW": 5, "lone": {"N": 1, "E": 0, "S": 0, "W": 0}}, in place of its deals.')
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
        indexes = [
            # The event page, newest first as `ordering`: the whole event or one day, one state or one table.
            models.Index(fields=["event", "played_on", "id"], name="rubber_event_day"),
            models.Index(fields=["event", "status", "played_on", "id"], name="rubber_event_state_day"),
            models.Index(fields=["event", "table_label", "played_on", "id"], name="rubber_event_table_day"),
            # The standings' date filter, and the home page's newest rubbers of every event.
            models.Index(fields=["played_on", "id"], name="rubber_played_on"),
        ]

    def __str__(self) -> str:
        table = f" table {self.table_label}" if self.table_label else ""
        return f"{self.event}{table}, {self.played_on:%d %b %Y} (#{self.pk})"

    def get_absolute_url(self) -> str:
        return reverse("rubber", args=[self.pk])

    @property
    def title(self) -> str:
        """"Rubber #12, table 3", "Match #13": how a page or a list names what the table plays (its event's terms)."""
        table = f", table {self.table_label}" if self.table_label else ""
        return f"{self.rulebook.wording.terms.title} #{self.pk}{table}"

    @property
    def score_words(self) -> str:
        """Its result NS-EW in its format's unit: rubber points, games with the game in play, or a round's tally."""
        return self.rulebook.wording.terms.score((self.ns_points, self.ew_points), (self.current_ns, self.current_ew),
                                         in_play=self.status == self.Status.IN_PROGRESS)

    @property
    def score_in_words(self) -> str:
        """`score_words` with its units, for a list of tables of several formats: "1-0 in games, 7-4 in game 2"."""
        return self.rulebook.wording.terms.score((self.ns_points, self.ew_points), (self.current_ns, self.current_ew),
                                         in_play=self.status == self.Status.IN_PROGRESS, words=True)

    @property
    def table_name(self) -> str:
        """"Table 3" (its number when it has no label): how the table's own phones name it."""
        return f"Table {self.table_label or self.pk}"

    @property
    def rulebook(self) -> Rulebook:
        """The code of laws the rubber is scored by, with the game and match: its event's."""
        return self.event.playing

    @property
    def counts_in_standings(self) -> bool:
        """Complete, or stopped by its round after at least one deal or with its round's totals entered from paper
        (`RubberQuerySet.counted`)."""
        return self.status in COUNTED_STATUSES and not (self.status == self.Status.STOPPED and self.hand_count == 0
                                                        and self.round_totals is None)

    @classmethod
    def seat_fields(cls, players: dict[Seat, Any]) -> dict[str, Any]:
        """The keyword arguments that seat `players` (players or their ids) when the rubber begins."""
        return {SEAT_FIELD[seat]: player for seat, player in players.items()}

    def player_at(self, seat: Seat) -> Player:
        """Who began the rubber in `seat`."""
        player: Player = getattr(self, SEAT_FIELD[seat])
        return player

    def player_id_at(self, seat: Seat) -> int:
        """The id of who began the rubber in `seat`, without reading the player."""
        player_id: int = getattr(self, f"{SEAT_FIELD[seat]}_id")
        return player_id

    def players_at_hand(self, number: int) -> dict[Seat, Player]:
        """Who sat in each seat for hand `number`, substitutes included (law 18)."""
        seated = {seat: self.player_at(seat) for seat in Seat}
        for change in sorted(self.seat_changes.all(), key=lambda c: c.from_hand):
            if change.from_hand <= number:
                seated[Seat(change.seat)] = change.player
        return seated

    def names_at_hand(self, number: int) -> dict[Seat, str]:
        """Who sat in each seat for hand `number`, by name (a seat letter finds its name too)."""
        return {seat: player.display_name for seat, player in self.players_at_hand(number).items()}

    def player_ids_by_hand(self, seat_changes: Sequence[SeatChange], count: int) -> list[dict[Seat, int]]:
        """The player id in each seat for hands 1..count, substitutes included (law 18)."""
        base = {seat: self.player_id_at(seat) for seat in Seat}
        changes = sorted(seat_changes, key=lambda c: c.from_hand)
        out = []
        for number in range(1, count + 1):
            seated = dict(base)
            for change in changes:
                if change.from_hand <= number:
                    seated[Seat(change.seat)] = change.player_id
            out.append(seated)
        return out

    @property
    def seats(self) -> list[tuple[str, Player]]:
        return [(s.value, self.player_at(s)) for s in Seat]

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.IN_PROGRESS

    @property
    def deals_words(self) -> str:
        """The deals of a rubber in a round with a limit, as the room shows them: "3 of 8 deals, 5 left", or the
        one more a progressive table level after its deals plays."""
        played, limit = self.hand_count, self.deal_limit
        if limit is None or not self.is_open:
            return plural(played, "hand" if limit is None else "deal")
        if played >= limit:
            return f"{played} deals, level: one more for the tie"
        return f"{played} of {limit} deals, {limit - played} left"

    @property
    def stopped_words(self) -> str:
        """Why a stopped rubber stopped: at the round's limit of deals, or when the round was closed."""
        if self.status != self.Status.STOPPED:
            return ""
        if self.round_totals is not None:
            return "The round's totals entered from the table's tally"
        deals = plural(self.hand_count, "deal")
        limit = self.event.night.deal_limit  # the round's own limit; closing a round stops a rubber at its count
        if limit is not None and self.hand_count > limit:
            return f"Stopped after {deals}: level after {limit}, the table played one more"
        if limit is not None and self.hand_count >= limit and not self.time_called:
            return f"Stopped after {deals}, the round's limit"
        return f"Stopped when time was called, after {deals}"


class SeatChange(models.Model):
    """A substitute (law 18): from a given hand on, another player sits in a seat."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="seat_changes")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    from_hand = models.PositiveIntegerField()
    reason = models.CharField(max_length=200, blank=True, validators=[printable_line])
    consented = models.BooleanField("the other three players consented", default=False,
                                    help_text="Asked of every substitute since it was kept; one recorded before "
                                              "reads no.")
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
    out_of_turn = models.BooleanField("dealt out of turn", default=False)
    result = models.CharField(max_length=10, choices=[(r.value, words) for r, words in RESULT_WORDS.items()],
                              default=HandResult.PLAYED.value)
    maker = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    declaration = models.CharField(max_length=12, blank=True,
                                   choices=[(d.value, d.value.replace("_", " ")) for d in Declaration])
    alone = models.BooleanField(default=False)
    declared_by = models.CharField(
        "took it out of his partner's hands", max_length=1, choices=SEAT_CHOICES, blank=True,
        help_text="In a lone hand: the partner who declared the trump before the lone player took it over.")
    defended_alone = models.CharField(
        "defended alone by", max_length=1, choices=SEAT_CHOICES, blank=True,
        help_text="Under the house rule: the defender who played alone against the lone hand.")
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    announced_ns = models.PositiveIntegerField("announced NS score", null=True, blank=True)
    announced_ew = models.PositiveIntegerField("announced EW score", null=True, blank=True)
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
        REVOKE = "revoke", "Revoke"
        WRONG_CARDS = "wrong_cards", "Wrong number of cards / no discard"
        ABANDONED = "abandoned", "Adversary abandoned a lone hand"
        PARTNER_EXPOSED = "partner_exposed", "Lone player's partner exposed a card"
        SIGNAL = "signal", "Signalled or talked across the table"
        THROWN_IN = "thrown_in", "Threw the cards in"

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="penalties")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    side = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True,
                            help_text="The offending side (a revoke, the wrong cards).")
    count = models.PositiveSmallIntegerField(default=1)
    note = models.CharField(max_length=200, blank=True, validators=[printable_line])
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["hand", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(count__gte=1), name="penalty_count_positive"),
            models.CheckConstraint(condition=~Q(kind__in=["revoke", "wrong_cards", "signal", "thrown_in"])
                                   | ~Q(side=""), name="penalty_names_its_side"),
        ]

    def __str__(self) -> str:
        side = f" {self.side}" if self.side else ""
        times = f" x{self.count}" if self.count > 1 else ""
        return f"{self.get_kind_display()}{side}{times}"

    def words(self, rulebook: Rulebook) -> str:
        """"Revoke (law XXV) EW x2": the penalty with the law of the rubber's own code."""
        laws = rulebook.cite(rulebook.laws_for(PENALTY_REASONS[self.Kind(self.kind)]))
        side = f" {self.side}" if self.side else ""
        times = f" x{self.count}" if self.count > 1 else ""
        return f"{PENALTY_WORDS[self.Kind(self.kind)]}{f' ({laws})' if laws else ''}{side}{times}"


PENALTY_WORDS = {Penalty.Kind.REVOKE: "Revoke", Penalty.Kind.WRONG_CARDS: "Wrong number of cards / no discard",
                 Penalty.Kind.ABANDONED: "Adversary abandoned a lone hand",
                 Penalty.Kind.PARTNER_EXPOSED: "Lone player's partner exposed a card",
                 Penalty.Kind.SIGNAL: "Signalled or talked across the table",
                 Penalty.Kind.THROWN_IN: "Threw the cards in"}
"""Each kind of penalty in plain words; its law comes from the rubber's code (`PENALTY_REASONS`)."""
PENALTY_REASONS = {Penalty.Kind.REVOKE: Reason.REVOKE, Penalty.Kind.WRONG_CARDS: Reason.WRONG_CARDS_VOID,
                   Penalty.Kind.ABANDONED: Reason.ABANDONED,
                   Penalty.Kind.PARTNER_EXPOSED: Reason.LONE_MARCH_PARTNER_EXPOSED,
                   Penalty.Kind.SIGNAL: Reason.SIGNAL, Penalty.Kind.THROWN_IN: Reason.THROWN_IN}


class Correction(models.Model):
    """What a correction keeps: what was entered, what it became, why, who and when."""

    reason = models.TextField(validators=[printable_text])
    before = models.JSONField()
    after = models.JSONField()
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["made_at", "pk"]


class HandCorrection(Correction):
    """The secretary putting right what he entered for a hand (the table reported 4 tricks, he typed 3),
    with its reason. Not a ruling: a player's claim that the table's score was wrong is a `Ruling`
    (score error), bound by law 5's time limit; an entry correction is always allowed."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="corrections")

    class Meta(Correction.Meta):
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
    lone_hands = models.PositiveSmallIntegerField(default=0, help_text="Lone hands he played and made.")
    euchres = models.PositiveSmallIntegerField(default=0, help_text="Hands his side euchred the makers in.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["rubber", "player"], name="one_result_per_player_per_rubber"),
        ]
        indexes = [models.Index(fields=["player", "rubber"])]

    def __str__(self) -> str:
        return f"{self.player} in rubber #{self.rubber_id}"
