"""Reads for the room at a glance: the round, its tables as they stand, and who sits out.

The room is polled every few seconds by every screen in the room, so it costs the same few
queries however many tables or hands there are: one for the rubbers with their players (two for an
event not run in rounds, those in play and today's; and, on a club night, one before it for the club
tables), one for
games won, one for hands waiting on a law 6 announcement, one for rulings, one for hands reported at
the tables and not yet recorded, one for the time of each table's last hand.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, F, Max, OuterRef, Q, Subquery, prefetch_related_objects
from django.utils import timezone

from scoring.engine import Seat
from scoring.engine.progressive import MovementError
from scoring.engine.words import SEAT_WORDS
from scoring.models import (
    Entrant,
    Event,
    GameRecord,
    Hand,
    HandReport,
    Player,
    Round,
    RoundTable,
    Rubber,
    Ruling,
)
from scoring.models.choices import TIME_UP_WORDS
from scoring.models.rubbers import SEAT_FIELD
from scoring.rounds.movement import moved_on


@dataclass
class TableNow:
    label: str
    rubber: Rubber | None
    seats: dict[str, Player]
    first_dealer: str
    games: tuple[int, int] = (0, 0)
    mismatches: list[int] = field(default_factory=list)
    rulings: int = 0
    waiting: list[tuple[int, int]] = field(default_factory=list)
    """Hands reported at the table and waiting for the other side, each as (hand, report id)."""
    disputed: list[tuple[int, int]] = field(default_factory=list)
    """Hands disputed at the table, each as (hand, report id), waiting for the secretary."""
    one_phone: list[int] = field(default_factory=list)
    """Hands confirmed on the very phone that reported them: the laws want the other side to answer (law 6),
    so the secretary may want a word with the table."""
    last_hand_at: datetime | None = None

    @property
    def minutes_since_hand(self) -> int | None:
        """Minutes since the table's last hand was recorded (since its rubber began, before the first)."""
        if self.rubber is None or not self.rubber.is_open:
            return None
        since = self.last_hand_at or self.rubber.created_at
        return max(0, int((timezone.now() - since).total_seconds() // 60))

    @property
    def next_dealer(self) -> Player | None:
        if self.rubber is None or not self.rubber.next_dealer or not self.rubber.is_open:
            return None
        return self.seats[self.rubber.next_dealer]

    @property
    def finished(self) -> bool:
        return self.rubber is not None and self.rubber.status != Rubber.Status.IN_PROGRESS


@dataclass
class Room:
    event: Event
    round: Round | None
    tables: list[TableNow]
    sitting_out: list[Player]
    rounds: list[Round]

    @property
    def finished(self) -> int:
        return sum(1 for t in self.tables if t.finished)

    @property
    def can_start(self) -> bool:
        """The round shown is the next to start: planned, and every round before it closed."""
        r = self.round
        return (r is not None and r.status == Round.Status.PLANNED
                and all(o.status == Round.Status.CLOSED for o in self.rounds if o.number < r.number))

    @property
    def between_nights(self) -> bool:
        """No round of the night is in play or started yet, or every one is over: the room is between nights."""
        statuses = {r.status for r in self.rounds}
        return Round.Status.IN_PLAY not in statuses and (statuses <= {Round.Status.PLANNED}
                                                         or statuses == {Round.Status.CLOSED})

    @property
    def minutes_left(self) -> int | None:
        """Minutes until the round's time is up (0 once it is); None out of play, or with no time set or called."""
        r = self.round
        seconds = r.clock.seconds_left(timezone.now()) if r is not None and r.status == Round.Status.IN_PLAY else None
        return None if seconds is None else math.ceil(seconds / 60)  # 0 only once time is up

    @property
    def minutes_over(self) -> int | None:
        """Whole minutes since time was up, while the round is still in play (None before, or untimed)."""
        r = self.round
        up = r.clock.up_at() if r is not None and self.minutes_left == 0 else None
        return None if up is None else int((timezone.now() - up).total_seconds() // 60)

    @property
    def time_up_words(self) -> str:
        return TIME_UP_WORDS[self.event.night.time_called]


def current_round(rounds: list[Round]) -> Round | None:
    """The round in play; else the next to start, once one has closed; else the first, or the last closed."""
    for r in rounds:
        if r.status == Round.Status.IN_PLAY:
            return r
    planned = [r for r in rounds if r.status == Round.Status.PLANNED]
    closed = [r for r in rounds if r.status == Round.Status.CLOSED]
    if planned and not closed:
        return planned[0]
    return closed[-1] if closed and not planned else planned[0] if planned else None


def room(event: Event, number: int | None = None) -> Room:
    """The event's room: a round's tables for an event in rounds, else every rubber of the event in play."""
    rounds = list(event.event_rounds.all())
    # A round asked for that the event does not have shows the current one, never every round mixed.
    round_ = next((r for r in rounds if r.number == number), None) or current_round(rounds)
    players = ("north", "east", "south", "west")
    if round_ is not None:
        rows = list(RoundTable.objects.filter(round=round_)
                    .select_related(*players, *(f"rubber__{p}" for p in players), "rubber"))
        tables = [TableNow(str(t.number), t.rubber, {s.value: t.player_at(s) for s in Seat}, t.first_dealer)
                  for t in rows]
        sitting = [b.player for b in round_.byes.select_related("player").order_by("player__display_name")]
    elif event.mode == Event.Mode.CLUB_NIGHT:
        tables = [TableNow(r.table_label or f"#{r.pk}", r, {s.value: r.player_at(s) for s in Seat}, r.first_dealer)
                  for r in _club_night_rubbers(event)]
        sitting = []
    else:
        tables = [TableNow(r.table_label or f"#{r.pk}", r, {s.value: r.player_at(s) for s in Seat}, r.first_dealer)
                  for r in _rubbers_tonight(event)]
        sitting = []
    for t in tables:
        if t.rubber is not None:
            t.rubber.event = event  # every rubber here is the event's: its words need no query for it
    _add_figures(tables)
    return Room(event, round_, tables, sitting, rounds)


ROOM_MOST = 200
"""The most rubbers each of the two reads of `_rubbers_tonight` brings: a room shows a night's tables, not years."""


def _rubbers_tonight(event: Event) -> list[Rubber]:
    """The rubbers of an event not run in rounds that its room shows, by table: those in play and today's. Two
    reads, each from an index of the event (by state; by day) and each limited, rather than one for either over
    every rubber the event ever had (an OR of the two is read from neither index)."""
    seated = event.rubbers.select_related("north", "east", "south", "west")
    playing = seated.filter(status=Rubber.Status.IN_PROGRESS).order_by("-played_on", "-pk")[:ROOM_MOST]
    today = (seated.filter(played_on=timezone.localdate()).exclude(status=Rubber.Status.IN_PROGRESS)
             .order_by("-pk")[:ROOM_MOST])
    return sorted([*playing, *today], key=lambda r: (r.table_label, r.pk))


def _club_night_rubbers(event: Event) -> list[Rubber]:
    """A club night's tables, one each, by number: the latest rubber of every table not broken up (its earlier
    rubbers are over; a broken-up table plays no more), and any rubber in play at no club table. Two queries."""
    club = dict(event.club_tables.values_list("number", "broken_up"))
    playing = [str(n) for n in sorted(n for n, broken in club.items() if not broken)]
    latest = (Rubber.objects.filter(event=event, table_label=OuterRef("table_label"))
              .order_by("-created_at", "-pk").values("pk")[:1])
    elsewhere = Q(status=Rubber.Status.IN_PROGRESS) & ~Q(table_label__in=[str(n) for n in club])
    rubbers = (event.rubbers.filter(Q(table_label__in=playing, pk=Subquery(latest)) | elsewhere)
               .select_related("north", "east", "south", "west"))
    place = {label: index for index, label in enumerate(playing)}
    return sorted(rubbers, key=lambda r: (place.get(r.table_label, len(place)), r.pk))


def _add_figures(tables: list[TableNow]) -> None:
    by_rubber = {t.rubber.pk: t for t in tables if t.rubber is not None}
    if not by_rubber:
        return
    # Law 18: the room names who sits in each seat now, substitutes included (one query for them all).
    rubbers = [t.rubber for t in tables if t.rubber is not None]
    prefetch_related_objects(rubbers, "seat_changes__player")
    for rubber in rubbers:
        if rubber.seat_changes.all():
            by_rubber[rubber.pk].seats = {s.value: p for s, p in rubber.players_at_hand(rubber.hand_count + 1).items()}
    won: Counter[tuple[int, str]] = Counter()
    closing = {}
    for game in GameRecord.objects.filter(rubber__in=by_rubber).only(
            "rubber_id", "winner", "closed_by_hand", "ns_score", "ew_score"):
        won[(game.rubber_id, game.winner)] += 1
        closing[(game.rubber_id, game.closed_by_hand)] = (game.ns_score, game.ew_score)
    for rubber_id, table in by_rubber.items():
        table.games = (won[(rubber_id, "NS")], won[(rubber_id, "EW")])
    waiting = Hand.objects.filter(rubber__in=by_rubber, announced_ns__isnull=False, announcement_resolved=False)
    for hand in waiting.only("rubber_id", "number", "announced_ns", "announced_ew", "ns_after", "ew_after"):
        announced = (hand.announced_ns, hand.announced_ew)
        if announced not in ((hand.ns_after, hand.ew_after), closing.get((hand.rubber_id, hand.number))):
            by_rubber[hand.rubber_id].mismatches.append(hand.number)
    for row in (Ruling.objects.filter(rubber__in=by_rubber, withdrawn_at__isnull=True).values("rubber_id")
                .annotate(n=Count("id"))):
        by_rubber[row["rubber_id"]].rulings = row["n"]
    confirmed_alone = (Q(status=HandReport.Status.CONFIRMED, answered_phone=F("reported_phone"))
                       & ~Q(reported_phone=""))
    for report in HandReport.objects.filter(Q(status__in=HandReport.OPEN) | confirmed_alone,
                                            rubber__in=by_rubber).only("rubber_id", "number", "status"):
        table = by_rubber[report.rubber_id]
        if report.status == HandReport.Status.DISPUTED:
            table.disputed.append((report.number, report.pk))
        elif report.status == HandReport.Status.WAITING:
            table.waiting.append((report.number, report.pk))
        else:
            table.one_phone.append(report.number)
    for row in Hand.objects.filter(rubber__in=by_rubber).values("rubber_id").annotate(last=Max("entered_at")):
        by_rubber[row["rubber_id"]].last_hand_at = row["last"]


@dataclass(frozen=True)
class PhoneClock:
    """A round's clock as a table's phone shows it: the minutes left, or once time is up what the table does."""

    seconds_left: int
    words: str
    """What happens now time is up: finish the deal in play, or stop at once."""
    finish: bool

    @property
    def time_up(self) -> bool:
        return self.seconds_left <= 0

    @property
    def minutes_left(self) -> int:
        return math.ceil(self.seconds_left / 60)


def round_clock(rubber: Rubber) -> PhoneClock | None:
    """The clock of the round `rubber` is played in, while it is in play and its time is set or called (one
    query, none for a table outside rounds: a phone polls every few seconds); None otherwise."""
    if not rubber.event.in_rounds:
        return None
    round_ = Round.objects.filter(tables__rubber=rubber, status=Round.Status.IN_PLAY).first()
    if round_ is None:
        return None
    round_.event = rubber.event
    clock = round_.clock
    left = clock.seconds_left(timezone.now())
    return None if left is None else PhoneClock(left, TIME_UP_WORDS[rubber.event.night.time_called], clock.finish)


@dataclass(frozen=True)
class NextSeat:
    player: str
    where: str
    """"table 3, North, partner Ann Avery", or "sits out"."""


@dataclass(frozen=True)
class NextRound:
    """Where a table's players sit in the event's next round, as a phone shows it when their rubber ends."""

    number: int
    seats: tuple[NextSeat, ...]
    pending: str = ""
    """Why nobody's place is known yet: the round is paired when it starts (fixed pairs by the standing), or
    moved on from this one's results once every table has finished (a progressive night)."""
    preview: bool = False
    """Seats worked out from this round's results before the next starts (a progressive night): the start seats
    the same, unless a result is corrected first."""


def next_round_seats(rubber: Rubber) -> NextRound | None:
    """The next round's table, seat and partner of each player of `rubber`; None outside rounds or after the last."""
    if not rubber.event.in_rounds:
        return None
    table = RoundTable.objects.filter(rubber=rubber).select_related("round").first()
    if table is None:
        return None
    following = Round.objects.filter(event_id=table.round.event_id, number=table.round.number + 1).first()
    if following is None:
        return None
    tables = list(following.tables.select_related("north", "east", "south", "west").order_by("number"))
    preview = False
    if not tables and rubber.event.moves_up:
        tables, preview = _moved_on_preview(rubber.event, table.round, following.number), True
        if not tables:
            return NextRound(following.number, (), pending=(
                f"Round {following.number} is seated from this round's results once every table has finished: "
                "the winners move up a table and partners change."))
    if not tables:
        return NextRound(following.number, (), pending=(
            f"Round {following.number} is paired by the standing when it starts; the secretary calls the tables "
            "then."))
    places = {t.player_at(seat).pk: (t, seat) for t in tables for seat in Seat}
    seats = []
    for player in rubber.players_at_hand(max(rubber.hand_count, 1)).values():
        if player.pk not in places:
            seats.append(NextSeat(player.display_name, "sits out"))
            continue
        there, seat = places[player.pk]
        partner = there.player_at(seat.left.left)
        seats.append(NextSeat(player.display_name, f"table {there.number}, {SEAT_WORDS[seat]}, partner {partner}"))
    return NextRound(following.number, tuple(seats), preview=preview)


def _moved_on_preview(event: Event, this_round: Round, number: int) -> list[RoundTable]:
    """The next progressive round's tables (unsaved) once every table of this one has finished; none before."""
    if this_round.tables.filter(Q(rubber__isnull=True) | Q(rubber__status=Rubber.Status.IN_PROGRESS)).exists():
        return []
    try:
        seating = moved_on(event, number)
    except MovementError:
        return []
    players = Player.objects.in_bulk([p for seats in seating.tables for p in seats.values()])
    return [RoundTable(number=n, **{SEAT_FIELD[seat]: players[p] for seat, p in seats.items()})
            for n, seats in enumerate(seating.tables, start=1)]


def next_seats_shown(rubber: Rubber) -> bool:
    """Whether a finished table's code still shows where its players sit next, to any phone: the table is a
    round's of a public event, and the next round has not started."""
    table = RoundTable.objects.filter(rubber=rubber).select_related("round").first()
    return (table is not None and rubber.event.is_public
            and Round.objects.filter(event_id=table.round.event_id, number=table.round.number + 1,
                                     status=Round.Status.PLANNED).exists())


@dataclass(frozen=True)
class SeatFound:
    player: str
    round: int
    where: str
    """"table 3, North, partner Ann Avery", "sits out", or why it is not known yet."""
    table: int | None = None
    seat: str = ""
    """"North": the seat alone, for the wall's list."""
    partner: str = ""


def seats_found(event: Event, name: str) -> list[SeatFound]:
    """Where each entrant whose name holds `name` sits: in the round in play, or the next round once it is
    seated (or worked out from a finished round's results); at most twenty, by name."""
    entrants = list(event.entrants.filter(player__display_name__icontains=name).select_related("player")
                    .order_by("player__display_name")[:20])
    if not entrants:
        return []
    rounds = list(event.event_rounds.exclude(status=Round.Status.CLOSED).order_by("number")[:2])
    current = next((r for r in rounds if r.status == Round.Status.IN_PLAY), None)
    shown = current or (rounds[0] if rounds else None)
    if current is not None and len(rounds) > 1 and not current.tables.filter(
            Q(rubber__isnull=True) | Q(rubber__status=Rubber.Status.IN_PROGRESS)).exists():
        shown = rounds[1]  # every table of the round in play has finished: where they sit next
    if shown is None:
        return [SeatFound(e.player.display_name, 0, "the night is over") for e in entrants]
    return _seated(event, shown, entrants)


def round_seats(event: Event, round_: Round) -> list[SeatFound]:
    """Where every entrant still playing sits in `round_`, by name: the wall shows it between rounds, before
    the round starts (a progressive round's seats worked out from the last one's results). Three queries, or
    those of the movement where the round is seated from results."""
    entrants = [e for e in event.entrants.select_related("player").order_by("player__display_name")
                if e.playing_in(round_.number)]
    return _seated(event, round_, entrants)


def _seated(event: Event, shown: Round, entrants: list[Entrant]) -> list[SeatFound]:
    """Each of `entrants`' table, seat and partner in `shown`, or why it is not known."""
    tables = list(shown.tables.select_related("north", "east", "south", "west").order_by("number"))
    if not tables and shown.number > 1 and event.moves_up:
        before = event.event_rounds.get(number=shown.number - 1)
        tables = _moved_on_preview(event, before, shown.number)
    places = {t.player_at(seat).pk: (t, seat) for t in tables for seat in Seat}
    found = []
    for entrant in entrants:
        name = entrant.player.display_name
        if entrant.player_id in places:
            there, seat = places[entrant.player_id]
            partner = there.player_at(seat.left.left)
            found.append(SeatFound(name, shown.number, f"table {there.number}, {SEAT_WORDS[seat]}, partner {partner}",
                                   there.number, SEAT_WORDS[seat], str(partner)))
        else:
            where = ("seated when the round starts" if not tables
                     else "sits out" if entrant.last_round is None else "has gone home")
            found.append(SeatFound(name, shown.number, where))
    return found
